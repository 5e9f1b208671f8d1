import { type SQL, sql } from 'drizzle-orm';
import { formatCpf } from '../../../shared/cpf';
import { Perfil, perfilLabel } from '../../../shared/enums';
import { pode } from '../../../shared/permissoes';
import {
  MENSAGENS_AUDITORIA, TAMANHO_PAGINA_AUDITORIA, type AcessoAosMeusDados, type AcessosAosMeusDados, type FiltrosAuditoria,
  type AcessoExportado, type PaginaAuditoria,
} from '../../../shared/schemas/auditoria';
import type { Database, Executor } from '../../db/client';
import { auditoria } from '../../db/schema';
import { Agrupador } from '../../lib/agrupador';
import { AppError } from '../../lib/errors';
import { pescadorDoAtor } from '../escopo';
import { AuditoriaRepository, type IdentificacaoPescador, type LinhaAcesso } from './auditoria.repository';

export interface EventoAuditoria {
  acao: string;
  cpfAtor?: string | null;
  perfilAtor?: number | null;
  sessaoId?: string | null;
  recurso?: string | null;
  recursoId?: string | number | null;
  ip?: string | null;
  sucesso?: boolean;
  detalhes?: Record<string, unknown> | null;
  pescadorId?: number | null;
  /** Decision 0032. */
  orgaoAtor?: string | null;
}

export interface Ator {
  cpf: string;
  perfil: number;
  sessaoId: string;
  ip: string;
  siglaOrgao?: string | null;
}

const ACESSOS_POR_PAGINA = 20;

const RECURSO_PARA_PESCADOR: Record<string, string> = {
  'pescador': 'seu cadastro',
  'pescador/endereco': 'seu endereço',
  'pescador/legado': 'seu registro migrado do sistema anterior',
  'pescador-rgp': 'os dados do seu RGP',
  'integracao-consulta': 'a situação do seu registro (consulta de outro órgão)',
  'integracao-eventos': 'as mudanças do seu registro (acompanhamento de outro órgão)',
  'pescador/carteira': 'sua carteira de pescador profissional',
  'solicitacao': 'sua solicitação',
  'solicitacao/documentos': 'os documentos da sua solicitação',
  'solicitacao/protocolo': 'o comprovante da sua solicitação',
  'solicitacao-edicao-registro': 'seu cadastro',
  'documento': 'um documento seu',
  'analise-solicitacao': 'a análise da sua solicitação',
  // The signals are part of the analysis; told neutrally (decision 0112).
  'sinal-solicitacao': 'a análise da sua solicitação',
  // Another request's analysis named this fisher's request as sharing a file: told neutrally too.
  'sinal-solicitacao/arquivo-repetido': 'o número de protocolo da sua solicitação',
  'indeferimento': 'o indeferimento da sua solicitação',
};

/** Anything else about the fisher that is not a view reads as a change of their data. */
const ACAO_PARA_PESCADOR: Record<string, string> = {
  ANALISE_INICIADA: 'Iniciou a análise da sua solicitação',
  ANALISE_CANCELADA: 'Cancelou o início da análise da sua solicitação',
  SINAL_MARCADO: 'Registrou uma conferência na análise da sua solicitação',
  ANALISE_CONCLUIDA: 'Concluiu a análise da sua solicitação',
  PARECER_ANEXADO: 'Anexou um parecer à análise da sua solicitação',
  PRIMEIRO_RGP_ALTERADO: 'Corrigiu os dados do seu primeiro RGP',
};

const ACAO_VISUALIZACAO = 'VISUALIZACAO_DADOS_PESSOAIS';

const PERFIL_DE_CLIENTE = 'Sistema do órgão (integração)';

/** Cut to fit the columns, never refused for its length. */
const TAMANHO = { acao: 60, recurso: 200, recursoId: 120 } as const;

function cortar(v: string | null | undefined, n: number): string | null {
  return v === undefined || v === null ? null : v.slice(0, n);
}

/** A view of personal data that cannot be audited is not served; refusals and sign-outs are best effort. */
export class AuditoriaService {
  #falhas = 0;
  readonly #repo: AuditoriaRepository;
  /** Decision 0040. */
  readonly #lote: Agrupador<LinhaAuditoria, void>;

  constructor(
    private readonly db: Database,
    /** Never told the actor. */
    private readonly onFailure: (err: unknown, acao: string) => void = () => undefined,
    leitura: Database = db,
  ) {
    this.#repo = new AuditoriaRepository(db, leitura);
    this.#lote = new Agrupador((linhas) => this.#inserirLote(linhas));
  }

