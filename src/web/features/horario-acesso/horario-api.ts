import { useQuery } from '@tanstack/react-query';
import {
  aplicarHorarioResposta, listaConfiguracoesSchema, MENSAGENS_HORARIO_ACESSO, type ListaConfiguracoes, type SalvarConfiguracoesCorpo,
} from '../../../shared/schemas/horario-acesso';
import { getDados, patchEnvelope, postEnvelope } from '../../lib/api';

/** Calls of the access-hours screen (spec point 7 "Access hours"), answers checked with the shared schemas. */

export const horarioKeys = { lista: ['configuracao-horario-acesso'] as const };

export async function fetchConfiguracoes(): Promise<ListaConfiguracoes> {
  return getDados('/api/configuracao-horario-acesso', listaConfiguracoesSchema);
}

/** POST /api/configuracao-horario-acesso with the `configuracoes` list. */
export async function salvarConfiguracoes(corpo: SalvarConfiguracoesCorpo): Promise<{ dados: ListaConfiguracoes; mensagem: string }> {
  const { dados, mensagem } = await postEnvelope('/api/configuracao-horario-acesso', corpo, listaConfiguracoesSchema);
  return { dados, mensagem };
}

/** PATCH /api/configuracao-horario-acesso/usuario-unidade-trabalho: answers the server's message. */
export async function aplicarAosServidores(orgao: string): Promise<string> {
  const { mensagem } = await patchEnvelope('/api/configuracao-horario-acesso/usuario-unidade-trabalho', { orgao }, aplicarHorarioResposta);
  return mensagem;
}

export function useConfiguracoes() {
  return useQuery({
    queryKey: horarioKeys.lista,
    queryFn: fetchConfiguracoes,
    meta: { errorMessage: MENSAGENS_HORARIO_ACESSO.erroConsultar },
  });
}
