import { cleanup } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { afterAll, afterEach, beforeEach } from 'vitest';

// React Testing Library's automatic cleanup needs test globals, which this project does not enable.
afterEach(() => {
  cleanup();
});

// sweetalert2 gives the focus back 100 ms after a dialog closes, in a timer that reads `HTMLElement`: fired after
// jsdom was torn down, it failed the run. Each file waits that long before its environment goes.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 150)));

beforeEach(() => {
  // A toast asked for after the previous test's screen was unmounted (an answer that came late) waits in
  // react-toastify's queue for the next container, and would show in this test's screen: with no container
  // mounted, dismiss() empties that queue.
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
