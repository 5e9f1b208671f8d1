import { CodigoErro } from '../../../shared/codigos-erro';
import {
  SituacaoAnalise, SituacaoSolicitacao, TipoSolicitacao, situacaoAnaliseLabel, situacaoSolicitacaoLabel, tipoDocumentoLabel,
  tipoSolicitacaoLabel, type SituacaoAnalise as SituacaoAnaliseT, type TipoDocumento,
} from '../../../shared/enums';
import { formatCpf } from '../../../shared/cpf';
import { formatarDataHora } from '../../../shared/datas';
import { pode } from '../../../shared/permissoes';
import { podeAgirNaInstancia } from '../../../shared/regras/instancia';
import {
  MENSAGENS_ANALISE, type AnaliseDetalhe, type AnaliseResumo, type DecisaoAnaliseCorpo, type FiltrosAnalise, type Indeferimento,
} from '../../../shared/schemas/analise';
import type { Documento } from '../../../shared/schemas/documento';
import { MENSAGENS_DOCUMENTO } from '../../../shared/schemas/documento';
import { MOTIVOS_HISTORICO } from '../../../shared/schemas/solicitacao-api';
import type { TotalizadoresServidor } from '../../../shared/schemas/totalizadores';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { ArquivoEnviado, DocumentoService } from '../documento/documento.service';
import { auditarVisaoDoServidor, exigirLeituraPescador, MENSAGEM_FORA_DO_ESCOPO, podeLerPescador, ufsDoEscopo } from '../escopo';
import { UF_SIGLAS } from '../../../shared/ufs';
import type { AndamentoService, Decisao, NovaAnalise } from '../solicitacao/solicitacao.service';
import type { AnaliseLinha, AnaliseRepository } from './analise.repository';
import type { PrazoRepository } from './prazo.repository';
import { prazoDaAnalise } from './prazo.service';

export interface AnaliseServiceOptions {
  tempoBloqueioMinutos: number;
  prazoAtualizacaoDias: number;
  /** The clock to decide each request (decision 0152). */
  prazos: PrazoRepository;
  /** The deadline of a request type no act set. */
  prazoPadraoDias: number;
  /** E.g. to enqueue the REAP obligations (decision 0051). */
  aoAtivarRegistro?: (pescadorId: number, tx: Executor) => Promise<void>;
  /** The signals of the submission (decision 0112), in its transaction. */
  aoAbrir?: (nova: NovaAnalise, tx: Executor) => Promise<void>;
  now?: () => Date;
}


type Analisadas = 'edicao-documentos' | 'demais';
/** The statuses in which a request waits for the fisher's update (its clock paused). */
const DEVOLVIDAS_AO_PESCADOR: readonly number[] = [SituacaoSolicitacao.ATUALIZACAO_SFPA, SituacaoSolicitacao.ATUALIZACAO_MPA];

function iso(d: Date | string | null): string | null {
  if (d === null) return null;
  return (typeof d === 'string' ? new Date(d) : d).toISOString();
}

