import { formatCpf } from '../../../shared/cpf';
import { formatarData, formatarDataHora, hojeSaoPaulo } from '../../../shared/datas';
import { SituacaoRegistro, situacaoRegistroLabel, TipoNotificacao, type SituacaoRegistro as TSituacao } from '../../../shared/enums';
import { erroCampo } from '../../../shared/erros-campo';
import { ROTA_HOME, ROTA_REGULARIZACAO } from '../../../shared/rotas-web';
import { MENSAGENS_INADIMPLENCIA_REAP } from '../../../shared/schemas/reap-inadimplencia';
import {
  cpfNormalizado, EXTENSOES_ARQUIVO_LOTE, linhasDoTexto, MENSAGENS_LOTE, ResultadoLote, resultadoLoteLabel, SituacaoLote,
  TAMANHO_MAXIMO_ARQUIVO_LOTE_BYTES, TipoLote, tipoLoteLabel, type DadosLote, type FiltroLotes, type ItemLote,
  type ItemLoteManual, type LinhaLote, type LoteResumo, type LotesResposta, type ResultadoLote as TResultado, type TipoLote as TTipo,
} from '../../../shared/schemas/lote';
import type { EnviadorEmail } from '../../adapters/email/email';
import type { Database, Executor } from '../../db/client';
import type { FilaDeJobs } from '../../jobs/job';
import type { ArquivoEnviado } from '../../lib/arquivos-http';
import { AppError } from '../../lib/errors';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import type { PescadorService } from '../pescador/pescador.service';
import { emailLoteJob, processarLoteJob } from './lote.jobs';
import type { Contagens, ItemNovo, ItemRow, LoteComAto, LoteRepository, ResultadoItem } from './lote.repository';

export interface LoteServiceOptions {
  tamanhoBloco: number;
  retomarAposSegundos: number;
  now?: () => Date;
}

const ALVO: Record<TTipo, TSituacao> = {
  [TipoLote.CANCELAMENTO]: SituacaoRegistro.CANCELADO,
  [TipoLote.SUSPENSAO]: SituacaoRegistro.SUSPENSO,
  [TipoLote.REATIVACAO]: SituacaoRegistro.ATIVO,
};

export function resumoDe(l: LoteComAto): LoteResumo {
  const totais = {
    processados: l.qtdProcessados,
    naoEncontrados: l.qtdNaoEncontrados,
    invalidos: l.qtdInvalidos,
    jaNaSituacao: l.qtdJaNaSituacao,
    naoPermitidos: l.qtdNaoPermitidos,
    repetidos: l.qtdRepetidos,
  };
  return {
    id: l.id,
    tipo: l.tipo,
    formaProcessamento: l.formaProcessamento,
    atoNormativo: { id: l.atoNormativoId, nome: l.atoNome },
    orgaoSolicitante: l.orgaoSolicitante,
    justificativa: l.justificativa,
    dataLimiteSuspensao: l.dataLimiteSuspensao,
    nomeArquivo: l.nomeArquivo,
    situacao: l.situacao,
    total: l.total,
    concluidos: Object.values(totais).reduce((a, b) => a + b, 0),
    totais,
    criadoEm: l.criadoEm.toISOString(),
    concluidoEm: l.concluidoEm ? l.concluidoEm.toISOString() : null,
  };
}

function cpfExibido(i: Pick<ItemRow, 'cpf' | 'cpfInformado'>): string {
  return i.cpf ? formatCpf(i.cpf) : i.cpfInformado;
}

const CABECALHO_CSV = 'linha;cpf;resultado;situacao_anterior';

/** The e-mail attaches the per-CPF CSV up to this many lines. */
const MAXIMO_LINHAS_ANEXO = 20_000;

