import type { CorpoDe } from '../../../shared/contrato';
import type { Municipio, Profissao } from '../../../shared/referencias';
import * as contratosReferencia from '../../../shared/contratos/referencia';
import * as c from '../../../shared/contratos/solicitacao';
import type { SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import { chamar, dados } from '../../lib/contrato';

/** Step 5, the submission, has its own call. */
export type PassoSalvavel = 1 | 2 | 3 | 4;

type TipoDoAssistente = CorpoDe<typeof c.salvar>['tipo'];

export async function fetchSolicitacao(id: number): Promise<SolicitacaoDetalheResposta> {
  return dados(c.detalhe, { params: { id } });
}

export interface SalvarPassoVars {
  /** Absent on the first save of step 1, which creates the draft. */
  id?: number | undefined;
  tipo: number;
  passo: PassoSalvavel;
  campos: object;
}

/** A save kept on the phone replays with the same idempotency key. */
/** `representado`: the outbox box's fisher when sent from the outbox (decision 0114); undefined, the tab's pick. */
export async function salvarPasso(
  { id, tipo, passo, campos }: SalvarPassoVars, chaveIdempotencia?: string, representado?: number | null,
): Promise<SolicitacaoDetalheResposta> {
  const chave = { representado, ...(chaveIdempotencia ? { chaveIdempotencia } : {}) };
  return id
    ? dados(c.salvar, { corpo: { id, tipo: tipo as TipoDoAssistente, passo, ...campos }, ...chave })
    : dados(c.criar, { corpo: { tipo: tipo as TipoDoAssistente, passo, ...campos }, ...chave });
}

export async function enviarSolicitacao(id: number, tipo: number): Promise<void> {
  await chamar(c.salvar, { corpo: { id, tipo: tipo as TipoDoAssistente, passo: 5, declaraCiencia: true } });
}

export async function removerEmbarcacao(id: number): Promise<void> {
  await chamar(c.removerEmbarcacao, { params: { id } });
}

export async function fetchMunicipios(uf: string): Promise<Municipio[]> {
  return dados(contratosReferencia.municipiosPorUf, { params: { uf } });
}

export async function fetchProfissoes(): Promise<Profissao[]> {
  return dados(contratosReferencia.profissoes, {});
}
