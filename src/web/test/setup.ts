import { cleanup } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { afterAll, afterEach, beforeEach } from 'vitest';

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
