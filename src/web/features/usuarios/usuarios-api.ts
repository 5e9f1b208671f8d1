import { useQuery } from '@tanstack/react-query';
import {
  listaUsuariosMapaSchema, pessoaBcpfSchema, usuarioMapaSchema, type ListaUsuariosMapa, type PessoaBcpf, type UsuarioMapa,
} from '../../../shared/schemas/usuario-mapa';
import { getDados, postEnvelope } from '../../lib/api';

/**
 * Calls of the users screens (spec point 7 "Users"; src/server/modules/usuario-mapa/usuario-mapa.routes.ts), each
 * answer checked with the shared schemas.
 */

/** The list's filters as the API reads them; empty values are left out. */
export interface FiltrosUsuarios {
  nome?: string;
  /** digits only */
  cpf?: string;
  tipoUsuario?: string;
  siglaOrgao?: string;
  ufOrgao?: string;
  /** 'true' | 'false' */
  ativo?: string;
  pagina: number;
  tamanhoPagina: number;
}

export const usuariosKeys = {
  all: ['usuario-mapa'] as const,
  lista: (f: FiltrosUsuarios) => ['usuario-mapa', 'lista', f] as const,
};

export function queryStringUsuarios(f: FiltrosUsuarios): string {
  const params = new URLSearchParams();
  for (const chave of ['nome', 'cpf', 'tipoUsuario', 'siglaOrgao', 'ufOrgao', 'ativo'] as const) {
    const v = f[chave]?.trim();
    if (v) params.set(chave, v);
  }
  params.set('pagina', String(f.pagina));
  params.set('tamanhoPagina', String(f.tamanhoPagina));
  return params.toString();
}

/** GET /api/usuario-mapa?{filters}: `dados: {total, usuarios}`, and the server's message (none found). */
export async function fetchUsuarios(f: FiltrosUsuarios): Promise<ListaUsuariosMapa> {
  return getDados(`/api/usuario-mapa?${queryStringUsuarios(f)}`, listaUsuariosMapaSchema);
}

/** GET /api/usuario-mapa?cpf: the map user of a CPF, or null. */
export async function fetchUsuarioPorCpf(cpf: string): Promise<UsuarioMapa | null> {
  const { usuarios } = await getDados(`/api/usuario-mapa?cpf=${cpf}&pagina=1&tamanhoPagina=1`, listaUsuariosMapaSchema);
  return usuarios[0] ?? null;
}

/** GET /api/dados-bcpf/{cpf}: the person in the federal CPF registry (404, 409 and 503 carry the spec's messages). */
export async function fetchPessoaBcpf(cpf: string): Promise<PessoaBcpf> {
  return getDados(`/api/dados-bcpf/${cpf}`, pessoaBcpfSchema);
}

/** POST /api/usuario-mapa: creates or updates; answers the saved user and the server's message. */
export async function salvarUsuario(corpo: unknown): Promise<{ usuario: UsuarioMapa; mensagem: string }> {
  const { dados, mensagem } = await postEnvelope('/api/usuario-mapa', corpo, usuarioMapaSchema);
  return { usuario: dados, mensagem };
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
