import { useQuery } from '@tanstack/react-query';
import type { CorpoDe } from '../../../shared/contrato';
import * as c from '../../../shared/contratos/horario-acesso';
import { MENSAGENS_HORARIO_ACESSO, type ListaConfiguracoes } from '../../../shared/schemas/horario-acesso';
import { chamar, dados } from '../../lib/contrato';

/**
 * Calls of the access-hours screen (spec point 7 "Access hours"), through the contracts
 * (src/shared/contratos/horario-acesso.ts), answers checked with the shared schemas.
 */

export const horarioKeys = { lista: ['configuracao-horario-acesso'] as const };

export async function fetchConfiguracoes(): Promise<ListaConfiguracoes> {
  return dados(c.listar, {});
}

/** POST /api/configuracao-horario-acesso with the `configuracoes` list. */
export async function salvarConfiguracoes(corpo: CorpoDe<typeof c.salvar>): Promise<{ dados: ListaConfiguracoes; mensagem: string }> {
  const { dados: lista, mensagem } = await chamar(c.salvar, { corpo });
  return { dados: lista, mensagem };
}

/** PATCH /api/configuracao-horario-acesso/usuario-unidade-trabalho: answers the server's message. */
export async function aplicarAosServidores(orgao: string): Promise<string> {
  const { mensagem } = await chamar(c.aplicarAosServidores, { corpo: { orgao } });
  return mensagem;
}

export function useConfiguracoes() {
  return useQuery({
    queryKey: horarioKeys.lista,
    queryFn: fetchConfiguracoes,
    meta: { errorMessage: MENSAGENS_HORARIO_ACESSO.erroConsultar },
  });
}
