import {
  Perfil, SituacaoAnalise, SituacaoRegistro, SituacaoSolicitacao, TipoNotificacao, TipoSolicitacao, situacaoAnaliseLabel,
  situacaoSolicitacaoLabel, tipoDocumentoLabel, tipoSolicitacaoLabel, type SituacaoAnalise as SituacaoAnaliseT,
  type TipoDocumento,
} from '../../../shared/enums';
import { formatCpf } from '../../../shared/cpf';
import { formatarDataHora, partesSaoPaulo } from '../../../shared/datas';
import { montarRgp } from '../../../shared/rgp';
import {
  MENSAGENS_ANALISE, type AnaliseDetalhe, type AnaliseResumo, type DecisaoAnaliseCorpo, type FiltrosAnalise, type Indeferimento,
} from '../../../shared/schemas/analise';
import type { TotalizadoresServidor } from '../../../shared/schemas/totalizadores';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { ArquivoEnviado, DocumentoService } from '../documento/documento.service';
import type { Documento } from '../../../shared/schemas/documento';
import { exigirLeituraPescador, MENSAGEM_FORA_DO_ESCOPO, podeLerPescador, ufsDoEscopo } from '../escopo';
import { aplicarDadosNoPescador, type DadosSolicitacao } from '../solicitacao/aplicar-dados';
import type { AnaliseLinha, AnaliseRepository } from './analise.repository';

/** Creates a fisher's notification inside the caller's transaction (the notifications module's service). */
export interface Notificador {
  criar(p: { pescadorId: number; tipo: number; conteudo: string; urlRedirecionamento: string | null }, ex?: Executor): Promise<unknown>;
}

export interface AnaliseServiceOptions {
  /** How long a started analysis stays locked to its analyst. */
  tempoBloqueioMinutos: number;
  /** Days a request may stay in updating before the daily job finalises it. */
  prazoAtualizacaoDias: number;
  now?: () => Date;
}

const PERFIS_ANALISTAS: readonly number[] = [Perfil.GESTOR, Perfil.MPA, Perfil.SFPA, Perfil.ADMIN];

/** What each approved request type does to the registry (product guide, "Request lifecycle"). */
const TIPOS_REGISTRO: readonly number[] = [TipoSolicitacao.REGISTRO_INICIAL, TipoSolicitacao.RECADASTRAMENTO, TipoSolicitacao.REGISTRO_PROTOCOLO];

function iso(d: Date | string | null): string | null {
  if (d === null) return null;
  return (typeof d === 'string' ? new Date(d) : d).toISOString();
}

