import { Perfil, SituacaoAnalise, SituacaoRegistro, SituacaoSolicitacao, TipoNotificacao, TipoSolicitacao } from '../../../shared/enums';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import {
  MENSAGENS_EDICAO_DOCUMENTOS, MENSAGENS_SOLICITACAO_API, MOTIVOS_HISTORICO, type AtualizarRgpCorpo, type CancelamentoCorpo, type EdicaoRgpCorpo,
  type RegularizacaoCorpo, type RgpPescador, type SolicitacaoDetalheResposta,
} from '../../../shared/schemas/solicitacao-api';
import { AppError } from '../../lib/errors';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { exigirLeituraPescador, MENSAGEM_FORA_DO_ESCOPO } from '../escopo';
import {
  auditarLeitura, detalheDe, enviarOuReenviarPedido, erroDeCampos, exigirDono, instanciaDaNovaAnalise, pescadorDoAtor, rgpDe,
  SITUACOES_ABERTAS, SITUACOES_EDITAVEIS, SITUACOES_ENVIADAS_ABERTAS,
} from './comum';
import type { PescadorRow, SolicitacaoRepository } from './solicitacao.repository';
import type { Resultado } from './solicitacao.service';

/**
 * The requests filed in one go, outside the wizard: first-RGP edit (type 7), cancellation (type 5) and
 * regularisation (type 10); and the fisher's registry block, which staff may correct. Filing one of these again
 * while the previous one of its type is back for update resubmits that one (new analysis). Knows nothing of HTTP.
 */
export class PedidoService {
  constructor(
    private readonly repo: SolicitacaoRepository,
    private readonly auditoria: AuditoriaService,
  ) {}

  // ------------------------------------------------------------------ documents edit (type 9)

  /**
   * POST /api/solicitacao-edicao-documentos: an ATIVO fisher opens a documents edit (a draft without steps); the
   * new documents are uploaded to it through /api/documentos, then it is sent.
   */
  async iniciarEdicaoDocumentos(ator: AuthContext): Promise<Resultado> {
    const pescadorId = pescadorDoAtor(ator);
    const { s, p } = await this.repo.transacao(async (tx) => {
      const p = (await tx.findPescador(pescadorId, true))!;
      if (p.situacaoRegistro !== SituacaoRegistro.ATIVO) throw AppError.notAcceptable(MENSAGENS_EDICAO_DOCUMENTOS.semRegistroAtivo);
      if ((await tx.findAbertas(pescadorId, [TipoSolicitacao.EDICAO_DOCUMENTOS], SITUACOES_ABERTAS)).length > 0) {
        throw AppError.notAcceptable(MENSAGENS_EDICAO_DOCUMENTOS.jaAberta);
      }
      const s = await tx.insertSolicitacao({
        pescadorId, tipo: TipoSolicitacao.EDICAO_DOCUMENTOS, situacao: SituacaoSolicitacao.RASCUNHO, passo: 0, dados: {},
      });
      await tx.insertHistorico({
        solicitacaoId: s.id, situacaoAnterior: null, situacaoNova: SituacaoSolicitacao.RASCUNHO,
        cpfAtor: ator.cpf, perfilAtor: ator.perfil, motivo: MOTIVOS_HISTORICO.edicaoDocumentos,
      });
      return { s, p };
    });
    return { detalhe: detalheDe(s, p), mensagem: MENSAGENS_EDICAO_DOCUMENTOS.criada };
  }

  /** POST /api/solicitacao-edicao-documentos/{id}/enviar: sends (or resends after an update) the documents edit. */
  async enviarEdicaoDocumentos(ator: AuthContext, id: number): Promise<Resultado> {
    const alvo = await this.repo.findSolicitacaoComPescador(id);
    exigirDono(ator, alvo);
    const { s, p } = await this.repo.transacao(async (tx) => {
      const atual = (await tx.findSolicitacao(id, true))!;
      if (atual.tipo !== TipoSolicitacao.EDICAO_DOCUMENTOS) throw AppError.badRequest('Esta solicitação não é uma edição de documentos.');
      if (atual.inativa || !SITUACOES_EDITAVEIS.includes(atual.situacao)) throw AppError.notAcceptable(MENSAGENS_SOLICITACAO.naoEditavel);
      const p = (await tx.findPescador(atual.pescadorId, true))!;
      if (p.situacaoRegistro !== SituacaoRegistro.ATIVO) throw AppError.notAcceptable(MENSAGENS_EDICAO_DOCUMENTOS.semRegistroAtivo);
      if ((await tx.tiposDocumentoPresentes([id])).length === 0) throw AppError.badRequest(MENSAGENS_EDICAO_DOCUMENTOS.semDocumentos);
      const s = await tx.marcarEnviada(id, { ufPescador: p.uf, declaraCiencia: true });
      await tx.insertHistorico({
        solicitacaoId: id, situacaoAnterior: atual.situacao, situacaoNova: s.situacao, cpfAtor: ator.cpf, perfilAtor: ator.perfil,
        motivo: atual.situacao === SituacaoSolicitacao.RASCUNHO ? MOTIVOS_HISTORICO.enviada : MOTIVOS_HISTORICO.reenviada,
      });
      await tx.insertAnalise({
        solicitacaoId: id, situacaoAnalise: SituacaoAnalise.AGUARDANDO_ANALISE, ufPescador: s.ufPescador, instancia: instanciaDaNovaAnalise(atual.situacao),
      });
      return { s, p };
    });
    return { detalhe: detalheDe(s, p), mensagem: MENSAGENS_EDICAO_DOCUMENTOS.enviada };
  }