/** The only writer of the analysis tables; a decision's effects are the request type's, in this transaction. */
export class AnaliseService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly repo: AnaliseRepository,
    private readonly auditoria: AuditoriaService,
    private readonly documentos: DocumentoService,
    private readonly solicitacoes: AndamentoService,
    private readonly opts: AnaliseServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  totalizadores(ator: AuthContext): Promise<TotalizadoresServidor> {
    return this.repo.totalizadores(ufsDoEscopo(ator));
  }

  ufsEmEscopo(ator: AuthContext): { ufs: string[]; nacional: boolean } {
    const ufs = ufsDoEscopo(ator);
    return ufs === null ? { ufs: [...UF_SIGLAS], nacional: true } : { ufs: [...ufs].sort(), nacional: false };
  }

  async listar(ator: AuthContext, filtros: FiltrosAnalise): Promise<{ total: number; analises: AnaliseResumo[] }> {
    const { total, linhas } = await this.repo.listar(filtros, ufsDoEscopo(ator));
    const prazos = await this.opts.prazos.daSolicitacao(linhas.map((l) => l.solicitacaoId));
    const agora = this.now();
    const aberta = (l: { situacaoAnalise: number }) =>
      l.situacaoAnalise === SituacaoAnalise.AGUARDANDO_ANALISE || l.situacaoAnalise === SituacaoAnalise.EM_ANALISE;
    await this.auditoria.registrar({
      acao: 'VISUALIZACAO_LISTA_ANALISES', ...doAtor(ator),
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
        sinaisPendentes: l.sinaisPendentes,
        dataHoraBloqueio: iso(l.dataHoraBloqueio),
        instancia: l.instancia,
        prazo: aberta(l) && prazos.has(l.solicitacaoId) ? prazoDaAnalise(prazos.get(l.solicitacaoId)!, agora) : null,
      })),
    };
  }

  async detalhar(ator: AuthContext, id: number): Promise<AnaliseDetalhe> {
    const a = await this.repo.findById(id);
    if (!a) throw AppError.notFound(MENSAGENS_ANALISE.naoEncontrada);
    exigirLeituraPescador(ator, a.pescadorId, a.ufPescador);
    await this.auditoria.visualizacao(ator, 'analise-solicitacao', a.id, { solicitacao: a.solicitacaoId }, a.pescadorId);
    return this.montarDetalhe(ator, a);
  }

  async daSolicitacao(ator: AuthContext, solicitacaoId: number): Promise<AnaliseDetalhe> {
    const s = await this.repo.findSolicitacaoPescador(solicitacaoId);
    if (!s || !podeLerPescador(ator, s.pescadorId, s.uf)) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
    const a = await this.repo.findAtualDaSolicitacao(solicitacaoId);
    if (!a) throw AppError.notFound(MENSAGENS_ANALISE.semAnalise);
    await this.auditoria.visualizacao(ator, 'analise-solicitacao', a.id, { solicitacao: a.solicitacaoId }, a.pescadorId);
    return this.montarDetalhe(ator, a);
  }

  async bloquear(ator: AuthContext, id: number): Promise<{ idAnaliseSolicitacao: number; situacaoAnalise: { id: number }; dataHoraBloqueio: string }> {
    return this.db.transaction(async (tx) => {
      const a = await this.repo.lockById(id, tx);
      if (!a) throw AppError.notFound(MENSAGENS_ANALISE.naoEncontrada);
      this.exigirAnalista(ator, a);
      if (a.situacaoAnalise === SituacaoAnalise.DEFERIDA || a.situacaoAnalise === SituacaoAnalise.INDEFERIDA) {
        throw AppError.recusa(CodigoErro.ANALISE_INDISPONIVEL, MENSAGENS_ANALISE.concluida);
      }
      let motivo: string = MOTIVOS_HISTORICO.analiseIniciada;
      if (a.situacaoAnalise === SituacaoAnalise.EM_ANALISE && a.usuarioMapaId !== ator.idUsuarioMapa) {
        if (!this.bloqueioExpirado(a)) throw AppError.recusa(CodigoErro.ANALISE_INDISPONIVEL, this.mensagemBloqueada(a));
        motivo = MOTIVOS_HISTORICO.analiseAssumida(a.nomeAnalista);
      }
      const dataHoraBloqueio = await this.repo.bloquear(a.id, ator.idUsuarioMapa!, this.now(), tx);
      if (a.situacaoSolicitacao !== SituacaoSolicitacao.EM_ANALISE || motivo !== MOTIVOS_HISTORICO.analiseIniciada) {
        await this.solicitacoes.mudarSituacao({
          solicitacaoId: a.solicitacaoId, de: a.situacaoSolicitacao, para: SituacaoSolicitacao.EM_ANALISE, ator, motivo,
        }, tx);
      }
      // Audited in the same transaction: the lock and its record are kept, or neither.
      await this.auditar(ator, 'ANALISE_INICIADA', a.pescadorId, id, null, tx);
      return { idAnaliseSolicitacao: a.id, situacaoAnalise: { id: SituacaoAnalise.EM_ANALISE }, dataHoraBloqueio: dataHoraBloqueio.toISOString() };
    });
  }

  async desbloquear(ator: AuthContext, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const a = await this.repo.lockById(id, tx);
      if (!a) throw AppError.notFound(MENSAGENS_ANALISE.naoEncontrada);
      this.exigirAnalista(ator, a);
      if (a.situacaoAnalise !== SituacaoAnalise.EM_ANALISE) throw AppError.recusa(CodigoErro.ANALISE_INDISPONIVEL, MENSAGENS_ANALISE.naoEmAndamento);
      if (a.usuarioMapaId !== ator.idUsuarioMapa) throw AppError.recusa(CodigoErro.ANALISE_INDISPONIVEL, MENSAGENS_ANALISE.somenteQuemIniciouCancela);
      await this.repo.desbloquear(a.id, tx);
      await this.solicitacoes.mudarSituacao({
        solicitacaoId: a.solicitacaoId, de: a.situacaoSolicitacao, para: SituacaoSolicitacao.ENVIADA, ator,
        motivo: MOTIVOS_HISTORICO.inicioAnaliseCancelado,
      }, tx);
      await this.auditar(ator, 'ANALISE_CANCELADA', a.pescadorId, id, null, tx);
    });
  }

  concluir(ator: AuthContext, corpo: DecisaoAnaliseCorpo) {
    return this.decidir(ator, corpo, 'demais');
  }

  concluirEdicaoDocumentos(ator: AuthContext, corpo: DecisaoAnaliseCorpo) {
    return this.decidir(ator, corpo, 'edicao-documentos');
  }

  private async decidir(ator: AuthContext, corpo: DecisaoAnaliseCorpo, analisadas: Analisadas) {
    const resultado = await this.db.transaction(async (tx) => {
      const a = await this.repo.lockById(corpo.id, tx);
      if (!a || a.solicitacaoId !== corpo.solicitacao) throw AppError.notFound(MENSAGENS_ANALISE.naoEncontradaNaSolicitacao);
      this.exigirAnalista(ator, a);
      const edicaoDocumentos = a.tipo === TipoSolicitacao.EDICAO_DOCUMENTOS;
      if (edicaoDocumentos !== (analisadas === 'edicao-documentos')) {
        throw AppError.badRequest(edicaoDocumentos ? MENSAGENS_ANALISE.edicaoDocumentosTemChamadaPropria : MENSAGENS_ANALISE.somenteEdicaoDocumentos);
      }
      if (a.situacaoAnalise === SituacaoAnalise.DEFERIDA || a.situacaoAnalise === SituacaoAnalise.INDEFERIDA) {
        throw AppError.recusa(CodigoErro.ANALISE_INDISPONIVEL, MENSAGENS_ANALISE.concluida);
      }
      if (a.situacaoAnalise !== SituacaoAnalise.EM_ANALISE) throw AppError.recusa(CodigoErro.ANALISE_INDISPONIVEL, MENSAGENS_ANALISE.naoIniciada);
      if (a.usuarioMapaId !== ator.idUsuarioMapa) throw AppError.recusa(CodigoErro.ANALISE_INDISPONIVEL, this.mensagemBloqueada(a));

      const documentos = await this.repo.documentosAtivos(a.solicitacaoId, tx);
      const avaliados = new Map(corpo.documentos.map((d) => [d.id, d]));
      // A request without documents (one sent before its type required them) can only go back to the fisher.
      if (documentos.some((d) => !avaliados.has(d.id)) || avaliados.size !== documentos.length) {
        throw AppError.badRequest(MENSAGENS_ANALISE.checklistIncompleto);
      }
      if (corpo.documentoParecer !== null && corpo.documentoParecer !== a.documentoParecerId) {
        throw AppError.badRequest(MENSAGENS_ANALISE.parecerDeOutraAnalise);
      }
      const deferida = corpo.documentos.length > 0 && corpo.documentos.every((d) => d.aprovado);
      const situacao = deferida ? SituacaoAnalise.DEFERIDA : SituacaoAnalise.INDEFERIDA;
      const checklist = documentos.map((d) => ({ documentoId: d.id, tipoDocumento: d.tipoDocumento, aprovado: avaliados.get(d.id)!.aprovado }));
      await this.repo.concluir({
        analiseId: a.id,
        situacao,
        justificativa: corpo.justificativa || null,
        perfilAnalista: ator.perfil,
        documentoParecerId: a.documentoParecerId,
        checklist,
      }, tx);
      await this.documentos.registrarAvaliacao(checklist, tx);
      const consequencia: Decisao = deferida
        ? await this.solicitacoes.deferir(ator, a.solicitacaoId, tx)
        : await this.solicitacoes.indeferir(ator, a.solicitacaoId, tx);
      if (deferida && consequencia.numeroRgp && this.opts.aoAtivarRegistro) await this.opts.aoAtivarRegistro(a.pescadorId, tx);
      // Back to the fisher pauses the request's clock; any other outcome is the final decision that stops it.
      if (DEVOLVIDAS_AO_PESCADOR.includes(consequencia.situacaoSolicitacao)) await this.opts.prazos.pausar(a.solicitacaoId, this.now(), tx);
      else await this.opts.prazos.encerrar(a.solicitacaoId, { agora: this.now(), instancia: a.instancia, usuarioMapaId: ator.idUsuarioMapa! }, tx);
      await this.auditar(ator, 'ANALISE_CONCLUIDA', a.pescadorId, corpo.id, { situacao, solicitacao: corpo.solicitacao }, tx);
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

  async anexarParecer(ator: AuthContext, idAnalise: number, arquivo: ArquivoEnviado): Promise<Documento> {
    const a = await this.repo.findById(idAnalise);
    if (!a) throw AppError.notFound(MENSAGENS_ANALISE.naoEncontrada);
    this.exigirEmAnalisePorMim(ator, a);
    // Stored before the transaction, deleted if it fails; the replaced one by a job enqueued in it.
    const guardado = await this.documentos.guardarParecer(arquivo);
    let documento: Documento;
    try {
      documento = await this.db.transaction(async (tx) => {
        const atual = await this.repo.lockById(idAnalise, tx);
        if (!atual) throw AppError.notFound(MENSAGENS_ANALISE.naoEncontrada);
        this.exigirEmAnalisePorMim(ator, atual);
        const novo = await this.documentos.registrarParecer(atual.pescadorId, guardado, atual.documentoParecerId, tx);
        await this.repo.definirParecer(idAnalise, novo.id, tx);
        return novo;
      });
    } catch (err) {
      await this.documentos.apagarArquivos([guardado.chave]);
      throw err;
    }
    await this.auditar(ator, 'PARECER_ANEXADO', a.pescadorId, idAnalise, { documento: documento.id });
    return documento;
  }

  async removerParecer(ator: AuthContext, documentoId: number): Promise<void> {
    const idAnalise = await this.repo.findAnaliseDoParecer(documentoId);
    if (idAnalise === undefined) throw AppError.notFound(MENSAGENS_DOCUMENTO.parecerNaoEncontrado);
    await this.db.transaction(async (tx) => {
      await this.documentos.removerParecer(documentoId, tx);
      const a = await this.repo.lockById(idAnalise, tx);
      if (!a || a.documentoParecerId !== documentoId) throw AppError.notFound(MENSAGENS_DOCUMENTO.parecerNaoEncontrado);
      this.exigirEmAnalisePorMim(ator, a);
      await this.repo.definirParecer(idAnalise, null, tx);
    });
  }

  async indeferimento(ator: AuthContext, solicitacaoId: number): Promise<Indeferimento> {
    const s = await this.repo.findSolicitacaoPescador(solicitacaoId);
    if (!s || !podeLerPescador(ator, s.pescadorId, s.uf)) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
    const a = await this.repo.findUltimaIndeferida(solicitacaoId);
    if (!a) throw AppError.notFound(MENSAGENS_ANALISE.semIndeferimento);
    await auditarVisaoDoServidor(this.auditoria, ator, 'indeferimento', solicitacaoId, s.pescadorId);
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

  finalizarVencidas(): Promise<number> {
    return this.solicitacoes.finalizarVencidas(this.opts.prazoAtualizacaoDias);
  }

  async abrir(nova: NovaAnalise, ex: Executor = this.db): Promise<void> {
    await this.repo.inserir({ solicitacaoId: nova.solicitacaoId, ufPescador: nova.ufPescador, instancia: nova.instancia }, ex);
    await this.opts.prazos.iniciarOuRetomar(nova.solicitacaoId, nova.instancia, this.now(), this.opts.prazoPadraoDias, ex);
    await this.opts.aoAbrir?.(nova, ex);
  }

  /** Their "Quem acessou meus dados" lists it. */
  private auditar(
    ator: AuthContext, acao: string, pescadorId: number, idAnalise: number, detalhes: Record<string, unknown> | null = null, ex?: Executor,
  ): Promise<void> {
    return this.auditoria.registrar({ acao, ...doAtor(ator), pescadorId, recurso: 'analise-solicitacao', recursoId: idAnalise, detalhes }, ex);
  }

  private exigirAnalista(ator: AuthContext, a: AnaliseLinha): void {
    if (!pode(ator.perfil, 'analise.analisar') || ator.idUsuarioMapa === null) throw AppError.forbidden(MENSAGENS_ANALISE.perfilNaoAnalisa);
    if (!podeLerPescador(ator, a.pescadorId, a.ufPescador)) throw AppError.forbidden(MENSAGENS_ANALISE.foraDoEscopo);
    if (!podeAgirNaInstancia(ator.perfil, a.instancia)) throw AppError.forbidden(MENSAGENS_ANALISE.instanciaMpa);
  }

  private exigirEmAnalisePorMim(ator: AuthContext, a: AnaliseLinha): void {
    this.exigirAnalista(ator, a);
    if (a.situacaoAnalise === SituacaoAnalise.DEFERIDA || a.situacaoAnalise === SituacaoAnalise.INDEFERIDA) {
      throw AppError.recusa(CodigoErro.ANALISE_INDISPONIVEL, MENSAGENS_ANALISE.concluida);
    }
    if (a.situacaoAnalise !== SituacaoAnalise.EM_ANALISE) throw AppError.recusa(CodigoErro.ANALISE_INDISPONIVEL, MENSAGENS_ANALISE.naoIniciada);
    if (a.usuarioMapaId !== ator.idUsuarioMapa) throw AppError.recusa(CodigoErro.ANALISE_INDISPONIVEL, this.mensagemBloqueada(a));
  }

  private bloqueioExpirado(a: AnaliseLinha): boolean {
    if (!a.dataHoraBloqueio) return true;
    return this.now().getTime() - a.dataHoraBloqueio.getTime() >= this.opts.tempoBloqueioMinutos * 60_000;
  }

  private mensagemBloqueada(a: AnaliseLinha): string {
    const desde = a.dataHoraBloqueio ? formatarDataHora(a.dataHoraBloqueio) : '';
    return MENSAGENS_ANALISE.emAndamentoPor(a.nomeAnalista, desde, this.opts.tempoBloqueioMinutos);
  }

  private async montarDetalhe(ator: AuthContext, a: AnaliseLinha): Promise<AnaliseDetalhe> {
    const documentos = await this.repo.documentosAtivos(a.solicitacaoId);
    const parecer = a.documentoParecerId ? await this.repo.documentoParecer(a.documentoParecerId) : undefined;
    const porMim = a.situacaoAnalise === SituacaoAnalise.EM_ANALISE && a.usuarioMapaId === ator.idUsuarioMapa;
    const expirado = a.situacaoAnalise === SituacaoAnalise.EM_ANALISE && this.bloqueioExpirado(a);
    const analista = pode(ator.perfil, 'analise.analisar') && podeAgirNaInstancia(ator.perfil, a.instancia);
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
export type { SinaisService } from './sinais.service';