export class AnaliseService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly repo: AnaliseRepository,
    private readonly auditoria: AuditoriaService,
    private readonly notificacoes: Notificador,
    private readonly documentos: DocumentoService,
    private readonly opts: AnaliseServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  totalizadores(ator: AuthContext): Promise<TotalizadoresServidor> {
    return this.repo.totalizadores(ufsDoEscopo(ator));
  }

  async listar(ator: AuthContext, filtros: FiltrosAnalise): Promise<{ total: number; analises: AnaliseResumo[] }> {
    const { total, linhas } = await this.repo.listar(filtros, ufsDoEscopo(ator));
    await this.auditoria.registrar({
      acao: 'VISUALIZACAO_LISTA_ANALISES', cpfAtor: ator.cpf, perfilAtor: ator.perfil, sessaoId: ator.sessaoId, ip: ator.ip,
      recurso: 'analise-solicitacao', detalhes: { pagina: filtros.pagina, resultados: linhas.length, ids: linhas.map((l) => l.id) },
    });
    return {
      total,
      analises: linhas.map((l) => ({
        idAnaliseSolicitacao: l.id,
        idSolicitacao: l.solicitacaoId,
        tipoSolicitacao: l.tipo,
        tipoDescricao: tipoSolicitacaoLabel[l.tipo as TipoSolicitacao] ?? 'Solicitação',
        situacaoAnalise: { id: l.situacaoAnalise, descricao: situacaoAnaliseLabel[l.situacaoAnalise as SituacaoAnaliseT] },
        nomePescador: l.nomePescador,
        cpfPescador: formatCpf(l.cpfPescador),
        uf: l.ufPescador,
        numeroProtocolo: l.numeroProtocolo,
        dataEnvio: iso(l.enviadaEm),
        diasAguardando: l.diasAguardando,
        analista: l.nomeAnalista,
        dataHoraBloqueio: iso(l.dataHoraBloqueio),
        instancia: l.instancia,
      })),
    };
  }

  async detalhar(ator: AuthContext, id: number): Promise<AnaliseDetalhe> {
    const a = await this.repo.findById(this.db, id);
    if (!a) throw AppError.notFound('Análise não encontrada.');
    exigirLeituraPescador(ator, a.pescadorId, a.ufPescador);
    await this.auditoria.visualizacao(ator, 'analise-solicitacao', a.id, { solicitacao: a.solicitacaoId });
    return this.montarDetalhe(ator, a);
  }

  async daSolicitacao(ator: AuthContext, solicitacaoId: number): Promise<AnaliseDetalhe> {
    const s = await this.repo.findSolicitacaoPescador(solicitacaoId);
    if (!s || !podeLerPescador(ator, s.pescadorId, s.uf)) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
    const a = await this.repo.findAtualDaSolicitacao(solicitacaoId);
    if (!a) throw AppError.notFound('Esta solicitação ainda não tem análise.');
    await this.auditoria.visualizacao(ator, 'analise-solicitacao', a.id, { solicitacao: a.solicitacaoId });
    return this.montarDetalhe(ator, a);
  }

  /** Starts the analysis: locks it to the analyst (spec point 4). */
  async bloquear(ator: AuthContext, id: number): Promise<{ idAnaliseSolicitacao: number; situacaoAnalise: { id: number }; dataHoraBloqueio: string }> {
    return this.db.transaction(async (tx) => {
      const a = await this.repo.findById(tx, id, true);
      if (!a) throw AppError.notFound('Análise não encontrada.');
      this.exigirAnalista(ator, a);
      if (a.situacaoAnalise === SituacaoAnalise.DEFERIDA || a.situacaoAnalise === SituacaoAnalise.INDEFERIDA) {
        throw AppError.notAcceptable(MENSAGENS_ANALISE.concluida);
      }
      let motivo = 'Análise iniciada';
      if (a.situacaoAnalise === SituacaoAnalise.EM_ANALISE && a.usuarioMapaId !== ator.idUsuarioMapa) {
        if (!this.bloqueioExpirado(a)) throw AppError.notAcceptable(this.mensagemBloqueada(a));
        motivo = `Análise assumida após o tempo de bloqueio de ${a.nomeAnalista ?? 'outro servidor'}`;
      }
      const dataHoraBloqueio = await this.repo.bloquear(tx, a.id, ator.idUsuarioMapa!, this.now());
      if (a.situacaoSolicitacao !== SituacaoSolicitacao.EM_ANALISE || motivo !== 'Análise iniciada') {
        await this.repo.mudarSituacaoSolicitacao(tx, {
          solicitacaoId: a.solicitacaoId, de: a.situacaoSolicitacao, para: SituacaoSolicitacao.EM_ANALISE,
          cpfAtor: ator.cpf, perfilAtor: ator.perfil, motivo,
        });
      }
      // Audited in the same transaction: the lock and its record are kept, or neither.
      await this.auditoria.registrar({
        acao: 'ANALISE_INICIADA', cpfAtor: ator.cpf, perfilAtor: ator.perfil, sessaoId: ator.sessaoId, ip: ator.ip,
        recurso: 'analise-solicitacao', recursoId: id,
      }, tx);
      return { idAnaliseSolicitacao: a.id, situacaoAnalise: { id: SituacaoAnalise.EM_ANALISE }, dataHoraBloqueio: dataHoraBloqueio.toISOString() };
    });
  }

  /** Cancels the start: back to waiting. Only the analyst who holds it. */
  async desbloquear(ator: AuthContext, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const a = await this.repo.findById(tx, id, true);
      if (!a) throw AppError.notFound('Análise não encontrada.');
      this.exigirAnalista(ator, a);
      if (a.situacaoAnalise !== SituacaoAnalise.EM_ANALISE) throw AppError.notAcceptable('Esta análise não está em andamento.');
      if (a.usuarioMapaId !== ator.idUsuarioMapa) {
        throw AppError.notAcceptable('Somente o servidor que iniciou a análise pode cancelar o início.');
      }
      await this.repo.desbloquear(tx, a.id);
      await this.repo.mudarSituacaoSolicitacao(tx, {
        solicitacaoId: a.solicitacaoId, de: a.situacaoSolicitacao, para: SituacaoSolicitacao.ENVIADA,
        cpfAtor: ator.cpf, perfilAtor: ator.perfil, motivo: 'Início da análise cancelado',
      });
      await this.auditoria.registrar({
        acao: 'ANALISE_CANCELADA', cpfAtor: ator.cpf, perfilAtor: ator.perfil, sessaoId: ator.sessaoId, ip: ator.ip,
        recurso: 'analise-solicitacao', recursoId: id,
      }, tx);
    });
  }

  /**
   * Records the checklist and the decision: DEFERIDA when every document is approved, otherwise INDEFERIDA
   * with the justification. Everything that follows from it happens in the same transaction.
   */
  async concluir(ator: AuthContext, corpo: DecisaoAnaliseCorpo, somenteEdicaoDocumentos: boolean) {
    const resultado = await this.db.transaction(async (tx) => {
      const a = await this.repo.findById(tx, corpo.id, true);
      if (!a || a.solicitacaoId !== corpo.solicitacao) throw AppError.notFound('Análise não encontrada para esta solicitação.');
      this.exigirAnalista(ator, a);
      const edicaoDocumentos = a.tipo === TipoSolicitacao.EDICAO_DOCUMENTOS;
      if (edicaoDocumentos !== somenteEdicaoDocumentos) {
        throw AppError.badRequest(edicaoDocumentos
          ? 'Use /api/analise-solicitacao-edicao-documento para solicitações de edição de documentos.'
          : 'Este endereço é apenas para solicitações de edição de documentos.');
      }
      if (a.situacaoAnalise === SituacaoAnalise.DEFERIDA || a.situacaoAnalise === SituacaoAnalise.INDEFERIDA) {
        throw AppError.notAcceptable(MENSAGENS_ANALISE.concluida);
      }
      if (a.situacaoAnalise !== SituacaoAnalise.EM_ANALISE) throw AppError.notAcceptable(MENSAGENS_ANALISE.naoIniciada);
      if (a.usuarioMapaId !== ator.idUsuarioMapa) throw AppError.notAcceptable(this.mensagemBloqueada(a));

      const documentos = await this.repo.documentosAtivos(tx, a.solicitacaoId);
      const avaliados = new Map(corpo.documentos.map((d) => [d.id, d]));
      if (documentos.length === 0 || documentos.some((d) => !avaliados.has(d.id)) || avaliados.size !== documentos.length) {
        throw AppError.badRequest(MENSAGENS_ANALISE.checklistIncompleto);
      }
      if (corpo.documentoParecer !== null && corpo.documentoParecer !== a.documentoParecerId) {
        throw AppError.badRequest('O documento de parecer informado não pertence a esta análise.');
      }
      const deferida = corpo.documentos.every((d) => d.aprovado);
      const situacao = deferida ? SituacaoAnalise.DEFERIDA : SituacaoAnalise.INDEFERIDA;
      await this.repo.concluir(tx, {
        analiseId: a.id,
        situacao,
        justificativa: corpo.justificativa || null,
        perfilAnalista: ator.perfil,
        documentoParecerId: a.documentoParecerId,
        checklist: documentos.map((d) => ({ documentoId: d.id, tipoDocumento: d.tipoDocumento, aprovado: avaliados.get(d.id)!.aprovado })),
      });
      const consequencia = deferida ? await this.deferir(tx, ator, a) : await this.indeferir(tx, ator, a);
      await this.auditoria.registrar({
        acao: 'ANALISE_CONCLUIDA', cpfAtor: ator.cpf, perfilAtor: ator.perfil, sessaoId: ator.sessaoId, ip: ator.ip,
        recurso: 'analise-solicitacao', recursoId: corpo.id, detalhes: { situacao, solicitacao: corpo.solicitacao },
      }, tx);
      return {
        idAnaliseSolicitacao: a.id,
        situacaoAnalise: { id: situacao, descricao: situacaoAnaliseLabel[situacao] },
        situacaoSolicitacao: consequencia.situacaoSolicitacao,
        numeroRGP: consequencia.numeroRgp,
      };
    });
    return {
      dados: resultado,
      mensagem: resultado.situacaoAnalise.id === SituacaoAnalise.DEFERIDA ? MENSAGENS_ANALISE.deferida : MENSAGENS_ANALISE.indeferida,
    };
  }

  /**
   * POST /api/documentos/parecer: the analyst holding the analysis attaches the opinion document (PDF, 2048 KB at
   * most); a new one replaces the previous.
   */
  async anexarParecer(ator: AuthContext, idAnalise: number, arquivo: ArquivoEnviado): Promise<Documento> {
    const a = await this.repo.findById(this.db, idAnalise);
    if (!a) throw AppError.notFound('Análise não encontrada.');
    this.exigirEmAnalisePorMim(ator, a);
    const doc = await this.documentos.guardarParecer(a.pescadorId, arquivo, async (documentoId, repo) => {
      const atual = await this.repo.findById(repo.executor, idAnalise, true);
      if (!atual) throw AppError.notFound('Análise não encontrada.');
      this.exigirEmAnalisePorMim(ator, atual);
      await this.repo.definirParecer(repo.executor, idAnalise, documentoId);
      return atual.documentoParecerId;
    });
    await this.auditoria.registrar({
      acao: 'PARECER_ANEXADO', cpfAtor: ator.cpf, perfilAtor: ator.perfil, sessaoId: ator.sessaoId, ip: ator.ip,
      recurso: 'analise-solicitacao', recursoId: idAnalise, detalhes: { documento: doc.id },
    });
    return doc;
  }

  /** DELETE /api/documentos/parecer/documento/{id}: only while the analyst holds the analysis. */
  async removerParecer(ator: AuthContext, documentoId: number): Promise<void> {
    const idAnalise = await this.repo.findAnaliseDoParecer(documentoId);
    if (idAnalise === undefined) throw AppError.notFound('Documento de parecer não encontrado.');
    await this.documentos.removerParecer(documentoId, async (repo) => {
      const a = await this.repo.findById(repo.executor, idAnalise, true);
      if (!a || a.documentoParecerId !== documentoId) throw AppError.notFound('Documento de parecer não encontrado.');
      this.exigirEmAnalisePorMim(ator, a);
      await this.repo.definirParecer(repo.executor, idAnalise, null);
    });
  }

  /** The rejection record the fisher sees while updating (spec point 3, "Rejection record"). */
  async indeferimento(ator: AuthContext, solicitacaoId: number): Promise<Indeferimento> {
    const s = await this.repo.findSolicitacaoPescador(solicitacaoId);
    if (!s || !podeLerPescador(ator, s.pescadorId, s.uf)) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
    const a = await this.repo.findUltimaIndeferida(solicitacaoId);
    if (!a) throw AppError.notFound(MENSAGENS_ANALISE.semIndeferimento);
    if (ator.perfil !== Perfil.INTERESSADO) await this.auditoria.visualizacao(ator, 'indeferimento', solicitacaoId);
    const checklist = await this.repo.checklist(a.id);
    const quando = a.concluidaEm ?? a.criadoEm;
    const parecer = a.justificativa ?? '';
    const documentos = checklist.map((c) => ({
      tipoDocumento: c.tipoDocumento,
      nomeDocumento: tipoDocumentoLabel[c.tipoDocumento as TipoDocumento] ?? `Documento ${c.tipoDocumento}`,
      aprovado: c.aprovado,
      situacao: c.aprovado ? 'APROVADO' as const : 'REPROVADO' as const,
    }));
    return {
      dataCriacao: quando.toISOString(),
      dataAnalise: formatarDataHora(quando),
      parecer,
      justificativa: parecer,
      documentos,
      documentoReprovado: documentos.map(({ nomeDocumento, situacao }) => ({ nomeDocumento, situacao })),
      registros: checklist.map((c) => ({
        dataCriacao: quando.toISOString(),
        documentoAnalisado: { tipoDocumento: c.tipoDocumento, aprovado: c.aprovado },
        parecerDocSolicitacao: { parecer },
      })),
    };
  }

  /** Daily job: requests left in updating past the deadline become FINALIZADA (labelled Indeferida). */
  async finalizarVencidas(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.transaction(async (tx) => {
        const vencidas = await this.repo.vencidasEmAtualizacao(tx, this.opts.prazoAtualizacaoDias, 500);
        for (const v of vencidas) {
          await this.repo.mudarSituacaoSolicitacao(tx, {
            solicitacaoId: v.id, de: v.situacao, para: SituacaoSolicitacao.FINALIZADA, cpfAtor: null, perfilAtor: null,
            motivo: `Prazo de ${this.opts.prazoAtualizacaoDias} dias para atualização encerrado`,
          });
        }
        return vencidas.length;
      });
      total += n;
      if (n < 500) return total;
    }
  }

  // ------------------------------------------------------------------ consequences

  private async deferir(tx: Executor, ator: AuthContext, a: AnaliseLinha): Promise<{ situacaoSolicitacao: number; numeroRgp: string | null }> {
    await this.repo.mudarSituacaoSolicitacao(tx, {
      solicitacaoId: a.solicitacaoId, de: a.situacaoSolicitacao, para: SituacaoSolicitacao.DEFERIDA,
      cpfAtor: ator.cpf, perfilAtor: ator.perfil, motivo: 'Análise deferida: todos os documentos aprovados',
    });
    const p = await this.repo.pescadorParaAtualizar(tx, a.pescadorId);
    const hoje = partesSaoPaulo(this.now()).data;
    let numeroRgp = p.numeroRgp;
    if (TIPOS_REGISTRO.includes(a.tipo)) {
      if (!numeroRgp) {
        if (!p.uf) throw AppError.badRequest('O pescador não tem UF de endereço: não é possível emitir o RGP.');
        numeroRgp = montarRgp(p.uf, p.categoria ?? 2, await this.repo.proximoNumeroRgp(tx));
      }
      await this.repo.atualizarRegistro(tx, a.pescadorId, {
        numeroRgp,
        situacaoRegistro: SituacaoRegistro.ATIVO,
        ...(p.dataPrimeiroRgp ? {} : { dataPrimeiroRgp: hoje }),
        ...(p.orgaoRgp ? {} : { orgaoRgp: ator.siglaOrgao ?? 'MPA' }),
        idSolicitacaoAtiva: a.solicitacaoId,
        emitirCarteira: true,
        dataSuspensoCancelado: null,
      });
    } else if (a.tipo === TipoSolicitacao.EDICAO_REGISTRO) {
      await aplicarDadosNoPescador(tx, a.pescadorId, a.dados as DadosSolicitacao);
      await this.repo.atualizarRegistro(tx, a.pescadorId, { idSolicitacaoAtiva: a.solicitacaoId, emitirCarteira: true });
    } else if (a.tipo === TipoSolicitacao.EDICAO_DOCUMENTOS) {
      // The request's approved documents are the fisher's current ones from now on (the card takes the newest photo).
      await this.repo.atualizarRegistro(tx, a.pescadorId, { emitirCarteira: true });
    } else if (a.tipo === TipoSolicitacao.EDICAO_RGP) {
      const d = a.dados as { numeroPrimeiroRGP?: string; dataPrimeiroRgp?: string; orgao?: string };
      await this.repo.atualizarRegistro(tx, a.pescadorId, {
        ...(d.numeroPrimeiroRGP ? { numeroPrimeiroRgp: d.numeroPrimeiroRGP } : {}),
        ...(d.dataPrimeiroRgp ? { dataPrimeiroRgp: d.dataPrimeiroRgp } : {}),
        ...(d.orgao ? { orgaoRgp: d.orgao } : {}),
      });
      await this.notificacoes.criar({
        pescadorId: a.pescadorId, tipo: TipoNotificacao.EDICAO_PRIMEIRO_RGP, urlRedirecionamento: '/home',
        conteudo: 'Seu pedido de alteração da data ou do órgão do primeiro RGP foi deferido e o registro foi atualizado.',
      }, tx);
    } else if (a.tipo === TipoSolicitacao.CANCELAMENTO) {
      await this.repo.atualizarRegistro(tx, a.pescadorId, { situacaoRegistro: SituacaoRegistro.CANCELADO, dataSuspensoCancelado: hoje });
      await this.notificacoes.criar({
        pescadorId: a.pescadorId, tipo: TipoNotificacao.CANCELAMENTO, urlRedirecionamento: '/home',
        conteudo: 'Seu pedido de cancelamento foi deferido: o seu Registro Geral da Atividade Pesqueira está cancelado.',
      }, tx);
    } else if (a.tipo === TipoSolicitacao.REGULARIZACAO) {
      if (p.situacaoRegistro === SituacaoRegistro.SUSPENSO) {
        await this.repo.atualizarRegistro(tx, a.pescadorId, { situacaoRegistro: SituacaoRegistro.ATIVO, dataSuspensoCancelado: null });
      }
    }
    return { situacaoSolicitacao: SituacaoSolicitacao.DEFERIDA, numeroRgp };
  }

  private async indeferir(tx: Executor, ator: AuthContext, a: AnaliseLinha): Promise<{ situacaoSolicitacao: number; numeroRgp: string | null }> {
    const para = ator.perfil === Perfil.SFPA ? SituacaoSolicitacao.ATUALIZACAO_SFPA : SituacaoSolicitacao.ATUALIZACAO_MPA;
    await this.repo.mudarSituacaoSolicitacao(tx, {
      solicitacaoId: a.solicitacaoId, de: a.situacaoSolicitacao, para,
      cpfAtor: ator.cpf, perfilAtor: ator.perfil, motivo: 'Análise indeferida: documentos reprovados',
    });
    const tipoLabel = tipoSolicitacaoLabel[a.tipo as TipoSolicitacao] ?? 'solicitação';
    await this.notificacoes.criar({
      pescadorId: a.pescadorId,
      tipo: TipoNotificacao.INDEFERIMENTO,
      conteudo: `Sua solicitação de ${tipoLabel.toLowerCase()}${a.numeroProtocolo ? ` (protocolo ${a.numeroProtocolo})` : ''} foi indeferida. `
        + 'Confira os documentos reprovados e a justificativa, substitua os documentos e envie a solicitação novamente.',
      urlRedirecionamento: `/pescador/documentos?idSolicitacao=${a.solicitacaoId}&tipoSolicitacao=${a.tipo}`,
    }, tx);
    return { situacaoSolicitacao: para, numeroRgp: null };
  }

  // ------------------------------------------------------------------ rules

  private exigirAnalista(ator: AuthContext, a: AnaliseLinha): void {
    if (!PERFIS_ANALISTAS.includes(ator.perfil) || ator.idUsuarioMapa === null) throw AppError.forbidden(MENSAGENS_ANALISE.perfilNaoAnalisa);
    if (!podeLerPescador(ator, a.pescadorId, a.ufPescador)) throw AppError.forbidden(MENSAGENS_ANALISE.foraDoEscopo);
    if (a.instancia === 'MPA' && ator.perfil === Perfil.SFPA) throw AppError.forbidden(MENSAGENS_ANALISE.instanciaMpa);
  }

  private exigirEmAnalisePorMim(ator: AuthContext, a: AnaliseLinha): void {
    this.exigirAnalista(ator, a);
    if (a.situacaoAnalise === SituacaoAnalise.DEFERIDA || a.situacaoAnalise === SituacaoAnalise.INDEFERIDA) {
      throw AppError.notAcceptable(MENSAGENS_ANALISE.concluida);
    }
    if (a.situacaoAnalise !== SituacaoAnalise.EM_ANALISE) throw AppError.notAcceptable(MENSAGENS_ANALISE.naoIniciada);
    if (a.usuarioMapaId !== ator.idUsuarioMapa) throw AppError.notAcceptable(this.mensagemBloqueada(a));
  }

  private bloqueioExpirado(a: AnaliseLinha): boolean {
    if (!a.dataHoraBloqueio) return true;
    return this.now().getTime() - a.dataHoraBloqueio.getTime() >= this.opts.tempoBloqueioMinutos * 60_000;
  }

  private mensagemBloqueada(a: AnaliseLinha): string {
    const desde = a.dataHoraBloqueio ? formatarDataHora(a.dataHoraBloqueio) : '';
    return `Esta análise está em andamento por ${a.nomeAnalista ?? 'outro servidor'} desde ${desde}. `
      + `Ela poderá ser assumida após ${this.opts.tempoBloqueioMinutos} minutos de bloqueio.`;
  }

  private async montarDetalhe(ator: AuthContext, a: AnaliseLinha): Promise<AnaliseDetalhe> {
    const documentos = await this.repo.documentosAtivos(this.db, a.solicitacaoId);
    const parecer = a.documentoParecerId ? await this.repo.documentoParecer(a.documentoParecerId) : undefined;
    const porMim = a.situacaoAnalise === SituacaoAnalise.EM_ANALISE && a.usuarioMapaId === ator.idUsuarioMapa;
    const expirado = a.situacaoAnalise === SituacaoAnalise.EM_ANALISE && this.bloqueioExpirado(a);
    const analista = PERFIS_ANALISTAS.includes(ator.perfil) && !(a.instancia === 'MPA' && ator.perfil === Perfil.SFPA);
    const opcoes = analista && (a.situacaoAnalise === SituacaoAnalise.AGUARDANDO_ANALISE || porMim
      || (a.situacaoAnalise === SituacaoAnalise.EM_ANALISE && expirado));
    return {
      idAnaliseSolicitacao: a.id,
      situacaoAnalise: { id: a.situacaoAnalise, descricao: situacaoAnaliseLabel[a.situacaoAnalise as SituacaoAnaliseT] },
      dataHoraBloqueio: iso(a.dataHoraBloqueio),
      analista: a.usuarioMapaId && a.nomeAnalista ? { id: a.usuarioMapaId, nome: a.nomeAnalista } : null,
      bloqueadaPorMim: porMim,
      bloqueioExpirado: expirado,
      opcoesHabilitadas: opcoes,
      podeConcluir: analista && porMim,
      instancia: a.instancia,
      justificativa: a.justificativa,
      documentoParecer: parecer ?? null,
      solicitacao: {
        id: a.solicitacaoId,
        tipo: a.tipo,
        tipoDescricao: tipoSolicitacaoLabel[a.tipo as TipoSolicitacao] ?? 'Solicitação',
        situacao: a.situacaoSolicitacao,
        situacaoDescricao: situacaoSolicitacaoLabel(a.situacaoSolicitacao),
        idPescador: a.pescadorId,
        nomePescador: a.nomePescador,
        cpfPescador: formatCpf(a.cpfPescador),
        uf: a.ufPescador,
        numeroProtocolo: a.numeroProtocolo,
        dataEnvio: iso(a.enviadaEm),
      },
      documentos: documentos.map((d) => ({
        id: d.id,
        tipo: d.tipoDocumento,
        tipoDocumento: d.tipoDocumento,
        nomeDocumento: tipoDocumentoLabel[d.tipoDocumento as TipoDocumento] ?? `Documento ${d.tipoDocumento}`,
        nomeArquivo: d.nomeArquivo,
        chaveArquivo: d.chaveArquivo,
        migrado: d.migrado,
        aprovado: d.aprovado,
      })),
    };
  }
}
