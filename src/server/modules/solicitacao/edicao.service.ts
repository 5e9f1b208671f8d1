import { CodigoErro } from '../../../shared/codigos-erro';
import { erroCampo } from '../../../shared/erros-campo';
import { SituacaoSolicitacao as S, TipoSolicitacao } from '../../../shared/enums';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import { MENSAGENS_EDICAO_DOCUMENTOS, MENSAGENS_SOLICITACAO_API, MOTIVOS_HISTORICO, type ConsultaEdicaoRegistro, type EdicaoRgpCorpo, type EnvioEdicaoDocumentosCorpo } from '../../../shared/schemas/solicitacao-api';
import { type Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';
import type { PescadorRow } from '../pescador/pescador.service';
import { criarRascunho } from './abertura';
import { exigirDono, pescadorDoAtor } from './acesso';
import { detalheDe } from './detalhe';
import { editavel, SITUACOES_ABERTAS } from './situacoes';
import type { SolicitacaoRow } from './solicitacao.repository';
import { edicaoDocumentos, edicaoRegistro, edicaoRgp, tiposComAbertura } from './tipos';
import { motivoSemEdicao, prepararEdicao } from './tipos/edicao-registro';
import { BaseSolicitacao, type Resultado } from './base';

/** Registry edit by cloning (type 8), documents edit (type 9), first-RGP edit (type 7, decision 0020). */
export class EdicaoService extends BaseSolicitacao {
  async editarAPartirDe(ator: AuthContext, idOrigem: number): Promise<Resultado> {
    const r = await this.repo.findSolicitacaoComPescador(idOrigem);
    exigirDono(ator, r);
    const origem = r.solicitacao;
    if (origem.situacao !== S.DEFERIDA || !tiposComAbertura('assistente').includes(origem.tipo) || origem.inativa) {
      throw AppError.recusa(CodigoErro.SOLICITACAO_INDISPONIVEL, MENSAGENS_SOLICITACAO_API.edicaoRegistroOrigemNaoDeferida);
    }
    return this.criarEdicao(ator, r.pescador.id, origem.dados as Record<string, unknown>, origem.id);
  }

  async editarRegistroAtivo(ator: AuthContext): Promise<Resultado> {
    return this.criarEdicao(ator, pescadorDoAtor(ator), null, null);
  }

  async consultarEdicao(ator: AuthContext, pescadorId: number): Promise<ConsultaEdicaoRegistro> {
    const p = await this.pescadorLegivel(ator, pescadorId);
    await this.auditarLeitura(ator, 'solicitacao-edicao-registro', pescadorId, pescadorId);
    const motivo = await motivoSemEdicao(this.repo, p);
    if (motivo) return { podeEditar: false, idSolicitacaoOrigem: null, motivo };
    const origem = await this.origemDeferida(p);
    return { podeEditar: true, idSolicitacaoOrigem: origem?.id ?? null, motivo: null };
  }

  private async criarEdicao(ator: AuthContext, pescadorId: number, dadosOrigem: Record<string, unknown> | null, origemId: number | null): Promise<Resultado> {
    const { s, p } = await this.db.transaction(async (tx) => {
      const ctx = await this.abertura(ator, pescadorId, tx);
      const p = ctx.pescador;
      await edicaoRegistro.exigirAbertura(ctx);
      let bruto = dadosOrigem;
      if (bruto === null) {
        if (await this.origemDeferida(p, tx)) throw AppError.recusa(CodigoErro.SOLICITACAO_INDISPONIVEL, MENSAGENS_SOLICITACAO_API.edicaoRegistroPossuiDeferida);
        bruto = await this.pescadores.dadosDeclarados(p, tx);
      }
      const { dados, passo } = prepararEdicao(bruto, p.cpf);
      const s = await criarRascunho(ctx, edicaoRegistro, {
        passo, dados, solicitacaoOrigemId: origemId,
        motivo: origemId === null ? MOTIVOS_HISTORICO.edicaoRegistro : `${MOTIVOS_HISTORICO.edicaoRegistro} a partir da solicitação ${origemId}`,
      });
      return { s, p };
    });
    return { detalhe: detalheDe(s, p), mensagem: MENSAGENS_SOLICITACAO_API.edicaoRegistroCriada };
  }

  /** The active one, else the latest deferred with wizard data. */
  private async origemDeferida(p: PescadorRow, ex?: Executor): Promise<SolicitacaoRow | undefined> {
    const tipos = tiposComAbertura('assistente');
    if (p.idSolicitacaoAtiva !== null) {
      const ativa = await this.repo.findSolicitacao(p.idSolicitacaoAtiva, ex);
      if (ativa && ativa.pescadorId === p.id && ativa.situacao === S.DEFERIDA && tipos.includes(ativa.tipo)) return ativa;
    }
    return (await this.repo.findAbertas(p.id, tipos, [S.DEFERIDA], ex))[0];
  }

  async iniciarEdicaoDocumentos(ator: AuthContext): Promise<Resultado> {
    const pescadorId = pescadorDoAtor(ator);
    const { s, p } = await this.db.transaction(async (tx) => {
      const ctx = await this.abertura(ator, pescadorId, tx);
      await edicaoDocumentos.exigirAbertura(ctx);
      const s = await criarRascunho(ctx, edicaoDocumentos, { passo: 0, dados: {}, motivo: MOTIVOS_HISTORICO.edicaoDocumentos });
      return { s, p: ctx.pescador };
    });
    return { detalhe: detalheDe(s, p), mensagem: MENSAGENS_EDICAO_DOCUMENTOS.criada };
  }

  async enviarEdicaoDocumentos(ator: AuthContext, id: number, corpo: EnvioEdicaoDocumentosCorpo = {}): Promise<Resultado> {
    const r = await this.repo.findSolicitacaoComPescador(id);
    exigirDono(ator, r);
    if (r.solicitacao.tipo !== TipoSolicitacao.EDICAO_DOCUMENTOS) throw AppError.badRequest(MENSAGENS_EDICAO_DOCUMENTOS.naoEdicaoDocumentos);
    // Every request is sent with the step 5 declaration (decision 0033).
    if (corpo.declaraCiencia !== true) {
      throw new AppError(400, MENSAGENS_SOLICITACAO.declaracao, { erros: [erroCampo('declaraCiencia', MENSAGENS_SOLICITACAO.declaracao)] });
    }
    return this.enviar(ator, r.solicitacao, MENSAGENS_EDICAO_DOCUMENTOS.enviada);
  }

  /** 406 while one is sent or under analysis. */
  async solicitarEdicaoRgp(ator: AuthContext, corpo: EdicaoRgpCorpo): Promise<Resultado> {
    const pescadorId = pescadorDoAtor(ator);
    await this.pescadores.exigirOrgao(corpo.orgao);
    const dados = { numeroPrimeiroRGP: corpo.numeroPrimeiroRGP, dataPrimeiroRgp: corpo.dataPrimeiroRgp, orgao: corpo.orgao };
    const { s, p } = await this.db.transaction(async (tx) => {
      const ctx = await this.abertura(ator, pescadorId, tx);
      await edicaoRgp.exigirAbertura(ctx);
      const abertas = await this.repo.findAbertas(pescadorId, [TipoSolicitacao.EDICAO_RGP], SITUACOES_ABERTAS, tx);
      const aberta = abertas.find((a) => editavel(a));
      if (abertas.some((a) => a !== aberta)) throw AppError.recusa(CodigoErro.SOLICITACAO_EM_ANDAMENTO, MENSAGENS_SOLICITACAO_API.edicaoRgpEmAndamento);
      const s = aberta
        ? await this.repo.updateSolicitacao(aberta.id, { dados }, tx)
        : await criarRascunho(ctx, edicaoRgp, { passo: 0, dados, motivo: MOTIVOS_HISTORICO.edicaoRgp });
      return { s, p: ctx.pescador };
    });
    return { detalhe: detalheDe(s, p), mensagem: MENSAGENS_SOLICITACAO_API.edicaoRgpCriada };
  }

  async enviarEdicaoRgp(ator: AuthContext, id: number): Promise<Resultado> {
    const r = await this.repo.findSolicitacaoComPescador(id);
    exigirDono(ator, r);
    if (r.solicitacao.tipo !== TipoSolicitacao.EDICAO_RGP) throw AppError.badRequest(MENSAGENS_SOLICITACAO_API.naoEdicaoRgp);
    return this.enviar(ator, r.solicitacao, MENSAGENS_SOLICITACAO_API.edicaoRgpEnviada);
  }
}