  /** Nothing acknowledged is cut short by a shutdown. */
  esvaziar(): Promise<void> {
    return this.#lote.esvaziar();
  }

  /** Shown by /api/health, so a silent trail is seen. */
  get falhas(): number {
    return this.#falhas;
  }

  /** The action and its record together. */
  async registrar(e: EventoAuditoria, ex: Executor = this.db): Promise<void> {
    const linha = linhaDe(e);
    if (ex === this.db) return this.#lote.enviar(linha);
    await ex.insert(auditoria).values(linha);
  }

  /**
   * One row per event, committed with the caller's change (a batch decision audits each appeal): one statement of
   * eleven array parameters, not a VALUES list of eleven parameters per row (2,000 rows were 22,000 bound values and
   * as many objects to build on every chunk of a batch decision).
   */
  async registrarVarios(es: EventoAuditoria[], tx: Executor): Promise<void> {
    if (es.length === 0) return;
    const valores = colunasDe(es.map(linhaDe));
    await tx.execute(sql`${sql.raw(INSERIR_AUDITORIA_SEM_PARAMETROS)} ${sql.join(valores.map((v, i) => sql`${sql.param(v)}::${sql.raw(TIPOS_COLUNAS[i]!)}`), sql`, `)})`);
  }

  /** The statement's text never changes and is prepared once. */
  async #inserirLote(linhas: LinhaAuditoria[]): Promise<void[]> {
    await this.db.$client.query({ name: 'auditoria_inserir_lote', text: INSERIR_AUDITORIA, values: colunasDe(linhas) });
    return linhas.map(() => undefined);
  }

  async tentarRegistrar(e: EventoAuditoria): Promise<void> {
    try {
      await this.registrar(e);
    } catch (err) {
      this.registrarFalha(err, e.acao);
    }
  }

  /** An event that could not be written, counted for /api/health, by a caller that wrote it itself. */
  registrarFalha(err: unknown, acao: string): void {
    this.#falhas++;
    this.onFailure(err, acao);
  }

  /** LGPD transparency: the fisher sees the view on their /home. */
  async visualizacao(
    ator: Ator, recurso: string, recursoId: string | number, detalhes?: Record<string, unknown> | null, pescadorId?: number | null,
  ): Promise<void> {
    await this.registrar({
      acao: ACAO_VISUALIZACAO,
      ...doAtor(ator),
      recurso,
      recursoId,
      detalhes: detalhes ?? null,
      pescadorId: pescadorId ?? null,
    });
  }

  /**
   * A machine client's read of fishers' data (decisions 0120, 0127): one audit row per read (a feed page, a lookup, a
   * webhook batch) naming the client and the purpose it declared, and beside it, in the same statement, the ids of
   * every fisher it read; the fisher sees it on their /home like a staff view.
   */
  async visualizacoesDeCliente(
    cliente: { id: number; clientId: string; orgao: string; ip: string | null }, recurso: string, pescadorIds: readonly number[],
    detalhes: Record<string, unknown>,
  ): Promise<void> {
    if (pescadorIds.length === 0) return;
    await this.db.$client.query({
      name: 'auditoria_visualizacoes_cliente',
      text: `WITH a AS (
          INSERT INTO auditoria (acao, recurso, recurso_id, ip, orgao_ator, detalhes) VALUES ($1, $2, $3, $4::inet, $5, $6::jsonb)
          RETURNING id)
        INSERT INTO auditoria_pescadores (auditoria_id, pescador_ids) SELECT a.id, $7::integer[] FROM a`,
      values: [
        ACAO_VISUALIZACAO, cortar(recurso, TAMANHO.recurso), String(cliente.id), cliente.ip, cliente.orgao.slice(0, 20),
        JSON.stringify({ clientId: cliente.clientId, orgao: cliente.orgao, ...detalhes, pescadores: pescadorIds.length }), pescadorIds,
      ],
    });
  }

  /** Keyset pages cost the same at any depth (decision 0032). Reading the audit is itself audited. */
  async listar(ator: Ator, f: FiltrosAuditoria): Promise<PaginaAuditoria> {
    if (!pode(ator.perfil, 'auditoria.ler')) throw AppError.forbidden(MENSAGENS_AUDITORIA.semPermissao);
    const tamanho = f.tamanhoPagina ?? TAMANHO_PAGINA_AUDITORIA.padrao;
    const linhas = await this.#repo.pagina(f, tamanho);
    const pagina = linhas.slice(0, tamanho);
    const { apos, tamanhoPagina: _t, ...filtros } = f;
    await this.registrar({
      acao: 'CONSULTA_AUDITORIA', ...doAtor(ator), recurso: 'auditoria',
      detalhes: { filtros, apos: apos ?? null, resultados: pagina.length },
    });
    return {
      registros: pagina.map((l) => ({
        id: l.id,
        criadoEm: l.criado_em.toISOString(),
        acao: l.acao,
        cpfAtor: l.cpf_ator ? formatCpf(l.cpf_ator) : null,
        perfilAtor: l.perfil_ator === null ? null : { id: l.perfil_ator, descricao: perfilLabel[l.perfil_ator as Perfil] ?? String(l.perfil_ator) },
        orgaoAtor: l.orgao_ator,
        recurso: l.recurso,
        recursoId: l.recurso_id,
        idPescador: l.pescador_id,
        ip: l.ip,
        sucesso: l.sucesso,
        detalhes: l.detalhes === null || l.detalhes === undefined ? null : JSON.stringify(l.detalhes),
      })),
      proximo: linhas.length > tamanho ? pagina[pagina.length - 1]!.id : null,
    };
  }

  /** The agency and the profile, never the person (LGPD art. 6, VI; decision 0032). */
  async acessosDoPescador(ator: Ator & { idPescador: number | null }, apos?: string): Promise<AcessosAosMeusDados> {
    const idPescador = pescadorDoAtor(ator);
    const linhas = await this.#repo.acessosAoPescador(idPescador, apos, ACESSOS_POR_PAGINA);
    const pagina = linhas.slice(0, ACESSOS_POR_PAGINA);
    return {
      acessos: pagina.map((l): AcessoAosMeusDados => {
        if (l.perfil_ator === Perfil.INTERESSADO) return acessoDeAgente(l);
        const visualizacao = l.acao === ACAO_VISUALIZACAO;
        const oQue = (l.recurso && RECURSO_PARA_PESCADOR[l.recurso]) ?? 'seus dados';
        return {
          id: l.id,
          criadoEm: l.criado_em.toISOString(),
          tipo: visualizacao ? 'VISUALIZACAO' : 'ALTERACAO',
          descricao: visualizacao ? `Visualizou ${oQue}` : ACAO_PARA_PESCADOR[l.acao] ?? 'Alterou seus dados',
          orgao: l.orgao_ator,
          nomeOrgao: l.nome_orgao,
          // A machine client has no profile: the agency's system read it (decision 0120).
          perfil: l.perfil_ator === null ? PERFIL_DE_CLIENTE : perfilLabel[l.perfil_ator as Perfil] ?? 'Servidor',
        };
      }),
      proximo: linhas.length > ACESSOS_POR_PAGINA ? pagina[pagina.length - 1]!.id : null,
    };
  }

  /** LGPD export (decision 0044): never the staff member's name or CPF, nor report filters, which may name others. */
  async todosAcessosDoPescador(
    ator: Ator & { idPescador: number | null }, identificacao: IdentificacaoPescador,
  ): Promise<AcessoExportado[]> {
    pescadorDoAtor(ator);
    const acessos: AcessoExportado[] = [];
    let apos: string | undefined;
    do {
      const pagina = await this.acessosDoPescador(ator, apos);
      acessos.push(...pagina.acessos);
      apos = pagina.proximo ?? undefined;
    } while (apos);
    for (const l of await this.#repo.relatoriosQueNomeiam(identificacao, ACOES_RELATORIO)) {
      acessos.push({
        id: l.id,
        criadoEm: l.criado_em.toISOString(),
        tipo: 'RELATORIO',
        descricao: l.acao === 'RELATORIO_PESCADORES_PREVIA'
          ? 'Consultou um relatório de pescadores filtrado pelos seus dados'
          : 'Emitiu um relatório de pescadores filtrado pelos seus dados',
        orgao: l.orgao_ator,
        nomeOrgao: l.nome_orgao,
        perfil: perfilLabel[l.perfil_ator as Perfil] ?? 'Servidor',
      });
    }
    return acessos.sort((a, b) => (a.criadoEm === b.criadoEm ? Number(b.id) - Number(a.id) : b.criadoEm.localeCompare(a.criadoEm)));
  }
}

