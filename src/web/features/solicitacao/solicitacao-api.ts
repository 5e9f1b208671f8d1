import { z } from 'zod';
import { municipioSchema, profissaoSchema, type Municipio, type Profissao } from '../../../shared/referencias';
import { solicitacaoDetalheSchema, type SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import { deleteEnvelope, getDados, postEnvelope, putEnvelope } from '../../lib/api';

/** The steps saved through POST/PUT /api/solicitacao (step 5, the submission, has its own call). */
export type PassoSalvavel = 1 | 2 | 3 | 4;

/** GET /api/solicitacao/{id}: a request with every saved step, flat. */
export async function fetchSolicitacao(id: number): Promise<SolicitacaoDetalheResposta> {
  return getDados(`/api/solicitacao/${id}`, solicitacaoDetalheSchema);
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
export async function salvarPasso({ id, tipo, passo, campos }: SalvarPassoVars): Promise<SolicitacaoDetalheResposta> {
  const { dados } = id
    ? await putEnvelope('/api/solicitacao', { id, tipo, passo, ...campos }, solicitacaoDetalheSchema)
    : await postEnvelope('/api/solicitacao', { tipo, passo, ...campos }, solicitacaoDetalheSchema);
  return dados;
}

/** Step 5: PUT /api/solicitacao with the declaration of awareness submits the request. */
export async function enviarSolicitacao(id: number, tipo: number): Promise<void> {
  await putEnvelope('/api/solicitacao', { id, tipo, passo: 5, declaraCiencia: true }, solicitacaoDetalheSchema);
}

/** DELETE /api/solicitacao/{id}/embarcacao: removes the vessel saved in step 2. */
export async function removerEmbarcacao(id: number): Promise<void> {
  await deleteEnvelope(`/api/solicitacao/${id}/embarcacao`, solicitacaoDetalheSchema);
}

/** GET /api/municipios/uf/{uf}. */
export async function fetchMunicipios(uf: string): Promise<Municipio[]> {
  return getDados(`/api/municipios/uf/${encodeURIComponent(uf)}`, z.array(municipioSchema));
}

/** GET /api/solicitacao/profissoes. */
export async function fetchProfissoes(): Promise<Profissao[]> {
  return getDados('/api/solicitacao/profissoes', z.array(profissaoSchema));
}
