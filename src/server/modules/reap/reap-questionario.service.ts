import crypto from 'node:crypto';
import { CodigoErro } from '../../../shared/codigos-erro';
import { hojeSaoPaulo } from '../../../shared/datas';
import { Categoria } from '../../../shared/enums';
import { erroCampo } from '../../../shared/erros-campo';
import { MAX_DOCUMENTOS_JUSTIFICATIVA, MENSAGENS_REAP, reapNoPrazo, somaDias } from '../../../shared/regras/reap';
import type { Documento } from '../../../shared/schemas/documento';
import type { Questionario, ReapArtesanalCorpo, ReapIndustrialCorpo } from '../../../shared/schemas/reap';
import type { Database, Executor } from '../../db/client';
import type { ArquivoEnviado } from '../../lib/arquivos-http';
import { AppError } from '../../lib/errors';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { DocumentoService } from '../documento/documento.service';
import type { AndamentoService } from '../solicitacao/solicitacao.service';
import { auditarVisualizacao, exigirDono, questionarioLegivel } from './reap-acesso';
import { DOCUMENTO_JUSTIFICATIVA, DOCUMENTO_RELACAO_TRABALHO, paraQuestionario } from './reap-detalhe';
import { especiesDoCorpo, exigirReferenciasLidas, municipiosDoCorpo } from './reap-referencias';
import type { QuestionarioRow, ReapRepository } from './reap.repository';

/** An alphabet without look-alikes (0/O, 1/I). */
function novoCodigoVerificacao(): string {
  const alfabeto = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...crypto.randomBytes(16)].map((b) => alfabeto[b % alfabeto.length]).join('');
}