/** An entity's agent: the entity names them, never the person (decision 0110). */
function acessoDeAgente(l: LinhaAcesso): AcessoAosMeusDados {
  const entidade = l.entidade ?? 'entidade representativa';
  const mesa = l.acao === 'MESA_AGENTE_LIDA';
  const leitura = mesa || l.metodo === 'GET';
  return {
    id: l.id,
    criadoEm: l.criado_em.toISOString(),
    tipo: leitura ? 'VISUALIZACAO' : 'ALTERACAO',
    descricao: mesa ? 'Viu você na lista de pescadores que representa' : leitura ? 'Consultou seus dados em seu nome' : 'Agiu em seu nome',
    orgao: null,
    nomeOrgao: null,
    perfil: `Agente da ${entidade}`,
  };
}

const ACOES_RELATORIO = ['RELATORIO_PESCADORES', 'RELATORIO_PESCADORES_PREVIA'] as const;

type LinhaAuditoria = {
  acao: string;
  cpfAtor: string | null;
  perfilAtor: number | null;
  sessaoId: string | null;
  recurso: string | null;
  recursoId: string | null;
  ip: string | null;
  sucesso: boolean;
  detalhes: Record<string, unknown> | null;
  pescadorId: number | null;
  orgaoAtor: string | null;
};

