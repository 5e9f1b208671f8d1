import { useQuery } from '@tanstack/react-query';
import type { CorpoDe, QueryDe } from '../../../shared/contrato';
import * as c from '../../../shared/contratos/usuario-mapa';
import type { ListaUsuariosMapa, PessoaBcpf, UsuarioMapa } from '../../../shared/schemas/usuario-mapa';
import { chamar, dados } from '../../lib/contrato';

type UsuarioMapaCorpo = CorpoDe<typeof c.salvar>;

/**
 * Calls of the users screens (spec point 7 "Users"; src/server/modules/usuario-mapa/usuario-mapa.routes.ts), each
 * answer checked with the shared schemas.
 */

/** The list's filters as the API reads them (the contract's query); empty values are left out. */
export type FiltrosUsuarios = QueryDe<typeof c.listar>;

export const usuariosKeys = {
  all: ['usuario-mapa'] as const,
  lista: (f: FiltrosUsuarios) => ['usuario-mapa', 'lista', f] as const,
};

/** GET /api/usuario-mapa?{filters}: `dados: {total, usuarios}`, and the server's message (none found). */
export async function fetchUsuarios(f: FiltrosUsuarios): Promise<ListaUsuariosMapa> {
  return dados(c.listar, { query: f });
}

/** GET /api/usuario-mapa?cpf: the map user of a CPF, or null. */
export async function fetchUsuarioPorCpf(cpf: string): Promise<UsuarioMapa | null> {
  const { usuarios } = await dados(c.listar, { query: { cpf, pagina: 1, tamanhoPagina: 1 } });
  return usuarios[0] ?? null;
}

/** GET /api/dados-bcpf/{cpf}: the person in the federal CPF registry (404, 409 and 503 carry the spec's messages). */
export async function fetchPessoaBcpf(cpf: string): Promise<PessoaBcpf> {
  return dados(c.consultarBcpf, { params: { cpf } });
}

/** POST /api/usuario-mapa: creates or updates; answers the saved user and the server's message. */
export async function salvarUsuario(corpo: UsuarioMapaCorpo): Promise<{ usuario: UsuarioMapa; mensagem: string }> {
  const { dados: usuario, mensagem } = await chamar(c.salvar, { corpo });
  return { usuario, mensagem };
}

export function useUsuarios(f: FiltrosUsuarios) {
  return useQuery({
    queryKey: usuariosKeys.lista(f),
    queryFn: () => fetchUsuarios(f),
    placeholderData: (anterior) => anterior,
    meta: { errorMessage: 'Não foi possível consultar os usuários. Tente novamente.' },
  });
}

export function useUsuarioPorCpf(cpf: string | null) {
  return useQuery({
    queryKey: ['usuario-mapa', 'cpf', cpf],
    queryFn: () => fetchUsuarioPorCpf(cpf!),
    enabled: Boolean(cpf),
    staleTime: 0,
    meta: { errorMessage: 'Erro ao consultar CPF' },
  });
}
