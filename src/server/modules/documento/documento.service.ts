import { CodigoErro } from '../../../shared/codigos-erro';
import { SituacaoSolicitacao, TipoDocumento } from '../../../shared/enums';
import { MAX_DOCUMENTOS_ADICIONAIS, MENSAGENS_ARQUIVO, TIPO_DOCUMENTO_PARECER } from '../../../shared/regras/arquivos';
import { rotaArquivo } from '../../../shared/rotas-api';
import { MENSAGENS_DOCUMENTO, type Documento, type EnvioDocumentoCampos } from '../../../shared/schemas/documento';
import { CHAVE_ARQUIVO_VALIDA, novaChaveArquivo, type ArquivoListado, type FileStorage } from '../../adapters/storage/storage';
import { naTransacao, type Database, type Executor } from '../../db/client';
import type { FilaDeJobs } from '../../jobs/job';
import type { ArquivoEnviado } from '../../lib/arquivos-http';
import { AppError } from '../../lib/errors';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { auditarVisaoDoServidor, exigirLeituraPescador, exigirPescadorProprio } from '../escopo';
import { aceitarConteudo, sanitizarNomeArquivo } from './documento.conteudo';
import { apagarArquivoJob } from './documento.jobs';
import type { DocumentoRepository, DocumentoRow, SolicitacaoDoDocumento } from './documento.repository';

/** The statuses in which the fisher may change a request's documents (spec point 4 and product guide). */
const SITUACOES_EDITAVEIS: readonly number[] = [
  SituacaoSolicitacao.RASCUNHO, SituacaoSolicitacao.ATUALIZACAO_SFPA, SituacaoSolicitacao.ATUALIZACAO_MPA,
];

/**
 * A request's documents change only while the fisher may change it (a first-RGP edit included: it is sent with its
 * proof, decision 0020).
 */
export function podeAlterarDocumentos(s: Pick<SolicitacaoDoDocumento, 'situacao' | 'inativa'>): boolean {
  return !s.inativa && SITUACOES_EDITAVEIS.includes(s.situacao);
}

export type { ArquivoEnviado } from '../../lib/arquivos-http';

/** A file checked and stored, not yet recorded: recorded in a transaction, or deleted if that fails. */
export interface ArquivoGuardado {
  chave: string;
  nomeArquivo: string;
  mime: string;
  tamanho: number;
}

export interface DocumentoServiceOptions {
  now?: () => Date;
  /** A file of a failed upload that could not be deleted (left behind in the storage); the caller logs it. Never throws. */
  onArquivoOrfao?: (chave: string, err: unknown) => void;
  /** Orphan files one reconciliation deletes at most (1000); the rest wait for the next run. */
  maxOrfaosPorConciliacao?: number;
}

/** A stored file younger than this is never taken for an orphan: its upload may still be on its way to a row. */
export const IDADE_MINIMA_ORFAO_MS = 60 * 60 * 1000;

/** How many keys and ids a reconciliation's report names (the counts are always whole). */
const MAX_NOMEADOS = 100;

/** What a reconciliation of the stored files with the document rows found and did (keys and ids only). */
export interface ResultadoConciliacao {
  /** Keys listed in the storage. */
  arquivos: number;
  /** Active document rows walked. */
  documentosAtivos: number;
  orfaos: {
    /** Files older than an hour that no active document points to. */
    encontrados: number;
    apagados: number;
    /** Files with no active document written less than an hour ago: left alone (an upload may be in flight). */
    recentes: number;
    /** Left for the next run (over `maxOrfaosPorConciliacao`, or all of them when `recusados`). */
    pendentes: number;
    /**
     * Nothing deleted: more than 100 orphans and more than half of the files listed, which looks like a storage
     * paired with the wrong database rather than files left behind.
     */
    recusados: boolean;
    /** Up to 100 of the deleted keys. */
    chaves: string[];
  };
  /** Active documents created before the run whose file is not in the storage (up to 100 named). */
  ausentes: { total: number; documentos: { id: number; chave: string }[] };
}

