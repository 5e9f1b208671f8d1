import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import type { Database } from '../../db/client';
import { entrarComo, type Sessao, type TestApp } from '../../test/helpers';

/**
 * Test helpers of the requests module: complete, valid payloads of each wizard step (a real municipality,
 * reference ids that exist), fresh fishers, documents inserted directly, and a request filled up to a step.
 */

export * from './passos.fixtures';
import { cpfDe, passo1, passoPadrao, type Obj } from './passos.fixtures';

/** The documents every request needs: identification, proof of address, photo, PIS. */
export const DOCUMENTOS_BASICOS = [1, 2, 3, 10];

/** Inserts document rows as the documents API would (tests only). */
export async function inserirDocumentos(db: Database, pescadorId: number, solicitacaoId: number | null, tipos: number[]): Promise<void> {
  for (const tipo of tipos) {
    await db.execute(sql`
      INSERT INTO documento (pescador_id, solicitacao_id, tipo_documento, nome_arquivo, chave_arquivo, mime, tamanho)
      VALUES (${pescadorId}, ${solicitacaoId}, ${tipo}, ${`doc-${tipo}.pdf`}, ${crypto.randomUUID()}, 'application/pdf', 1024)`);
  }
}

export interface Pescador {
  sessao: Sessao;
  cpf: string;
  id: number;
}

/**
 * The app as seen from one client address. Sign-in is rate-limited per address (30 a minute), and a test file
 * signs many fishers in: each gets its own address, as real fishers would.
 */
export function comEndereco(app: FastifyInstance, ip: string): FastifyInstance {
  return new Proxy(app, {
    get(alvo, prop, receptor) {
      if (prop === 'inject') return (opts: InjectOptions) => alvo.inject({ remoteAddress: ip, ...opts });
      return Reflect.get(alvo, prop, receptor) as unknown;
    },
  });
}

/** Signs a new fisher in (a CPF never used before creates the fisher record). */
export async function novoPescador(t: TestApp, n: number): Promise<Pescador> {
  const cpf = cpfDe(n);
  const sessao = await entrarComo(comEndereco(t.app, `10.1.${(n >> 8) & 255}.${n & 255}`), cpf);
  return { sessao, cpf, id: decodeJwt(sessao.token).idPescador as number };
}

export async function criar(p: Pescador, tipo: number, corpo: Obj = passo1(p.cpf)) {
  return p.sessao.api({ method: 'POST', url: '/api/solicitacao', payload: { tipo, passo: 1, ...corpo } });
}

export async function salvar(p: Pescador, id: number, tipo: number, passo: number, corpo: Obj) {
  return p.sessao.api({ method: 'PUT', url: '/api/solicitacao', payload: { id, tipo, passo, ...corpo } });
}

/** A draft of `tipo` with steps 1..`ate` saved (and the basic documents when it gets to step 4). */
export async function rascunhoAte(t: TestApp, p: Pescador, tipo: number, ate: 1 | 2 | 3 | 4): Promise<number> {
  const res = await criar(p, tipo);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().dados.id as number;
  if (ate >= 4) await inserirDocumentos(t.db, p.id, id, tipo === 3 ? [...DOCUMENTOS_BASICOS, 9] : DOCUMENTOS_BASICOS);
  for (const n of [2, 3, 4] as const) {
    if (n > ate) break;
    const r = await salvar(p, id, tipo, n, passoPadrao(n, p.cpf));
    expect(r.statusCode, r.body).toBe(200);
  }
  return id;
}

/** A request filled and sent (ENVIADA). */
export async function enviada(t: TestApp, p: Pescador, tipo: number): Promise<number> {
  const id = await rascunhoAte(t, p, tipo, 4);
  const r = await salvar(p, id, tipo, 5, { declaraCiencia: true });
  expect(r.statusCode, r.body).toBe(200);
  return id;
}

export async function umaLinha<T extends Record<string, unknown>>(db: Database, q: ReturnType<typeof sql>): Promise<T> {
  const { rows } = await db.execute<T>(q);
  return rows[0] as T;
}
