import { hojeSaoPaulo } from '../../../shared/datas';
import { CodigoErro } from '../../../shared/codigos-erro';
import { erroCampo } from '../../../shared/erros-campo';
import { MENSAGENS_PRAZO_REAP, type PrazoReap, type PrazoReapHistorico } from '../../../shared/schemas/reap';
import { MENSAGENS_INADIMPLENCIA_REAP } from '../../../shared/schemas/reap-inadimplencia';
import type { Database } from '../../db/client';
import type { FilaDeJobs } from '../../jobs/job';
import { AppError } from '../../lib/errors';
import { erroDeCampos } from '../../lib/validacao';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { CHAVE_VERIFICACAO, verificarInadimplenciaJob } from './inadimplencia.jobs';
import type { ReapGeracaoService } from './reap-geracao.service';
import type { PrazoLinha, ReapRepository } from './reap.repository';

function paraPrazo(p: PrazoLinha): PrazoReap {
  return {
    anoReferencia: p.anoReferencia,
    inicioPreenchimento: p.inicioPreenchimento,
    fimPreenchimento: p.fimPreenchimento,
    atoNormativo: p.idAtoNormativo === null ? null : { id: p.idAtoNormativo, nome: p.nomeAtoNormativo ?? '' },
    obrigacoes: p.obrigacoesCriadas === null ? null : {
      criadas: p.obrigacoesCriadas, concluidaEm: p.obrigacoesConcluidasEm ? new Date(p.obrigacoesConcluidasEm).toISOString() : null,
    },
    aviso: p.avisoFim === null ? null : {
      fimPreenchimento: p.avisoFim, avisados: p.avisados ?? 0, emailsEnviados: p.avisoEmails ?? 0,
      iniciadoEm: new Date(p.avisoIniciadoEm!).toISOString(), concluidoEm: p.avisoConcluidoEm ? new Date(p.avisoConcluidoEm).toISOString() : null,
    },
    suspensao: p.suspensaoData === null ? null : {
      dataSuspensao: p.suspensaoData, atoNormativo: { id: p.suspensaoIdAto!, nome: p.suspensaoNomeAto ?? '' },
      lote: p.loteId === null ? null : { id: p.loteId, situacao: p.loteSituacao!, total: p.loteTotal!, concluidos: p.loteConcluidos! },
    },
  };
}

/** Decision 0052. */
export class ReapPrazoService {
  constructor(
    private readonly db: Database,
    private readonly repo: ReapRepository,
    private readonly auditoria: AuditoriaService,
    private readonly fila: FilaDeJobs,
    private readonly geracao: ReapGeracaoService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async prazos(): Promise<PrazoReap[]> {
    return (await this.repo.prazos()).map(paraPrazo);
  }

  async prazo(ano: number): Promise<PrazoReap> {
    const p = await this.repo.prazo(ano);
    if (!p) throw AppError.notFound(MENSAGENS_INADIMPLENCIA_REAP.semPrazo);
    return paraPrazo(p);
  }

  async historicoPrazos(): Promise<PrazoReapHistorico[]> {
    return (await this.repo.historicoPrazos()).map((h) => ({
      id: h.id,
      anoReferencia: h.anoReferencia,
      inicioPreenchimento: h.inicioPreenchimento,
      fimPreenchimento: h.fimPreenchimento,
      atoNormativo: h.idAtoNormativo === null ? null : { id: h.idAtoNormativo, nome: h.nomeAtoNormativo ?? '' },
      registradoEm: new Date(h.criadoEm).toISOString(),
    }));
  }

  /** A window open by now enqueues the year's obligations in the same transaction (decision 0051). */
  async salvarPrazo(ator: AuthContext, ano: number, inicio: string, fim: string, atoNormativoId: number | null = null): Promise<PrazoReap> {
    return this.db.transaction(async (tx) => {
      if (atoNormativoId !== null && !(await this.repo.atoExiste(atoNormativoId, tx))) {
        throw erroDeCampos([erroCampo('idAtoNormativo', MENSAGENS_PRAZO_REAP.atoNaoEncontrado)]);
      }
      await this.repo.bloquearPrazo(ano, tx);
      const antes = await this.repo.prazo(ano, tx);
      // Saved again unchanged (a retry): a success with no history, audit or warning (decision 0071).
      if (antes && antes.inicioPreenchimento === inicio && antes.fimPreenchimento === fim && antes.idAtoNormativo === atoNormativoId) {
        return paraPrazo(antes);
      }
      // An extension is a new act (decision 0071).
      if (atoNormativoId !== null && (await this.repo.atoJaDefiniuPrazo(ano, atoNormativoId, tx))) {
        throw erroDeCampos([erroCampo('idAtoNormativo', MENSAGENS_PRAZO_REAP.atoRepetido(ano))], CodigoErro.PRAZO_REAP_ATO_REPETIDO);
      }
      await this.repo.salvarPrazo({ anoReferencia: ano, inicio, fim, atoNormativoId, cpf: ator.cpf }, tx);
      await this.auditoria.registrar({
        acao: 'REAP_PRAZO_ALTERADO', ...doAtor(ator),
        recurso: 'reap/prazo', recursoId: ano, detalhes: {
          inicioPreenchimento: inicio, fimPreenchimento: fim, idAtoNormativo: atoNormativoId,
          ...(antes ? { antes: { inicioPreenchimento: antes.inicioPreenchimento, fimPreenchimento: antes.fimPreenchimento, idAtoNormativo: antes.idAtoNormativo } } : {}),
        },
      }, tx);
      const hoje = hojeSaoPaulo(this.now());
      // Once a year's obligations exist for every fisher, a new save does not walk them again.
      if (inicio <= hoje && !(antes?.obrigacoesConcluidasEm)) await this.geracao.agendarObrigacoesDoAno(ano, tx);
      // Saved already closed: its defaulters are warned now (decision 0055).
      if (fim < hoje) await this.fila.enfileirar(tx, verificarInadimplenciaJob, {}, { chaveUnica: CHAVE_VERIFICACAO });
      return paraPrazo((await this.repo.prazo(ano, tx))!);
    });
  }
}
