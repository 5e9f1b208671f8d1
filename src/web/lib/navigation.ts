/**
 * Navigation as an injectable dependency, so library code never touches window.location and tests can replace it.
 * `assign` is a full page load (GOV.BR sign-on, a lost session); `route` goes through the router once main.tsx plugs it in.
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
