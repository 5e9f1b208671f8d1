import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chaveDoContrato } from '../../shared/contrato';
import { CONTRATOS } from '../../shared/contratos';
import { cnpjComDigitos } from '../../shared/cnpj';
import { cpfComDigitos } from '../../shared/cpf';
import { PERMISSOES } from '../../shared/permissoes';
import { CABECALHO_REPRESENTADO, servicoDaRota } from '../../shared/schemas/entidade';
import { comEndereco } from '../modules/solicitacao/passos.test-utils';
import { entrarComo } from '../test/helpers';
import {
  CHAMADORES, chamar, type Cenario, type Chamador, montarCenario, nomeiaRegistros,
} from './cenario.fixtures';

/**
 * The authorisation matrix (issue 16, point 9): every route of the OpenAPI document × the eight callers, against
 * the product guide's "Who may do what" as the permission table holds it (issue 24); then fisher A aiming at fisher B's ids on every
 * route that names a fisher's records, and the SFPA of Pará aiming at a fisher of São Paulo. Allowed means
 * neither 401 nor 403 (the call reaches the rules of the record: 200, 400, 404, 406…); refused means 401 for the
 * anonymous caller and 403 for a signed-in one, and never the data. A route without a contract, or a contract without
 * a route, fails.
 */

/**
 * Route (as the OpenAPI document names it) → who may call it: the permission table (src/shared/permissoes.ts) read
 * through each route's contract (src/shared/contratos), the same table the server's guards and the web's guard read.
 */
const QUEM_PODE: Record<string, readonly Chamador[]> = Object.fromEntries(
  CONTRATOS.map((contrato) => [chaveDoContrato(contrato), PERMISSOES[contrato.permissao]]),
);

let c: Cenario;

beforeAll(async () => {
  c = await montarCenario();
}, 120_000);
afterAll(async () => {
  await c?.fechar();
});

function resumo(status: number, body: string): string {
  return `${status} ${body.slice(0, 160)}`;
}

/** A refusal carries no data: a 403 no `dados`; a 401 only whether the token expired (the client refreshes on it). */
function semDados(res: LightMyRequestResponse): boolean {
  const corpo = res.json() as { dados?: unknown };
  if (!('dados' in corpo)) return true;
  return res.statusCode === 401 && JSON.stringify(Object.keys(corpo.dados ?? {})) === '["expirado"]';
}

describe('the authorisation matrix, from the OpenAPI document', () => {
  it('has a contract, and so a permission, for every route, and no contract without a route', () => {
    const rotas = c.rotas.map((r) => r.chave);
    expect(rotas.filter((r) => !(r in QUEM_PODE)), 'routes without a contract').toEqual([]);
    expect(Object.keys(QUEM_PODE).filter((r) => !rotas.includes(r)), 'contracts without a route').toEqual([]);
  });

  it('lets each caller call exactly what the product guide allows (refused: 401 anonymous, 403 signed in)', async () => {
    const divergencias: string[] = [];
    let chamadas = 0;
    for (const rota of c.rotas) {
      const podem = QUEM_PODE[rota.chave] ?? [];
      for (const chamador of CHAMADORES) {
        const res = await chamar(c, rota, c.clientes[chamador], c.a);
        chamadas += 1;
        const recusada = res.statusCode === 401 || res.statusCode === 403;
        if (podem.includes(chamador)) {
          if (recusada) divergencias.push(`${rota.chave} × ${chamador}: should be allowed, got ${resumo(res.statusCode, res.body)}`);
        } else {
          const esperado = chamador === 'ANONIMO' ? 401 : 403;
          if (res.statusCode !== esperado) divergencias.push(`${rota.chave} × ${chamador}: should be ${esperado}, got ${resumo(res.statusCode, res.body)}`);
          else if (!semDados(res)) divergencias.push(`${rota.chave} × ${chamador}: refused, but answered dados`);
        }
        if (res.statusCode >= 500) divergencias.push(`${rota.chave} × ${chamador}: ${resumo(res.statusCode, res.body)}`);
      }
    }
    // eslint-disable-next-line no-console -- the counts issue 16 asks this test to print
    console.log(`authorisation matrix: ${c.rotas.length} routes × ${CHAMADORES.length} callers = ${chamadas} calls, ${divergencias.length} divergences`);
    expect(divergencias).toEqual([]);
  }, 110_000);

  it("refuses fisher A every route that names fisher B's records (403, never B's data)", async () => {
    const rotas = c.rotas.filter(nomeiaRegistros);
    const vazamentos: string[] = [];
    for (const rota of rotas) {
      const res = await chamar(c, rota, c.clientes.INTERESSADO, c.b);
      if (res.statusCode !== 403 || !semDados(res)) vazamentos.push(`${rota.chave}: ${resumo(res.statusCode, res.body)}`);
    }
    // eslint-disable-next-line no-console -- the counts issue 16 asks this test to print
    console.log(`fisher A aiming at fisher B: ${rotas.length} routes, ${vazamentos.length} not refused`);
    expect(rotas.length).toBeGreaterThan(30);
    expect(vazamentos).toEqual([]);
  }, 60_000);

  it("refuses the SFPA of Pará every route that names a São Paulo fisher's records", async () => {
    const rotas = c.rotas.filter(nomeiaRegistros);
    const vazamentos: string[] = [];
    for (const rota of rotas) {
      const res = await chamar(c, rota, c.clientes.SFPA, c.b);
      if (res.statusCode !== 403 || !semDados(res)) vazamentos.push(`${rota.chave}: ${resumo(res.statusCode, res.body)}`);
    }
    // eslint-disable-next-line no-console -- the counts issue 16 asks this test to print
    console.log(`SFPA-PA aiming at a fisher of SP: ${rotas.length} routes, ${vazamentos.length} not refused`);
    expect(vazamentos).toEqual([]);
  }, 60_000);
});

