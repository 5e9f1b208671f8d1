import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfComDigitos } from '../../../shared/cpf';
import { Perfil } from '../../../shared/enums';
import { createTestApp, entrarComo, Navegador, type Sessao, type TestApp } from '../../test/helpers';

/**
 * Who may call each map-user route (product guide, "Who may do what"): GESTOR and ADMIN manage;
 * CONSULTA_INTERNO reads; every other profile 403 with a message and no data; the anonymous caller 401.
 */

let t: TestApp;
let anonimo: Navegador;
const s: Record<string, Sessao> = {};
const CPFS = {
  GESTOR: '10000000108', MPA: '20000000299', SFPA: '30000000388', INTERESSADO: '40000000477', ADMIN: '50000000566',
  CONSULTA_INTERNO: '60000000655', CONSULTA_EXTERNO: '70000000744',
} as const;
type Quem = keyof typeof CPFS | 'ANONIMO';
const TODOS: Quem[] = ['ANONIMO', 'INTERESSADO', 'SFPA', 'MPA', 'GESTOR', 'ADMIN', 'CONSULTA_INTERNO', 'CONSULTA_EXTERNO'];

beforeAll(async () => {
  t = await createTestApp();
  for (const [quem, cpf] of Object.entries(CPFS)) s[quem] = await entrarComo(t.app, cpf);
  // The anonymous caller is a browser too (XSRF cookie and header), so that only the missing session refuses it.
  anonimo = new Navegador(t.app);
  await anonimo.request({ method: 'GET', url: '/api/health' });
});
afterAll(async () => {
  await t?.close();
});

async function chamar(quem: Quem, opts: InjectOptions & { url: string }) {
  if (quem === 'ANONIMO') return anonimo.request({ ...opts, headers: { 'x-xsrf-token': anonimo.xsrf } });
  return s[quem]!.api(opts);
}

let n = 0;
/** A new, valid map user each call (a CONSULTA_INTERNO of the ministry), so that every allowed caller creates one. */
function novoServidor() {
  n += 1;
  const cpf = cpfComDigitos(810_000_000 + n);
  return {
    usuario: { nome: `SERVIDOR ${n}`, cpf, bloqueado: false }, tipoUsuario: { id: Perfil.CONSULTA_INTERNO }, siglaOrgao: 'MPA',
    acessoCustomizado: false, usuarioPodeAcessarTodosDias: false,
  };
}

const ROTAS: { rota: string; podem: Quem[]; opts: () => InjectOptions & { url: string } }[] = [
  { rota: 'GET /api/usuario-mapa', podem: ['GESTOR', 'ADMIN', 'CONSULTA_INTERNO'], opts: () => ({ method: 'GET', url: '/api/usuario-mapa?pagina=1' }) },
  { rota: 'GET /api/usuario-mapa?cpf', podem: ['GESTOR', 'ADMIN', 'CONSULTA_INTERNO'], opts: () => ({ method: 'GET', url: `/api/usuario-mapa?cpf=${CPFS.SFPA}` }) },
  { rota: 'POST /api/usuario-mapa', podem: ['GESTOR', 'ADMIN'], opts: () => ({ method: 'POST', url: '/api/usuario-mapa', payload: novoServidor() }) },
  {
    rota: 'PATCH /api/usuario-mapa/horario-acesso', podem: ['GESTOR', 'ADMIN'],
    opts: () => ({ method: 'PATCH', url: '/api/usuario-mapa/horario-acesso', payload: { id: 999_999, acessoCustomizado: false } }),
  },
  { rota: 'GET /api/dados-bcpf/{cpf}', podem: ['GESTOR', 'ADMIN'], opts: () => ({ method: 'GET', url: '/api/dados-bcpf/80000000833' }) },
];

describe.each(ROTAS)('$rota', ({ podem, opts }) => {
  it.each(TODOS)('%s', async (quem) => {
    const res = await chamar(quem, opts());
    const corpo = res.json() as { dados?: unknown; mensagem: string };
    if (podem.includes(quem)) {
      expect([401, 403], res.body).not.toContain(res.statusCode);
      expect(res.statusCode, res.body).toBeLessThan(500);
    } else if (quem === 'ANONIMO') {
      expect(res.statusCode).toBe(401);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(corpo.mensagem).toBe('Seu perfil não tem permissão para esta operação.');
      expect(corpo.dados).toBeUndefined();
    }
  });
});

describe('what an allowed caller gets', () => {
  it('lets CONSULTA_INTERNO read the list and the user by CPF', async () => {
    const lista = await chamar('CONSULTA_INTERNO', { method: 'GET', url: `/api/usuario-mapa?cpf=${CPFS.SFPA}` });
    expect(lista.json().dados.total).toBe(1);
    expect(lista.json().dados.usuarios[0].usuario.nome).toBe('ANALISTA SFPA-PA DE DEMONSTRAÇÃO');
  });
});
