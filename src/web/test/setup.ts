import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { afterAll, afterEach, beforeEach } from 'vitest';

// waitFor/findBy wait up to 10 s, not 1: a screen or its contracts load by dynamic import, which takes seconds on a
// busy CI machine (the wait still ends as soon as the screen is there). Tests keep no timeouts of their own.
configure({ asyncUtilTimeout: 10_000 });

// React Testing Library's automatic cleanup needs test globals, which this project does not enable.
afterEach(() => {
  cleanup();
});

// sweetalert2 gives the focus back 100 ms after a dialog closes, in a timer that fails once jsdom is torn down.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 150)));

beforeEach(() => {
  // A late toast of the previous test waits in react-toastify's queue; with no container mounted, dismiss() empties it.
  toast.dismiss();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.title = '';
});

// jsdom lacks these browser APIs that components call.
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
