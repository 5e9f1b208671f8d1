import { Perfil, SituacaoSolicitacao, TipoDocumento, TipoSolicitacao } from '../../../shared/enums';
import { MAX_DOCUMENTOS_ADICIONAIS, MENSAGENS_ARQUIVO, TIPO_DOCUMENTO_PARECER } from '../../../shared/regras/arquivos';
import { rotaArquivo } from '../../../shared/rotas-api';
import { MENSAGENS_DOCUMENTO, type Documento, type EnvioDocumentoCampos } from '../../../shared/schemas/documento';
import { novaChaveArquivo, type FileStorage } from '../../adapters/storage/storage';
import { naTransacao, type Database, type Executor } from '../../db/client';
import type { ArquivoEnviado } from '../../lib/arquivos-http';
import { AppError } from '../../lib/errors';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { exigirLeituraPescador, MENSAGEM_FORA_DO_ESCOPO } from '../escopo';
import { aceitarConteudo, sanitizarNomeArquivo } from './documento.conteudo';
import type { DocumentoRepository, DocumentoRow, SolicitacaoDoDocumento } from './documento.repository';

/** The statuses in which the fisher may change a request's documents (spec point 4 and product guide). */
const SITUACOES_EDITAVEIS: readonly number[] = [
  SituacaoSolicitacao.RASCUNHO, SituacaoSolicitacao.ATUALIZACAO_SFPA, SituacaoSolicitacao.ATUALIZACAO_MPA,
];

/** A first-RGP edit (request type 7) still takes its proof documents while waiting for analysis. */
const TIPOS_PRIMEIRO_RGP: readonly number[] = [TipoDocumento.COMPROVANTE_PRIMEIRO_RGP, TipoDocumento.ADICIONAL_PRIMEIRO_RGP];

export function podeAlterarDocumentos(s: Pick<SolicitacaoDoDocumento, 'tipo' | 'situacao' | 'inativa'>, tipoDocumento: number): boolean {
  if (s.inativa) return false;
  if (SITUACOES_EDITAVEIS.includes(s.situacao)) return true;
  return s.tipo === TipoSolicitacao.EDICAO_RGP && s.situacao === SituacaoSolicitacao.ENVIADA && TIPOS_PRIMEIRO_RGP.includes(tipoDocumento);
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
  /** A file that could not be deleted (left behind in the storage); the caller logs it. Never throws. */
  onArquivoOrfao?: (chave: string, err: unknown) => void;
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
 * ones), removal, listing, and the authorisation of reading one file. A rejected upload stores nothing; files of
 * replaced or removed documents are deleted after the database change is committed.
 */
