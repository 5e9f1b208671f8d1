import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CodigoErro } from '../../shared/codigos-erro';
import { Categoria } from '../../shared/enums';
import { CABECALHO_REPRESENTADO } from '../../shared/representacao';
import { envioDoRascunho, type RascunhoSolicitacao } from '../features/solicitacao/use-rascunho-no-celular';
import { api } from '../lib/api';
import { atuarPor, deixarDeAtuar } from '../lib/representacao';
import { chavesNoCelular as chaves, usarCelular } from '../test/celular';
import { deferred, fail, networkError, ok, type MockReply } from '../test/http';
import { questionarioReap, solicitacaoDetalhe } from '../test/respostas';
import { apagarDaCaixa, caixaDe, enviarDaCaixa, enviarPendentes, lerDaCaixa } from './caixa-de-saida';
import { enviarTodasAsCaixas } from './envio-em-segundo-plano';
import { apagarTudoDoCelular, caixasComPendentes, esperaAlgo, guardarNoCelular, itensDoCelular, lerDoCelular } from './neste-celular';
import { envioDeFormulario, enviarFormulariosPendentes, type RegistroNoCelular } from './use-salvamento-offline';

// The outbox's replay (decision 0076), through the app's one transport against a fake network, and a real IndexedDB
// implementation (fake-indexeddb). The wizard's step saves are the calls: each step one idempotent call.

const EU = '0123456789abcdef0123456789abcdef';
const OUTRO = 'fedcba9876543210fedcba9876543210';
const celular = usarCelular(EU);

/** A new request's wizard record with steps waiting, each with its own idempotency key. */
function rascunho(passos: (1 | 2 | 3 | 4)[], id: number | null = null): RascunhoSolicitacao {
  return {
    form: Object.fromEntries(passos.map((p) => [p, { passo: p }])),
    contexto: { tipo: 1, id, passo: Math.max(...passos), detalhe: null },
    pendente: passos.map((p) => ({ passo: p, campos: { campo: `passo-${p}` }, chave: `chave-passo-${p}` })),
    conflito: null,
    atualizadoEm: '',
  };
}

const chaveDe = (c: { config: { headers: Headers } }) => c.config.headers.get('Idempotency-Key');
const passoDe = (c: { data: unknown }) => (c.data as { passo: number }).passo;
const solicitacao = (passo: number) => ok(solicitacaoDetalhe({ id: 77, passo }));