/** The audit table's columns as arrays, one element per row, in INSERIR_AUDITORIA's order. */
const TIPOS_COLUNAS = ['varchar[]', 'char(11)[]', 'smallint[]', 'uuid[]', 'varchar[]', 'varchar[]', 'inet[]', 'boolean[]', 'jsonb[]', 'integer[]', 'varchar[]'];
const INSERIR_AUDITORIA_SEM_PARAMETROS = `INSERT INTO auditoria (acao, cpf_ator, perfil_ator, sessao_id, recurso, recurso_id, ip, sucesso, detalhes, pescador_id, orgao_ator)
  SELECT * FROM unnest(`;
const INSERIR_AUDITORIA = `${INSERIR_AUDITORIA_SEM_PARAMETROS}${TIPOS_COLUNAS.map((t, i) => `$${i + 1}::${t}`).join(', ')})`;

function colunasDe(linhas: LinhaAuditoria[]): unknown[][] {
  const col = <K extends keyof LinhaAuditoria>(k: K) => linhas.map((l) => l[k]);
  return [col('acao'), col('cpfAtor'), col('perfilAtor'), col('sessaoId'), col('recurso'), col('recursoId'), col('ip'),
    col('sucesso'), linhas.map((l) => (l.detalhes === null ? null : JSON.stringify(l.detalhes))), col('pescadorId'), col('orgaoAtor')];
}

/**
 * One audit row per row of `de` (a CTE of the caller's statement), written by that statement: a read and its audit
 * in one round trip, committed together (decision 0250). The event's own columns are cut as `registrar` cuts them;
 * the row's fisher, record and details are SQL over `de`'s columns.
 */
export function auditoriaPorLinha(
  modelo: Omit<EventoAuditoria, 'pescadorId' | 'recursoId' | 'detalhes'>, de: SQL, porLinha: { pescadorId: SQL; recursoId: SQL; detalhes: SQL },
): SQL {
  const l = linhaDe(modelo);
  return sql`INSERT INTO auditoria (acao, cpf_ator, perfil_ator, sessao_id, recurso, recurso_id, ip, sucesso, detalhes, pescador_id, orgao_ator)
    SELECT ${l.acao}::varchar, ${l.cpfAtor}::char(11), ${l.perfilAtor}::smallint, ${l.sessaoId}::uuid, ${l.recurso}::varchar,
      left((${porLinha.recursoId})::text, ${TAMANHO.recursoId}), ${l.ip}::inet, ${l.sucesso}, ${porLinha.detalhes}, ${porLinha.pescadorId}, ${l.orgaoAtor}::varchar
    FROM ${de}`;
}

/** Profile and agency are stored at write time (decision 0032). */
export function doAtor(ator: Ator): Pick<EventoAuditoria, 'cpfAtor' | 'perfilAtor' | 'sessaoId' | 'ip' | 'orgaoAtor'> {
  return { cpfAtor: ator.cpf, perfilAtor: ator.perfil, sessaoId: ator.sessaoId, ip: ator.ip, orgaoAtor: ator.siglaOrgao ?? null };
}

function linhaDe(e: EventoAuditoria): LinhaAuditoria {
  return {
    acao: cortar(e.acao, TAMANHO.acao)!,
    cpfAtor: e.cpfAtor ?? null,
    perfilAtor: e.perfilAtor ?? null,
    sessaoId: e.sessaoId ?? null,
    recurso: cortar(e.recurso, TAMANHO.recurso),
    recursoId: cortar(e.recursoId === undefined || e.recursoId === null ? null : String(e.recursoId), TAMANHO.recursoId),
    ip: e.ip ?? null,
    sucesso: e.sucesso ?? true,
    detalhes: e.detalhes ?? null,
    pescadorId: e.pescadorId ?? null,
    orgaoAtor: e.orgaoAtor ?? null,
  };
}