export class DocumentoService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly repo: DocumentoRepository,
    private readonly storage: FileStorage,
    private readonly auditoria: AuditoriaService,
    private readonly opts: DocumentoServiceOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** POST /api/documentos: the request's own fisher, while the request may change. */
  async enviar(ator: AuthContext, campos: EnvioDocumentoCampos, arquivo: ArquivoEnviado): Promise<Documento[]> {
    const { idSolicitacao, tipo } = campos;
    const sol = await this.repo.findSolicitacao(idSolicitacao);
    if (!sol) throw AppError.notFound(MENSAGENS_DOCUMENTO.solicitacaoNaoEncontrada);
    this.exigirDono(ator, sol.pescadorId);
    if (!podeAlterarDocumentos(sol, tipo)) throw AppError.notAcceptable(MENSAGENS_DOCUMENTO.naoEditavel);
    if (tipo === TipoDocumento.ADICIONAL && await this.repo.contarAtivos(idSolicitacao, tipo) >= MAX_DOCUMENTOS_ADICIONAIS) {
      throw AppError.badRequest(MENSAGENS_ARQUIVO.adicionais);
    }

    const conteudo = await aceitarConteudo(tipo, arquivo.bytes);
    const chave = novaChaveArquivo();
    await this.storage.put(chave, conteudo.bytes, conteudo.mime);

    let resultado: { doc: DocumentoRow; substituidas: string[] };
    try {
      resultado = await this.db.transaction(async (tx) => {
        // Checked again under the request's lock: a concurrent submission or upload may have changed things.
        const atual = await this.repo.lockSolicitacao(idSolicitacao, tx);
        if (!atual || !podeAlterarDocumentos(atual, tipo)) throw AppError.notAcceptable(MENSAGENS_DOCUMENTO.naoEditavel);
        let substituidas: string[] = [];
        if (tipo === TipoDocumento.ADICIONAL) {
          if (await this.repo.contarAtivos(idSolicitacao, tipo, tx) >= MAX_DOCUMENTOS_ADICIONAIS) throw AppError.badRequest(MENSAGENS_ARQUIVO.adicionais);
        } else {
          substituidas = await this.repo.removerAtivosDoTipo(idSolicitacao, tipo, this.now(), tx);
        }
        const doc = await this.repo.inserir({
          solicitacaoId: idSolicitacao,
          pescadorId: atual.pescadorId,
          tipoDocumento: tipo,
          nomeArquivo: sanitizarNomeArquivo(arquivo.nome, conteudo.extensao),
          chaveArquivo: chave,
          mime: conteudo.mime,
          tamanho: conteudo.bytes.length,
          criadoEm: this.now(),
        }, tx);
        return { doc, substituidas };
      });
    } catch (err) {
      await this.apagarArquivos([chave]);
      throw err;
    }
    await this.apagarArquivos(resultado.substituidas);
    return [documentoParaResposta(resultado.doc)];
  }

  /**
   * Checks and stores an analyst's opinion document (PDF only, content checked), before the analysis's transaction
   * records it (`registrarParecer`); if that transaction fails, the caller deletes it (`apagarArquivos`).
   */
  async guardarParecer(arquivo: ArquivoEnviado): Promise<ArquivoGuardado> {
    const conteudo = await aceitarConteudo(TIPO_DOCUMENTO_PARECER, arquivo.bytes);
    const chave = novaChaveArquivo();
    await this.storage.put(chave, conteudo.bytes, conteudo.mime);
    return {
      chave, nomeArquivo: sanitizarNomeArquivo(arquivo.nome, conteudo.extensao), mime: conteudo.mime, tamanho: conteudo.bytes.length,
    };
  }

  /**
   * Records a stored opinion document of the fisher `pescadorId`, outside any request's document list, replacing
   * `anterior` (removed). The caller (the analysis) decides who may, links it, and deletes the replaced file
   * (`chaveSubstituida`) once its transaction commits.
   */
  async registrarParecer(
    pescadorId: number, guardado: ArquivoGuardado, anterior: number | null, ex: Executor = this.db,
  ): Promise<{ documento: Documento; chaveSubstituida: string | null }> {
    return naTransacao(this.db, ex, async (tx) => {
      const doc = await this.repo.inserir({
        solicitacaoId: null,
        pescadorId,
        tipoDocumento: TIPO_DOCUMENTO_PARECER,
        nomeArquivo: guardado.nomeArquivo,
        chaveArquivo: guardado.chave,
        mime: guardado.mime,
        tamanho: guardado.tamanho,
        criadoEm: this.now(),
      }, tx);
      const chaveSubstituida = anterior ? await this.repo.marcarRemovido(anterior, this.now(), tx) : null;
      return { documento: documentoParaResposta(doc), chaveSubstituida };
    });
  }

  /**
   * Removes an opinion document (404 unless it is an active one); the caller unlinks it from its analysis in the
   * same transaction and deletes the answered file key once it commits.
   */
  async removerParecer(id: number, ex: Executor = this.db): Promise<string | null> {
    const doc = await this.repo.findAtivo(id, ex);
    if (!doc || doc.tipoDocumento !== TIPO_DOCUMENTO_PARECER) throw AppError.notFound(MENSAGENS_DOCUMENTO.parecerNaoEncontrado);
    return this.repo.marcarRemovido(id, this.now(), ex);
  }

  /** An analysis's verdict on each document of the request (`documento.aprovado`). */
  async registrarAvaliacao(avaliacoes: readonly { documentoId: number; aprovado: boolean }[], ex: Executor = this.db): Promise<void> {
    await this.repo.marcarAvaliados(avaliacoes, ex);
  }

  /** DELETE /api/documentos/{id}: the same rules as the upload. */
  async remover(ator: AuthContext, id: number): Promise<void> {
    const doc = await this.repo.findAtivo(id);
    if (!doc) throw AppError.notFound(MENSAGENS_DOCUMENTO.naoEncontrado);
    this.exigirDono(ator, doc.pescadorId);
    // Migrated documents belong to the legacy registry, not to a request the fisher is editing.
    if (doc.solicitacaoId === null) throw AppError.notAcceptable(MENSAGENS_DOCUMENTO.naoEditavel);
    const solicitacaoId = doc.solicitacaoId;
    const chave = await this.db.transaction(async (tx) => {
      const sol = await this.repo.lockSolicitacao(solicitacaoId, tx);
      if (!sol || !podeAlterarDocumentos(sol, doc.tipoDocumento)) throw AppError.notAcceptable(MENSAGENS_DOCUMENTO.naoEditavel);
      return this.repo.marcarRemovido(id, this.now(), tx);
    });
    if (!chave) throw AppError.notFound(MENSAGENS_DOCUMENTO.naoEncontrado);
    await this.apagarArquivos([chave]);
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

  private exigirDono(ator: AuthContext, pescadorId: number): void {
    if (ator.perfil !== Perfil.INTERESSADO || ator.idPescador !== pescadorId) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
  }

  private async auditarServidor(ator: AuthContext, recurso: string, recursoId: number, detalhes: Record<string, unknown>): Promise<void> {
    if (ator.perfil === Perfil.INTERESSADO) return;
    await this.auditoria.visualizacao(ator, recurso, recursoId, detalhes);
  }

  /** Deletes files after the fact; a failure leaves an orphan file (reported), never fails the user's action. */
  async apagarArquivos(chaves: string[]): Promise<void> {
    for (const chave of chaves) {
      try {
        await this.storage.delete(chave);
      } catch (err) {
        this.opts.onArquivoOrfao?.(chave, err);
      }
    }
  }
}