  // ------------------------------------------------------------------ first RGP (type 7)

  /** POST /api/solicitacao-edicao-rgp: the fisher asks to correct the number, date or agency of their first RGP. */
  async solicitarEdicaoRgp(ator: AuthContext, corpo: EdicaoRgpCorpo): Promise<Resultado> {
    const pescadorId = pescadorDoAtor(ator);
    await this.exigirOrgao(corpo.orgao);
    const { s, p } = await this.repo.transacao(async (tx) => {
      const p = (await tx.findPescador(pescadorId, true))!;
      if (!p.numeroRgp) throw AppError.notAcceptable(MENSAGENS_SOLICITACAO_API.edicaoRgpSemRgp);
      const s = await enviarOuReenviarPedido(tx, {
        pescador: p,
        tipo: TipoSolicitacao.EDICAO_RGP,
        emAndamento: MENSAGENS_SOLICITACAO_API.edicaoRgpEmAndamento,
        dados: { numeroPrimeiroRGP: corpo.numeroPrimeiroRGP, dataPrimeiroRgp: corpo.dataPrimeiroRgp, orgao: corpo.orgao },
        ator,
        motivo: MOTIVOS_HISTORICO.edicaoRgp,
      });
      return { s, p };
    });
    return { detalhe: detalheDe(s, p), mensagem: MENSAGENS_SOLICITACAO_API.edicaoRgpEnviada };
  }

  /** GET /api/rgp/pescador/{id}. */
  async rgpDoPescador(ator: AuthContext, pescadorId: number): Promise<RgpPescador> {
    const p = await this.pescadorLegivel(ator, pescadorId);
    await auditarLeitura(this.auditoria, ator, 'pescador-rgp', pescadorId);
    return rgpDe(p);
  }

  /**
   * PUT /api/rgp/pescador/{id} (GESTOR, ADMIN, MPA): corrects the first RGP; the fisher is notified (tipo 7) when
   * anything changed, and the change is audited.
   */
  async atualizarRgp(ator: AuthContext, pescadorId: number, corpo: AtualizarRgpCorpo): Promise<RgpPescador> {
    await this.pescadorLegivel(ator, pescadorId);
    if (corpo.orgao !== undefined) await this.exigirOrgao(corpo.orgao);
    const { antes, depois } = await this.repo.transacao(async (tx) => {
      const antes = (await tx.findPescador(pescadorId, true))!;
      const set: Partial<PescadorRow> = {};
      if (corpo.numeroPrimeiroRGP !== undefined) set.numeroPrimeiroRgp = corpo.numeroPrimeiroRGP;
      if (corpo.dataPrimeiroRgp !== undefined) set.dataPrimeiroRgp = corpo.dataPrimeiroRgp;
      if (corpo.orgao !== undefined) set.orgaoRgp = corpo.orgao;
      const mudou = (set.numeroPrimeiroRgp !== undefined && set.numeroPrimeiroRgp !== antes.numeroPrimeiroRgp)
        || (set.dataPrimeiroRgp !== undefined && set.dataPrimeiroRgp !== antes.dataPrimeiroRgp)
        || (set.orgaoRgp !== undefined && set.orgaoRgp !== antes.orgaoRgp);
      if (!mudou) return { antes, depois: antes };
      const depois = await tx.updatePescador(pescadorId, set);
      await tx.insertNotificacao({
        pescadorId,
        tipo: TipoNotificacao.EDICAO_PRIMEIRO_RGP,
        conteudo: MENSAGENS_SOLICITACAO_API.notificacaoPrimeiroRgp,
        urlRedirecionamento: '/home',
      });
      return { antes, depois };
    });
    await this.auditoria.registrar({
      acao: 'PRIMEIRO_RGP_ALTERADO',
      cpfAtor: ator.cpf,
      perfilAtor: ator.perfil,
      sessaoId: ator.sessaoId,
      recurso: 'pescador-rgp',
      recursoId: pescadorId,
      ip: ator.ip,
      detalhes: {
        antes: { numeroPrimeiroRGP: antes.numeroPrimeiroRgp, dataPrimeiroRgp: antes.dataPrimeiroRgp, orgao: antes.orgaoRgp },
        depois: { numeroPrimeiroRGP: depois.numeroPrimeiroRgp, dataPrimeiroRgp: depois.dataPrimeiroRgp, orgao: depois.orgaoRgp },
      },
    });
    return rgpDe(depois);
  }

