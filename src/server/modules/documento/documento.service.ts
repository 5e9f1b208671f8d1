import crypto from 'node:crypto';
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

const SITUACOES_EDITAVEIS: readonly number[] = [
  SituacaoSolicitacao.RASCUNHO, SituacaoSolicitacao.ATUALIZACAO_SFPA, SituacaoSolicitacao.ATUALIZACAO_MPA,
];

/** A first-RGP edit included: it is sent with its proof (decision 0020). */
export function podeAlterarDocumentos(s: Pick<SolicitacaoDoDocumento, 'situacao' | 'inativa'>): boolean {
  return !s.inativa && SITUACOES_EDITAVEIS.includes(s.situacao);
}

export type { ArquivoEnviado } from '../../lib/arquivos-http';

/** Recorded in a transaction, or deleted if that fails. */
export interface ArquivoGuardado {
  chave: string;
  nomeArquivo: string;
  mime: string;
  tamanho: number;
  /** SHA-256 of the stored bytes (decision 0112). */
  sha256?: Buffer;
}

const sha256De = (bytes: Uint8Array): Buffer => crypto.createHash('sha256').update(bytes).digest();

export interface DocumentoServiceOptions {
  now?: () => Date;
  onArquivoOrfao?: (chave: string, err: unknown) => void;
  maxOrfaosPorConciliacao?: number;
}

/** Younger files are never orphans: their upload may still be on its way to a row. */
export const IDADE_MINIMA_ORFAO_MS = 60 * 60 * 1000;

const MAX_NOMEADOS = 100;

export interface ResultadoConciliacao {
  arquivos: number;
  documentosAtivos: number;
  orfaos: {
    encontrados: number;
    apagados: number;
    recentes: number;
    pendentes: number;
    /** Over 100 orphans and over half the files looks like the wrong database's storage: nothing deleted. */
    recusados: boolean;
    chaves: string[];
  };
  ausentes: { total: number; documentos: { id: number; chave: string }[] };
}