function linhaCsv(i: ItemRow): string {
  const campo = (v: string) => (/[";\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [
    String(i.linha),
    campo(cpfExibido(i)),
    i.resultado === null ? 'Pendente' : resultadoLoteLabel[i.resultado as TResultado] ?? String(i.resultado),
    i.situacaoAnterior === null ? '' : situacaoRegistroLabel[i.situacaoAnterior as TSituacao] ?? String(i.situacaoAnterior),
  ].join(';');
}

export function csvDoResultado(itens: ItemRow[]): string {
  return `\uFEFF${[CABECALHO_CSV, ...itens.map(linhaCsv)].join('\r\n')}\r\n`;
}

/** Processed a chunk per transaction, resumed after a crash; fishers change only through PescadorService. */
export class LoteService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly repo: LoteRepository,
    private readonly pescador: PescadorService,
    private readonly notificacoes: NotificacaoService,
    private readonly auditoria: AuditoriaService,
    private readonly fila: FilaDeJobs,
    private readonly email: EnviadorEmail,
    private readonly opts: LoteServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** Outcomes read back a page at a time while the answer is written (decision 0035). */
  async criarManual(ator: AuthContext, dados: DadosLote, cpfs: string[]): Promise<LoteResumo> {
    const linhas = cpfs.map((informado, i) => ({ linha: i + 1, informado }));
    const lote = await this.criar(ator, dados, linhas, { formaProcessamento: false, nomeArquivo: null });
    await this.processar(lote.id);
    return resumoDe((await this.repo.findById(lote.id))!);
  }

  async *itensManual(idLote: number): AsyncGenerator<ItemLoteManual[]> {
    for await (const pagina of this.repo.percorrerItens(idLote)) {
      yield pagina.map((i) => ({ cpf: cpfExibido(i), resultado: i.resultado ?? 0 }));
    }
  }

  async criarAutomatico(ator: AuthContext, dados: DadosLote, arquivo: ArquivoEnviado): Promise<LoteResumo> {
    const nome = (arquivo.nome ?? '').trim();
    const extensao = nome.toLowerCase().slice(nome.lastIndexOf('.'));
    if (!(EXTENSOES_ARQUIVO_LOTE as readonly string[]).includes(extensao) || arquivo.bytes.includes(0)) {
      throw AppError.badRequest(MENSAGENS_LOTE.tipoArquivo, [erroCampo('arquivos', MENSAGENS_LOTE.tipoArquivo)]);
    }
    if (arquivo.bytes.length > TAMANHO_MAXIMO_ARQUIVO_LOTE_BYTES) {
      throw AppError.badRequest(MENSAGENS_LOTE.tamanho, [erroCampo('arquivos', MENSAGENS_LOTE.tamanho)]);
    }
    // Numbered as in the file (decision 0043); a file of which no line holds a digit is not a list of CPFs.
    const linhas = linhasDoTexto(arquivo.bytes.toString('utf8'));
    if (!linhas.some((l) => /\d/.test(l.informado))) {
      throw AppError.badRequest(MENSAGENS_LOTE.arquivoVazio, [erroCampo('arquivos', MENSAGENS_LOTE.arquivoVazio)]);
    }
    const lote = await this.criar(ator, dados, linhas, {
      formaProcessamento: true, nomeArquivo: nome.replace(/[^\p{L}\p{N} ._-]/gu, '_').slice(0, 255),
    });
    return resumoDe({ ...lote, atoNome: (await this.repo.findById(lote.id))!.atoNome });
  }

  /**
   * A list an agency sent, run by the GESTOR who reviewed it (decision 0123): processed in the background like a
   * file, its result e-mailed to that GESTOR.
   */
  async criarDeLista(ator: AuthContext, dados: DadosLote, cpfs: readonly string[], nome: string): Promise<LoteResumo> {
    if (dados.tipo === TipoLote.SUSPENSAO && !dados.dataLimiteSuspensao) {
      throw AppError.badRequest(MENSAGENS_LOTE.dataLimiteObrigatoria, [erroCampo('dataLimiteSuspensao', MENSAGENS_LOTE.dataLimiteObrigatoria)]);
    }
    const lote = await this.criar(ator, dados, cpfs.map((informado, i) => ({ linha: i + 1, informado })), {
      formaProcessamento: true, nomeArquivo: nome.slice(0, 255),
    });
    return (await this.resumo(lote.id))!;
  }

  async resumo(id: number): Promise<LoteResumo | undefined> {
    const l = await this.repo.findById(id);
    return l && resumoDe(l);
  }

  /** Audited; an invalid CPF is settled at once as CPF_INVALIDO. */
  private async criar(
    ator: AuthContext, dados: DadosLote, linhas: LinhaLote[], forma: { formaProcessamento: boolean; nomeArquivo: string | null },
  ) {
    await this.validar(dados);
    const vistos = new Set<string>();
    const itens: ItemNovo[] = linhas.map(({ linha, informado }) => {
      const cpfInformado = informado.slice(0, 20);
      const cpf = cpfNormalizado(informado);
      if (cpf === null) return { linha, cpfInformado, cpf: null, resultado: ResultadoLote.CPF_INVALIDO };
      if (vistos.has(cpf)) return { linha, cpfInformado, cpf, resultado: ResultadoLote.CPF_REPETIDO };
      vistos.add(cpf);
      return { linha, cpfInformado, cpf, resultado: null };
    });
    const lote = await this.db.transaction(async (tx) => {
      const l = await this.repo.criar({
        tipo: dados.tipo,
        formaProcessamento: forma.formaProcessamento,
        atoNormativoId: dados.atoNormativo,
        orgaoSolicitante: dados.orgaoSolicitante,
        justificativa: dados.justificativa,
        dataLimiteSuspensao: dados.tipo === TipoLote.SUSPENSAO ? dados.dataLimiteSuspensao ?? null : null,
        nomeArquivo: forma.nomeArquivo,
        total: itens.length,
        qtdInvalidos: itens.filter((i) => i.resultado === ResultadoLote.CPF_INVALIDO).length,
        qtdRepetidos: itens.filter((i) => i.resultado === ResultadoLote.CPF_REPETIDO).length,
        cpfSolicitante: ator.cpf,
        perfilSolicitante: ator.perfil,
      }, itens, tx);
      if (forma.formaProcessamento) await this.fila.enfileirar(tx, processarLoteJob, { idLote: l.id });
      await this.auditoria.registrar({
        acao: 'LOTE_PESCADOR_CRIADO', ...doAtor(ator),
        recurso: 'lote-pescador', recursoId: l.id, 
        detalhes: { tipo: l.tipo, automatico: l.formaProcessamento, total: l.total, atoNormativo: l.atoNormativoId },
      }, tx);
      return l;
    });
    return lote;
  }

  /** Decision 0055: every fisher who still owes the year; audited as the system's, for the manager who scheduled it. */
  async criarSuspensaoReap(
    d: { anoReferencia: number; fimPreenchimento: string; atoNormativoId: number; cpfSolicitante: string; perfilSolicitante: number },
    tx: Executor,
  ): Promise<number> {
    const l = await this.repo.criarSuspensaoReap({
      tipo: TipoLote.SUSPENSAO,
      formaProcessamento: true,
      atoNormativoId: d.atoNormativoId,
      orgaoSolicitante: MENSAGENS_INADIMPLENCIA_REAP.orgaoSolicitante,
      justificativa: MENSAGENS_INADIMPLENCIA_REAP.justificativa(d.anoReferencia, d.fimPreenchimento),
      dataLimiteSuspensao: null,
      nomeArquivo: null,
      total: 0,
      cpfSolicitante: d.cpfSolicitante,
      perfilSolicitante: d.perfilSolicitante,
      reapAnoReferencia: d.anoReferencia,
    }, d.anoReferencia, tx);
    await this.fila.enfileirar(tx, processarLoteJob, { idLote: l.id });
    await this.auditoria.registrar({
      acao: 'LOTE_PESCADOR_CRIADO', cpfAtor: d.cpfSolicitante, perfilAtor: d.perfilSolicitante,
      recurso: 'lote-pescador', recursoId: l.id,
      detalhes: { tipo: l.tipo, automatico: true, total: l.total, atoNormativo: l.atoNormativoId, reapAnoReferencia: d.anoReferencia },
    }, tx);
    return l.id;
  }

  private async validar(dados: DadosLote): Promise<void> {
    const ato = await this.repo.atoNormativo(dados.atoNormativo);
    if (!ato) throw AppError.badRequest(MENSAGENS_LOTE.atoInexistente, [erroCampo('atoNormativo', MENSAGENS_LOTE.atoInexistente)]);
    const hoje = hojeSaoPaulo(this.now());
    if (ato.dataInicioVigencia > hoje || (ato.dataTerminoVigencia !== null && ato.dataTerminoVigencia < hoje)) {
      throw AppError.badRequest(MENSAGENS_LOTE.atoForaDeVigencia, [erroCampo('atoNormativo', MENSAGENS_LOTE.atoForaDeVigencia)]);
    }
    if (dados.tipo === TipoLote.SUSPENSAO && dados.dataLimiteSuspensao && dados.dataLimiteSuspensao <= hoje) {
      throw AppError.badRequest(MENSAGENS_LOTE.dataLimiteFutura, [erroCampo('dataLimiteSuspensao', MENSAGENS_LOTE.dataLimiteFutura)]);
    }
  }


  /** Safe to run twice at once or after a crash. */
  async processar(idLote: number): Promise<{ concluido: boolean }> {
    for (;;) {
      const { fim } = await this.processarBloco(idLote);
      if (fim) return { concluido: true };
    }
  }

  /** The batch row locked: one chunk of a batch at a time; committed together or not at all. */
  async processarBloco(idLote: number): Promise<{ fim: boolean }> {
    return this.db.transaction(async (tx) => {
      const lote = await this.repo.travar(idLote, tx);
      if (!lote || lote.situacao !== SituacaoLote.EM_PROCESSAMENTO) return { fim: true };
      const pendentes = await this.repo.pendentes(idLote, this.opts.tamanhoBloco, tx);
      const contagens: Contagens = { processados: 0, naoEncontrados: 0, jaNaSituacao: 0, naoPermitidos: 0 };
      if (pendentes.length > 0) {
        const alvo = ALVO[lote.tipo as TTipo];
        const achados = await this.pescador.mudarSituacaoEmLote({
          cpfs: pendentes.map((p) => p.cpf),
          situacaoNova: alvo,
          loteId: lote.id,
          atoNormativoId: lote.atoNormativoId,
          suspensoAte: lote.tipo === TipoLote.SUSPENSAO ? lote.dataLimiteSuspensao : null,
          cpfAtor: lote.cpfSolicitante,
          perfilAtor: lote.perfilSolicitante,
          motivo: `Lote nº ${lote.id} (${tipoLoteLabel[lote.tipo as TTipo]}), ato normativo "${lote.atoNome}", `
            + `solicitado por ${lote.orgaoSolicitante}, processado pelo usuário ${formatCpf(lote.cpfSolicitante)}: ${lote.justificativa}`,
        }, tx);
        const porCpf = new Map(achados.map((a) => [a.cpf, a]));
        const resultados: ResultadoItem[] = pendentes.map((p) => {
          const a = porCpf.get(p.cpf);
          let resultado: TResultado;
          if (!a) resultado = ResultadoLote.CPF_NAO_ENCONTRADO;
          else if (a.mudou) resultado = ResultadoLote.PROCESSADO;
          else if (a.situacaoAnterior === alvo) resultado = ResultadoLote.JA_NA_SITUACAO;
          else resultado = ResultadoLote.NAO_PERMITIDO;
          if (resultado === ResultadoLote.PROCESSADO) contagens.processados++;
          else if (resultado === ResultadoLote.CPF_NAO_ENCONTRADO) contagens.naoEncontrados++;
          else if (resultado === ResultadoLote.JA_NA_SITUACAO) contagens.jaNaSituacao++;
          else contagens.naoPermitidos++;
          return { linha: p.linha, resultado, pescadorId: a?.pescadorId ?? null, situacaoAnterior: a?.situacaoAnterior ?? null };
        });
        await this.repo.registrarResultados(idLote, resultados, tx);
        await this.notificar(lote, achados.filter((a) => a.mudou).map((a) => a.pescadorId), tx);
      }
      const fim = pendentes.length < this.opts.tamanhoBloco || !(await this.repo.temPendentes(idLote, tx));
      await this.repo.somarContagens(idLote, contagens, fim, tx);
      if (fim && lote.formaProcessamento) await this.fila.enfileirar(tx, emailLoteJob, { idLote }, { chaveUnica: `lote-${idLote}` });
      return { fim };
    });
  }

  private async notificar(lote: LoteComAto, pescadorIds: number[], tx: Executor): Promise<void> {
    if (pescadorIds.length === 0) return;
    if (lote.tipo === TipoLote.CANCELAMENTO) {
      await this.notificacoes.criarParaVarios(pescadorIds, {
        tipo: TipoNotificacao.CANCELAMENTO, conteudo: MENSAGENS_LOTE.notificacaoCancelamento(lote.atoNome), urlRedirecionamento: ROTA_HOME,
      }, tx);
    } else if (lote.tipo === TipoLote.SUSPENSAO && lote.reapAnoReferencia !== null) {
      await this.notificacoes.criarParaVarios(pescadorIds, {
        tipo: TipoNotificacao.SUSPENSAO,
        conteudo: MENSAGENS_INADIMPLENCIA_REAP.suspensao(lote.reapAnoReferencia, lote.atoNome),
        urlRedirecionamento: ROTA_REGULARIZACAO,
      }, tx);
    } else if (lote.tipo === TipoLote.SUSPENSAO) {
      await this.notificacoes.criarParaVarios(pescadorIds, {
        tipo: TipoNotificacao.SUSPENSAO,
        conteudo: MENSAGENS_LOTE.notificacaoSuspensao(lote.atoNome, formatarData(lote.dataLimiteSuspensao ?? '')),
        urlRedirecionamento: ROTA_HOME,
      }, tx);
    }
  }

  async retomarInterrompidos(): Promise<number[]> {
    const ids = await this.repo.interrompidos(this.opts.retomarAposSegundos);
    for (const id of ids) await this.processar(id);
    return ids;
  }

  encerrarSuspensoesVencidas(): Promise<number> {
    return this.pescador.encerrarSuspensoesVencidas();
  }

  async enviarEmailResultado(idLote: number): Promise<{ enviado: boolean; motivo?: string }> {
    const lote = await this.repo.findById(idLote);
    if (!lote || lote.situacao !== SituacaoLote.CONCLUIDO) return { enviado: false, motivo: 'lote não concluído' };
    if (lote.emailEnviadoEm) return { enviado: false, motivo: 'já enviado' };
    const para = await this.repo.emailDoUsuario(lote.cpfSolicitante);
    if (!para) {
      await this.repo.marcarEmailEnviado(idLote);
      return { enviado: false, motivo: 'usuário sem e-mail' };
    }
    const r = resumoDe(lote);
    // A REAP suspension's batch may hold a million lines: never held whole.
    const anexar = r.total <= MAXIMO_LINHAS_ANEXO;
    const texto = [
      `O processamento do lote nº ${r.id} (${tipoLoteLabel[r.tipo as TTipo]}) foi concluído em ${formatarDataHora(lote.concluidoEm ?? this.now())}.`,
      '',
      `Ato normativo: ${r.atoNormativo.nome}`,
      `Órgão solicitante: ${r.orgaoSolicitante}`,
      ...(r.dataLimiteSuspensao ? [`Suspensão até: ${formatarData(r.dataLimiteSuspensao)}`] : []),
      ...(r.nomeArquivo ? [`Arquivo: ${r.nomeArquivo}`] : []),
      '',
      `CPFs no lote: ${r.total}`,
      `${resultadoLoteLabel[1]}: ${r.totais.processados}`,
      `${resultadoLoteLabel[2]}: ${r.totais.naoEncontrados}`,
      `${resultadoLoteLabel[3]}: ${r.totais.invalidos}`,
      `${resultadoLoteLabel[4]}: ${r.totais.jaNaSituacao}`,
      `${resultadoLoteLabel[5]}: ${r.totais.naoPermitidos}`,
      `${resultadoLoteLabel[6]}: ${r.totais.repetidos}`,
      '',
      anexar
        ? 'O resultado de cada CPF está no arquivo anexo e no histórico de processamentos em lote do sistema.'
        : 'O resultado de cada CPF está no histórico de processamentos em lote do sistema (arquivo CSV).',
    ].join('\n');
    await this.email.enviar({
      para,
      assunto: `RGP: processamento do lote nº ${r.id} concluído`,
      texto,
      anexos: anexar
        ? [{ nome: `lote-${r.id}-resultado.csv`, conteudo: csvDoResultado(await this.repo.todosItens(idLote)), tipo: 'text/csv; charset=utf-8' }]
        : [],
    });
    await this.repo.marcarEmailEnviado(idLote);
    return { enviado: true };
  }


  /** Audited: the CPFs are personal data. */
  async listar(ator: AuthContext, f: FiltroLotes): Promise<LotesResposta> {
    const { total, lotes } = await this.repo.listar(f);
    let itens: ItemLote[] | null = null;
    let totalItens: number | null = null;
    if (f.idLote !== undefined) {
      if (lotes.length === 0) throw AppError.notFound(MENSAGENS_LOTE.loteNaoEncontrado);
      const r = await this.repo.itens(f.idLote, f);
      totalItens = r.total;
      itens = r.itens.map((i) => ({ linha: i.linha, cpf: cpfExibido(i), resultado: i.resultado, situacaoAnterior: i.situacaoAnterior }));
    }
    await this.auditoria.visualizacao(ator, 'lote-pescador', f.idLote ?? 'todos', {
      ...(f.idLote !== undefined ? { itens: itens?.length ?? 0 } : { lotes: lotes.length }),
    });
    return { total, lotes: lotes.map(resumoDe), itens, totalItens };
  }

  async resultadoCsv(ator: AuthContext, idLote: number): Promise<{ nome: string; linhas: AsyncGenerator<string> }> {
    const lote = await this.repo.findById(idLote);
    if (!lote) throw AppError.notFound(MENSAGENS_LOTE.loteNaoEncontrado);
    await this.auditoria.visualizacao(ator, 'lote-pescador/resultado', idLote, { formato: 'csv', total: lote.total });
    const repo = this.repo;
    async function* linhas(): AsyncGenerator<string> {
      yield `\uFEFF${CABECALHO_CSV}\r\n`;
      for await (const pagina of repo.percorrerItens(idLote)) yield `${pagina.map(linhaCsv).join('\r\n')}\r\n`;
    }
    return { nome: `lote-${idLote}-resultado.csv`, linhas: linhas() };
  }
}
