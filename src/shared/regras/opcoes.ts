import type { TotalizadoresPescador } from '../schemas/totalizadores';

/**
 * Enabling rules of the fisher's options (spec point 4, "Options"), shared by the web (which hides what is
 * off) and the server (which refuses it).
 */

/** New registration with protocol: no sent request coexists, and at least one deferred exists or all counters are zero. */
export function podeRegistroComProtocolo(t: TotalizadoresPescador): boolean {
  if (t.enviadas > 0) return false;
  return t.deferidas > 0 || t.todas === 0;
}

/** Re-registration: every counter except finalizadas is zero. */
export function podeRecadastramento(t: TotalizadoresPescador): boolean {
  return t.rascunhos === 0 && t.enviadas === 0 && t.deferidas === 0 && t.emAnalise === 0 && t.emAtualizacao === 0
    && t.todas - t.finalizadas === 0;
}

/** Initial registration: nothing filed yet besides refused requests, as for re-registration. */
export function podeRegistroInicial(t: TotalizadoresPescador): boolean {
  return podeRecadastramento(t);
}
