import { partesSaoPaulo } from '../../../shared/datas';
import { MENSAGENS_SOLICITACAO_API, type SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import { type Database, type Executor } from '../../db/client';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { auditarVisaoDoServidor, pescadorNoEscopo } from '../escopo';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import type { PescadorRow, PescadorService } from '../pescador/pescador.service';
import { detalheDe } from './detalhe';
import { enviarRascunho } from './envio';
import type { SolicitacaoRepository, SolicitacaoRow } from './solicitacao.repository';
import { definicaoDe, type AberturaDeAnalise, type ContextoAbertura, type Recursos } from './tipos';

/** An answer about one request: the request and the message to show. */
export interface Resultado {
  detalhe: SolicitacaoDetalheResposta;
  mensagem: string;
}

/** What the request services are built from (one set, shared by the services of this module). */
export interface DependenciasSolicitacao {
  db: Database;
  repo: SolicitacaoRepository;
  auditoria: AuditoriaService;
  pescadores: PescadorService;
  notificacoes: NotificacaoService;
  /** Opens the analysis of a sent request (the analysis module's service). */
  analises: AberturaDeAnalise;
  now?: () => Date;
  cinObrigatoriaDesde?: string | null;
}

/**
 * What the request services share: the opening of a request with its fisher locked, the one path that sends a
 * draft, and the reader's access and audit. Each service (one per kind of action, as the REAP's) extends it.
 */
export abstract class BaseSolicitacao {
  protected readonly db: Database;
  protected readonly repo: SolicitacaoRepository;
  protected readonly auditoria: AuditoriaService;
  protected readonly recursos: Recursos;
  protected readonly now: () => Date;

  constructor(deps: DependenciasSolicitacao) {
    this.db = deps.db;
    this.repo = deps.repo;
    this.auditoria = deps.auditoria;
    this.recursos = {
      repo: deps.repo, pescadores: deps.pescadores, notificacoes: deps.notificacoes, analises: deps.analises,
      regras: { cinObrigatoriaDesde: deps.cinObrigatoriaDesde ?? null },
    };
    this.now = deps.now ?? (() => new Date());
  }

  protected get pescadores(): PescadorService {
    return this.recursos.pescadores;
  }

  /** The opening of a request for the fisher, their row locked for the rest of the transaction. */
  protected async abertura(ator: AuthContext, pescadorId: number, tx: Executor): Promise<ContextoAbertura> {
    return { pescador: await this.repo.lockPescador(pescadorId, tx), ator, recursos: this.recursos, tx, hoje: partesSaoPaulo(this.now()).data };
  }

  /** Sends a draft or a request back for update (the wizard's step 5, the documents edit), by the one path. */
  protected async enviar(ator: AuthContext, s: SolicitacaoRow, mensagem: string): Promise<Resultado> {
    const def = definicaoDe(s.tipo);
    const { enviada, pescador } = await this.db.transaction(async (tx) => {
      const ctx = await this.abertura(ator, s.pescadorId, tx);
      return enviarRascunho(ctx, def, s.id);
    });
    return { detalhe: detalheDe(enviada, pescador), mensagem };
  }

  /** The fisher, if the caller may read them (403 before 404, so existence is not revealed). */
  protected pescadorLegivel(ator: AuthContext, pescadorId: number): Promise<PescadorRow> {
    return pescadorNoEscopo(ator, pescadorId, (id) => this.repo.findPescador(id), MENSAGENS_SOLICITACAO_API.pescadorNaoEncontrado);
  }

  /** A staff view of a fisher's request data goes to the audit trail (a fisher's own view does not). */
  protected auditarLeitura(
    ator: AuthContext, recurso: string, recursoId: string | number, pescadorId: number | null, detalhes?: Record<string, unknown>,
  ): Promise<void> {
    return auditarVisaoDoServidor(this.auditoria, ator, recurso, recursoId, pescadorId, detalhes);
  }
}