/** Writes only its own table; the request is sent by AndamentoService, files kept by DocumentoService. */
export class ReapQuestionarioService {
  constructor(
    private readonly db: Database,
    private readonly repo: ReapRepository,
    private readonly auditoria: AuditoriaService,
    private readonly solicitacoes: AndamentoService,
    private readonly documentos: DocumentoService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async questionario(ator: AuthContext, id: number): Promise<Questionario> {
    const q = await questionarioLegivel(this.repo, ator, id);
    await auditarVisualizacao(this.auditoria, ator, 'reap/questionario', id, q.pescadorId);
    return paraQuestionario(this.repo, this.documentos, q, hojeSaoPaulo(this.now()));
  }

  /** Owner, category and window are checked under the lock. */
  async salvarArtesanal(ator: AuthContext, corpo: ReapArtesanalCorpo): Promise<{ questionario: Questionario; mensagem: string }> {
    // The owner before anything about the body is told; the body's references read in the same round trip.
    const lido = await this.repo.findComReferencias(corpo.id, especiesDoCorpo(corpo), municipiosDoCorpo(corpo));
    exigirDono(ator, lido?.questionario);
    exigirReferenciasLidas(corpo, lido!.especies, lido!.municipios);
    const dados = { ...corpo } as Record<string, unknown>;
    delete dados.id;
    delete dados.enviada;
    delete dados.solicitacao;
    const total = corpo.realizouPesca ? somaDias(corpo.reapsArtesanais) : null;
    const q = await this.salvar(ator, corpo.id, corpo.anoReferencia, 'artesanal', corpo.enviada, {
      dados, realizouPesca: corpo.realizouPesca ?? null, tipoPrestacaoServico: corpo.tipoPrestacaoServico ?? null, totalDiasTrabalhadoAno: total,
    }, async () => undefined, lido!.especies);
    return { questionario: q, mensagem: corpo.enviada ? MENSAGENS_REAP.salva : MENSAGENS_REAP.rascunhoSalvo };
  }

  async salvarIndustrial(ator: AuthContext, corpo: ReapIndustrialCorpo): Promise<{ questionario: Questionario; mensagem: string }> {
    await this.exigirDonoAntes(ator, corpo.id);
    try {
      return await this.salvarIndustrialDo(ator, corpo);
    } catch (err) {
      // A failure of ours (not a rule the fisher can act on) answers the spec's message for it.
      if (err instanceof AppError) throw err;
      throw new AppError(500, MENSAGENS_REAP.erroIndustrial, { cause: err });
    }
  }

  private async salvarIndustrialDo(ator: AuthContext, corpo: ReapIndustrialCorpo): Promise<{ questionario: Questionario; mensagem: string }> {
    const q = await this.salvar(ator, corpo.id, corpo.anoReferencia, 'industrial', corpo.enviada, {
      dados: { realizouPesca: corpo.realizouPesca ?? null, tipoPrestacaoServico: corpo.tipoPrestacaoServico ?? null },
      realizouPesca: corpo.realizouPesca ?? null,
      tipoPrestacaoServico: corpo.tipoPrestacaoServico ?? null,
      totalDiasTrabalhadoAno: null,
    }, async (atual, tx) => {
      if (await this.documentos.contarDoTipo(atual.solicitacaoId, DOCUMENTO_RELACAO_TRABALHO, tx) === 0) {
        throw new AppError(400, MENSAGENS_REAP.documentoRelacaoTrabalho, {
          erros: [erroCampo('documentoRelacaoTrabalho', MENSAGENS_REAP.documentoRelacaoTrabalho)],
        });
      }
    });
    return { questionario: q, mensagem: corpo.enviada ? MENSAGENS_REAP.salva : MENSAGENS_REAP.industrialSalva };
  }

  /**
   * Under the questionnaire's lock: the checks, then one update that saves (and on a send marks it sent), then the
   * request sent. The answer is built from the locked row and what was written, not read again.
   */
  private async salvar(
    ator: AuthContext, id: number, anoReferencia: number, forma: 'artesanal' | 'industrial', enviar: boolean,
    set: Parameters<ReapRepository['gravar']>[1], aoEnviar: (q: QuestionarioRow, tx: Executor) => Promise<void>,
    especiesLidas?: Map<number, { nome: string; nomeCientifico: string }>,
  ): Promise<Questionario> {
    const salvo = await this.db.transaction(async (tx) => {
      // One save or send of a REAP at a time: a second send waits here, then finds it sent.
      const atual = await this.repo.lock(id, tx);
      exigirDono(ator, atual);
      this.exigirEditavel(atual);
      if ((forma === 'industrial') !== (atual.categoria === Categoria.INDUSTRIAL) || anoReferencia !== atual.anoReferencia) {
        throw AppError.badRequest(MENSAGENS_REAP.categoriaErrada);
      }
      // The send's own requirement (it only reads) before the write, so that the save and the send are one update.
      if (enviar) await aoEnviar(atual, tx);
      const gravado = await this.repo.gravar(id, set, enviar ? novoCodigoVerificacao() : null, tx);
      if (!gravado) throw AppError.recusa(CodigoErro.REAP_JA_ENVIADA, MENSAGENS_REAP.jaEnviada);
      if (enviar) await this.solicitacoes.enviarReap(ator, atual.solicitacaoId, tx);
      return {
        ...atual, ...set, ...gravado,
        // As the row reads now: a sent questionnaire is no longer late-permitted (reap.repository's ATRASO).
        atrasoPermitido: gravado.enviada ? false : atual.atrasoPermitido,
      } satisfies QuestionarioRow;
    });
    return paraQuestionario(this.repo, this.documentos, salvo, hojeSaoPaulo(this.now()), especiesLidas);
  }

  /** Late only for a fisher this year's suspension of defaulters suspended (decision 0055). */
  private exigirEditavel(q: QuestionarioRow): void {
    if (q.enviada) throw AppError.recusa(CodigoErro.REAP_JA_ENVIADA, MENSAGENS_REAP.jaEnviada);
    if (!q.atrasoPermitido && !reapNoPrazo(q.anoReferencia, hojeSaoPaulo(this.now()), q.inicioPreenchimento, q.fimPreenchimento)) {
      throw AppError.recusa(CodigoErro.REAP_FORA_DO_PRAZO, MENSAGENS_REAP.foraDoPrazo);
    }
  }

  /** Stored first, then recorded under the questionnaire's lock, where the limit is counted again. */
  async enviarDocumento(ator: AuthContext, idQuestionario: number, forma: 'artesanal' | 'industrial', arquivo: ArquivoEnviado): Promise<Documento> {
    const tipo = forma === 'artesanal' ? DOCUMENTO_JUSTIFICATIVA : DOCUMENTO_RELACAO_TRABALHO;
    const antes = await this.exigirDonoAntes(ator, idQuestionario);
    this.exigirForma(antes, forma);
    this.exigirEditavel(antes);
    if (forma === 'artesanal' && await this.documentos.contarDoTipo(antes.solicitacaoId, tipo) >= MAX_DOCUMENTOS_JUSTIFICATIVA) {
      throw AppError.recusa(CodigoErro.ARQUIVO_INVALIDO, MENSAGENS_REAP.maxJustificativa);
    }
    const guardado = await this.documentos.guardarArquivo(tipo, arquivo);
    try {
      return await this.db.transaction(async (tx) => {
        const q = await this.repo.lock(idQuestionario, tx);
        exigirDono(ator, q);
        this.exigirEditavel(q);
        if (forma === 'artesanal' && await this.documentos.contarDoTipo(q.solicitacaoId, tipo, tx) >= MAX_DOCUMENTOS_JUSTIFICATIVA) {
          throw AppError.recusa(CodigoErro.ARQUIVO_INVALIDO, MENSAGENS_REAP.maxJustificativa);
        }
        return this.documentos.registrarGuardado(q.pescadorId, q.solicitacaoId, tipo, guardado, tx);
      });
    } catch (err) {
      await this.documentos.apagarArquivos([guardado.chave]);
      throw err;
    }
  }

  async removerDocumento(ator: AuthContext, idQuestionario: number, idDocumento: number, forma: 'artesanal' | 'industrial'): Promise<void> {
    const antes = await this.exigirDonoAntes(ator, idQuestionario);
    this.exigirForma(antes, forma);
    await this.db.transaction(async (tx) => {
      const q = await this.repo.lock(idQuestionario, tx);
      exigirDono(ator, q);
      this.exigirEditavel(q);
      await this.documentos.removerDaReap(idDocumento, q.solicitacaoId, [forma === 'artesanal' ? DOCUMENTO_JUSTIFICATIVA : DOCUMENTO_RELACAO_TRABALHO], tx);
    });
  }

  private exigirForma(q: QuestionarioRow, forma: 'artesanal' | 'industrial'): void {
    if ((forma === 'industrial') !== (q.categoria === Categoria.INDUSTRIAL)) throw AppError.badRequest(MENSAGENS_REAP.categoriaErrada);
  }

  /** Before any work: the body's references, a file's content. */
  private async exigirDonoAntes(ator: AuthContext, id: number): Promise<QuestionarioRow> {
    const q = await this.repo.find(id);
    exigirDono(ator, q);
    return q;
  }
}
