import { CanalNotificacao } from '../../../shared/enums';
import { AssinadorReap } from '../../lib/codigos-comprovantes';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { DocumentoService } from '../documento/documento.service';
import type { LoteService } from '../lote/lote.service';
import { definirModulo } from '../modulo';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import type { AndamentoService } from '../solicitacao/solicitacao.service';
import { avisarInadimplentesJob, retomarReapJob, verificarInadimplenciaJob } from './inadimplencia.jobs';
import { InadimplenciaRepository } from './inadimplencia.repository';
import { InadimplenciaService, ORIGEM_AVISO_REAP } from './inadimplencia.service';
import { lembretesReapJob } from './reap-lembrete.jobs';
import { ReapLembreteService } from './reap-lembrete.service';
import { ReapComprovanteService } from './reap-comprovante.service';
import { ReapGeracaoService } from './reap-geracao.service';
import { ReapPendenciasService } from './reap-pendencias.service';
import { ReapPrazoService } from './reap-prazo.service';
import { ReapQuestionarioService } from './reap-questionario.service';
import { ReapServidorService } from './reap-servidor.service';
import { ReapVerificacaoService } from './reap-verificacao.service';
import { abrirPrazosReapJob, gerarObrigacoesAnoJob, gerarObrigacoesPescadorJob } from './reap.jobs';
import { ReapRepository } from './reap.repository';
import { reapRoutes } from './reap.routes';
import { ReapService } from './reap.service';

/**
 * The yearly activity report (REAP): a service per concern; every fisher's obligations created by jobs
 * (decision 0051); the warning and suspension of the defaulters (decision 0055). `reap` is the obligations'
 * creation, which the analysis asks for when a registry becomes active.
 */
export const reapModulo = definirModulo({
  nome: 'reap',
  servicos({ config, db, dbLeitura, fila, chaveImpressos, agora }, s: {
    auditoria: AuditoriaService; andamento: AndamentoService; documento: DocumentoService; notificacoes: NotificacaoService;
    lote: LoteService;
    envios: { aoEnviar(origem: string, f: (origemId: number, canal: number, pescadorIds: number[]) => Promise<void>): void };
  }) {
    const repo = new ReapRepository(db, dbLeitura);
    const assinador = new AssinadorReap(chaveImpressos);
    const blocos = { retomarAposSegundos: config.reap.retomarAposSegundos, now: agora };
    const reap = new ReapGeracaoService(db, repo, fila, { tamanhoBlocoObrigacoes: config.reap.tamanhoBlocoObrigacoes, ...blocos });
    const reapPendencias = new ReapPendenciasService(db, repo, s.auditoria, s.andamento, agora);
    const reapQuestionarios = new ReapQuestionarioService(db, repo, s.auditoria, s.andamento, s.documento, agora);
    const inadimplencia = new InadimplenciaService(db, new InadimplenciaRepository(db), repo, s.notificacoes, s.lote, s.auditoria, fila, {
      tamanhoBloco: config.reap.tamanhoBlocoObrigacoes, ...blocos,
    });
    s.envios.aoEnviar(ORIGEM_AVISO_REAP, async (idAviso, canal, pescadores) => {
      if (canal === CanalNotificacao.EMAIL) await inadimplencia.emailsEntregues(idAviso, pescadores);
    });
    return {
      reap,
      reapPendencias,
      reapQuestionarios,
      /** The fisher's REAPs as other modules read them (the module's door). */
      reapDoPescador: new ReapService(reapPendencias, reapQuestionarios),
      reapComprovantes: new ReapComprovanteService(repo, s.auditoria, s.documento, { publicUrl: config.publicUrl, assinador, now: agora }),
      reapVerificacoes: new ReapVerificacaoService(repo, s.auditoria, assinador),
      reapServidor: new ReapServidorService(repo, s.auditoria, agora),
      reapPrazos: new ReapPrazoService(db, repo, s.auditoria, fila, reap, agora),
      inadimplencia,
      reapLembretes: new ReapLembreteService(db, s.notificacoes, { now: agora, tamanhoBloco: config.reap.tamanhoBlocoObrigacoes }),
    };
  },
  async rotas(app, s) {
    await app.register(reapRoutes, {
      pendencias: s.reapPendencias, questionarios: s.reapQuestionarios, comprovantes: s.reapComprovantes, verificacoes: s.reapVerificacoes,
      servidor: s.reapServidor, prazos: s.reapPrazos, inadimplencia: s.inadimplencia,
    });
  },
  jobs: [gerarObrigacoesAnoJob, gerarObrigacoesPescadorJob, abrirPrazosReapJob, verificarInadimplenciaJob, avisarInadimplentesJob,
    retomarReapJob, lembretesReapJob],
});
