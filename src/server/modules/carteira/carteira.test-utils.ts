import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { LocalFileStorage } from '../../adapters/storage/local-storage';
import { AssinadorArquivos, novaChaveArquivo } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';


export async function armazenamentoTemporario(): Promise<{ storage: LocalFileStorage; remover(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-carteira-'));
  const storage = new LocalFileStorage(dir, new AssinadorArquivos(crypto.randomBytes(32)));
  return { storage, remover: () => fs.rm(dir, { recursive: true, force: true }) };
}

export interface PescadorAtivo {
  numeroRgp?: string;
  uf?: string;
  municipioId?: number;
  categoria?: number;
  situacao?: number;
  dataPrimeiroRgp?: string;
  dataEmissaoCarteira?: string | null;
}

/** Turns a fisher into an ATIVO registry (by default: PA-PA-00000000042, Belém, artesanal). */
export async function tornarAtivo(db: Database, id: number, o: PescadorAtivo = {}): Promise<void> {
  await db.execute(sql`
    UPDATE pescador SET
      numero_rgp = ${o.numeroRgp ?? 'PAPA00000000042'},
      uf = ${o.uf ?? 'PA'},
      municipio_id = ${o.municipioId ?? 1501402},
      categoria = ${o.categoria ?? 2},
      situacao_registro = ${o.situacao ?? 1},
      data_primeiro_rgp = ${o.dataPrimeiroRgp ?? '2015-03-10'},
      data_emissao_carteira = ${o.dataEmissaoCarteira === undefined ? '2024-05-20T13:00:00Z' : o.dataEmissaoCarteira}::timestamptz
    WHERE id = ${id}`);
}

/** A fisher created directly (not signed in). */
export async function criarPescador(db: Database, cpf: string, nome: string): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`INSERT INTO pescador (cpf, nome) VALUES (${cpf}, ${nome}) RETURNING id`);
  return rows[0]!.id;
}

/** A deferred registration request of the fisher, with a protocol number; answers its id. */
export async function solicitacaoDeferida(db: Database, pescadorId: number, numeroProtocolo: string | null = null): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, numero_protocolo, enviada_em, uf_pescador)
    VALUES (${pescadorId}, 1, 4, 5, ${numeroProtocolo}, '2024-05-02T14:30:00Z', 'PA') RETURNING id`);
  return rows[0]!.id;
}

export async function anexarFoto(db: Database, storage: LocalFileStorage, pescadorId: number, solicitacaoId: number): Promise<string> {
  const jpeg = await sharp({ create: { width: 400, height: 500, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg({ quality: 80 }).toBuffer();
  const chave = novaChaveArquivo();
  await storage.put(chave, jpeg, 'image/jpeg');
  await db.execute(sql`
    INSERT INTO documento (solicitacao_id, pescador_id, tipo_documento, nome_arquivo, chave_arquivo, mime, tamanho, aprovado)
    VALUES (${solicitacaoId}, ${pescadorId}, 3, 'foto.jpg', ${chave}, 'image/jpeg', ${jpeg.length}, true)`);
  return chave;
}

/** Does what the ALTCHA widget does: fetches a challenge, solves it and answers the payload. */
export async function resolverCaptcha(app: FastifyInstance, remoteAddress = '127.0.0.1'): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/captcha/desafio', remoteAddress });
  if (res.statusCode !== 200) throw new Error(`challenge failed: ${res.statusCode} ${res.body}`);
  const challenge = res.json().dados as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  })).toString('base64');
}

/** One per test, so that no test spends another's rate limit. */
let proximo = 1;
export function novoIp(): string {
  proximo += 1;
  return `10.${(proximo >> 8) & 255}.${proximo & 255}.${crypto.randomInt(1, 250)}`;
}