describe('the outbox', () => {
  it('sends the saves in order, each with its key, and then nothing of them stays on the phone', async () => {
    await guardarNoCelular(EU, 'solicitacao/nova-1', rascunho([1, 2, 3]));
    celular.http.post('/api/solicitacao', solicitacao(1));
    celular.http.put('/api/solicitacao', (config) => solicitacao(JSON.parse(config.data as string).passo));

    const { desfecho, chave } = await enviarDaCaixa(EU, 'solicitacao/nova-1', envioDoRascunho(EU));

    expect(desfecho).toBe('enviado');
    expect(celular.http.calls.map((c) => `${c.method} ${passoDe(c)} ${chaveDe(c)}`)).toEqual([
      'POST 1 chave-passo-1', 'PUT 2 chave-passo-2', 'PUT 3 chave-passo-3',
    ]);
    // The PUTs went with the id step 1's answer gave.
    expect(celular.http.calls.slice(1).map((c) => (c.data as { id: number }).id)).toEqual([77, 77]);
    expect(chave).toBe('solicitacao/77');
    expect(await chaves()).toEqual([]);
  });

  it('replays a save whose answer was lost with the same key, and the saves after it wait behind it', async () => {
    await guardarNoCelular(EU, 'solicitacao/77', rascunho([2, 3], 77));
    let perder = true;
    celular.http.put('/api/solicitacao', (config) => {
      if (perder) {
        perder = false;
        return networkError(config); // the server took it; the answer never came
      }
      return solicitacao(JSON.parse(config.data as string).passo);
    });

    expect((await enviarDaCaixa(EU, 'solicitacao/77', envioDoRascunho(EU))).desfecho).toBe('adiado');
    const ficou = await lerDaCaixa<RascunhoSolicitacao>(EU, 'solicitacao/77');
    expect(ficou?.pendente?.map((p) => p.chave)).toEqual(['chave-passo-2', 'chave-passo-3']);

    expect((await enviarDaCaixa(EU, 'solicitacao/77', envioDoRascunho(EU))).desfecho).toBe('enviado');
    expect(celular.http.calls.map((c) => `${passoDe(c)} ${chaveDe(c)}`)).toEqual(['2 chave-passo-2', '2 chave-passo-2', '3 chave-passo-3']);
    expect(await chaves()).toEqual([]);
  });

  it('keeps a refusal with the item, sends it no more, and lets it go only when discarded', async () => {
    await guardarNoCelular(EU, 'solicitacao/77', rascunho([2], 77));
    const mensagem = 'Esta solicitação não pode mais ser alterada.';
    celular.http.put('/api/solicitacao', fail(406, mensagem, { codigoErro: CodigoErro.SOLICITACAO_NAO_EDITAVEL }));

    expect((await enviarDaCaixa(EU, 'solicitacao/77', envioDoRascunho(EU))).desfecho).toBe('recusado');
    const recusado = await lerDaCaixa<RascunhoSolicitacao>(EU, 'solicitacao/77');
    expect(recusado?.conflito).toEqual({ codigoErro: CodigoErro.SOLICITACAO_NAO_EDITAVEL, mensagem });
    expect(recusado?.pendente).toHaveLength(1);

    await enviarPendentes(EU, 'solicitacao/', () => envioDoRascunho(EU));
    expect((await enviarDaCaixa(EU, 'solicitacao/77', envioDoRascunho(EU))).desfecho).toBe('nada');
    expect(celular.http.calls).toHaveLength(1);
    expect(await esperaAlgo(EU)).toBe(true);

    await apagarDaCaixa(EU, 'solicitacao/77');
    expect(await chaves()).toEqual([]);
  });

  it('sends an item once however many ask at the same time', async () => {
    await guardarNoCelular(EU, 'solicitacao/77', rascunho([2], 77));
    const resposta = deferred<MockReply>();
    celular.http.put('/api/solicitacao', () => resposta.promise);

    const rodadas = [
      enviarDaCaixa(EU, 'solicitacao/77', envioDoRascunho(EU)),
      enviarPendentes(EU, 'solicitacao/', () => envioDoRascunho(EU)),
      enviarDaCaixa(EU, 'solicitacao/77', envioDoRascunho(EU)),
    ];
    resposta.resolve(solicitacao(2));
    await Promise.all(rodadas);
    expect(celular.http.calls).toHaveLength(1);
  });

  it('keeps two subjects of one person apart, and signing out erases both and nothing of another person', async () => {
    const proprio = caixaDe(EU);
    const representado = caixaDe(EU, 7);
    expect(representado).not.toBe(proprio);
    await guardarNoCelular(proprio, 'solicitacao/77', rascunho([2], 77));
    await guardarNoCelular(representado, 'solicitacao/88', rascunho([3], 88));
    await guardarNoCelular(OUTRO, 'solicitacao/99', rascunho([4], 99));
    celular.http.put('/api/solicitacao', (config) => solicitacao(JSON.parse(config.data as string).passo));

    expect((await itensDoCelular(proprio, 'solicitacao/')).map(([k]) => k)).toEqual(['solicitacao/77']);
    expect((await itensDoCelular(representado, 'solicitacao/')).map(([k]) => k)).toEqual(['solicitacao/88']);
    expect(await lerDoCelular(representado, 'solicitacao/77')).toBeUndefined();

    // The subject's outbox sends only its own, while that fisher is picked.
    atuarPor({ idPescador: 7, nome: 'Pescador', entidade: 'Colônia Z-1' });
    await enviarPendentes(representado, 'solicitacao/', () => envioDoRascunho(representado)).finally(deixarDeAtuar);
    expect(celular.http.calls.map((c) => (c.data as { id: number }).id)).toEqual([88]);
    expect(await lerDoCelular(proprio, 'solicitacao/77')).toBeDefined();

    await guardarNoCelular(representado, 'solicitacao/89', rascunho([1], 89));
    expect(await esperaAlgo(EU)).toBe(true);
    await apagarTudoDoCelular(EU);
    expect(await chaves()).toEqual([`${OUTRO}/solicitacao/99`]);
  });

  it('sends each box under its own fisher\'s header whatever the tab picked; a screen\'s save waits for its fisher', async () => {
    const doSete = caixaDe(EU, 7);
    await guardarNoCelular(doSete, 'solicitacao/88', rascunho([3], 88));
    await guardarNoCelular(caixaDe(EU), 'solicitacao/77', rascunho([2], 77));
    await guardarNoCelular(doSete, 'reap/5', { form: {}, contexto: {}, pendente: { corpo: { id: 5 }, chave: 'k-5', envio: true }, conflito: null, atualizadoEm: '' });
    celular.http.put('/api/solicitacao', (config) => solicitacao(JSON.parse(config.data as string).passo));
    celular.http.post('/api/reap/questionario-basico', ok({ ok: true }));
    try {
      atuarPor({ idPescador: 8, nome: 'Outro pescador', entidade: 'Colônia Z-1' });
      // A screen's own save (the tab's pick decides its header) waits until its box's fisher is picked.
      const daTela = await enviarDaCaixa(doSete, 'reap/5', envioDeFormulario(async () => (await api.post('/api/reap/questionario-basico', {})).data));
      expect(daTela.desfecho).toBe('adiado');
      expect(celular.http.calls).toEqual([]);

      await enviarPendentes(doSete, 'solicitacao/', () => envioDoRascunho(doSete));
      await enviarPendentes(caixaDe(EU), 'solicitacao/', () => envioDoRascunho(caixaDe(EU)));
    } finally {
      deixarDeAtuar();
    }
    expect(celular.http.calls.map((c) => `${(c.data as { id: number }).id} ${c.config.headers.get(CABECALHO_REPRESENTADO)}`))
      .toEqual(['88 7', '77 null']);
  });
});