  // ------------------------------------------------------------------ cancellation (type 5)

  /**
   * POST /api/solicitacao-cancelamento-pescador/motivoCancelamento: a fisher for themselves, or a GESTOR or ADMIN
   * for any fisher. The justification is required except from a GESTOR (spec point 5, "Cancellation").
   */
  async solicitarCancelamento(ator: AuthContext, corpo: CancelamentoCorpo): Promise<Resultado> {
    if (ator.perfil === Perfil.INTERESSADO && ator.idPescador !== corpo.idPescador) {
      throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
    }
    const justificativa = corpo.justificativaDeclaracaoSolicitacaoCancelamento;
    if (!justificativa && ator.perfil !== Perfil.GESTOR) {
      throw new AppError(400, MENSAGENS_SOLICITACAO.justificativaCancelamento, {
        erros: [`justificativaDeclaracaoSolicitacaoCancelamento: ${MENSAGENS_SOLICITACAO.justificativaCancelamento}`],
      });
    }
    await this.pescadorLegivel(ator, corpo.idPescador);
    const { s, p } = await this.repo.transacao(async (tx) => {
      const p = (await tx.findPescador(corpo.idPescador, true))!;
      if (p.situacaoRegistro !== SituacaoRegistro.ATIVO && p.situacaoRegistro !== SituacaoRegistro.SUSPENSO) {
        throw AppError.notAcceptable(MENSAGENS_SOLICITACAO_API.cancelamentoIndisponivel);
      }
      const s = await enviarOuReenviarPedido(tx, {
        pescador: p,
        tipo: TipoSolicitacao.CANCELAMENTO,
        emAndamento: MENSAGENS_SOLICITACAO_API.cancelamentoEmAndamento,
        dados: { justificativaDeclaracaoSolicitacaoCancelamento: justificativa || null },
        justificativaCancelamento: justificativa || null,
        ator,
        motivo: ator.perfil === Perfil.INTERESSADO ? MOTIVOS_HISTORICO.cancelamentoPescador : MOTIVOS_HISTORICO.cancelamentoServidor,
      });
      return { s, p };
    });
    return { detalhe: detalheDe(s, p), mensagem: MENSAGENS_SOLICITACAO_API.cancelamentoEnviado };
  }

  /** GET /api/solicitacao-cancelamento-pescador/{id}: the fisher's open cancellation request, or null. */
  async cancelamentoAberto(ator: AuthContext, pescadorId: number): Promise<SolicitacaoDetalheResposta | null> {
    const p = await this.pescadorLegivel(ator, pescadorId);
    const [aberta] = await this.repo.findAbertas(pescadorId, [TipoSolicitacao.CANCELAMENTO], SITUACOES_ENVIADAS_ABERTAS);
    if (!aberta) return null;
    await auditarLeitura(this.auditoria, ator, 'solicitacao', aberta.id);
    return detalheDe(aberta, p);
  }

  // ------------------------------------------------------------------ regularisation (type 10)

  /** POST /api/solicitacao-regularizacao (docs/decisions/0009-regularizacao.md). */
  async solicitarRegularizacao(ator: AuthContext, corpo: RegularizacaoCorpo): Promise<Resultado> {
    const pescadorId = pescadorDoAtor(ator);
    const { s, p } = await this.repo.transacao(async (tx) => {
      const p = (await tx.findPescador(pescadorId, true))!;
      if (p.situacaoRegistro !== SituacaoRegistro.SUSPENSO) {
        throw AppError.notAcceptable(MENSAGENS_SOLICITACAO_API.regularizacaoIndisponivel);
      }
      const s = await enviarOuReenviarPedido(tx, {
        pescador: p,
        tipo: TipoSolicitacao.REGULARIZACAO,
        emAndamento: MENSAGENS_SOLICITACAO_API.regularizacaoEmAndamento,
        dados: { justificativa: corpo.justificativa },
        ator,
        motivo: MOTIVOS_HISTORICO.regularizacao,
      });
      return { s, p };
    });
    return { detalhe: detalheDe(s, p), mensagem: MENSAGENS_SOLICITACAO_API.regularizacaoEnviada };
  }

  // ------------------------------------------------------------------ helpers

  /** The fisher, if the caller may read them (403 before 404, so existence is not revealed). */
  private async pescadorLegivel(ator: AuthContext, pescadorId: number): Promise<PescadorRow> {
    const p = await this.repo.findPescador(pescadorId);
    exigirLeituraPescador(ator, pescadorId, p?.uf ?? null);
    if (!p) throw AppError.notFound(MENSAGENS_SOLICITACAO_API.pescadorNaoEncontrado);
    return p;
  }

  private async exigirOrgao(sigla: string): Promise<void> {
    if (!(await this.repo.orgaoExiste(sigla))) throw erroDeCampos([`orgao: ${MENSAGENS_SOLICITACAO_API.orgaoInvalido}`]);
  }
}