/**
 * An entity's agent as a caller (docs/decisions/0110): acting for fisher A with a delegation of every service, the
 * fisher's own routes of requests, REAP, documents and notifications let it through; every other route that needs a
 * session refuses it (403), whatever its profile would allow.
 */
describe('an entity agent acting for fisher A', () => {
  it('reaches exactly the delegable routes', async () => {
    const gestor = c.clientes.GESTOR;
    const entidade = await gestor.api({
      method: 'POST', url: '/api/entidades',
      payload: {
        tipo: 2, cnpj: cnpjComDigitos('998877660001'), nome: 'ASSOCIAÇÃO DA MATRIZ', ufs: ['PA'], municipios: [], atoCooperacao: 'Acordo 2/2025',
        vigenciaInicio: '2025-01-01', vigenciaFim: '2099-12-31',
      },
    });
    const idEntidade = (entidade.json() as { dados: { id: number } }).dados.id;
    const cpfAgente = cpfComDigitos('990000777');
    // Within the five years a link or a delegation may last.
    const ATE = `${new Date().getUTCFullYear() + 3}-01-01`;
    expect((await gestor.api({ method: 'POST', url: `/api/entidades/${idEntidade}/agentes`, payload: { cpf: cpfAgente, nome: 'AGENTE', validade: ATE } })).statusCode).toBe(200);
    const concessao = await c.a.pescador.sessao.api({ method: 'POST', url: '/api/delegacoes', payload: { idEntidade, servicos: [1, 2, 3, 4], fim: ATE } });
    expect(concessao.statusCode, concessao.body).toBe(200);
    const sessao = await entrarComo(comEndereco(c.app, '10.78.0.1'), cpfAgente);
    const agente = {
      chamador: 'INTERESSADO' as const, token: sessao.token,
      api: (opts: Parameters<typeof sessao.api>[0]) => sessao.api({ ...opts, headers: { ...opts.headers, [CABECALHO_REPRESENTADO]: String(c.a.pescador.id) } }),
    };
    const divergencias: string[] = [];
    let delegaveis = 0;
    for (const rota of c.rotas) {
      const contrato = CONTRATOS.find((x) => chaveDoContrato(x) === rota.chave)!;
      // The refresh renews the caller's own session from its cookie, with no bearer: nobody is represented there.
      if (QUEM_PODE[rota.chave]!.includes('ANONIMO') || rota.chave === 'POST /api/auth/refresh') continue;
      const delegavel = QUEM_PODE[rota.chave]!.includes('INTERESSADO') && servicoDaRota(contrato.tag, contrato.permissao) !== null;
      if (delegavel) delegaveis += 1;
      const res = await chamar(c, rota, agente, c.a);
      const recusada = res.statusCode === 401 || res.statusCode === 403;
      if (delegavel && recusada) divergencias.push(`${rota.chave}: should be allowed, got ${resumo(res.statusCode, res.body)}`);
      if (!delegavel && (res.statusCode !== 403 || !semDados(res))) divergencias.push(`${rota.chave}: should be 403, got ${resumo(res.statusCode, res.body)}`);
    }
    expect(delegaveis).toBeGreaterThan(20);
    expect(divergencias).toEqual([]);
  }, 60_000);
});
