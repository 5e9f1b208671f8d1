import crypto from 'node:crypto';
import { asc, count, eq, lt } from 'drizzle-orm';
import { CodigoErro } from '../../../shared/codigos-erro';
import {
  MENSAGENS_DOCUMENTO, TAMANHO_MAXIMO_PARTE_ENVIO_BYTES, TAMANHO_PARTE_ENVIO_BYTES, type Documento, type EnvioResposta, type InicioEnvioCorpo,
} from '../../../shared/schemas/documento';
import type { Database, Executor } from '../../db/client';
import { envioDocumento, envioDocumentoParte, pescador } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';
import { exigirPescadorProprio } from '../escopo';
import type { DocumentoService } from './documento.service';

/** An upload untouched this long is deleted with its parts (a phone may stay without signal for a day). */
export const VALIDADE_ENVIO_MS = 24 * 3600 * 1000;
/** Uploads a fisher may have open at once: each may hold up to 2 MB until it is concluded or expires. */
export const MAX_ENVIOS_ABERTOS = 20;

type Envio = typeof envioDocumento.$inferSelect;

function resposta(e: Pick<Envio, 'id' | 'tamanho' | 'recebido'>): EnvioResposta {
  return { id: e.id, tamanho: e.tamanho, recebido: e.recebido };
}

const naoEncontrado = () => AppError.notFound(MENSAGENS_DOCUMENTO.envioNaoEncontrado);

/**
 * Document uploads in parts (issue 25, point 4; decision 0064), for a phone on a weak link: the upload is declared
 * (request, type, name, size), its bytes arrive in parts appended at the offset the server holds, and its
 * conclusion hands the whole file to `DocumentoService.enviar` (the same checks, re-encoding and storage as a
 * one-call upload). A part that arrived twice (its answer was lost) is taken once; the upload's rows are deleted in
 * the transaction that records the document, so an upload records one document however often it is concluded.
 * The parts live in PostgreSQL, which every instance of the service shares, and expire after a day.
 */
export class EnvioEmPartesService {
  private readonly now: () => Date;

  constructor(private readonly db: Database, private readonly documento: DocumentoService, opts: { now?: () => Date } = {}) {
    this.now = opts.now ?? (() => new Date());
  }

  /** POST /api/documentos/envios. */
  async iniciar(ator: AuthContext, corpo: InicioEnvioCorpo): Promise<EnvioResposta> {
    const { pescadorId } = await this.documento.conferirEnvio(ator, corpo);
    return this.db.transaction(async (tx) => {
      // Counted and inserted under the fisher's row lock: starts at the same moment cannot pass the limit together.
      await tx.select({ id: pescador.id }).from(pescador).where(eq(pescador.id, pescadorId)).for('update');
      const [abertos] = await tx.select({ n: count() }).from(envioDocumento).where(eq(envioDocumento.pescadorId, pescadorId));
      if ((abertos?.n ?? 0) >= MAX_ENVIOS_ABERTOS) throw AppError.recusa(CodigoErro.MUITAS_REQUISICOES, MENSAGENS_DOCUMENTO.enviosDemais);
      const agora = this.now();
      const [envio] = await tx.insert(envioDocumento).values({
        id: crypto.randomUUID(),
        pescadorId,
        solicitacaoId: corpo.idSolicitacao,
        tipoDocumento: corpo.tipo,
        nomeArquivo: corpo.nomeArquivo,
        tamanho: corpo.tamanho,
        criadoEm: agora,
        atualizadoEm: agora,
      }).returning();
      return resposta(envio!);
    });
  }

