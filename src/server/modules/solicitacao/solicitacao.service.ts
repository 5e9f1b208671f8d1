import { CodigoErro } from '../../../shared/codigos-erro';
import { partesSaoPaulo } from '../../../shared/datas';
import { erroCampo } from '../../../shared/erros-campo';
import { SituacaoSolicitacao as S, situacaoSolicitacaoLabel, TipoSolicitacao } from '../../../shared/enums';
import { MENSAGENS_SOLICITACAO, passo2Schema, schemaDoPasso, type SalvarPassoCorpo } from '../../../shared/schemas/solicitacao';
import {
  MENSAGENS_EDICAO_DOCUMENTOS, MENSAGENS_SOLICITACAO_API, MOTIVOS_HISTORICO, type CancelamentoCorpo, type ConsultaEdicaoRegistro,
  type EdicaoRgpCorpo, type EnvioEdicaoDocumentosCorpo, type FiltroSolicitacoes, type ListaSolicitacoes, type RegularizacaoCorpo,
  type SolicitacaoDetalheResposta,
} from '../../../shared/schemas/solicitacao-api';
import { MOTIVOS_REAP } from '../../../shared/regras/reap';
import type { TotalizadoresPescador } from '../../../shared/schemas/totalizadores';
import { naTransacao, type Database, type Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { erroDeCampos, erroDeValidacao } from '../../lib/validacao';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { exigirLeituraPescador, MENSAGEM_FORA_DO_ESCOPO, ufsDoEscopo } from '../escopo';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import type { DadosDeclarados, PescadorRow, PescadorService } from '../pescador/pescador.service';
import { criarRascunho, protocolar } from './abertura';
import { exigirDono, exigirLeituraSolicitacao, isServidor, pescadorDoAtor } from './acesso';
import { detalheDe, tipoDescricao } from './detalhe';
import { enviar, enviarRascunho } from './envio';
import { editavel, mudarSituacao, SITUACOES_ABERTAS, SITUACOES_ENVIADAS_ABERTAS, type MudancaDeSituacao } from './situacoes';
import type { SolicitacaoRepository, SolicitacaoRow } from './solicitacao.repository';
import {
  cancelamento, decisoesDe, definicaoDe, definicaoDoAssistente, edicaoDocumentos, edicaoRegistro, edicaoRgp, regularizacao, tiposComAbertura,
  type AberturaDeAnalise, type ContextoAbertura, type Recursos, type TipoPedidoDef,
} from './tipos';
import { exigirDocumentos } from './tipos/assistente';
import { motivoSemEdicao, prepararEdicao } from './tipos/edicao-registro';
import { verificarReferencias, type Passo, type SaidaPasso } from './verificacoes';

/** An answer about one request: the request and the message to show. */
export interface Resultado {
  detalhe: SolicitacaoDetalheResposta;
  mensagem: string;
}

/** What the analysis's decision did to the request: its new status, and the fisher's RGP number. */
export interface Decisao {
  situacaoSolicitacao: number;
  numeroRgp: string | null;
}

const MENSAGEM_PASSO: Record<Passo, string> = {
  1: MENSAGENS_SOLICITACAO.passo1Atualizado,
  2: MENSAGENS_SOLICITACAO.passo2Salvo,
  3: MENSAGENS_SOLICITACAO.passo3Salvo,
  4: MENSAGENS_SOLICITACAO.passo4Salvo,
};

/**
 * The requests of every type (their rules are in tipos/, one definition per type): opening them (the wizard's
 * drafts and steps, the documents edit, the registry edit by cloning, and the requests filed in one call), sending
 * them (envio.ts), reading and listing them; and, for the analysis, their status changes and what its decision
 * does. It is the only writer of `solicitacao` and `solicitacao_historico`. Knows nothing of HTTP.
 */
export class SolicitacaoService {
  private readonly recursos: Recursos;
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly repo: SolicitacaoRepository,
    private readonly auditoria: AuditoriaService,
    pescadores: PescadorService,
    notificacoes: NotificacaoService,
    /** Opens the analysis of a sent request (the analysis module's service). */
    analises: AberturaDeAnalise,
    opts: { now?: () => Date; cinObrigatoriaDesde?: string | null } = {},
  ) {
    this.recursos = { repo, pescadores, notificacoes, analises, regras: { cinObrigatoriaDesde: opts.cinObrigatoriaDesde ?? null } };
    this.now = opts.now ?? (() => new Date());
  }

  private get pescadores(): PescadorService {
    return this.recursos.pescadores;
  }

  // ------------------------------------------------------------------ the wizard (types 1, 2, 3 and 8)

  /** POST /api/solicitacao: a new draft with step 1, for the signed-in fisher only. */
  async criar(ator: AuthContext, corpo: SalvarPassoCorpo): Promise<Resultado> {
    const pescadorId = pescadorDoAtor(ator);
    if (corpo.passo !== 1) throw AppError.badRequest(MENSAGENS_SOLICITACAO_API.criacaoPasso1);
    const saida = this.validarPasso(1, corpo.tipo, corpo);
    const pescador = await this.repo.findPescador(pescadorId);
    if (!pescador) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
    if (saida.cpf !== pescador.cpf) throw AppError.forbidden(MENSAGENS_SOLICITACAO_API.cpfDiferente);
    await this.exigirReferencias(1, saida);

    const def = definicaoDe(corpo.tipo);
    const { s, p } = await this.db.transaction(async (tx) => {
      const ctx = await this.abertura(ator, pescadorId, tx);
      await def.exigirAbertura(ctx);
      const s = await criarRascunho(ctx, def, { passo: 1, dados: saida, motivo: MOTIVOS_HISTORICO.rascunhoCriado });
      return { s, p: ctx.pescador };
    });
    return { detalhe: detalheDe(s, p), mensagem: MENSAGENS_SOLICITACAO.passo1Criado };
  }

  /** PUT /api/solicitacao: saves step 1–4 of the fisher's own request, or sends it (step 5). */
  async salvar(ator: AuthContext, corpo: SalvarPassoCorpo): Promise<Resultado> {
    if (corpo.id === undefined) throw AppError.badRequest(MENSAGENS_SOLICITACAO_API.idObrigatorio);
    const r = await this.repo.findSolicitacaoComPescador(corpo.id);
    exigirDono(ator, r);
    const { solicitacao: s, pescador: p } = r;
    if (corpo.tipo !== s.tipo) throw AppError.badRequest(MENSAGENS_SOLICITACAO_API.tipoDiferente);
    if (!editavel(s)) throw AppError.recusa(CodigoErro.SOLICITACAO_NAO_EDITAVEL, MENSAGENS_SOLICITACAO.naoEditavel);
    if (corpo.passo === 5) {
      if (corpo.declaraCiencia !== true) throw AppError.badRequest(MENSAGENS_SOLICITACAO.declaracao);
      return this.enviar(ator, s, MENSAGENS_SOLICITACAO.enviada);
    }

    const passo = corpo.passo;
    if (s.passo < passo - 1) throw AppError.badRequest(MENSAGENS_SOLICITACAO_API.passoAnterior);
    const saida = this.validarPasso(passo, s.tipo, corpo);
    if (passo === 1 && (saida as SaidaPasso[1]).cpf !== p.cpf) throw AppError.forbidden(MENSAGENS_SOLICITACAO_API.cpfDiferente);
    await this.exigirReferencias(passo, saida);
    if (passo === 4) {
      await exigirDocumentos(definicaoDoAssistente(s.tipo), this.repo, s, p, { ...(s.dados as DadosDeclarados), ...saida });
    }

    const salva = await this.db.transaction(async (tx) => {
      const atual = await this.repo.lockSolicitacao(s.id, tx);
      if (!editavel(atual)) throw AppError.recusa(CodigoErro.SOLICITACAO_NAO_EDITAVEL, MENSAGENS_SOLICITACAO.naoEditavel);
      if (atual.passo < passo - 1) throw AppError.badRequest(MENSAGENS_SOLICITACAO_API.passoAnterior);
      return this.repo.updateSolicitacao(s.id, {
        dados: { ...(atual.dados as Record<string, unknown>), ...saida },
        passo: Math.max(atual.passo, passo),
      }, tx);
    });
    return { detalhe: detalheDe(salva, p), mensagem: MENSAGEM_PASSO[passo] };
  }

  /** DELETE /api/solicitacao/{id}/embarcacao: drops the vessel from step 2; step 2 must be saved again if it now fails. */
  async removerEmbarcacao(ator: AuthContext, id: number): Promise<Resultado> {
    const r = await this.repo.findSolicitacaoComPescador(id);
    exigirDono(ator, r);
    if (!editavel(r.solicitacao)) throw AppError.recusa(CodigoErro.SOLICITACAO_NAO_EDITAVEL, MENSAGENS_SOLICITACAO.naoEditavel);
    const salva = await this.db.transaction(async (tx) => {
      const atual = await this.repo.lockSolicitacao(id, tx);
      if (!editavel(atual)) throw AppError.recusa(CodigoErro.SOLICITACAO_NAO_EDITAVEL, MENSAGENS_SOLICITACAO.naoEditavel);
      const dados = structuredClone(atual.dados) as Record<string, unknown>;
      const atividade = dados.dadosAtividadePesca as { formaAtuacaoPesca?: Record<string, unknown> } | undefined;
      if (!atividade?.formaAtuacaoPesca) return atual;
      atividade.formaAtuacaoPesca.embarcacao = null;
      const passo = atual.passo >= 2 && !passo2Schema.safeParse(dados).success ? 1 : atual.passo;
      return this.repo.updateSolicitacao(id, { dados, passo }, tx);
    });
    return { detalhe: detalheDe(salva, r.pescador), mensagem: MENSAGENS_SOLICITACAO_API.embarcacaoRemovida };
  }

  /** DELETE /api/solicitacao/{id}/inativar: a draft leaves the lists and the counters; the row stays for the record. */
  async inativar(ator: AuthContext, id: number): Promise<Resultado> {
    const r = await this.repo.findSolicitacaoComPescador(id);
    exigirDono(ator, r);
    const salva = await this.db.transaction(async (tx) => {
      const atual = await this.repo.lockSolicitacao(id, tx);
      if (atual.situacao !== S.RASCUNHO || atual.inativa) throw AppError.recusa(CodigoErro.SOLICITACAO_NAO_EDITAVEL, MENSAGENS_SOLICITACAO_API.somenteRascunhoInativa);
      const s = await this.repo.updateSolicitacao(id, { inativa: true }, tx);
      await this.repo.insertHistorico({
        solicitacaoId: id, situacaoAnterior: atual.situacao, situacaoNova: atual.situacao, cpfAtor: ator.cpf, perfilAtor: ator.perfil,
        motivo: MOTIVOS_HISTORICO.rascunhoInativado,
      }, tx);
      return s;
    });
    return { detalhe: detalheDe(salva, r.pescador), mensagem: MENSAGENS_SOLICITACAO_API.rascunhoInativado };
  }

  // ------------------------------------------------------------------ registry edit by cloning (type 8)

  /** POST /api/solicitacao-edicao-registro/editar-solicitacao/{id}: a type-8 draft copying a deferred request. */
  async editarAPartirDe(ator: AuthContext, idOrigem: number): Promise<Resultado> {
    const r = await this.repo.findSolicitacaoComPescador(idOrigem);
    exigirDono(ator, r);
    const origem = r.solicitacao;
    if (origem.situacao !== S.DEFERIDA || !tiposComAbertura('assistente').includes(origem.tipo) || origem.inativa) {
      throw AppError.recusa(CodigoErro.SOLICITACAO_INDISPONIVEL, MENSAGENS_SOLICITACAO_API.edicaoRegistroOrigemNaoDeferida);
    }
    return this.criarEdicao(ator, r.pescador.id, origem.dados as Record<string, unknown>, origem.id);
  }

  /**
   * POST /api/solicitacao-pescador-ativo-edicao-registro: for an active fisher without a deferred request here
   * (migrated), a type-8 draft from the declared record or, when there is none, from the typed columns.
   */
  async editarRegistroAtivo(ator: AuthContext): Promise<Resultado> {
    return this.criarEdicao(ator, pescadorDoAtor(ator), null, null);
  }

  /** GET /api/solicitacao-pescador-ativo-edicao-registro/consultar/{id}: which of the two edit calls applies. */
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

  /** The deferred request a registry edit starts from: the active one, else the latest deferred with wizard data. */
  private async origemDeferida(p: PescadorRow, ex?: Executor): Promise<SolicitacaoRow | undefined> {
    const tipos = tiposComAbertura('assistente');
    if (p.idSolicitacaoAtiva !== null) {
      const ativa = await this.repo.findSolicitacao(p.idSolicitacaoAtiva, ex);
      if (ativa && ativa.pescadorId === p.id && ativa.situacao === S.DEFERIDA && tipos.includes(ativa.tipo)) return ativa;
    }
    return (await this.repo.findAbertas(p.id, tipos, [S.DEFERIDA], ex))[0];
  }

  // ------------------------------------------------------------------ documents edit (type 9)

  /**
   * POST /api/solicitacao-edicao-documentos: an ATIVO fisher opens a documents edit (a draft without steps); the
   * new documents are uploaded to it through /api/documentos, then it is sent.
   */
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

  /** POST /api/solicitacao-edicao-documentos/{id}/enviar: sends (or resends after an update) the documents edit. */
  async enviarEdicaoDocumentos(ator: AuthContext, id: number, corpo: EnvioEdicaoDocumentosCorpo = {}): Promise<Resultado> {
    const r = await this.repo.findSolicitacaoComPescador(id);
    exigirDono(ator, r);
    if (r.solicitacao.tipo !== TipoSolicitacao.EDICAO_DOCUMENTOS) throw AppError.badRequest(MENSAGENS_EDICAO_DOCUMENTOS.naoEdicaoDocumentos);
    // The declaration of step 5, as every request is sent with it (decision 0033); marked at its field.
    if (corpo.declaraCiencia !== true) {
      throw new AppError(400, MENSAGENS_SOLICITACAO.declaracao, { erros: [erroCampo('declaraCiencia', MENSAGENS_SOLICITACAO.declaracao)] });
    }
    return this.enviar(ator, r.solicitacao, MENSAGENS_EDICAO_DOCUMENTOS.enviada);
  }

  // ------------------------------------------------------------------ first-RGP edit (type 7, decision 0020)

  /**
   * POST /api/solicitacao-edicao-rgp: the fisher asks to correct the number, date or agency of their first RGP.
   * Opens a draft with the corrected data, or updates the data of their draft or of the one returned for update;
   * the proof is uploaded to it, then it is sent (`enviarEdicaoRgp`). One sent or under analysis answers 406.
   */
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

  /** POST /api/solicitacao-edicao-rgp/{id}/enviar: sends the first-RGP edit, with its proof (400 without it). */
  async enviarEdicaoRgp(ator: AuthContext, id: number): Promise<Resultado> {
    const r = await this.repo.findSolicitacaoComPescador(id);
    exigirDono(ator, r);
    if (r.solicitacao.tipo !== TipoSolicitacao.EDICAO_RGP) throw AppError.badRequest(MENSAGENS_SOLICITACAO_API.naoEdicaoRgp);
    return this.enviar(ator, r.solicitacao, MENSAGENS_SOLICITACAO_API.edicaoRgpEnviada);
  }

  // ------------------------------------------------------------------ requests filed in one call (types 5 and 10)

  /** POST /api/solicitacao-cancelamento-pescador/motivoCancelamento (spec point 5, "Cancellation"). */
  solicitarCancelamento(ator: AuthContext, corpo: CancelamentoCorpo): Promise<Resultado> {
    return this.protocolar(cancelamento, ator, corpo, MENSAGENS_SOLICITACAO_API.cancelamentoEnviado);
  }

  /** POST /api/solicitacao-regularizacao (docs/decisions/0009-regularizacao.md). */
  solicitarRegularizacao(ator: AuthContext, corpo: RegularizacaoCorpo): Promise<Resultado> {
    return this.protocolar(regularizacao, ator, corpo, MENSAGENS_SOLICITACAO_API.regularizacaoEnviada);
  }

  /** GET /api/solicitacao-cancelamento-pescador/{id}: the fisher's open cancellation request, or null. */
  async cancelamentoAberto(ator: AuthContext, pescadorId: number): Promise<SolicitacaoDetalheResposta | null> {
    const p = await this.pescadorLegivel(ator, pescadorId);
    const [aberta] = await this.repo.findAbertas(pescadorId, [TipoSolicitacao.CANCELAMENTO], SITUACOES_ENVIADAS_ABERTAS);
    if (!aberta) return null;
    await this.auditarLeitura(ator, 'solicitacao', aberta.id, pescadorId);
    return detalheDe(aberta, p);
  }

  // ------------------------------------------------------------------ reads

  async totalizadores(ator: AuthContext, pescadorId: number): Promise<TotalizadoresPescador> {
    const pescador = await this.repo.findPescadorUf(pescadorId);
    exigirLeituraPescador(ator, pescadorId, pescador?.uf ?? null);
    if (!pescador) throw AppError.notFound(MENSAGENS_SOLICITACAO_API.pescadorNaoEncontrado);
    return this.repo.totalizadores(pescadorId);
  }

  /** GET /api/solicitacao/{id}. */
  async detalhe(ator: AuthContext, id: number): Promise<SolicitacaoDetalheResposta> {
    const r = await this.repo.findSolicitacaoComPescador(id);
    exigirLeituraSolicitacao(ator, r);
    await this.auditarLeitura(ator, 'solicitacao', id, r.solicitacao.pescadorId);
    return detalheDe(r.solicitacao, r.pescador);
  }

  /** GET /api/solicitacao?{filters}: a fisher's own requests; staff's within their scope. */
  async listar(ator: AuthContext, f: FiltroSolicitacoes): Promise<ListaSolicitacoes> {
    let pescadorId: number | undefined;
    let ufs: string[] | null = null;
    if (!isServidor(ator)) {
      pescadorId = pescadorDoAtor(ator);
      if (f.idPescador !== undefined && f.idPescador !== pescadorId) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
    } else if (f.idPescador !== undefined) {
      const p = await this.repo.findPescadorUf(f.idPescador);
      exigirLeituraPescador(ator, f.idPescador, p?.uf ?? null);
      if (!p) throw AppError.notFound(MENSAGENS_SOLICITACAO_API.pescadorNaoEncontrado);
      pescadorId = f.idPescador;
    } else {
      ufs = ufsDoEscopo(ator);
    }
    return this.pagina(ator, {
      pescadorId, ufs, situacoes: f.situacao, tipos: f.tipo, cpf: f.cpf, nome: f.nome, pagina: f.pagina, tamanhoPagina: f.tamanhoPagina,
    });
  }

  /** GET /api/solicitacao/pescador/{id}: the requests of one fisher, in scope. */
  async listarDoPescador(ator: AuthContext, pescadorId: number, pag: { pagina: number; tamanhoPagina: number }): Promise<ListaSolicitacoes> {
    const p = await this.repo.findPescadorUf(pescadorId);
    exigirLeituraPescador(ator, pescadorId, p?.uf ?? null);
    if (!p) throw AppError.notFound(MENSAGENS_SOLICITACAO_API.pescadorNaoEncontrado);
    return this.pagina(ator, { pescadorId, ufs: null, ...pag });
  }

  /** GET /api/solicitacao/ultima/solicitacao: the signed-in fisher's latest request (of a type), or null. */
  async ultima(ator: AuthContext, tipo?: number): Promise<SolicitacaoDetalheResposta | null> {
    const pescadorId = pescadorDoAtor(ator);
    const s = await this.repo.findUltima(pescadorId, tipo);
    if (!s) return null;
    const p = (await this.repo.findPescador(pescadorId))!;
    return detalheDe(s, p);
  }

  // ------------------------------------------------------------------ what the analysis asks

  /** A status change the analysis makes (started, given back), with its history row, in the caller's transaction. */
  async mudarSituacao(m: MudancaDeSituacao, ex: Executor = this.db): Promise<void> {
    await naTransacao(this.db, ex, (tx) => mudarSituacao(this.repo, m, tx));
  }

  /** The analysis approved the request: DEFERIDA, and what its type's approval does (tipos/). */
  async deferir(ator: AuthContext, solicitacaoId: number, ex: Executor = this.db): Promise<Decisao> {
    return naTransacao(this.db, ex, async (tx) => {
      const ctx = await this.decisao(ator, solicitacaoId, tx);
      await mudarSituacao(this.repo, {
        solicitacaoId, de: ctx.solicitacao.situacao, para: S.DEFERIDA, ator, motivo: MOTIVOS_HISTORICO.analiseDeferida,
      }, tx);
      const emitido = await decisoesDe(ctx.solicitacao.tipo).aoDeferir(ctx);
      return { situacaoSolicitacao: S.DEFERIDA, numeroRgp: emitido ?? ctx.pescador.numeroRgp };
    });
  }

  /** The analysis rejected the request: what its type's rejection does (tipos/). */
  async indeferir(ator: AuthContext, solicitacaoId: number, ex: Executor = this.db): Promise<Decisao> {
    return naTransacao(this.db, ex, async (tx) => {
      const ctx = await this.decisao(ator, solicitacaoId, tx);
      return { situacaoSolicitacao: await decisoesDe(ctx.solicitacao.tipo).aoIndeferir(ctx), numeroRgp: null };
    });
  }

  /** Requests left in updating past the deadline become FINALIZADA (labelled Indeferida); answers how many. */
  async finalizarVencidas(prazoDias: number): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.transaction(async (tx) => {
        const vencidas = await this.repo.vencidasEmAtualizacao(prazoDias, 500, tx);
        for (const v of vencidas) {
          await mudarSituacao(this.repo, {
            solicitacaoId: v.id, de: v.situacao, para: S.FINALIZADA, ator: null, motivo: MOTIVOS_HISTORICO.prazoAtualizacaoEncerrado(prazoDias),
          }, tx);
        }
        return vencidas.length;
      });
      total += n;
      if (n < 500) return total;
    }
  }

  // ------------------------------------------------------------------ what REAP asks (tipos/reap.ts)

  /**
   * Opens one REAP obligation of the fisher (REAP_PENDENTE) with its history row, in the caller's transaction; the
   * reap module decides which years are owed and links the request to its questionnaire.
   */
  async abrirReap(ator: AuthContext, pescadorId: number, ex: Executor = this.db): Promise<SolicitacaoRow> {
    return naTransacao(this.db, ex, async (tx) => {
      const s = await this.repo.insertSolicitacao({ pescadorId, tipo: TipoSolicitacao.REAP, situacao: S.REAP_PENDENTE }, tx);
      await this.repo.insertHistorico({
        solicitacaoId: s.id, situacaoAnterior: null, situacaoNova: S.REAP_PENDENTE, cpfAtor: ator.cpf, perfilAtor: ator.perfil, motivo: MOTIVOS_REAP.gerada,
      }, tx);
      return s;
    });
  }

  /**
   * Sends a pending REAP by the one submission path (REAP_ENVIADA, its protocol number, the history row), in the
   * caller's transaction; 406 unless it is a REAP still pending. The reap module has checked its rules.
   */
  async enviarReap(ator: AuthContext, solicitacaoId: number, ex: Executor = this.db): Promise<SolicitacaoRow> {
    return naTransacao(this.db, ex, async (tx) => {
      const atual = await this.repo.lockSolicitacao(solicitacaoId, tx);
      if (!atual || atual.tipo !== TipoSolicitacao.REAP || atual.situacao !== S.REAP_PENDENTE) throw AppError.recusa(CodigoErro.REAP_JA_ENVIADA, MOTIVOS_REAP.naoPendente);
      const ctx = await this.abertura(ator, atual.pescadorId, tx);
      const { enviada } = await enviar({ ...ctx, solicitacao: atual }, definicaoDe(TipoSolicitacao.REAP), {
        situacao: atual.situacao, motivo: MOTIVOS_REAP.enviada,
      });
      return enviada;
    });
  }

  // ------------------------------------------------------------------ what a module driving its own type asks

  /**
   * Opens a draft of a type whose rules another module keeps (the appeal, type 11: the recurso module), for the
   * fisher, with its history row, in the caller's transaction (the fisher's row locked for the rest of it).
   */
  async abrirRascunhoDe(ator: AuthContext, tipo: TipoSolicitacao, pescadorId: number, dados: Record<string, unknown>, motivo: string, ex: Executor): Promise<SolicitacaoRow> {
    return naTransacao(this.db, ex, async (tx) => criarRascunho(await this.abertura(ator, pescadorId, tx), definicaoDe(tipo), { passo: 0, dados, motivo }));
  }

  /** Sends such a draft by the one submission path, in the caller's transaction; 406 unless still changeable. */
  async enviarRascunhoDe(ator: AuthContext, solicitacaoId: number, pescadorId: number, ex: Executor): Promise<SolicitacaoRow> {
    return naTransacao(this.db, ex, async (tx) => {
      const atual = await this.repo.lockSolicitacao(solicitacaoId, tx);
      return (await enviarRascunho(await this.abertura(ator, pescadorId, tx), definicaoDe(atual.tipo), solicitacaoId)).enviada;
    });
  }

  // ------------------------------------------------------------------ helpers

  /** The opening of a request for the fisher, their row locked for the rest of the transaction. */
  private async abertura(ator: AuthContext, pescadorId: number, tx: Executor): Promise<ContextoAbertura> {
    return { pescador: await this.repo.lockPescador(pescadorId, tx), ator, recursos: this.recursos, tx, hoje: partesSaoPaulo(this.now()).data };
  }

  /** Sends a draft or a request back for update (the wizard's step 5, the documents edit), by the one path. */
  private async enviar(ator: AuthContext, s: SolicitacaoRow, mensagem: string): Promise<Resultado> {
    const def = definicaoDe(s.tipo);
    const { enviada, pescador } = await this.db.transaction(async (tx) => {
      const ctx = await this.abertura(ator, s.pescadorId, tx);
      return enviarRascunho(ctx, def, s.id);
    });
    return { detalhe: detalheDe(enviada, pescador), mensagem };
  }

  /** Files (or resubmits) a request of a type filed in one call, by the one path. */
  private async protocolar<C>(def: TipoPedidoDef<C>, ator: AuthContext, corpo: C, mensagem: string): Promise<Resultado> {
    const pedido = await def.pedido(ator, corpo, this.recursos);
    await this.pescadorLegivel(ator, pedido.pescadorId);
    const { enviada, pescador } = await this.db.transaction(async (tx) => {
      const ctx = await this.abertura(ator, pedido.pescadorId, tx);
      return protocolar(ctx, def, pedido);
    });
    return { detalhe: detalheDe(enviada, pescador), mensagem };
  }

  /** The decision's context: the request and its fisher, both locked. */
  private async decisao(ator: AuthContext, solicitacaoId: number, tx: Executor) {
    const solicitacao = await this.repo.lockSolicitacao(solicitacaoId, tx);
    const pescador = await this.repo.lockPescador(solicitacao.pescadorId, tx);
    return { solicitacao, pescador, ator, hoje: partesSaoPaulo(this.now()).data, recursos: this.recursos, tx };
  }

  private validarPasso<P extends Passo>(passo: P, tipo: number, corpo: unknown): SaidaPasso[P] {
    const r = schemaDoPasso(passo, tipo).safeParse(corpo);
    if (!r.success) throw erroDeValidacao(r.error.issues);
    return r.data as SaidaPasso[P];
  }

  private async exigirReferencias<P extends Passo>(passo: P, saida: SaidaPasso[P]): Promise<void> {
    const erros = await verificarReferencias(this.repo, passo, saida);
    if (erros.length > 0) throw erroDeCampos(erros);
  }

  /** The fisher, if the caller may read them (403 before 404, so existence is not revealed). */
  private async pescadorLegivel(ator: AuthContext, pescadorId: number): Promise<PescadorRow> {
    const p = await this.repo.findPescador(pescadorId);
    exigirLeituraPescador(ator, pescadorId, p?.uf ?? null);
    if (!p) throw AppError.notFound(MENSAGENS_SOLICITACAO_API.pescadorNaoEncontrado);
    return p;
  }

  /** A staff view of a fisher's request data goes to the audit trail (a fisher's own view does not). */
  private async auditarLeitura(
    ator: AuthContext, recurso: string, recursoId: string | number, pescadorId: number | null, detalhes?: Record<string, unknown>,
  ): Promise<void> {
    if (!isServidor(ator)) return;
    await this.auditoria.visualizacao(ator, recurso, recursoId, detalhes, pescadorId);
  }

  private async pagina(ator: AuthContext, f: {
    pescadorId?: number; ufs: string[] | null; situacoes?: number[]; tipos?: number[]; cpf?: string; nome?: string;
    pagina: number; tamanhoPagina: number;
  }): Promise<ListaSolicitacoes> {
    const { total, linhas } = await this.repo.listar({
      pescadorId: f.pescadorId,
      ufs: f.ufs,
      situacoes: f.situacoes,
      tipos: f.tipos,
      excluirReap: true,
      cpf: f.cpf,
      nome: f.nome,
      limite: f.tamanhoPagina,
      deslocamento: (f.pagina - 1) * f.tamanhoPagina,
    });
    if (isServidor(ator) && linhas.length > 0) {
      await this.auditarLeitura(ator, 'solicitacao', f.pescadorId ?? 'lista', f.pescadorId ?? null, {
        filtros: { situacoes: f.situacoes, tipos: f.tipos, cpf: f.cpf, nome: f.nome, pagina: f.pagina },
        ids: linhas.map((l) => l.id),
      });
    }
    return {
      total,
      solicitacoes: linhas.map((l) => ({
        ...l,
        tipoDescricao: tipoDescricao(l.tipo),
        situacaoDescricao: situacaoSolicitacaoLabel(l.situacao),
      })),
    };
  }
}
