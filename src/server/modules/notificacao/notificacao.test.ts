import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TipoNotificacao } from '../../../shared/enums';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { NotificacaoRepository } from './notificacao.repository';
import { NotificacaoService } from './notificacao.service';

let t: TestApp;
let servico: NotificacaoService;
let pescador: Sessao;
let idPescador = 0;

beforeAll(async () => {
  t = await createTestApp();
  servico = new NotificacaoService(new NotificacaoRepository(t.db));
  pescador = await entrarComo(t.app, '11144477735');
  idPescador = decodeJwt(pescador.token).idPescador as number;
});
afterAll(async () => {
  await t.close();
});

describe('NotificacaoService.criar', () => {
  it('creates a notification, inside the caller transaction when given one', async () => {
    await expect(t.db.transaction(async (tx) => {
      await servico.criar({ pescadorId: idPescador, tipo: TipoNotificacao.SUSPENSAO, conteudo: 'revertida' }, tx);
      throw new Error('rollback');
    })).rejects.toThrow('rollback');
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM notificacao WHERE conteudo = 'revertida'`);
    expect(rows[0]!.n).toBe(0);
    const { id } = await t.db.transaction((tx) => servico.criar({
      pescadorId: idPescador, tipo: TipoNotificacao.INDEFERIMENTO, conteudo: 'confirmada', urlRedirecionamento: '/home',
    }, tx));
    expect(id).toBeGreaterThan(0);
  });

  it('refuses an unknown type, empty content or an address outside the product', async () => {
    await expect(servico.criar({ pescadorId: idPescador, tipo: 6, conteudo: 'x' })).rejects.toThrow('Tipo de notificação inválido');
    await expect(servico.criar({ pescadorId: idPescador, tipo: 1, conteudo: '  ' })).rejects.toThrow();
    await expect(servico.criar({ pescadorId: idPescador, tipo: 1, conteudo: 'x', urlRedirecionamento: '//evil.example' })).rejects.toThrow();
    await expect(servico.criar({ pescadorId: idPescador, tipo: 1, conteudo: 'x', urlRedirecionamento: 'https://evil.example' })).rejects.toThrow();
  });
});

describe('GET /api/notificacao and POST /api/notificacao/{id}/leitura', () => {
  it('lists the unread ones oldest first, confirms the reading once, and then drops it from the list', async () => {
    const a = await servico.criar({ pescadorId: idPescador, tipo: TipoNotificacao.PENDENCIA, conteudo: 'Primeira', urlRedirecionamento: '/reap' });
    const b = await servico.criar({ pescadorId: idPescador, tipo: TipoNotificacao.MIGRACAO, conteudo: 'Segunda' });
    const lista = await pescador.api({ method: 'GET', url: '/api/notificacao' });
    expect(lista.statusCode).toBe(200);
    expect(lista.headers['cache-control']).toBe('private, no-store');
    expect(lista.json().dados).toEqual([
      { id: expect.any(Number), tipo: 1, conteudo: 'confirmada', urlRedirecionamento: '/home' },
      { id: a.id, tipo: 4, conteudo: 'Primeira', urlRedirecionamento: '/reap' },
      { id: b.id, tipo: 5, conteudo: 'Segunda', urlRedirecionamento: null },
    ]);

    const lida = await pescador.api({ method: 'POST', url: `/api/notificacao/${a.id}/leitura` });
    expect(lida.statusCode).toBe(200);
    expect(lida.json()).toMatchObject({ codigo: 200, mensagem: 'Leitura da notificação confirmada', dados: { id: a.id } });
    const primeiraLeitura = lida.json().dados.dataLeitura as string;
    expect(new Date(primeiraLeitura).toISOString()).toBe(primeiraLeitura);

    const denovo = await pescador.api({ method: 'POST', url: `/api/notificacao/${a.id}/leitura` });
    expect(denovo.statusCode).toBe(200);
    expect(denovo.json().dados.dataLeitura).toBe(primeiraLeitura);

    const depois = await pescador.api({ method: 'GET', url: '/api/notificacao' });
    expect(depois.json().dados.map((n: { id: number }) => n.id)).not.toContain(a.id);
    expect(depois.json().dados.map((n: { id: number }) => n.id)).toContain(b.id);
  });

  it('answers 404 for an unknown notification', async () => {
    const res = await pescador.api({ method: 'POST', url: '/api/notificacao/99999999/leitura' });
    expect(res.statusCode).toBe(404);
    expect(res.json().mensagem).toBe('Notificação não encontrada.');
  });
});
