import { CodigoErro } from '../../../shared/codigos-erro';
import { hojeSaoPaulo } from '../../../shared/datas';
import { TipoNotificacao } from '../../../shared/enums';
import { erroCampo } from '../../../shared/erros-campo';
import { ROTA_REAP } from '../../../shared/rotas-web';
import { MENSAGENS_INADIMPLENCIA_REAP, type InadimplentesReap, type SuspensaoReapCorpo } from '../../../shared/schemas/reap-inadimplencia';
import type { Database, Executor } from '../../db/client';
import type { FilaDeJobs } from '../../jobs/job';
import { AppError } from '../../lib/errors';
import { erroDeCampos } from '../../lib/validacao';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { LoteService } from '../lote/lote.service';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import type { InadimplenciaRepository } from './inadimplencia.repository';
import { avisarInadimplentesJob, CHAVE_VERIFICACAO, verificarInadimplenciaJob } from './inadimplencia.jobs';

/** The outbox rows of a warning round carry it as their origin. */
export const ORIGEM_AVISO_REAP = 'reap-aviso';
import type { ReapRepository } from './reap.repository';

export interface InadimplenciaServiceOptions {
  tamanhoBloco?: number;
  retomarAposSegundos?: number;
  now?: () => Date;
}

/** Decision 0055: a block of fishers per transaction, so a killed run resumes without warning anyone twice. */
export class InadimplenciaService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly repo: InadimplenciaRepository,
    private readonly reap: ReapRepository,
    private readonly notificacoes: NotificacaoService,
    private readonly lote: LoteService,
    private readonly auditoria: AuditoriaService,
    private readonly fila: FilaDeJobs,
    private readonly opts: InadimplenciaServiceOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  private hoje(): string {
    return hojeSaoPaulo(this.now());
  }

  async verificar(): Promise<{ avisos: number[]; lotes: number[] }> {
    const avisos: number[] = [];
    for (const p of await this.repo.prazosEncerradosSemAviso(this.hoje())) {
      avisos.push(await this.db.transaction(async (tx) => {
        const id = await this.repo.criarAviso(p.anoReferencia, p.fimPreenchimento, tx);
        await this.agendarAviso(id, tx);
        return id;
      }));
    }
    const lotes: number[] = [];
    for (const ano of await this.repo.suspensoesDevidas(this.hoje())) {
      const id = await this.executarSuspensao(ano);
      if (id !== null) lotes.push(id);
    }
    return { avisos, lotes };
  }

  private agendarAviso(id: number, ex: Executor) {
    return this.fila.enfileirar(ex, avisarInadimplentesJob, { idAviso: id }, { chaveUnica: `reap-aviso-${id}` });
  }

  async agendarVerificacao(ex: Executor = this.db): Promise<void> {
    await this.fila.enfileirar(ex, verificarInadimplenciaJob, {}, { chaveUnica: CHAVE_VERIFICACAO });
  }

  /** And whether saving the window with end `fim` warns them at once (decision 0071). */
  async inadimplentes(ano: number, fim?: string): Promise<InadimplentesReap> {
    const fimPreenchimento = fim ?? (await this.reap.fimDosPrazos([ano])).get(ano) ?? null;
    const r = await this.repo.contarInadimplentes(ano, fimPreenchimento);
    return {
      anoReferencia: ano, inadimplentes: r.inadimplentes, obrigacoesCompletas: r.completas,
      avisaAoSalvar: fimPreenchimento !== null && fimPreenchimento < this.hoje() && !r.avisado,
    };
  }

  /** pg-boss would retry only when the job expires. Blocks lock their round, so a racing resume does no block twice. */
  async retomarInterrompidos(): Promise<number[]> {
    const ids = await this.repo.avisosInterrompidos(this.opts.retomarAposSegundos ?? 120);
    for (const id of ids) await this.avisar(id);
    return ids;
  }

  async avisar(idAviso: number): Promise<{ avisados: number }> {
    let avisados = 0;
    for (;;) {
      const r = await this.avisarBloco(idAviso);
      avisados += r.avisados;
      if (r.fim) return { avisados };
    }
  }

  /** The text is read now, so it names a deadline extended since. */
  async avisarBloco(idAviso: number): Promise<{ fim: boolean; avisados: number }> {
    const bloco = this.opts.tamanhoBloco ?? 10_000;
    return this.db.transaction(async (tx) => {
      const a = await this.repo.travarAviso(idAviso, tx);
      if (!a || a.concluido) return { fim: true, avisados: 0 };
      const de = a.ultimoPescadorId;
      const ate = de + bloco;
      const ids = await this.repo.registrarAvisados(a.id, a.anoReferencia, de, ate, tx);
      if (ids.length > 0) {
        // By screen, e-mail, SMS and gov.br through the outbox (decision 0150), which counts the e-mails back (aoEnviar).
        await this.notificacoes.criarParaVarios(ids, {
          tipo: TipoNotificacao.PENDENCIA, conteudo: await this.textoAviso(a.anoReferencia, a.fimPreenchimento, tx), urlRedirecionamento: ROTA_REAP,
        }, tx, { assunto: MENSAGENS_INADIMPLENCIA_REAP.assuntoAviso(a.anoReferencia), origem: { nome: ORIGEM_AVISO_REAP, id: a.id } });
      }
      const fim = ate >= (await this.reap.maiorPescadorId(tx));
      await this.repo.avancarAviso(a.id, ate, ids.length, fim, tx);
      return { fim, avisados: ids.length };
    });
  }

  private async textoAviso(ano: number, fim: string, ex: Executor): Promise<string> {
    const prazo = await this.reap.prazo(ano, ex);
    const s = await this.repo.suspensao(ano, ex);
    const hoje = this.hoje();
    return MENSAGENS_INADIMPLENCIA_REAP.aviso({
      ano,
      fim,
      novoFim: prazo && prazo.fimPreenchimento > fim && prazo.fimPreenchimento >= hoje ? prazo.fimPreenchimento : null,
      suspensao: s && s.loteId === null && s.dataSuspensao >= hoje ? { data: s.dataSuspensao, ato: s.nomeAtoNormativo } : null,
    });
  }

  /** The outbox delivered these fishers' e-mails of round `idAviso` (the count staff see on the window). */
  async emailsEntregues(idAviso: number, pescadorIds: number[]): Promise<void> {
    await this.repo.marcarEmailsEnviados(idAviso, pescadorIds);
  }

  async agendarSuspensao(ator: AuthContext, ano: number, c: SuspensaoReapCorpo): Promise<void> {
    const hoje = this.hoje();
    await this.db.transaction(async (tx) => {
      const prazo = await this.reap.prazo(ano, tx);
      if (!prazo) throw AppError.notAcceptable(MENSAGENS_INADIMPLENCIA_REAP.semPrazo);
      const antes = await this.repo.suspensao(ano, tx, true);
      if (antes?.loteId) throw AppError.recusa(CodigoErro.INADIMPLENCIA_JA_EXECUTADA, MENSAGENS_INADIMPLENCIA_REAP.jaExecutada(antes.loteId));
      const ato = await this.repo.ato(c.idAtoNormativo, tx);
      if (!ato) throw erroDeCampos([erroCampo('idAtoNormativo', MENSAGENS_INADIMPLENCIA_REAP.atoNaoEncontrado)]);
      if (ato.inicio > hoje || (ato.fim !== null && ato.fim < hoje)) {
        throw erroDeCampos([erroCampo('idAtoNormativo', MENSAGENS_INADIMPLENCIA_REAP.atoForaDeVigencia)]);
      }
      if (c.dataSuspensao <= prazo.fimPreenchimento) {
        throw erroDeCampos([erroCampo('dataSuspensao', MENSAGENS_INADIMPLENCIA_REAP.dataAntesDoFim(prazo.fimPreenchimento))]);
      }
      if (c.dataSuspensao < hoje) throw erroDeCampos([erroCampo('dataSuspensao', MENSAGENS_INADIMPLENCIA_REAP.dataPassada)]);
      await this.repo.salvarSuspensao({ ano, atoNormativoId: c.idAtoNormativo, data: c.dataSuspensao, cpf: ator.cpf, perfil: ator.perfil }, tx);
      await this.auditoria.registrar({
        acao: 'REAP_SUSPENSAO_AGENDADA', ...doAtor(ator),
        recurso: 'reap/suspensao', recursoId: ano, detalhes: {
          dataSuspensao: c.dataSuspensao, idAtoNormativo: c.idAtoNormativo,
          ...(antes ? { antes: { dataSuspensao: antes.dataSuspensao, idAtoNormativo: antes.atoNormativoId } } : {}),
        },
      }, tx);
      if (c.dataSuspensao === hoje) await this.agendarVerificacao(tx);
    });
  }

  async cancelarSuspensao(ator: AuthContext, ano: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const s = await this.repo.suspensao(ano, tx, true);
      if (!s) throw AppError.notFound(MENSAGENS_INADIMPLENCIA_REAP.naoAgendada);
      if (s.loteId) throw AppError.recusa(CodigoErro.INADIMPLENCIA_JA_EXECUTADA, MENSAGENS_INADIMPLENCIA_REAP.jaExecutada(s.loteId));
      await this.repo.excluirSuspensao(ano, tx);
      await this.auditoria.registrar({
        acao: 'REAP_SUSPENSAO_CANCELADA', ...doAtor(ator),
        recurso: 'reap/suspensao', recursoId: ano,
        detalhes: { dataSuspensao: s.dataSuspensao, idAtoNormativo: s.atoNormativoId },
      }, tx);
    });
  }

  /** The schedule locked, and the batch recorded on it in the same transaction. */
  async executarSuspensao(ano: number): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const s = await this.repo.suspensao(ano, tx, true);
      if (!s || s.loteId !== null || s.dataSuspensao > this.hoje()) return null;
      const prazo = await this.reap.prazo(ano, tx);
      const loteId = await this.lote.criarSuspensaoReap({
        anoReferencia: ano, fimPreenchimento: prazo!.fimPreenchimento, atoNormativoId: s.atoNormativoId,
        cpfSolicitante: s.cpfAtor, perfilSolicitante: s.perfilAtor,
      }, tx);
      await this.repo.marcarLote(ano, loteId, tx);
      return loteId;
    });
  }
}
