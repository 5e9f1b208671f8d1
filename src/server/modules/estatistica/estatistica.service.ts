import { hojeSaoPaulo } from '../../../shared/datas';
import { categoriaLabel, sexoLabel, situacaoRegistroLabel, SituacaoSolicitacao } from '../../../shared/enums';
import { FORMAS_ATUACAO } from '../../../shared/referencias';
import {
  FAIXA_MENOR_DE_18, FAIXAS_ETARIAS, LIMIAR_SUPRESSAO, MESES_SOLICITACOES, ROTULO_NAO_INFORMADO, rotuloMes,
  rotuloSituacaoSolicitacao, TEXTO_SUPRIMIDO, type Estatisticas, type ItemEstatistica,
} from '../../../shared/schemas/estatistica';
import { UFS } from '../../../shared/ufs';
import type { EstatisticaRepository, LinhaDimensao } from './estatistica.repository';

/** A count before suppression. */
interface Celula { chave: string; rotulo: string; total: number }

/**
 * Small-count suppression of one group of cells. When the group's sum is published and exactly one cell was
 * suppressed, subtraction would recover it: the smallest published cell goes with it.
 */
export function suprimir(celulas: Celula[], somaPublicada: boolean): ItemEstatistica[] {
  const itens = celulas.map((c) => ({ ...c, total: c.total < LIMIAR_SUPRESSAO ? null : c.total }));
  if (somaPublicada && itens.filter((i) => i.total === null).length === 1) {
    let menor = -1;
    itens.forEach((i, k) => {
      if (i.total !== null && (menor < 0 || i.total < itens[menor]!.total!)) menor = k;
    });
    if (menor >= 0) itens[menor]!.total = null;
  }
  return itens;
}

