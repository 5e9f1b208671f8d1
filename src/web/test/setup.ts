import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// React Testing Library's automatic cleanup needs test globals, which this project does not enable.
afterEach(() => {
  cleanup();
});

beforeEach(() => {
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
