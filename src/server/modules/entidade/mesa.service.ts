import { sql } from 'drizzle-orm';
import { formatCpf } from '../../../shared/cpf';
import { formatarData, hojeSaoPaulo } from '../../../shared/datas';
import { type SituacaoRegistro, situacaoRegistroLabel } from '../../../shared/enums';
import { exibirRgp } from '../../../shared/rgp';
import {
  type FiltroCsvMesa, type FiltroMesa, type MesaAgente, SituacaoDelegacao, situacaoDelegacaoLabel,
} from '../../../shared/schemas/entidade';
import { celulaCodigoCsv, celulaCsv } from '../../lib/celula-csv';
import { auditoriaPorLinha, doAtor, type EventoAuditoria } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { recusaDoVinculo } from './delegacao.service';
import type { DepsEntidade } from './entidade.service';
import type { AuditarPagina, LinhaMesa, MesaRepository } from './mesa.repository';

export interface DepsMesa extends DepsEntidade {
  mesa: MesaRepository;
}

/** The CSV is read from the database this many fishers at a time (keyset), each batch audited before it is sent. */
const LOTE_CSV = 1_000;

const CABECALHO_CSV = [
  'Nome', 'CPF', 'UF', 'RGP', 'Situação do registro', 'REAPs devidas', 'Prazo da REAP mais antiga', 'Pedidos em andamento',
  'Recursos pendentes', 'Delegação', 'Delegação até',
];

/** The name typed is a fisher's name: the audit keeps only that there was one. */
function filtrosAuditados(f: FiltroCsvMesa): Record<string, unknown> {
  const { nome, ...resto } = f;
  return { ...resto, ...(nome ? { nome: '***' } : {}) };
}

/**
 * The agent's desk (decision 0118): the fishers the agent's entities represent, filtered, counted, in keyset pages
 * and as CSV. Each fisher listed, on a page or in a CSV, is a view of their data: one audit row per fisher, which
 * they see among who accessed their data ("Agente da {entidade}").
 */
export class MesaService {
  constructor(private readonly deps: DepsMesa) {}