/** Both names of each field, as the specification lists them. */
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
 * A removed row's file is deleted by a job enqueued in the removing transaction, so it runs after the commit even
 * across a crash; a daily reconciliation deletes files no row points to.
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

  /** `naTransacao` runs in the recording transaction (an upload in parts deletes itself there: recorded once). */
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
        }, tx, sha256De(conteudo.bytes));
      });
    } catch (err) {
      await this.apagarArquivos([chave]);
      throw err;
    }
    return [documentoParaResposta(doc)];
  }

  guardarParecer(arquivo: ArquivoEnviado): Promise<ArquivoGuardado> {
    return this.#guardar(TIPO_DOCUMENTO_PARECER, arquivo);
  }

  async registrarParecer(
    pescadorId: number, guardado: ArquivoGuardado, anterior: number | null, ex: Executor = this.db,
  ): Promise<Documento> {
    return naTransacao(this.db, ex, async (tx) => {
      const doc = await this.#inserirGuardado(pescadorId, null, TIPO_DOCUMENTO_PARECER, guardado, tx);
      if (anterior) await this.apagarDepoisDoCommit([await this.repo.marcarRemovido(anterior, this.now(), tx)], tx);
      return documentoParaResposta(doc);
    });
  }

  async removerParecer(id: number, ex: Executor = this.db): Promise<void> {
    await naTransacao(this.db, ex, async (tx) => {
      const doc = await this.repo.findAtivo(id, tx);
      if (!doc || doc.tipoDocumento !== TIPO_DOCUMENTO_PARECER) throw AppError.notFound(MENSAGENS_DOCUMENTO.parecerNaoEncontrado);
      await this.apagarDepoisDoCommit([await this.repo.marcarRemovido(id, this.now(), tx)], tx);
    });
  }

  async registrarAvaliacao(avaliacoes: readonly { documentoId: number; aprovado: boolean }[], ex: Executor = this.db): Promise<void> {
    await this.repo.marcarAvaliados(avaliacoes, ex);
  }

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

  async listarPorSolicitacao(ator: AuthContext, idSolicitacao: number): Promise<Documento[]> {
    const sol = await this.repo.findSolicitacao(idSolicitacao);
    if (!sol) throw AppError.notFound(MENSAGENS_DOCUMENTO.solicitacaoNaoEncontrada);
    exigirLeituraPescador(ator, sol.pescadorId, sol.ufPescador);
    await this.auditarServidor(ator, 'solicitacao/documentos', idSolicitacao, { idPescador: sol.pescadorId });
    return (await this.repo.listarAtivosDaSolicitacao(idSolicitacao)).map(documentoParaResposta);
  }

  async autorizarLeituraArquivo(ator: AuthContext, chave: string): Promise<DocumentoRow> {
    const doc = await this.repo.findAtivoPorChave(chave);
    if (!doc) throw AppError.notFound(MENSAGENS_DOCUMENTO.naoEncontrado);
    exigirLeituraPescador(ator, doc.pescadorId, doc.ufPescador);
    await this.auditarServidor(ator, 'documento', doc.id, {
      idPescador: doc.pescadorId, idSolicitacao: doc.solicitacaoId, tipoDocumento: doc.tipoDocumento,
    });
    return doc;
  }

  /** No authorisation: the caller holds a valid signature. */
  async findAtivoPorChave(chave: string): Promise<DocumentoRow | undefined> {
    return this.repo.findAtivoPorChave(chave);
  }

  /** The caller has checked the scope and audited the view. */
  async migradosDoPescador(pescadorId: number): Promise<Documento[]> {
    return (await this.repo.listarMigradosDoPescador(pescadorId)).map(documentoParaResposta);
  }

  async tiposPresentes(idSolicitacao: number): Promise<number[]> {
    return this.repo.tiposAtivos(idSolicitacao);
  }

  /** Stored before the caller's transaction, which then registers it (`registrarGuardado`). */
  guardarArquivo(tipo: number, arquivo: ArquivoEnviado): Promise<ArquivoGuardado> {
    return this.#guardar(tipo, arquivo);
  }

  /** Without a request: an entity's consent term and the fisher's identity (docs/decisions/0110). */
  async registrarGuardado(
    pescadorId: number, solicitacaoId: number | null, tipo: number, guardado: ArquivoGuardado, ex: Executor = this.db,
  ): Promise<Documento> {
    return documentoParaResposta(await this.#inserirGuardado(pescadorId, solicitacaoId, tipo, guardado, ex));
  }

  async #guardar(tipo: number, arquivo: ArquivoEnviado): Promise<ArquivoGuardado> {
    const conteudo = await aceitarConteudo(tipo, arquivo.bytes);
    const chave = novaChaveArquivo();
    await this.storage.put(chave, conteudo.bytes, conteudo.mime);
    return {
      chave, nomeArquivo: sanitizarNomeArquivo(arquivo.nome, conteudo.extensao), mime: conteudo.mime, tamanho: conteudo.bytes.length,
      sha256: sha256De(conteudo.bytes),
    };
  }

  #inserirGuardado(pescadorId: number, solicitacaoId: number | null, tipo: number, guardado: ArquivoGuardado, ex: Executor) {
    return this.repo.inserir({
      solicitacaoId, pescadorId, tipoDocumento: tipo, nomeArquivo: guardado.nomeArquivo, chaveArquivo: guardado.chave,
      mime: guardado.mime, tamanho: guardado.tamanho, criadoEm: this.now(),
    }, ex, guardado.sha256);
  }

  async contarDoTipo(solicitacaoId: number, tipo: number, ex: Executor = this.db): Promise<number> {
    return this.repo.contarAtivos(solicitacaoId, tipo, ex);
  }

  async removerDaReap(id: number, solicitacaoId: number, tipos: readonly number[], ex: Executor = this.db): Promise<void> {
    await naTransacao(this.db, ex, async (tx) => {
      const doc = await this.repo.findAtivo(id, tx);
      if (!doc || doc.solicitacaoId !== solicitacaoId || !tipos.includes(doc.tipoDocumento)) throw AppError.notFound(MENSAGENS_DOCUMENTO.naoEncontrado);
      await this.apagarDepoisDoCommit([await this.repo.marcarRemovido(id, this.now(), tx)], tx);
    });
  }

  /** For a caller that has checked the scope (and audited a staff view). */
  async ativosDaSolicitacao(solicitacaoId: number): Promise<Documento[]> {
    return (await this.repo.listarAtivosDaSolicitacao(solicitacaoId)).map(documentoParaResposta);
  }

  /** `detalhes.idPescador` names the fisher, who sees it on their /home. */
  private auditarServidor(
    ator: AuthContext, recurso: string, recursoId: number, detalhes: Record<string, unknown> & { idPescador: number },
  ): Promise<void> {
    return auditarVisaoDoServidor(this.auditoria, ator, recurso, recursoId, detalhes.idPescador, detalhes);
  }

  /** A failure leaves an orphan for the reconciliation, never fails the action. */
  async apagarArquivos(chaves: string[]): Promise<void> {
    for (const chave of chaves) {
      try {
        await this.storage.delete(chave);
      } catch (err) {
        this.opts.onArquivoOrfao?.(chave, err);
      }
    }
  }

  /** The job exists only if the removal commits. */
  private async apagarDepoisDoCommit(chaves: readonly (string | null)[], tx: Executor): Promise<void> {
    for (const chave of chaves) {
      if (chave !== null && CHAVE_ARQUIVO_VALIDA.test(chave)) await this.fila.enfileirar(tx, apagarArquivoJob, { chave });
    }
  }

  /** Idempotent; a key an active document points to again is left alone. */
  async apagarArquivoDeRemovido(chave: string): Promise<{ apagado: boolean }> {
    if ((await this.repo.chavesAtivas([chave])).size > 0) return { apagado: false };
    await this.storage.delete(chave);
    return { apagado: true };
  }

  /** Storage listing and active rows side by side in key order, paged, so neither is held in memory. */
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

  /** Byte order of the key, the same as `<` for valid keys. */
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

/** The walk beside the rows would otherwise take present files for missing ones. */
async function* emOrdem(listagem: AsyncIterable<ArquivoListado>, origem: string): AsyncGenerator<ArquivoListado> {
  let anterior: string | null = null;
  for await (const item of listagem) {
    if (anterior !== null && !(anterior < item.chave)) throw new Error(`${origem} out of key order: reconciliation stopped`);
    anterior = item.chave;
    yield item;
  }
}
