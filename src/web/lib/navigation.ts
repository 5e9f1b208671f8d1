/**
 * Navigation as an injectable dependency, so that library code (the API client, the login flow) never talks
 * to window.location directly and tests can replace it.
 *
 * - assign: a full page load; for external addresses (the GOV.BR single sign-on) and for leaving the
 *   application in a clean state (session lost).
 * - route: an in-application route; main.tsx plugs the router in. Until then it falls back to a page load.
 */
export interface Navigation {
  assign(url: string): void;
  route(path: string, options?: { replace?: boolean }): void;
}

const browserNavigation: Navigation = {
  assign: (url) => window.location.assign(url),
  route: (path, options) => (options?.replace ? window.location.replace(path) : window.location.assign(path)),
};

let current: Navigation = browserNavigation;

/** The navigation used by the application; always delegates to the currently installed implementation. */
export const navigation: Navigation = {
  assign: (url) => current.assign(url),
  route: (path, options) => current.route(path, options),
};

/** Replaces part or all of the navigation; returns a function that restores the previous one. */
export function setNavigation(replacement: Partial<Navigation>): () => void {
  const previous = current;
  current = { ...current, ...replacement };
  return () => {
    current = previous;
  };
}
