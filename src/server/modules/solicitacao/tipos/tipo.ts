import type { SituacaoSolicitacao, TipoSolicitacao } from '../../../../shared/enums';
import type { Executor } from '../../../db/client';
import type { AuthContext } from '../../auth/auth.service';
import type { NotificacaoService } from '../../notificacao/notificacao.service';
import type { PescadorRow, PescadorService } from '../../pescador/pescador.service';
import type { SolicitacaoRepository, SolicitacaoRow } from '../solicitacao.repository';

/**
 * Opens the analysis of a sent request, in the submission's transaction: the analysis module's service. Declared
 * here, by the side that calls it, because the analysis service calls this module's service back (its decision
 * changes the request): the two services do not import each other both ways.
 */
export interface AberturaDeAnalise {
  abrir(nova: { solicitacaoId: number; ufPescador: string | null; instancia: 'MPA' | 'SFPA' }, ex?: Executor): Promise<void>;
}

/** What a type's rules may use: the module's SQL and the services that own the other tables they change. */
export interface Recursos {
  repo: SolicitacaoRepository;
  pescadores: PescadorService;
  notificacoes: NotificacaoService;
  analises: AberturaDeAnalise;
  /** The rules a setting dates (config.regras): the CIN required from `cinObrigatoriaDesde` on (decision 0053). */
  regras: { cinObrigatoriaDesde: string | null };
}

/** A request of a type being opened for a fisher (their row locked), inside the opening's transaction. */
export interface ContextoAbertura {
  pescador: PescadorRow;
  ator: AuthContext;
  recursos: Recursos;
  tx: Executor;
  /** Today in São Paulo, YYYY-MM-DD (the app's clock). */
  hoje: string;
}

/** A request being sent, and its fisher, as they stand (both rows locked), inside the submission's transaction. */
export interface ContextoEnvio extends ContextoAbertura {
  solicitacao: SolicitacaoRow;
}

/** The decision of a request's analysis, inside the analysis's transaction; `ator` is the analyst. */
export type ContextoDecisao = ContextoEnvio;

/**
 * Everything that differs between request types, in one object per type (tipos/<type>.ts, registered in
 * tipos/index.ts). The module's common paths ask it: opening (abertura.ts), sending (envio.ts) and the analysis's
 * decision (AndamentoService.deferir/indeferir). A new type is a new definition, not an edit of those paths.
 */
export interface TipoSolicitacaoDef {
  readonly tipo: TipoSolicitacao;
  /**
   * How it opens: `assistente`, a draft filled step by step in the wizard (POST/PUT /api/solicitacao) and sent at
   * step 5; `rascunho`, a draft without steps, filled elsewhere (its documents) and then sent; `pedido`, filed and
   * sent in one call (filing again resubmits the one returned for update).
   */
  readonly abertura: 'assistente' | 'rascunho' | 'pedido';
  /** Its status once sent (ENVIADA; REAP has its own). */
  readonly situacaoEnviada: SituacaoSolicitacao;
  /** Refuses a new request of this type the fisher may not open (406 with the reason). */
  exigirAbertura(ctx: ContextoAbertura): Promise<void>;
  /** Refuses to send it while something it requires is missing (400 or 406 with the reason). */
  exigirEnvio(ctx: ContextoEnvio): Promise<void>;
  /** What sending does besides the common sequence; answers the fisher as they stand after. */
  aoEnviar?(ctx: ContextoEnvio): Promise<PescadorRow>;
  /** Sending opens an analysis, whose decision does this; null for a type that is not analysed (REAP). */
  readonly analise: DecisoesDoTipo | null;
}

/** What the decision of its analysis does to a request of a type. */
export interface DecisoesDoTipo {
  /** What approval does (the request is DEFERIDA already); answers the RGP number it issued, if any. */
  aoDeferir(ctx: ContextoDecisao): Promise<string | undefined>;
  /** What rejection does; answers the request's new status. */
  aoIndeferir(ctx: ContextoDecisao): Promise<number>;
}

/** A request of a type filed in one call (`abertura: 'pedido'`): who files it, for whom, with what. */
export interface Pedido {
  pescadorId: number;
  dados: Record<string, unknown>;
  /** A cancellation's justification, kept in its own column too. */
  justificativaCancelamento?: string | null;
  /** The history's reason for a new filing (a resubmission says 'Reenviada após atualização'). */
  motivo: string;
}

/** A type filed in one call, with the body `C` of its filing. */
export interface TipoPedidoDef<C> extends TipoSolicitacaoDef {
  readonly abertura: 'pedido';
  /** 406 when another of the type is open and not back for update. */
  readonly mensagemEmAndamento: string;
  /** Checks the filing (who may file it, its body) and answers what is filed; before the transaction. */
  pedido(ator: AuthContext, corpo: C, recursos: Recursos): Promise<Pedido>;
}

/** A type filled in the wizard (`abertura: 'assistente'`). */
export interface TipoAssistenteDef extends TipoSolicitacaoDef {
  readonly abertura: 'assistente';
  /**
   * The required documents also count those of the requests it was cloned from and the fisher's migrated ones (a
   * registry edit changes data, not the papers already analysed).
   */
  readonly documentosHerdados: boolean;
}
