import { and, desc, eq, sql } from 'drizzle-orm';
import { CodigoErro } from '../../../shared/codigos-erro';
import {
  MENSAGENS_LISTA, SituacaoListaSinalizada, type AprovacaoListaCorpo, type ListaSinalizada, type ListaSinalizadaCorpo,
} from '../../../shared/schemas/integracao';
import { TipoLote } from '../../../shared/schemas/lote';
import type { Database } from '../../db/client';
import { clienteIntegracao, listaSinalizada } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { LoteService } from '../lote/lote.service';
import type { ClienteAutenticado } from './cliente.service';

type Linha = typeof listaSinalizada.$inferSelect & { cliente: string; orgao: string };

/**
 * Lists coming in (decision 0123): an agency's flagged CPFs, with the act and the reason, wait as a proposed batch
 * until a GESTOR runs them through the batch module or refuses them. Nothing changes any registry before that.
 */
export class ListaSinalizadaService {
  constructor(
    private readonly db: Database,
    private readonly lote: LoteService,
    private readonly auditoria: AuditoriaService,
  ) {}

  async receber(cliente: ClienteAutenticado, c: ListaSinalizadaCorpo): Promise<ListaSinalizada> {
    const [row] = await this.db.insert(listaSinalizada)
      .values({ clienteId: cliente.id, tipo: c.tipo, ato: c.ato, motivo: c.motivo, cpfs: c.cpfs })
      .returning({ id: listaSinalizada.id });
    await this.auditoria.registrar({
      acao: 'LISTA_SINALIZADA_RECEBIDA', recurso: 'lista-sinalizada', recursoId: row!.id, ip: cliente.ip, orgaoAtor: cliente.orgao.slice(0, 20),
      detalhes: { clientId: cliente.clientId, tipo: c.tipo, ato: c.ato, total: c.cpfs.length },
    });
    return (await this.ler(row!.id, cliente.id))!;
  }

  /** The sender follows its own lists only: another client's is not found. */
  async daCliente(cliente: ClienteAutenticado, id: number): Promise<ListaSinalizada> {
    const lista = await this.ler(id, cliente.id);
    if (!lista) throw AppError.notFound(MENSAGENS_LISTA.naoEncontrada);
    return lista;
  }

  async listar(): Promise<ListaSinalizada[]> {
    return Promise.all((await this.linhas(undefined, undefined, 100)).map((l) => this.deLinha(l)));
  }

  /** Claimed before the batch is made, so two GESTORs never run the same list; a refused batch frees it again. */
  async aprovar(ator: AuthContext, id: number, a: AprovacaoListaCorpo): Promise<ListaSinalizada> {
    const [linha] = await this.linhas(id);
    if (!linha) throw AppError.notFound(MENSAGENS_LISTA.naoEncontrada);
    if (!(await this.marcar(id, ator, { situacao: SituacaoListaSinalizada.APROVADA }))) throw AppError.recusa(CodigoErro.LISTA_JA_ANALISADA, MENSAGENS_LISTA.jaRevisada);
    let loteId: number;
    try {
      const lote = await this.lote.criarDeLista(ator, {
        tipo: linha.tipo === 'cancelamento' ? TipoLote.CANCELAMENTO : TipoLote.SUSPENSAO,
        atoNormativo: a.atoNormativo,
        orgaoSolicitante: linha.orgao.slice(0, 200),
        justificativa: `${linha.motivo} (${linha.ato}). Lista nº ${linha.id} enviada por ${linha.cliente}.`,
        dataLimiteSuspensao: a.dataLimiteSuspensao ?? null,
      }, linha.cpfs, `lista-${linha.id}-${linha.orgao}`.replace(/[^\p{L}\p{N} ._-]/gu, '_'));
      loteId = lote.id;
    } catch (err) {
      await this.db.update(listaSinalizada).set({ situacao: SituacaoListaSinalizada.PROPOSTA, cpfRevisor: null, revisadaEm: null })
        .where(eq(listaSinalizada.id, id));
      throw err;
    }
    await this.db.update(listaSinalizada).set({ loteId }).where(eq(listaSinalizada.id, id));
    await this.auditoria.registrar({
      acao: 'LISTA_SINALIZADA_APROVADA', ...doAtor(ator), recurso: 'lista-sinalizada', recursoId: id, detalhes: { loteId },
    });
    return (await this.ler(id))!;
  }

