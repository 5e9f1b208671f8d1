import { z } from 'zod';
import type { Envelope } from '../../../shared/envelope';
import { municipioSchema, profissaoSchema, type Municipio, type Profissao } from '../../../shared/referencias';
import type { SolicitacaoDetalhe } from '../../../shared/schemas/solicitacao';
import { api, getDados } from '../../lib/api';

/** The steps saved through POST/PUT /api/solicitacao (step 5, the submission, has its own call). */
export type PassoSalvavel = 1 | 2 | 3 | 4;

/** The least an answer must carry to be a request; the step fields ride along untouched. */
const solicitacaoResposta = z.looseObject({
  id: z.number().int().positive(),
  tipo: z.number().int(),
  passo: z.number().int().nullish(),
});

function comoSolicitacao(dados: unknown): SolicitacaoDetalhe {
  const s = solicitacaoResposta.parse(dados);
  return { ...s, passo: s.passo ?? 0 } as unknown as SolicitacaoDetalhe;
}

/** GET /api/solicitacao/{id}: a request with every saved step, flat. */
export async function fetchSolicitacao(id: number): Promise<SolicitacaoDetalhe> {
  return comoSolicitacao(await getDados<unknown>(`/api/solicitacao/${id}`));
}

export interface SalvarPassoVars {
  /** absent on the first save of step 1, which creates the draft */
  id?: number | undefined;
  tipo: number;
  passo: PassoSalvavel;
  /** that step's fields, as the shared step schema outputs them */
  campos: object;
}

/**
 * Saves one step. The body is flat (product guide, "Wire shapes"): `id` (after creation), `tipo`, `passo` and
 * the step's fields at the top level. POST creates the draft with step 1; PUT saves any step of a draft.
 */
export async function salvarPasso({ id, tipo, passo, campos }: SalvarPassoVars): Promise<SolicitacaoDetalhe> {
  const response = id
    ? await api.put<Envelope<unknown>>('/api/solicitacao', { id, tipo, passo, ...campos })
    : await api.post<Envelope<unknown>>('/api/solicitacao', { tipo, passo, ...campos });
  return comoSolicitacao(response.data.dados);
}

/** Step 5: PUT /api/solicitacao with the declaration of awareness submits the request. */
export async function enviarSolicitacao(id: number, tipo: number): Promise<void> {
  await api.put('/api/solicitacao', { id, tipo, passo: 5, declaraCiencia: true });
}

/** DELETE /api/solicitacao/{id}/embarcacao: removes the vessel saved in step 2. */
export async function removerEmbarcacao(id: number): Promise<void> {
  await api.delete(`/api/solicitacao/${id}/embarcacao`);
}

/** GET /api/municipios/uf/{uf}. */
export async function fetchMunicipios(uf: string): Promise<Municipio[]> {
  return z.array(municipioSchema).parse(await getDados<unknown>(`/api/municipios/uf/${encodeURIComponent(uf)}`));
}

/** GET /api/solicitacao/profissoes. */
export async function fetchProfissoes(): Promise<Profissao[]> {
  return z.array(profissaoSchema).parse(await getDados<unknown>('/api/solicitacao/profissoes'));
}
