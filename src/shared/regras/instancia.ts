import { Perfil } from '../enums';

/**
 * The instance of an analysis: 'SFPA' (the agency of the fisher's state) or 'MPA' (a request that returned to the
 * ministry, src/server/modules/solicitacao/envio.ts). An SFPA user never acts on an analysis at the MPA instance;
 * who analyses at all is the permission table's `analise.analisar`. The server enforces it and the web hides the
 * action, both through this function.
 */
export function podeAgirNaInstancia(perfil: number | null | undefined, instancia: string): boolean {
  return !(instancia === 'MPA' && perfil === Perfil.SFPA);
}
