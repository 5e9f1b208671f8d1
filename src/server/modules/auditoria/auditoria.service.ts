import type { Database, Executor } from '../../db/client';
import { auditoria } from '../../db/schema';

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
}

/** The actor of an audited action, as the auth plugin knows it. */
export interface Ator {
  cpf: string;
  perfil: number;
  sessaoId: string;
  ip: string;
}

/** Lengths of the audit columns: an event is cut to fit, never refused for its length. */
const TAMANHO = { acao: 60, recurso: 200, recursoId: 120 } as const;

function cortar(v: string | null | undefined, n: number): string | null {
  return v === undefined || v === null ? null : v.slice(0, n);
}

/**
 * The audit trail. Every sign-in, sign-out, refused authorisation and staff view of personal data goes
 * through here. A view of personal data that cannot be audited is not served (`registrar` throws); events
 * about refusals and sign-outs are best effort (`tentarRegistrar` logs the failure and goes on).
 */
export class AuditoriaService {
  #falhas = 0;

  constructor(
    private readonly db: Database,
    /** Told of each best-effort write that failed, with the event's action (never its actor). */
    private readonly onFailure: (err: unknown, acao: string) => void = () => undefined,
  ) {}

  /** Best-effort writes that failed since the start (shown by /api/health, so that a silent trail is seen). */
  get falhas(): number {
    return this.#falhas;
  }

  /** Writes the event; inside the caller's transaction when one is given (the action and its record together). */
  async registrar(e: EventoAuditoria, ex: Executor = this.db): Promise<void> {
    await ex.insert(auditoria).values({
        acao: cortar(e.acao, TAMANHO.acao)!,
        cpfAtor: e.cpfAtor ?? null,
        perfilAtor: e.perfilAtor ?? null,
        sessaoId: e.sessaoId ?? null,
        recurso: cortar(e.recurso, TAMANHO.recurso),
        recursoId: cortar(e.recursoId === undefined || e.recursoId === null ? null : String(e.recursoId), TAMANHO.recursoId),
        ip: e.ip ?? null,
        sucesso: e.sucesso ?? true,
        detalhes: e.detalhes ?? null,
      });
  }

  async tentarRegistrar(e: EventoAuditoria): Promise<void> {
    try {
      await this.registrar(e);
    } catch (err) {
      this.#falhas++;
      this.onFailure(err, e.acao);
    }
  }

  /** A staff member viewed personal data (a fisher, a request, a document). */
  async visualizacao(ator: Ator, recurso: string, recursoId: string | number, detalhes?: Record<string, unknown>): Promise<void> {
    await this.registrar({
      acao: 'VISUALIZACAO_DADOS_PESSOAIS',
      cpfAtor: ator.cpf,
      perfilAtor: ator.perfil,
      sessaoId: ator.sessaoId,
      recurso,
      recursoId,
      ip: ator.ip,
      detalhes: detalhes ?? null,
    });
  }
}
