import { MENSAGENS_DOCUMENTO } from '../../../shared/schemas/documento';
import { CHAVE_ARQUIVO_VALIDA, type AssinadorArquivos, type FileStorage } from '../../adapters/storage/storage';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';
import type { DocumentoService } from '../documento/documento.service';

export interface ArquivoParaEnvio {
  bytes: Buffer;
  mime: string;
  nomeArquivo: string;
}

/**
 * Reading stored files: the short-lived signed address (GET /api/cloud-storage/{chave}) and the file itself
 * (GET /api/arquivos/{chave}), by signature or by the caller's session. Who may read which file is the document
 * module's rule (its fisher; staff in scope, audited).
 */
export class ArquivoService {
  constructor(
    private readonly storage: FileStorage,
    private readonly assinador: AssinadorArquivos,
    private readonly documento: DocumentoService,
    private readonly ttlSeconds: number,
  ) {}

  /** The signed address of the document's file, for a caller who may read it. */
  async enderecoAssinado(ator: AuthContext, chave: string): Promise<string> {
    const doc = await this.documento.autorizarLeituraArquivo(ator, chave);
    return this.storage.signedUrl(doc.chaveArquivo, this.ttlSeconds);
  }

  /** The file behind a signed address; 403 for a wrong or expired signature. */
  async abrirAssinado(chave: string, expira: string | undefined, assinatura: string | undefined): Promise<ArquivoParaEnvio> {
    if (!CHAVE_ARQUIVO_VALIDA.test(chave) || !this.assinador.verificar(chave, expira, assinatura)) {
      throw AppError.forbidden(MENSAGENS_DOCUMENTO.enderecoInvalido);
    }
    const doc = await this.documento.findAtivoPorChave(chave);
    if (!doc) throw AppError.notFound(MENSAGENS_DOCUMENTO.naoEncontrado);
    return this.ler(chave, doc.nomeArquivo);
  }

  /** The file, for a signed-in caller who may read it (the web opens `urlArquivo?jwt=…` in a new tab). */
  async abrirComSessao(ator: AuthContext, chave: string): Promise<ArquivoParaEnvio> {
    const doc = await this.documento.autorizarLeituraArquivo(ator, chave);
    return this.ler(doc.chaveArquivo, doc.nomeArquivo);
  }

  private async ler(chave: string, nomeArquivo: string): Promise<ArquivoParaEnvio> {
    const arquivo = await this.storage.get(chave);
    if (!arquivo) throw AppError.notFound(MENSAGENS_DOCUMENTO.naoEncontrado);
    return { ...arquivo, nomeArquivo };
  }
}
