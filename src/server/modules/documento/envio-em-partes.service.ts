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

/** A phone may stay without signal for a day. */
export const VALIDADE_ENVIO_MS = 24 * 3600 * 1000;
/** Each may hold up to 2 MB until concluded or expired. */
export const MAX_ENVIOS_ABERTOS = 20;

type Envio = typeof envioDocumento.$inferSelect;

function resposta(e: Pick<Envio, 'id' | 'tamanho' | 'recebido'>): EnvioResposta {
  return { id: e.id, tamanho: e.tamanho, recebido: e.recebido };
}

const naoEncontrado = () => AppError.notFound(MENSAGENS_DOCUMENTO.envioNaoEncontrado);

/**
 * Uploads in parts for a phone on a weak link (decision 0064): parts append at the offset the server holds; the
 * upload is deleted in the transaction that records the document, so it records once.
 */
export class EnvioEmPartesService {
  private readonly now: () => Date;

  constructor(private readonly db: Database, private readonly documento: DocumentoService, opts: { now?: () => Date } = {}) {
    this.now = opts.now ?? (() => new Date());
  }

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

  async consultar(ator: AuthContext, id: string): Promise<EnvioResposta> {
    return resposta(await this.#doAtor(ator, id, this.db));
  }

  /** Bytes already held are skipped (a replayed part); a gap is 409 so the client asks how much arrived. */
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

  async expurgar(): Promise<number> {
    const limite = new Date(this.now().getTime() - VALIDADE_ENVIO_MS);
    const apagados = await this.db.delete(envioDocumento).where(lt(envioDocumento.atualizadoEm, limite)).returning({ id: envioDocumento.id });
    return apagados.length;
  }

  async #doAtor(ator: AuthContext, id: string, ex: Executor, bloquear = false): Promise<Envio> {
    const consulta = ex.select().from(envioDocumento).where(eq(envioDocumento.id, id));
    const [envio] = bloquear ? await consulta.for('update') : await consulta;
    if (!envio) throw naoEncontrado();
    exigirPescadorProprio(ator, envio.pescadorId);
    return envio;
  }
}

