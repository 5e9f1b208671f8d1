import type { CorpoDe, QueryDe } from '../../../shared/contrato';
import * as c from '../../../shared/contratos/ato-normativo';
import type { AtoNormativo, ListaAtosNormativos } from '../../../shared/schemas/ato-normativo';
import { chamar, dados } from '../../lib/contrato';

/**
 * Calls of the normative-act screens (src/server/modules/ato-normativo/ato-normativo.routes.ts), through the
 * contracts (src/shared/contratos/ato-normativo.ts), parsed with the shared schemas.
 */

/** The list's filters as the API reads them (the contract's query); empty values are left out. */
export type FiltrosAtos = QueryDe<typeof c.listar>;

export const atoKeys = {
  all: ['ato-normativo'] as const,
  vigente: () => ['ato-normativo', 'vigente'] as const,
  lista: (f: FiltrosAtos) => ['ato-normativo', 'lista', f] as const,
  detalhe: (id: number) => ['ato-normativo', 'detalhe', id] as const,
};

export function fetchAtoVigente(): Promise<AtoNormativo | null> {
  return dados(c.vigente, {});
}

export function fetchAtos(f: FiltrosAtos): Promise<ListaAtosNormativos> {
  return dados(c.listar, { query: f });
}

export function fetchAto(id: number): Promise<AtoNormativo> {
  return dados(c.obter, { params: { id } });
}

/** POST (new) or PUT (with id); answers the envelope (its message is the spec's success message). */
export function salvarAto(corpo: CorpoDe<typeof c.criar> | CorpoDe<typeof c.atualizar>) {
  return 'id' in corpo ? chamar(c.atualizar, { corpo }) : chamar(c.criar, { corpo });
}

export function excluirAto(id: number) {
  return chamar(c.excluir, { params: { id } });
}
