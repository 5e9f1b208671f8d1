import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Perfil } from '../../../shared/enums';
import { ESCOPOS_CLIENTE, type EscopoCliente } from '../../../shared/permissoes';
import { CAMINHO_TOKEN_CLIENTE, type CredencialCliente } from '../../../shared/schemas/integracao';
import { CONTAS_DEMO } from '../../db/seeds/demo';
import { entrarComo, type Sessao } from '../../test/helpers';

/** A machine client registered by the demo ADMIN through the API, holding the scopes asked. */
export interface ClienteDeTeste {
  credencial: CredencialCliente;
  admin: Sessao;
  token(escopo?: string): Promise<string>;
  api(token: string, opts: InjectOptions & { url: string }): Promise<LightMyRequestResponse>;
}

export function cpfAdmin(): string {
  return CONTAS_DEMO.find((c) => c.perfil === Perfil.ADMIN)!.cpf;
}

export async function pedirToken(app: FastifyInstance, campos: Record<string, string>, basic?: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST', url: CAMINHO_TOKEN_CLIENTE, payload: new URLSearchParams(campos).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(basic ? { authorization: `Basic ${basic}` } : {}) },
  });
}

export async function novoClienteDeTeste(
  app: FastifyInstance, escopos: readonly EscopoCliente[] = ESCOPOS_CLIENTE, extras: Record<string, unknown> = {}, admin?: Sessao,
): Promise<ClienteDeTeste> {
  const sessao = admin ?? await entrarComo(app, cpfAdmin());
  const res = await sessao.navegador.request({
    method: 'POST', url: '/api/integracao/clientes',
    headers: { authorization: `Bearer ${sessao.token}`, 'x-xsrf-token': sessao.navegador.xsrf },
    payload: {
      nome: 'Cliente de teste', orgao: 'INSS', contato: 'integracao@inss.gov.br', escopos, limitePorMinuto: 600,
      validoAte: '2099-12-31', metodoAutenticacao: 'client_secret', ...extras,
    },
  });
  if (res.statusCode !== 200) throw new Error(`client registration failed: ${res.statusCode} ${res.body}`);
  const credencial = res.json().dados as CredencialCliente;
  return {
    credencial,
    admin: sessao,
    async token(escopo?: string) {
      const r = await pedirToken(app, {
        grant_type: 'client_credentials', client_id: credencial.clientId, client_secret: credencial.clientSecret ?? '',
        ...(escopo ? { scope: escopo } : {}),
      });
      if (r.statusCode !== 200) throw new Error(`token refused: ${r.statusCode} ${r.body}`);
      return (r.json() as { access_token: string }).access_token;
    },
    api: (token, opts) => app.inject({ ...opts, headers: { authorization: `Bearer ${token}`, ...opts.headers } }),
  };
}
