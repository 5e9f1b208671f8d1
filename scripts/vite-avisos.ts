import type { Rollup } from 'vite';

/** zod's sources, wherever node_modules is (a worktree may reach it through a symlink). */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

/**
 * The build's warnings: Rollup warns, at every build, that comments zod's own sources put
 * before `@__PURE__` calls are in a place it cannot read, and drops them. Nothing a developer can act on, and it
 * buried `npm start`'s first lines: those, and only those, are left out; every other warning is printed.
 */
export const filtrarAvisos: Rollup.WarningHandlerWithDefault = (aviso, padrao) => {
  if (aviso.code === 'INVALID_ANNOTATION' && ZOD.test(aviso.id ?? '')) return;
  padrao(aviso);
};
