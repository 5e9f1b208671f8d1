import type { SituacaoSolicitacao, TipoSolicitacao } from '../../../../shared/enums';
import type { Executor } from '../../../db/client';
import type { AuthContext } from '../../auth/auth.service';
import type { NotificacaoService } from '../../notificacao/notificacao.service';
import type { DadosDeclarados, PescadorRow, PescadorService } from '../../pescador/pescador.service';
import type { SolicitacaoRepository, SolicitacaoRow } from '../solicitacao.repository';

/**
 * Declared here, by its caller: the analysis service calls this module's service back, so neither imports the other
 * both ways.
 */
/** A sent request's new analysis; `entidade` names the entity whose agent sent it (its signals, decision 0112). */
export interface NovaAnalise {
  solicitacaoId: number;
  ufPescador: string | null;
  instancia: 'MPA' | 'SFPA';
  entidade?: { id: number; nome: string; cpfAgente: string } | null;
  /** The fisher and what the request declares, as sent: what the signals compare. */
  envio?: { pescador: PescadorRow; dados: DadosDeclarados };
}

export interface AberturaDeAnalise {
  abrir(nova: NovaAnalise, ex?: Executor): Promise<void>;
}

export interface Recursos {
  repo: SolicitacaoRepository;
  pescadores: PescadorService;
  notificacoes: NotificacaoService;
  analises: AberturaDeAnalise;
  /** Decision 0053. */
  regras: { cinObrigatoriaDesde: string | null };
}

/** Inside the opening's transaction, the fisher's row locked. */
export interface ContextoAbertura {
  pescador: PescadorRow;
  ator: AuthContext;
  recursos: Recursos;
  tx: Executor;
  hoje: string;
}

/** Both rows locked, inside the submission's transaction. */
export interface ContextoEnvio extends ContextoAbertura {
  solicitacao: SolicitacaoRow;
}

export type ContextoDecisao = ContextoEnvio;

/**
 * Everything that differs between request types (tipos/<type>.ts): a new type is a new definition, not an edit of the
 * common paths.
 */
export interface TipoSolicitacaoDef {
  readonly tipo: TipoSolicitacao;
  /**
   * `assistente`: the wizard's draft, sent at step 5; `rascunho`: a draft without steps, then sent; `pedido`: filed and
   * sent in one call (filing again resubmits the one returned for update).
   */
  readonly abertura: 'assistente' | 'rascunho' | 'pedido';
  readonly situacaoEnviada: SituacaoSolicitacao;
  exigirAbertura(ctx: ContextoAbertura): Promise<void>;
  exigirEnvio(ctx: ContextoEnvio): Promise<void>;
  aoEnviar?(ctx: ContextoEnvio): Promise<PescadorRow>;
  /** Null for a type that is not analysed (REAP). */
  readonly analise: DecisoesDoTipo | null;
}

export interface DecisoesDoTipo {
  aoDeferir(ctx: ContextoDecisao): Promise<string | undefined>;
  aoIndeferir(ctx: ContextoDecisao): Promise<number>;
}

export interface Pedido {
  pescadorId: number;
  dados: Record<string, unknown>;
  justificativaCancelamento?: string | null;
  motivo: string;
}

export interface TipoPedidoDef<C> extends TipoSolicitacaoDef {
  readonly abertura: 'pedido';
  readonly mensagemEmAndamento: string;
  /** Before the transaction. */
  pedido(ator: AuthContext, corpo: C, recursos: Recursos): Promise<Pedido>;
}

export interface TipoAssistenteDef extends TipoSolicitacaoDef {
  readonly abertura: 'assistente';
  /** A registry edit changes data, not the papers already analysed: the cloned-from and migrated documents count. */
  readonly documentosHerdados: boolean;
}
