import { categoriaLabel, SituacaoSolicitacao, type Categoria } from '../../../shared/enums';
import { mascararNome } from '../../../shared/schemas/carteira';
import { MENSAGENS_VERIFICACAO, type VerificacaoReap } from '../../../shared/schemas/verificacao';
import type { AssinadorReap } from '../../lib/codigos-comprovantes';
import { AppError } from '../../lib/errors';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { ReapRepository } from './reap.repository';

const SITUACAO_REAP_ENVIADA = 'Enviada';

/** No sign-in; every check audited with the caller's IP (decision 0044). */
export class ReapVerificacaoService {
  constructor(
    private readonly repo: ReapRepository,
    private readonly auditoria: AuditoriaService,
    private readonly assinador: AssinadorReap,
  ) {}

  /**
   * A code this server did not sign is 400; a genuine one whose REAP is no longer the one sent then is 404. Nothing
   * declared is answered. Audited on the fisher's record with no staff profile, so not listed among staff views.
   */
  async verificar(token: string, ip: string): Promise<{ verificacao: VerificacaoReap; mensagem: string }> {
    const recurso = 'reap/verificar';
    const dados = this.assinador.verificar(token);
    if (!dados) {
      await this.auditoria.tentarRegistrar({ acao: 'VERIFICACAO_REAP', recurso, ip, sucesso: false, detalhes: { motivo: 'codigo_invalido' } });
      throw AppError.badRequest(MENSAGENS_VERIFICACAO.codigoInvalido);
    }
    const q = await this.repo.find(dados.idQuestionario);
    const enviadaEm = q?.enviadaEm ? new Date(q.enviadaEm) : null;
    const p = q ? await this.repo.findPescador(q.pescadorId) : undefined;
    if (!q || !p || !q.enviada || !enviadaEm || Math.floor(enviadaEm.getTime() / 1000) !== Math.floor(dados.enviadaEm.getTime() / 1000)) {
      await this.auditoria.tentarRegistrar({
        acao: 'VERIFICACAO_REAP', recurso, recursoId: dados.idQuestionario, ip, sucesso: false, detalhes: { motivo: 'nao_encontrada' },
      });
      throw AppError.notFound(MENSAGENS_VERIFICACAO.reapNaoEncontrada);
    }
    await this.auditoria.registrar({ acao: 'VERIFICACAO_REAP', recurso, recursoId: q.id, ip, sucesso: true });
    return {
      verificacao: {
        anoReferencia: q.anoReferencia,
        categoria: q.categoria,
        categoriaDescricao: categoriaLabel[q.categoria as Categoria] ?? '—',
        situacao: SituacaoSolicitacao.REAP_ENVIADA,
        situacaoDescricao: SITUACAO_REAP_ENVIADA,
        nome: mascararNome(p.nome),
        dataEnvio: enviadaEm.toISOString(),
      },
      mensagem: MENSAGENS_VERIFICACAO.reapAutentica,
    };
  }
}
