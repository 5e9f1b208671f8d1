import type { AberturaDeAnalise } from './tipos';

/**
 * A sent request opens an analysis, and the analysis's decision changes the request: the two modules need each
 * other. This module is built first and opens analyses through this port; the analysis module plugs its service
 * in when it is built (`ligar`). A request sent before then is refused loudly.
 */
export class PortaAnalise implements AberturaDeAnalise {
  private analises: AberturaDeAnalise | undefined;

  ligar(analises: AberturaDeAnalise): void {
    this.analises = analises;
  }

  abrir(...args: Parameters<AberturaDeAnalise['abrir']>): ReturnType<AberturaDeAnalise['abrir']> {
    if (!this.analises) throw new Error('the analysis module is not built: no analysis can be opened');
    return this.analises.abrir(...args);
  }
}