  async recusar(ator: AuthContext, id: number, motivo: string): Promise<ListaSinalizada> {
    if (!(await this.ler(id))) throw AppError.notFound(MENSAGENS_LISTA.naoEncontrada);
    if (!(await this.marcar(id, ator, { situacao: SituacaoListaSinalizada.RECUSADA, motivoRecusa: motivo }))) {
      throw AppError.recusa(CodigoErro.LISTA_JA_ANALISADA, MENSAGENS_LISTA.jaRevisada);
    }
    await this.auditoria.registrar({
      acao: 'LISTA_SINALIZADA_RECUSADA', ...doAtor(ator), recurso: 'lista-sinalizada', recursoId: id, detalhes: { motivo },
    });
    return (await this.ler(id))!;
  }

  private async marcar(id: number, ator: AuthContext, m: { situacao: string; motivoRecusa?: string }): Promise<boolean> {
    const r = await this.db.update(listaSinalizada).set({ ...m, cpfRevisor: ator.cpf, revisadaEm: sql`now()` })
      .where(and(eq(listaSinalizada.id, id), eq(listaSinalizada.situacao, SituacaoListaSinalizada.PROPOSTA)))
      .returning({ id: listaSinalizada.id });
    return r.length > 0;
  }

  private async ler(id: number, clienteId?: number): Promise<ListaSinalizada | undefined> {
    const [l] = await this.linhas(id, clienteId);
    return l && this.deLinha(l);
  }

  private linhas(id?: number, clienteId?: number, limite = 1): Promise<Linha[]> {
    return this.db.select({
      id: listaSinalizada.id, clienteId: listaSinalizada.clienteId, tipo: listaSinalizada.tipo, ato: listaSinalizada.ato,
      motivo: listaSinalizada.motivo, cpfs: listaSinalizada.cpfs, situacao: listaSinalizada.situacao, loteId: listaSinalizada.loteId,
      motivoRecusa: listaSinalizada.motivoRecusa, cpfRevisor: listaSinalizada.cpfRevisor, revisadaEm: listaSinalizada.revisadaEm,
      criadaEm: listaSinalizada.criadaEm, cliente: clienteIntegracao.nome, orgao: clienteIntegracao.orgao,
    }).from(listaSinalizada)
      .innerJoin(clienteIntegracao, eq(clienteIntegracao.id, listaSinalizada.clienteId))
      .where(and(id === undefined ? undefined : eq(listaSinalizada.id, id), clienteId === undefined ? undefined : eq(listaSinalizada.clienteId, clienteId)))
      .orderBy(desc(listaSinalizada.id)).limit(limite);
  }

  private async deLinha(l: Linha): Promise<ListaSinalizada> {
    const lote = l.loteId === null ? undefined : await this.lote.resumo(l.loteId);
    return {
      id: l.id, cliente: l.cliente, orgao: l.orgao, tipo: l.tipo as ListaSinalizada['tipo'], ato: l.ato, motivo: l.motivo,
      total: l.cpfs.length, situacao: l.situacao as ListaSinalizada['situacao'], motivoRecusa: l.motivoRecusa,
      revisadaEm: l.revisadaEm?.toISOString() ?? null, criadaEm: l.criadaEm.toISOString(),
      lote: lote ? { id: lote.id, situacao: lote.situacao, total: lote.total, concluidos: lote.concluidos, processados: lote.totais.processados } : null,
    };
  }
}