  /** The agent's links, and the entities it may act for today (link, entity and act valid). */
  async #entidades(ator: AuthContext) {
    const vinculos = await this.deps.repo.vinculosDoAgente(ator.cpf);
    const hoje = hojeSaoPaulo(this.deps.now());
    return {
      hoje, vinculos,
      validas: vinculos.filter((v) => recusaDoVinculo(v, hoje) === null).map((v) => v.entidade.id),
      nomes: new Map(vinculos.map((v) => [v.entidade.id, v.entidade.nome])),
    };
  }

  /** Nothing of the registry while the consent term awaits an analyst: the entity typed the name and CPF itself. */
  static #semDadosSePendente(r: LinhaMesa): LinhaMesa {
    if (r.situacaoDelegacao === SituacaoDelegacao.ATIVA) return r;
    return { ...r, situacaoPescador: null, numeroRgp: null, reapsDevidas: null, prazoReap: null, solicitacoesEmAndamento: null, recursosPendentes: null };
  }

  #auditoria(ator: AuthContext, recurso: string, linhas: LinhaMesa[], nomes: Map<number, string>, extra: Record<string, unknown>): EventoAuditoria[] {
    return linhas.map((r) => ({
      acao: 'MESA_AGENTE_LIDA', ...doAtor(ator), recurso, recursoId: r.idEntidade, pescadorId: r.idPescador,
      detalhes: { idEntidade: r.idEntidade, entidade: nomes.get(r.idEntidade) ?? null, ...extra },
    }));
  }

  /** `#auditoria`'s rows, as SQL over the page's CTE (its columns "idPescador" and "idEntidade"). */
  #auditarNaLeitura(ator: AuthContext, nomes: Map<number, string>): AuditarPagina {
    const nomePorId = JSON.stringify(Object.fromEntries(nomes));
    return (de) => auditoriaPorLinha({ acao: 'MESA_AGENTE_LIDA', ...doAtor(ator), recurso: 'representacao/pescadores' }, de, {
      pescadorId: sql`"idPescador"`,
      recursoId: sql`"idEntidade"`,
      detalhes: sql`jsonb_build_object('idEntidade', "idEntidade", 'entidade', ${nomePorId}::jsonb ->> "idEntidade"::text)`,
    });
  }

  /** The count and one page, read at once. */
  async pagina(ator: AuthContext, f: FiltroMesa): Promise<MesaAgente> {
    const { hoje, vinculos, validas, nomes } = await this.#entidades(ator);
    const auditar = async (ls: LinhaMesa[]) => {
      await Promise.all(this.#auditoria(ator, 'representacao/pescadores', ls, nomes, {}).map((e) => this.deps.auditoria.registrar(e)));
      return ls;
    };
    // The first page carries its count and writes its audit rows in the same statement (decisions 0215, 0250): one
    // round trip and one commit for what the agent reads. A later page (keyset, `apos`) cannot count that way (its
    // rows start after the cursor); its audit rows are written while the count still runs (through the audit's shared
    // batch insert). Either way the audit is committed before anything is answered.
    const [total, linhas] = f.apos === undefined
      ? await this.deps.mesa.primeiraPagina(validas, f, f.tamanhoPagina, hoje, this.deps.db, this.#auditarNaLeitura(ator, nomes))
        .then((p) => [p.total, p.linhas] as const)
      : await Promise.all([this.deps.mesa.contar(validas, f, hoje), this.deps.mesa.pagina(validas, f, f.tamanhoPagina, hoje).then(auditar)]);
    const ultima = linhas.length === f.tamanhoPagina ? linhas[linhas.length - 1] : undefined;
    return {
      entidades: vinculos.map((v) => ({ id: v.entidade.id, nome: v.entidade.nome, situacao: v.entidade.situacao, validadeAgente: v.validade })),
      total,
      representados: linhas.map(MesaService.#semDadosSePendente).map(({ idEntidade: _e, ...r }) => r),
      proximo: ultima?.idPescador ?? null,
    };
  }

  /**
   * Every fisher the filter finds, as CSV (separator ;): read LOTE_CSV at a time by the same keyset as the pages, each
   * batch audited (one row per fisher, naming the filter) before its lines are sent. A cell a spreadsheet would run
   * as a formula is written as text (celula-csv).
   */
  async *csv(ator: AuthContext, f: FiltroCsvMesa): AsyncGenerator<string> {
    const { hoje, validas, nomes } = await this.#entidades(ator);
    const extra = { formato: 'csv', filtros: filtrosAuditados(f) };
    yield `${CABECALHO_CSV.join(';')}\r\n`;
    let apos: number | undefined;
    for (;;) {
      const linhas = await this.deps.mesa.pagina(validas, { ...f, apos }, LOTE_CSV, hoje);
      if (linhas.length === 0) return;
      await this.deps.auditoria.registrarVarios(this.#auditoria(ator, 'representacao/pescadores/csv', linhas, nomes, extra), this.deps.db);
      yield linhas.map(MesaService.#semDadosSePendente).map((r) => [
        celulaCsv(r.nome), celulaCodigoCsv(formatCpf(r.cpf)), celulaCsv(r.uf), celulaCodigoCsv(r.numeroRgp ? exibirRgp(r.numeroRgp) : null),
        celulaCsv(r.situacaoPescador === null ? null : situacaoRegistroLabel[r.situacaoPescador as SituacaoRegistro] ?? null),
        celulaCsv(r.reapsDevidas), celulaCsv(r.prazoReap ? formatarData(r.prazoReap) : null), celulaCsv(r.solicitacoesEmAndamento),
        celulaCsv(r.recursosPendentes), celulaCsv(situacaoDelegacaoLabel[r.situacaoDelegacao as SituacaoDelegacao] ?? null),
        celulaCsv(formatarData(r.fim)),
      ].join(';')).join('\r\n') + '\r\n';
      if (linhas.length < LOTE_CSV) return;
      apos = linhas[linhas.length - 1]!.idPescador;
    }
  }
}