  /** GET /api/documentos/envios/{id}: a missing upload is 404, another fisher's 403. */
  async consultar(ator: AuthContext, id: string): Promise<EnvioResposta> {
    return resposta(await this.#doAtor(ator, id, this.db));
  }

  /**
   * PUT /api/documentos/envios/{id}/partes: appends `bytes` at `inicio`. The bytes the server holds already are
   * skipped (a part replayed after its answer was lost); a part that would leave a gap is refused (409: the client
   * asks how much arrived), and so are one beyond the declared size and one shorter than a part that is not the
   * upload's last (tiny parts would make a row of every few bytes).
   */
  async acrescentar(ator: AuthContext, id: string, inicio: number, bytes: Buffer): Promise<EnvioResposta> {
    if (bytes.length === 0 || bytes.length > TAMANHO_MAXIMO_PARTE_ENVIO_BYTES) {
      throw AppError.recusa(CodigoErro.ARQUIVO_INVALIDO, MENSAGENS_DOCUMENTO.parteInvalida);
    }
    return this.db.transaction(async (tx) => {
      const envio = await this.#doAtor(ator, id, tx, true);
      if (inicio > envio.recebido) {
        throw AppError.recusa(CodigoErro.ENVIO_FORA_DE_ORDEM, MENSAGENS_DOCUMENTO.envioForaDeOrdem);
      }
      if (bytes.length < Math.min(TAMANHO_PARTE_ENVIO_BYTES, envio.tamanho - inicio)) {
        throw AppError.recusa(CodigoErro.ARQUIVO_INVALIDO, MENSAGENS_DOCUMENTO.parteInvalida);
      }
      const novos = bytes.subarray(envio.recebido - inicio);
      if (novos.length === 0) return resposta(envio);
      if (envio.recebido + novos.length > envio.tamanho) {
        throw AppError.recusa(CodigoErro.ARQUIVO_INVALIDO, MENSAGENS_DOCUMENTO.envioAlemDoTamanho);
      }
      await tx.insert(envioDocumentoParte).values({ envioId: id, inicio: envio.recebido, dados: Buffer.from(novos) });
      const [atualizado] = await tx.update(envioDocumento)
        .set({ recebido: envio.recebido + novos.length, atualizadoEm: this.now() })
        .where(eq(envioDocumento.id, id))
        .returning();
      return resposta(atualizado!);
    });
  }

  /**
   * POST /api/documentos/envios/{id}/concluir: the whole file goes through `DocumentoService.enviar`; the upload is
   * deleted in the transaction that records the document. A second conclusion finds no upload (404), unless it
   * carries the first one's idempotency key, which replays the first answer.
   */
  async concluir(ator: AuthContext, id: string): Promise<Documento[]> {
    const envio = await this.#doAtor(ator, id, this.db);
    if (envio.recebido < envio.tamanho) {
      throw AppError.recusa(CodigoErro.ENVIO_INCOMPLETO, MENSAGENS_DOCUMENTO.envioIncompleto);
    }
    const partes = await this.db.select({ dados: envioDocumentoParte.dados }).from(envioDocumentoParte)
      .where(eq(envioDocumentoParte.envioId, id)).orderBy(asc(envioDocumentoParte.inicio));
    const bytes = Buffer.concat(partes.map((p) => p.dados));
    return this.documento.enviar(
      ator,
      { idSolicitacao: envio.solicitacaoId, tipo: envio.tipoDocumento },
      { nome: envio.nomeArquivo, bytes },
      async (tx) => {
        const apagados = await tx.delete(envioDocumento).where(eq(envioDocumento.id, id)).returning({ id: envioDocumento.id });
        if (apagados.length === 0) throw naoEncontrado(); // concluded at the same moment by another call
      },
    );
  }

  /** Deletes the uploads untouched for `VALIDADE_ENVIO_MS` (their parts go with them); how many. */
  async expurgar(): Promise<number> {
    const limite = new Date(this.now().getTime() - VALIDADE_ENVIO_MS);
    const apagados = await this.db.delete(envioDocumento).where(lt(envioDocumento.atualizadoEm, limite)).returning({ id: envioDocumento.id });
    return apagados.length;
  }

  /** The caller's own upload: 404 when there is none, 403 when it is another fisher's (as every fisher's record). */
  async #doAtor(ator: AuthContext, id: string, ex: Executor, bloquear = false): Promise<Envio> {
    const consulta = ex.select().from(envioDocumento).where(eq(envioDocumento.id, id));
    const [envio] = bloquear ? await consulta.for('update') : await consulta;
    if (!envio) throw naoEncontrado();
    exigirPescadorProprio(ator, envio.pescadorId);
    return envio;
  }
}

