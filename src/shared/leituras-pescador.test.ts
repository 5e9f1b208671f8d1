import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Contrato } from './contrato';
import * as lgpd from './contratos/lgpd';
import * as notificacao from './contratos/notificacao';
import * as pescador from './contratos/pescador';
import * as reap from './contratos/reap-situacao-verificacao';
import * as solicitacao from './contratos/solicitacao';
import { lerCom } from './leitor';
import * as leituras from './leituras-pescador';

/**
 * The fisher's /home reads these answers without zod (decision 0130); the server answers them, and the OpenAPI document
 * prints them, with the contracts' schemas. Each reader must take and refuse what its schema does and give what its
 * parse gives: checked on a valid answer and on every variant made by breaking one of its values.
 */

const rgp = {
  numeroRGP: 'SP-123', numeroPrimeiroRGP: null, orgao: 'MPA', dataPrimeiroRgp: '2020-01-02', origem: null, situacao: 1,
  dataSuspensoCancelado: null, podeAcessarSistema: true, situacaoDescricao: 'Ativo',
};
const resumo = {
  id: 7, tipo: 1, tipoDescricao: 'Registro inicial', situacao: 2, situacaoDescricao: 'Enviada', passo: 5, idPescador: 3,
  dataCriacao: '2026-01-02T10:00:00Z', dataEnvio: null, numeroProtocolo: '2026000001', nomePescador: 'JOSE',
};
const acesso = { id: '12', criadoEm: '2026-03-04T05:06:07Z', tipo: 'VISUALIZACAO', descricao: 'Viu', orgao: 'SP', nomeOrgao: null, perfil: 'Analista' };

const CASOS: [string, leituras.Leitura<unknown>, Contrato, unknown[]][] = [
  ['totalizadores', leituras.totalizadores, solicitacao.totalizadores,
    [{ rascunhos: 1, enviadas: 2, deferidas: 0, finalizadas: 0, emAnalise: 3, emAtualizacao: 0, todas: 6 }]],
  ['rgp', leituras.rgp, pescador.rgp, [rgp, { ...rgp, numeroRGP: null, situacao: null, situacaoDescricao: null }]],
  ['consultaEdicaoRegistro', leituras.consultaEdicaoRegistro, solicitacao.consultarEdicaoRegistro,
    [{ podeEditar: true, idSolicitacaoOrigem: 4, motivo: null }, { podeEditar: false, idSolicitacaoOrigem: null, motivo: 'Não' }]],
  ['situacaoReap', leituras.situacaoReap, reap.situacao, [
    { devidas: [{ ano: 2025, fimPreenchimento: '2026-12-31' }, { ano: 2024, fimPreenchimento: null }], motivo: null, anoInicioRegistro: 2020, anosSuspensao: [2023] },
    { devidas: [], motivo: 'todasEnviadas', anoInicioRegistro: null, anosSuspensao: [] },
    { devidas: [{ ano: 2024, fimPreenchimento: '2024-02-29' }], motivo: 'semRgp', anoInicioRegistro: null, anosSuspensao: [] },
    { devidas: [{ ano: 2023, fimPreenchimento: '2023-02-28' }], motivo: 'registroRecente', anoInicioRegistro: null, anosSuspensao: [] },
  ]],
  ['seguroDefeso', leituras.seguroDefeso, pescador.seguroDefeso, [
    { situacaoDescricao: 'Ativo', ativoDesde: '2020-03-10', ativoHaUmAnoOuMais: true, umAnoEm: null, reapAnosPendentes: [], categoriaDescricao: 'Artesanal', artesanal: true, atende: true },
    { situacaoDescricao: 'Suspenso', ativoDesde: null, ativoHaUmAnoOuMais: false, umAnoEm: null, reapAnosPendentes: [2024, 2025], categoriaDescricao: null, artesanal: false, atende: false },
    { situacaoDescricao: null, ativoDesde: '2026-02-28', ativoHaUmAnoOuMais: false, umAnoEm: '2027-02-28', reapAnosPendentes: [], categoriaDescricao: 'Industrial', artesanal: false, atende: false },
  ]],
  ['solicitacoes', leituras.solicitacoes, solicitacao.listar, [{ total: 1, solicitacoes: [resumo] }, { total: 0, solicitacoes: [] }]],
  ['notificacoesNaoLidas', leituras.notificacoesNaoLidas, notificacao.naoLidas,
    [[{ id: 1, tipo: 2, conteudo: 'Aviso', urlRedirecionamento: '/home' }, { id: 2, tipo: 3, conteudo: '', urlRedirecionamento: null }], []]],
  ['acessosAosMeusDados', leituras.acessosAosMeusDados, lgpd.acessos,
    [{ acessos: [acesso, { ...acesso, tipo: 'ALTERACAO', orgao: null }], proximo: '11' }, { acessos: [], proximo: null }]],
];

const ESTRAGOS: unknown[] = [undefined, null, '1', 1, 1.5, -0, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY, true, [], {}, 'VISUALIZACAO', '2026-13-01', '2023-02-29', '2024-2-01'];

/** The value, and every value made by replacing one of its parts (or dropping a key, or adding one). */
function variantes(valor: unknown): unknown[] {
  const lista: unknown[] = [valor, ...ESTRAGOS];
  if (Array.isArray(valor)) {
    valor.forEach((item, i) => {
      for (const v of variantes(item)) lista.push(valor.map((x, j) => (j === i ? v : x)));
    });
    lista.push([...valor, ...valor.slice(0, 1)]);
  } else if (valor !== null && typeof valor === 'object') {
    const objeto = valor as Record<string, unknown>;
    for (const chave of Object.keys(objeto)) {
      const { [chave]: _, ...sem } = objeto;
      lista.push(sem);
      for (const v of variantes(objeto[chave])) lista.push({ ...objeto, [chave]: v });
    }
    lista.push({ ...objeto, extra: 1 });
  }
  return lista;
}

describe('the readers of the fisher /home (decision 0130)', () => {
  it.each(CASOS)('%s: the contract takes its route from the reader', (_, leitura, contrato) => {
    expect(`${contrato.metodo} ${contrato.caminho}`).toBe(`${leitura.metodo} ${leitura.caminho}`);
    // Which decides whether an agent's read goes for the fisher it picked (decision 0110).
    expect([[contrato.tag].flat()[0], contrato.permissao]).toEqual([leitura.tag, leitura.permissao]);
  });

  it.each(CASOS)('%s: takes, refuses and reads what the schema does', (_, leitura, contrato, amostras) => {
    const schema = contrato.resposta as z.ZodType;
    let aceitas = 0;
    let recusadas = 0;
    for (const amostra of amostras) {
      expect(schema.safeParse(amostra).success, JSON.stringify(amostra)).toBe(true);
      for (const v of variantes(amostra)) {
        const esperado = schema.safeParse(v);
        expect(lerCom(leitura.ler, v), JSON.stringify(v)).toEqual(esperado.success ? esperado.data : null);
        if (esperado.success) aceitas++;
        else recusadas++;
      }
    }
    expect(aceitas).toBeGreaterThan(0);
    expect(recusadas).toBeGreaterThan(0);
  });
});
