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

/**
 * The audit trail. Every sign-in, sign-out, refused authorisation and staff view of personal data goes
 * through here. A view of personal data that cannot be audited is not served (`registrar` throws); events
 * about refusals and sign-outs are best effort (`tentarRegistrar` logs the failure and goes on).
 */
export class AuditoriaService {
  constructor(
    private readonly db: Database,
    private readonly onFailure: (err: unknown) => void = () => undefined,
  ) {}

  /** Writes the event; inside the caller's transaction when one is given (the action and its record together). */
  async registrar(e: EventoAuditoria, ex: Executor = this.db): Promise<void> {
    await ex.insert(auditoria).values({
        acao: e.acao,
        cpfAtor: e.cpfAtor ?? null,
        perfilAtor: e.perfilAtor ?? null,
        sessaoId: e.sessaoId ?? null,
        recurso: e.recurso ?? null,
        recursoId: e.recursoId === undefined || e.recursoId === null ? null : String(e.recursoId),
        ip: e.ip ?? null,
        sucesso: e.sucesso ?? true,
        detalhes: e.detalhes ?? null,
      });
  }

  async tentarRegistrar(e: EventoAuditoria): Promise<void> {
    try {
      await this.registrar(e);
    } catch (err) {
      this.onFailure(err);
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