/** 'YYYY-MM-DD' minus whole years (29 February falls back to the 28th). */
function anosAntes(iso: string, anos: number): string {
  const [a, m, d] = iso.split('-').map(Number) as [number, number, number];
  const ano = a - anos;
  const bissexto = (ano % 4 === 0 && ano % 100 !== 0) || ano % 400 === 0;
  const dia = m === 2 && d === 29 && !bissexto ? 28 : d;
  return `${String(ano).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

/** 'YYYY-MM' of `mes` moved by `delta` months. */
function somarMeses(mes: string, delta: number): string {
  const total = Number(mes.slice(0, 4)) * 12 + Number(mes.slice(5, 7)) - 1 + delta;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

function celulasDe(linhas: LinhaDimensao[], dimensao: string, valores: readonly { chave: string; rotulo: string }[]): Celula[] {
  const por = new Map(linhas.filter((l) => l.dimensao === dimensao).map((l) => [l.chave, l.total]));
  const celulas = valores.map((v) => ({ ...v, total: por.get(v.chave) ?? 0 }));
  const conhecidas = new Set(valores.map((v) => v.chave));
  // Values outside the lists (a code added later) and the fishers without one are "not informed".
  const outros = [...por].filter(([chave]) => !conhecidas.has(chave)).reduce((s, [, t]) => s + t, 0);
  if (outros > 0) celulas.push({ chave: '', rotulo: ROTULO_NAO_INFORMADO, total: outros });
  return celulas;
}

const lista = <K extends number>(rotulos: Record<K, string>) =>
  Object.entries(rotulos).map(([chave, rotulo]) => ({ chave, rotulo: rotulo as string }));

/**
 * The open statistics, read from the kept totals, with small counts suppressed before anything leaves the server.
 * Anonymous: nothing here names a person, so nothing is audited.
 */
export class EstatisticaService {
  constructor(
    private readonly repo: EstatisticaRepository,
    private readonly opts: { now?: () => Date } = {},
  ) {}

  async consultar(uf: string | null): Promise<Estatisticas> {
    const hoje = hojeSaoPaulo(this.opts.now?.() ?? new Date());
    const limites = FAIXAS_ETARIAS.map((f) => anosAntes(hoje, f.de));
    const desde = somarMeses(hoje.slice(0, 7), -(MESES_SOLICITACOES - 1));
    const [dimensoes, municipios, faixas, solicitacoes] = await Promise.all([
      this.repo.dimensoes(),
      uf === null ? Promise.resolve([]) : this.repo.municipios(uf),
      this.repo.faixasEtarias(limites),
      this.repo.solicitacoes(desde),
    ]);
    const total = dimensoes.find((d) => d.dimensao === 'total')?.total ?? 0;

    // Age bands: band 0 is under 18 (shown only when there is someone), the last is "not informed".
    const porFaixa = new Map(faixas.map((f) => [f.faixa, f.total]));
    const comData = faixas.reduce((s, f) => s + f.total, 0);
    const celulasFaixa: Celula[] = [];
    if ((porFaixa.get(0) ?? 0) > 0) celulasFaixa.push({ ...FAIXA_MENOR_DE_18, total: porFaixa.get(0)! });
    FAIXAS_ETARIAS.forEach((f, i) => celulasFaixa.push({ chave: f.chave, rotulo: f.rotulo, total: porFaixa.get(i + 1) ?? 0 }));
    if (total - comData > 0) celulasFaixa.push({ chave: '', rotulo: ROTULO_NAO_INFORMADO, total: total - comData });

    const meses = Array.from({ length: MESES_SOLICITACOES }, (_, i) => somarMeses(desde, i));
    const situacoes = [...new Set([
      SituacaoSolicitacao.ENVIADA, SituacaoSolicitacao.EM_ANALISE, SituacaoSolicitacao.DEFERIDA, SituacaoSolicitacao.FINALIZADA,
      ...solicitacoes.map((s) => s.situacao),
    ])].sort((a, b) => a - b);
    const porMes = new Map(solicitacoes.map((s) => [`${s.mes}/${s.situacao}`, s.total]));

    return {
      referencia: hoje,
      totalPescadores: total < LIMIAR_SUPRESSAO ? null : total,
      porUf: suprimir(celulasDe(dimensoes, 'uf', UFS.map((u) => ({ chave: u.sigla, rotulo: u.nome }))), true),
      porCategoria: suprimir(celulasDe(dimensoes, 'categoria', lista(categoriaLabel)), true),
      porSexo: suprimir(celulasDe(dimensoes, 'sexo', lista(sexoLabel)), true),
      porFaixaEtaria: suprimir(celulasFaixa, true),
      porAtividade: suprimir(celulasDe(dimensoes, 'atividade', FORMAS_ATUACAO.map((f) => ({ chave: String(f.id), rotulo: f.descricao }))), true),
      porSituacaoRegistro: suprimir(celulasDe(dimensoes, 'situacao', lista(situacaoRegistroLabel)), true),
      municipios: {
        uf,
        // The state's municipalities add up to (about) its published total: suppressed as a group.
        itens: suprimir(municipios.map((m) => ({ chave: String(m.id), rotulo: m.nome, total: m.total })), true),
      },
      // Only the cells are published (no month or situation totals), so no cell can be recovered from a sum.
      solicitacoesPorMes: meses.map((mes) => ({
        mes,
        situacoes: suprimir(situacoes.map((s) => ({
          chave: String(s), rotulo: rotuloSituacaoSolicitacao(s), total: porMes.get(`${mes}/${s}`) ?? 0,
        })), false),
      })),
    };
  }

  /** The same numbers as the page, suppressed the same way, with every state's municipalities. */
  async csv(): Promise<string> {
    const e = await this.consultar(null);
    const municipiosPorUf = new Map<string, Celula[]>();
    for (const m of await this.repo.municipios(null)) {
      const lista = municipiosPorUf.get(m.uf) ?? [];
      lista.push({ chave: String(m.id), rotulo: `${m.nome} (${m.uf})`, total: m.total });
      municipiosPorUf.set(m.uf, lista);
    }
    const linhas: string[][] = [['Tabela', 'Item', 'Quantidade']];
    const tabela = (nome: string, itens: ItemEstatistica[]) => {
      for (const i of itens) linhas.push([nome, i.rotulo, i.total === null ? TEXTO_SUPRIMIDO : String(i.total)]);
    };
    linhas.push(['Pescadores com registro', 'Total', e.totalPescadores === null ? TEXTO_SUPRIMIDO : String(e.totalPescadores)]);
    tabela('Pescadores por UF', e.porUf);
    tabela('Pescadores por categoria', e.porCategoria);
    tabela('Pescadores por sexo', e.porSexo);
    tabela(`Pescadores por faixa etária em ${e.referencia.split('-').reverse().join('/')}`, e.porFaixaEtaria);
    tabela('Pescadores por forma de atuação', e.porAtividade);
    tabela('Pescadores por situação do registro', e.porSituacaoRegistro);
    for (const u of UFS) tabela('Pescadores por município', suprimir(municipiosPorUf.get(u.sigla) ?? [], true));
    for (const m of e.solicitacoesPorMes) {
      tabela('Solicitações enviadas por mês e situação atual', m.situacoes.map((s) => ({ ...s, rotulo: `${rotuloMes(m.mes)} – ${s.rotulo}` })));
    }
    const campo = (v: string) => (/[";\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    return `\uFEFF${linhas.map((l) => l.map(campo).join(';')).join('\r\n')}\r\n`;
  }
}