/** The answer shape of a document (both names of each field, as the specification lists them). */
export function documentoParaResposta(d: DocumentoRow): Documento {
  const url = d.urlArquivo ?? rotaArquivo(d.chaveArquivo);
  return {
    id: d.id,
    nome: d.nomeArquivo,
    nomeArquivo: d.nomeArquivo,
    url,
    urlArquivo: url,
    chave: d.chaveArquivo,
    chaveArquivo: d.chaveArquivo,
    tipoDocumento: d.tipoDocumento,
    migrado: d.migrado,
    aprovado: d.aprovado,
  };
}

/**
 * Documents of requests: upload (content checked, images re-encoded, replace by type or accumulate additional
 * ones), removal, listing, and the authorisation of reading one file. A rejected upload stores nothing. The file
 * of a replaced or removed document is deleted by a job (`apagarArquivoJob`) enqueued in the transaction that
 * removes the row, so the deletion happens after the commit even across a crash; a daily reconciliation
 * (`conciliarArquivos`) deletes files no row points to and reports rows whose file is missing.
 */
export class DocumentoService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly repo: DocumentoRepository,
    private readonly storage: FileStorage,
    private readonly auditoria: AuditoriaService,
    private readonly fila: FilaDeJobs,
    private readonly opts: DocumentoServiceOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /**
   * What an upload must meet before its bytes are read: the request exists, is the caller's own, may still change,
   * and has room for one more additional document. Answers the request's fisher.
   */
  async conferirEnvio(ator: AuthContext, { idSolicitacao, tipo }: EnvioDocumentoCampos): Promise<{ pescadorId: number }> {
    const sol = await this.repo.findSolicitacao(idSolicitacao);
    if (!sol) throw AppError.notFound(MENSAGENS_DOCUMENTO.solicitacaoNaoEncontrada);
    exigirPescadorProprio(ator, sol.pescadorId);
    if (!podeAlterarDocumentos(sol)) throw AppError.recusa(CodigoErro.SOLICITACAO_NAO_EDITAVEL, MENSAGENS_DOCUMENTO.naoEditavel);
    if (tipo === TipoDocumento.ADICIONAL && await this.repo.contarAtivos(idSolicitacao, tipo) >= MAX_DOCUMENTOS_ADICIONAIS) {
      throw AppError.recusa(CodigoErro.ARQUIVO_INVALIDO, MENSAGENS_ARQUIVO.adicionais);
    }
    return { pescadorId: sol.pescadorId };
  }

  /**
   * POST /api/documentos: the request's own fisher, while the request may change. `naTransacao` runs inside the
   * transaction that records the document (an upload in parts deletes itself there: recorded once).
   */
  async enviar(
    ator: AuthContext, campos: EnvioDocumentoCampos, arquivo: ArquivoEnviado, naTransacao?: (tx: Executor) => Promise<void>,
  ): Promise<Documento[]> {
    const { idSolicitacao, tipo } = campos;
    await this.conferirEnvio(ator, campos);

    const conteudo = await aceitarConteudo(tipo, arquivo.bytes);
    const chave = novaChaveArquivo();
    await this.storage.put(chave, conteudo.bytes, conteudo.mime);

    let doc: DocumentoRow;
    try {
      doc = await this.db.transaction(async (tx) => {
        // Checked again under the request's lock: a concurrent submission or upload may have changed things.
        const atual = await this.repo.lockSolicitacao(idSolicitacao, tx);
        if (!atual || !podeAlterarDocumentos(atual)) throw AppError.recusa(CodigoErro.SOLICITACAO_NAO_EDITAVEL, MENSAGENS_DOCUMENTO.naoEditavel);
        if (tipo === TipoDocumento.ADICIONAL) {
          if (await this.repo.contarAtivos(idSolicitacao, tipo, tx) >= MAX_DOCUMENTOS_ADICIONAIS) throw AppError.recusa(CodigoErro.ARQUIVO_INVALIDO, MENSAGENS_ARQUIVO.adicionais);
        } else {
          await this.apagarDepoisDoCommit(await this.repo.removerAtivosDoTipo(idSolicitacao, tipo, this.now(), tx), tx);
        }
        await naTransacao?.(tx);
        return this.repo.inserir({
          solicitacaoId: idSolicitacao,
          pescadorId: atual.pescadorId,
          tipoDocumento: tipo,
          nomeArquivo: sanitizarNomeArquivo(arquivo.nome, conteudo.extensao),
          chaveArquivo: chave,
          mime: conteudo.mime,
          tamanho: conteudo.bytes.length,
          criadoEm: this.now(),
        }, tx);
      });
    } catch (err) {
      await this.apagarArquivos([chave]);
      throw err;
    }
    return [documentoParaResposta(doc)];
  }

  /**
   * Checks and stores an analyst's opinion document (PDF only, content checked), before the analysis's transaction
   * records it (`registrarParecer`); if that transaction fails, the caller deletes it (`apagarArquivos`).
   */
  guardarParecer(arquivo: ArquivoEnviado): Promise<ArquivoGuardado> {
    return this.#guardar(TIPO_DOCUMENTO_PARECER, arquivo);
  }

  /**
   * Records a stored opinion document of the fisher `pescadorId`, outside any request's document list, replacing
   * `anterior` (removed, its file deleted by a job once the caller's transaction commits). The caller (the
   * analysis) decides who may and links it.
   */
  async registrarParecer(
    pescadorId: number, guardado: ArquivoGuardado, anterior: number | null, ex: Executor = this.db,
  ): Promise<Documento> {
    return naTransacao(this.db, ex, async (tx) => {
      const doc = await this.#inserirGuardado(pescadorId, null, TIPO_DOCUMENTO_PARECER, guardado, tx);
      if (anterior) await this.apagarDepoisDoCommit([await this.repo.marcarRemovido(anterior, this.now(), tx)], tx);
      return documentoParaResposta(doc);
    });
  }

  /**
   * Removes an opinion document (404 unless it is an active one); the caller unlinks it from its analysis in the
   * same transaction, whose commit lets the job delete the file.
   */
  async removerParecer(id: number, ex: Executor = this.db): Promise<void> {
    await naTransacao(this.db, ex, async (tx) => {
      const doc = await this.repo.findAtivo(id, tx);
      if (!doc || doc.tipoDocumento !== TIPO_DOCUMENTO_PARECER) throw AppError.notFound(MENSAGENS_DOCUMENTO.parecerNaoEncontrado);
      await this.apagarDepoisDoCommit([await this.repo.marcarRemovido(id, this.now(), tx)], tx);
    });
  }

  /** An analysis's verdict on each document of the request (`documento.aprovado`). */
  async registrarAvaliacao(avaliacoes: readonly { documentoId: number; aprovado: boolean }[], ex: Executor = this.db): Promise<void> {
    await this.repo.marcarAvaliados(avaliacoes, ex);
  }

  /** DELETE /api/documentos/{id}: the same rules as the upload. */
  async remover(ator: AuthContext, id: number): Promise<void> {
    const doc = await this.repo.findAtivo(id);
    if (!doc) throw AppError.notFound(MENSAGENS_DOCUMENTO.naoEncontrado);
    exigirPescadorProprio(ator, doc.pescadorId);
    // Migrated documents belong to the legacy registry, not to a request the fisher is editing.
    if (doc.solicitacaoId === null) throw AppError.recusa(CodigoErro.SOLICITACAO_NAO_EDITAVEL, MENSAGENS_DOCUMENTO.naoEditavel);
    const solicitacaoId = doc.solicitacaoId;
    await this.db.transaction(async (tx) => {
      const sol = await this.repo.lockSolicitacao(solicitacaoId, tx);
      if (!sol || !podeAlterarDocumentos(sol)) throw AppError.recusa(CodigoErro.SOLICITACAO_NAO_EDITAVEL, MENSAGENS_DOCUMENTO.naoEditavel);
      const chave = await this.repo.marcarRemovido(id, this.now(), tx);
      if (!chave) throw AppError.notFound(MENSAGENS_DOCUMENTO.naoEncontrado);
      await this.apagarDepoisDoCommit([chave], tx);
    });
  }

  /** GET /api/documentos/solicitacao/{id}: the fisher's own; staff in scope (audited). */
  async listarPorSolicitacao(ator: AuthContext, idSolicitacao: number): Promise<Documento[]> {
    const sol = await this.repo.findSolicitacao(idSolicitacao);
    if (!sol) throw AppError.notFound(MENSAGENS_DOCUMENTO.solicitacaoNaoEncontrada);
    exigirLeituraPescador(ator, sol.pescadorId, sol.ufPescador);
    await this.auditarServidor(ator, 'solicitacao/documentos', idSolicitacao, { idPescador: sol.pescadorId });
    return (await this.repo.listarAtivosDaSolicitacao(idSolicitacao)).map(documentoParaResposta);
  }

  /**
   * Authorises `ator` to read the file under `chave` (its fisher's own; staff in scope, audited) and answers the
   * document. For the signed address and for reading a file with the caller's session.
   */
  async autorizarLeituraArquivo(ator: AuthContext, chave: string): Promise<DocumentoRow> {
    const doc = await this.repo.findAtivoPorChave(chave);
    if (!doc) throw AppError.notFound(MENSAGENS_DOCUMENTO.naoEncontrado);
    exigirLeituraPescador(ator, doc.pescadorId, doc.ufPescador);
    await this.auditarServidor(ator, 'documento', doc.id, {
      idPescador: doc.pescadorId, idSolicitacao: doc.solicitacaoId, tipoDocumento: doc.tipoDocumento,
    });
    return doc;
  }

  /** The active document stored under `chave`, with no authorisation (the caller holds a valid signature). */
  async findAtivoPorChave(chave: string): Promise<DocumentoRow | undefined> {
    return this.repo.findAtivoPorChave(chave);
  }

  /** The fisher's migrated documents. The caller has checked the scope and audited the view. */
  async migradosDoPescador(pescadorId: number): Promise<Documento[]> {
    return (await this.repo.listarMigradosDoPescador(pescadorId)).map(documentoParaResposta);
  }

  /** The types of a request's active documents (for other modules: required documents on submission). */
  async tiposPresentes(idSolicitacao: number): Promise<number[]> {
    return this.repo.tiposAtivos(idSolicitacao);
  }

  // ------------------------------------------------------------------ REAP documents (the reap module decides who and when)

  /**
   * Checks and stores a REAP document's file (a justification, type 6, or a work-relation proof, type 7) before the
   * caller's transaction records it (`registrarDaReap`); if that transaction fails, the caller deletes it.
   */
  guardarDaReap(tipo: number, arquivo: ArquivoEnviado): Promise<ArquivoGuardado> {
    return this.#guardar(tipo, arquivo);
  }

  /** Records a stored REAP document of the REAP request `solicitacaoId`, in the caller's transaction. */
  async registrarDaReap(
    pescadorId: number, solicitacaoId: number, tipo: number, guardado: ArquivoGuardado, ex: Executor = this.db,
  ): Promise<Documento> {
    return documentoParaResposta(await this.#inserirGuardado(pescadorId, solicitacaoId, tipo, guardado, ex));
  }

  /** Checks a file's content for its document type and stores it, before any transaction records it. */
  async #guardar(tipo: number, arquivo: ArquivoEnviado): Promise<ArquivoGuardado> {
    const conteudo = await aceitarConteudo(tipo, arquivo.bytes);
    const chave = novaChaveArquivo();
    await this.storage.put(chave, conteudo.bytes, conteudo.mime);
    return {
      chave, nomeArquivo: sanitizarNomeArquivo(arquivo.nome, conteudo.extensao), mime: conteudo.mime, tamanho: conteudo.bytes.length,
    };
  }

  /** The record of a stored file (`#guardar`), now. */
  #inserirGuardado(pescadorId: number, solicitacaoId: number | null, tipo: number, guardado: ArquivoGuardado, ex: Executor) {
    return this.repo.inserir({
      solicitacaoId, pescadorId, tipoDocumento: tipo, nomeArquivo: guardado.nomeArquivo, chaveArquivo: guardado.chave,
      mime: guardado.mime, tamanho: guardado.tamanho, criadoEm: this.now(),
    }, ex);
  }

  /** How many active documents of a type a request has (the REAP limits), in the caller's transaction. */
  async contarDoTipo(solicitacaoId: number, tipo: number, ex: Executor = this.db): Promise<number> {
    return this.repo.contarAtivos(solicitacaoId, tipo, ex);
  }

  /**
   * Removes a REAP document: 404 unless it is an active document of that request and of one of `tipos`; its file is
   * deleted by a job once the caller's transaction commits.
   */
  async removerDaReap(id: number, solicitacaoId: number, tipos: readonly number[], ex: Executor = this.db): Promise<void> {
    await naTransacao(this.db, ex, async (tx) => {
      const doc = await this.repo.findAtivo(id, tx);
      if (!doc || doc.solicitacaoId !== solicitacaoId || !tipos.includes(doc.tipoDocumento)) throw AppError.notFound(MENSAGENS_DOCUMENTO.naoEncontrado);
      await this.apagarDepoisDoCommit([await this.repo.marcarRemovido(id, this.now(), tx)], tx);
    });
  }

  /** The active documents of a request, for a caller that has checked the scope (and audited a staff view). */
  async ativosDaSolicitacao(solicitacaoId: number): Promise<Documento[]> {
    return (await this.repo.listarAtivosDaSolicitacao(solicitacaoId)).map(documentoParaResposta);
  }


  /** A staff view of a fisher's documents (`detalhes.idPescador` names the fisher, who sees it on their /home). */
  private auditarServidor(
    ator: AuthContext, recurso: string, recursoId: number, detalhes: Record<string, unknown> & { idPescador: number },
  ): Promise<void> {
    return auditarVisaoDoServidor(this.auditoria, ator, recurso, recursoId, detalhes.idPescador, detalhes);
  }

  /**
   * Deletes files that no committed row knows: an upload whose transaction failed. A failure leaves an orphan file
   * (reported, and deleted by the next reconciliation), never fails the user's action.
   */
  async apagarArquivos(chaves: string[]): Promise<void> {
    for (const chave of chaves) {
      try {
        await this.storage.delete(chave);
      } catch (err) {
        this.opts.onArquivoOrfao?.(chave, err);
      }
    }
  }

  /**
   * Enqueues, in the transaction that removed their rows, the deletion of these files: the job exists if and only
   * if the removal commits, and runs after it. A key the storage could never hold has no file to delete.
   */
  private async apagarDepoisDoCommit(chaves: readonly (string | null)[], tx: Executor): Promise<void> {
    for (const chave of chaves) {
      if (chave !== null && CHAVE_ARQUIVO_VALIDA.test(chave)) await this.fila.enfileirar(tx, apagarArquivoJob, { chave });
    }
  }

  /**
   * The deletion job's work (`apagarArquivoJob`): deletes the file of a removed document. Idempotent, a missing file
   * is success; a key an active document points to again is left alone, whatever enqueued it.
   */
  async apagarArquivoDeRemovido(chave: string): Promise<{ apagado: boolean }> {
    if ((await this.repo.chavesAtivas([chave])).size > 0) return { apagado: false };
    await this.storage.delete(chave);
    return { apagado: true };
  }

  /**
   * The daily reconciliation (`conciliarArquivosJob`). Walks the storage's listing and the active rows side by
   * side, both in key order and a page at a time, so neither is held in memory: a file with no active row, older
   * than an hour, is an orphan (deleted, at most `maxOrfaosPorConciliacao` a run, after checking again that no
   * row took it); an active row created before the run with no file is missing (checked again, then reported).
   * Audited with its counts (keys and ids only).
   */
  async conciliarArquivos(): Promise<ResultadoConciliacao> {
    const inicio = this.now();
    const limiteOrfao = inicio.getTime() - IDADE_MINIMA_ORFAO_MS;
    const maxOrfaos = this.opts.maxOrfaosPorConciliacao ?? 1000;
    const r: ResultadoConciliacao = {
      arquivos: 0,
      documentosAtivos: 0,
      orfaos: { encontrados: 0, apagados: 0, recentes: 0, pendentes: 0, recusados: false, chaves: [] },
      ausentes: { total: 0, documentos: [] },
    };
    const candidatos: string[] = [];
    let ausentes: { id: number; chave: string }[] = [];
    const conferirAusentes = async () => {
      const ativas = await this.repo.chavesAtivas(ausentes.map((a) => a.chave));
      for (const a of ausentes) {
        if (!ativas.has(a.chave)) continue;
        r.ausentes.total++;
        if (r.ausentes.documentos.length < MAX_NOMEADOS) r.ausentes.documentos.push(a);
      }
      ausentes = [];
    };
    const ausente = async (l: { id: number; chave: string; criadoEm: Date }) => {
      if (l.criadoEm.getTime() >= inicio.getTime()) return;
      ausentes.push({ id: l.id, chave: l.chave });
      if (ausentes.length >= 500) await conferirAusentes();
    };

    const arquivos = emOrdem(this.storage.listar(), 'storage listing');
    const linhas = this.ativosPorChave();
    let a = await arquivos.next();
    let l = await linhas.next();
    while (!a.done || !l.done) {
      if (!l.done && !CHAVE_ARQUIVO_VALIDA.test(l.value.chave)) {
        // A key the storage cannot hold: its file is missing by definition, and it takes no part in the order.
        r.documentosAtivos++;
        await ausente(l.value);
        l = await linhas.next();
      } else if (!a.done && (l.done || a.value.chave < l.value.chave)) {
        r.arquivos++;
        if (a.value.modificadoEm.getTime() >= limiteOrfao) r.orfaos.recentes++;
        else if (r.orfaos.encontrados++ < maxOrfaos) candidatos.push(a.value.chave);
        a = await arquivos.next();
      } else if (!l.done && (a.done || l.value.chave < a.value.chave)) {
        r.documentosAtivos++;
        await ausente(l.value);
        l = await linhas.next();
      } else {
        r.arquivos++;
        r.documentosAtivos++;
        a = await arquivos.next();
        l = await linhas.next();
      }
    }
    await conferirAusentes();

    r.orfaos.recusados = r.orfaos.encontrados > MAX_NOMEADOS && r.orfaos.encontrados * 2 > r.arquivos;
    if (!r.orfaos.recusados) {
      for (let i = 0; i < candidatos.length; i += 500) {
        const lote = candidatos.slice(i, i + 500);
        const tomadas = await this.repo.chavesAtivas(lote);
        for (const chave of lote) {
          if (tomadas.has(chave)) continue;
          try {
            await this.storage.delete(chave);
          } catch (err) {
            // Left for the next run, counted among the pending ones.
            this.opts.onArquivoOrfao?.(chave, err);
            continue;
          }
          r.orfaos.apagados++;
          if (r.orfaos.chaves.length < MAX_NOMEADOS) r.orfaos.chaves.push(chave);
        }
      }
    }
    r.orfaos.pendentes = r.orfaos.encontrados - r.orfaos.apagados;

    const { chaves: _apagadas, ...orfaos } = r.orfaos;
    await this.auditoria.registrar({
      acao: 'CONCILIACAO_ARQUIVOS',
      recurso: 'armazenamento',
      sucesso: r.ausentes.total === 0 && r.orfaos.pendentes === 0,
      detalhes: {
        arquivos: r.arquivos,
        documentosAtivos: r.documentosAtivos,
        orfaos,
        ausentes: { total: r.ausentes.total, ids: r.ausentes.documentos.map((d) => d.id) },
      },
    });
    return r;
  }

  /** The active rows in byte order of their key (the same as `<` for valid keys), a page at a time. */
  private async *ativosPorChave(): AsyncGenerator<{ id: number; chave: string; criadoEm: Date }> {
    let depois: string | null = null;
    for (;;) {
      const pagina = await this.repo.ativosPorChave(depois, 1000);
      yield* pagina;
      if (pagina.length < 1000) return;
      depois = pagina[pagina.length - 1]!.chave;
    }
  }
}

/**
 * The storage's listing, checked to come in strictly ascending key order as `FileStorage.listar` promises: the
 * walk beside the rows would otherwise take present files for missing ones.
 */
async function* emOrdem(listagem: AsyncIterable<ArquivoListado>, origem: string): AsyncGenerator<ArquivoListado> {
  let anterior: string | null = null;
  for await (const item of listagem) {
    if (anterior !== null && !(anterior < item.chave)) throw new Error(`${origem} out of key order: reconciliation stopped`);
    anterior = item.chave;
    yield item;
  }
}
