import { Perfil, SituacaoSolicitacao, TipoDocumento, TipoSolicitacao } from '../../../shared/enums';
import { MAX_DOCUMENTOS_ADICIONAIS, MENSAGENS_ARQUIVO, TIPO_DOCUMENTO_PARECER } from '../../../shared/regras/arquivos';
import { MENSAGENS_DOCUMENTO, type Documento, type EnvioDocumentoCampos } from '../../../shared/schemas/documento';
import { novaChaveArquivo, type FileStorage } from '../../adapters/storage/storage';
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

export interface ArquivoEnviado {
  bytes: Buffer;
  /** The file name the browser sent (only displayed, after sanitising). */
  nome: string | undefined;
}

export interface DocumentoServiceOptions {
  now?: () => Date;
  /** A file that could not be deleted (left behind in the storage); the caller logs it. Never throws. */
  onArquivoOrfao?: (chave: string, err: unknown) => void;
}

/** The answer shape of a document (both names of each field, as the specification lists them). */
export function documentoParaResposta(d: DocumentoRow): Documento {
  const url = d.urlArquivo ?? `/api/arquivos/${d.chaveArquivo}`;
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
      resultado = await this.repo.transacao(async (tx) => {
        // Checked again under the request's lock: a concurrent submission or upload may have changed things.
        const atual = await tx.lockSolicitacao(idSolicitacao);
        if (!atual || !podeAlterarDocumentos(atual, tipo)) throw AppError.notAcceptable(MENSAGENS_DOCUMENTO.naoEditavel);
        let substituidas: string[] = [];
        if (tipo === TipoDocumento.ADICIONAL) {
          if (await tx.contarAtivos(idSolicitacao, tipo) >= MAX_DOCUMENTOS_ADICIONAIS) throw AppError.badRequest(MENSAGENS_ARQUIVO.adicionais);
        } else {
          substituidas = await tx.removerAtivosDoTipo(idSolicitacao, tipo, this.now());
        }
        const doc = await tx.inserir({
          solicitacaoId: idSolicitacao,
          pescadorId: atual.pescadorId,
          tipoDocumento: tipo,
          nomeArquivo: sanitizarNomeArquivo(arquivo.nome, conteudo.extensao),
          chaveArquivo: chave,
          mime: conteudo.mime,
          tamanho: conteudo.bytes.length,
          criadoEm: this.now(),
        });
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
   * Stores the analyst's opinion document (PDF only, content checked) for the fisher `pescadorId`, outside any
   * request's document list. The caller (the analysis) decides who may, and links it to its analysis in `tx`.
   */
  async guardarParecer(
    pescadorId: number,
    arquivo: ArquivoEnviado,
    vincular: (documentoId: number, repo: DocumentoRepository) => Promise<number | null>,
  ): Promise<Documento> {
    const conteudo = await aceitarConteudo(TIPO_DOCUMENTO_PARECER, arquivo.bytes);
    const chave = novaChaveArquivo();
    await this.storage.put(chave, conteudo.bytes, conteudo.mime);
    let resultado: { doc: DocumentoRow; substituida: string | null };
    try {
      resultado = await this.repo.transacao(async (tx) => {
        const doc = await tx.inserir({
          solicitacaoId: null,
          pescadorId,
          tipoDocumento: TIPO_DOCUMENTO_PARECER,
          nomeArquivo: sanitizarNomeArquivo(arquivo.nome, conteudo.extensao),
          chaveArquivo: chave,
          mime: conteudo.mime,
          tamanho: conteudo.bytes.length,
          criadoEm: this.now(),
        });
        const anterior = await vincular(doc.id, tx);
        const substituida = anterior ? await tx.marcarRemovido(anterior, this.now()) : null;
        return { doc, substituida };
      });
    } catch (err) {
      await this.apagarArquivos([chave]);
      throw err;
    }
    if (resultado.substituida) await this.apagarArquivos([resultado.substituida]);
    return documentoParaResposta(resultado.doc);
  }

  /** Removes an opinion document once the analysis has unlinked it (inside `desvincular`'s transaction). */
  async removerParecer(id: number, desvincular: (repo: DocumentoRepository) => Promise<void>): Promise<void> {
    const chave = await this.repo.transacao(async (tx) => {
      const doc = await tx.findAtivo(id);
      if (!doc || doc.tipoDocumento !== TIPO_DOCUMENTO_PARECER) throw AppError.notFound('Documento de parecer não encontrado.');
      await desvincular(tx);
      return tx.marcarRemovido(id, this.now());
    });
    if (chave) await this.apagarArquivos([chave]);
  }

  /** DELETE /api/documentos/{id}: the same rules as the upload. */
  async remover(ator: AuthContext, id: number): Promise<void> {
    const doc = await this.repo.findAtivo(id);
    if (!doc) throw AppError.notFound(MENSAGENS_DOCUMENTO.naoEncontrado);
    this.exigirDono(ator, doc.pescadorId);
    // Migrated documents belong to the legacy registry, not to a request the fisher is editing.
    if (doc.solicitacaoId === null) throw AppError.notAcceptable(MENSAGENS_DOCUMENTO.naoEditavel);
    const solicitacaoId = doc.solicitacaoId;
    const chave = await this.repo.transacao(async (tx) => {
      const sol = await tx.lockSolicitacao(solicitacaoId);
      if (!sol || !podeAlterarDocumentos(sol, doc.tipoDocumento)) throw AppError.notAcceptable(MENSAGENS_DOCUMENTO.naoEditavel);
      return tx.marcarRemovido(id, this.now());
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
  private async apagarArquivos(chaves: string[]): Promise<void> {
    for (const chave of chaves) {
      try {
        await this.storage.delete(chave);
      } catch (err) {
        this.opts.onArquivoOrfao?.(chave, err);
      }
    }
  }
}