describe('an agent\'s drafts for many fishers, kept without signal', () => {
  const reap = (id: number): RegistroNoCelular<object, { id: number }, { categoria: number }> => ({
    form: {}, contexto: { categoria: Categoria.ARTESANAL }, pendente: { corpo: { id }, chave: `reap-${id}`, envio: true }, conflito: null,
    atualizadoEm: new Date().toISOString(),
  });
  const linha = (c: { url: string; data: unknown; config: { headers: Headers } }) => {
    const corpo = c.data as { id: number };
    return `${c.url.replace(/^\/api\//, '')} ${corpo.id} ${c.config.headers.get(CABECALHO_REPRESENTADO)} ${chaveDe(c)}`;
  };

  it('sends every fisher\'s box once when the signal returns, each under its own fisher, and the agent\'s own under none', async () => {
    // Fishers 7, 12 and 30 each have a REAP sent without signal; 12 also a wizard step; the agent a step of its own.
    await guardarNoCelular(caixaDe(EU, 12), 'reap/120', reap(120));
    await guardarNoCelular(caixaDe(EU, 7), 'reap/70', reap(70));
    await guardarNoCelular(caixaDe(EU, 30), 'reap/300', reap(300));
    await guardarNoCelular(caixaDe(EU, 12), 'solicitacao/121', rascunho([2], 121));
    await guardarNoCelular(caixaDe(EU), 'solicitacao/77', rascunho([3], 77));
    await guardarNoCelular(OUTRO, 'solicitacao/99', rascunho([4], 99));
    const resposta = deferred<void>();
    celular.http.post('/api/reap/questionario-basico', async (config) => {
      await resposta.promise;
      return ok(questionarioReap({ id: JSON.parse(config.data as string).id }));
    });
    celular.http.put('/api/solicitacao', (config) => solicitacao(JSON.parse(config.data as string).passo));
    // The tab has fisher 7 picked: the other boxes go anyway, under their own fishers.
    atuarPor({ idPescador: 7, nome: 'Pescador', entidade: 'Colônia Z-1' });
    try {
      celular.online = false;
      await enviarTodasAsCaixas(EU);
      expect(celular.http.calls).toEqual([]);
      expect(await caixasComPendentes(EU)).toEqual([caixaDe(EU), caixaDe(EU, 7), caixaDe(EU, 12), caixaDe(EU, 30)]);

      // The signal returns and 'online' fires twice while the first answers are on their way.
      celular.online = true;
      const rodadas = [enviarTodasAsCaixas(EU), enviarTodasAsCaixas(EU)];
      resposta.resolve();
      await Promise.all(rodadas);
      // A third round after all went sends nothing.
      await enviarTodasAsCaixas(EU);
    } finally {
      deixarDeAtuar();
    }
    expect(celular.http.calls.map(linha).sort()).toEqual([
      'reap/questionario-basico 120 12 reap-120',
      'reap/questionario-basico 300 30 reap-300',
      'reap/questionario-basico 70 7 reap-70',
      'solicitacao 121 12 chave-passo-2',
      'solicitacao 77 null chave-passo-3',
    ]);
    expect(await chaves()).toEqual([`${OUTRO}/solicitacao/99`]);
    expect(await caixasComPendentes(EU)).toEqual([]);
  });

  it('keeps a fisher\'s refusal in that fisher\'s box and still sends the others\'', async () => {
    await guardarNoCelular(caixaDe(EU, 7), 'reap/70', reap(70));
    await guardarNoCelular(caixaDe(EU, 8), 'reap/80', reap(80));
    const mensagem = 'Esta delegação foi revogada pelo pescador.';
    celular.http.post('/api/reap/questionario-basico', (config) => {
      const id = JSON.parse(config.data as string).id as number;
      return id === 70 ? fail(403, mensagem, { codigoErro: CodigoErro.REPRESENTACAO_RECUSADA }) : ok(questionarioReap({ id }));
    });
    await enviarTodasAsCaixas(EU);
    expect(celular.http.calls.map((c) => c.config.headers.get(CABECALHO_REPRESENTADO))).toEqual(['7', '8']);
    const ficou = await lerDoCelular<RegistroNoCelular<object, object, object>>(caixaDe(EU, 7), 'reap/70');
    expect(ficou?.conflito).toEqual({ codigoErro: CodigoErro.REPRESENTACAO_RECUSADA, mensagem });
    expect(await lerDoCelular(caixaDe(EU, 8), 'reap/80')).toBeUndefined();
  });
});

describe('the form records of an outbox, sent when the signal returns', () => {
  const registro = (id: number, envio: boolean): RegistroNoCelular<object, { id: number }, object> => ({
    form: {}, contexto: {}, pendente: { corpo: { id }, chave: `salvamento-${id}-abc`, envio }, conflito: null,
    atualizadoEm: new Date().toISOString(),
  });

  // Decision 0068: a sending goes with its idempotency key (a replay after a lost answer sends it once) and a draft
  // goes without one (it is the whole form; an autosave makes hundreds, which the server's quota of keys would refuse).
  it('go with the key for a sending and none for a draft, and leave the phone once the server has them', async () => {
    await guardarNoCelular(EU, 'reap/7', registro(7, true));
    await guardarNoCelular(EU, 'reap/8', registro(8, false));
    const enviados: Record<number, string | undefined> = {};
    await enviarFormulariosPendentes<object, { id: number }, object>(EU, 'reap/', async (_r, corpo, chave) => {
      enviados[corpo.id] = chave;
    });
    expect(enviados).toEqual({ 7: 'salvamento-7-abc', 8: undefined });
    expect(await lerDoCelular(EU, 'reap/7')).toBeUndefined();
    expect(await lerDoCelular(EU, 'reap/8')).toBeUndefined();
  });
});
