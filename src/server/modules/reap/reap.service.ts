import crypto from 'node:crypto';
import { maskCpf } from '../../../shared/cpf';
import { hojeSaoPaulo } from '../../../shared/datas';
import { Categoria, categoriaLabel, Perfil, SituacaoSolicitacao, TipoDocumento } from '../../../shared/enums';
import { erroCampo } from '../../../shared/erros-campo';
import {
  GRUPOS_ALVO, PETRECHOS_PESCA, TIPOS_COMPRADOR, UNIDADES_MEDIDA, AMBIENTES_PESCA, TIPOS_LOCAL_PESCA,
} from '../../../shared/referencias';
import {
  anosDevidos, formatarMoeda, formatarQuantidade, JUSTIFICATIVAS_NAO_PESCA, MAX_DOCUMENTOS_JUSTIFICATIVA,
  ANO_REAP_EXCECAO, MENSAGENS_REAP, MOTIVOS_REAP, mesesDevidos, NOMES_MESES, reapNoPrazo, somaDias, TIPOS_PRESTACAO_ARTESANAL, TIPOS_PRESTACAO_INDUSTRIAL,
} from '../../../shared/regras/reap';
import { exibirRgp } from '../../../shared/rgp';
import { rotaVerificarReap, ROTA_VERIFICAR_REAP } from '../../../shared/rotas-web';
import { mascararNome } from '../../../shared/schemas/carteira';
import { MENSAGENS_VERIFICACAO, type VerificacaoReap } from '../../../shared/schemas/verificacao';
import { MENSAGENS_INADIMPLENCIA_REAP } from '../../../shared/schemas/reap-inadimplencia';
import type { Documento } from '../../../shared/schemas/documento';
import type {
  FiltroObrigacoesPescador, FiltroObrigacoesServidor, ListaObrigacoes, ListaObrigacoesServidor, Obrigacao, ObrigacaoServidor, PrazoReap, PrazoReapHistorico,
  Questionario, ReapArtesanalCorpo, ReapIndustrialCorpo, ReapPendente,
} from '../../../shared/schemas/reap';
import type { Database, Executor } from '../../db/client';
import type { FilaDeJobs } from '../../jobs/job';
import type { ArquivoEnviado } from '../../lib/arquivos-http';
import { AppError } from '../../lib/errors';
import { erroDeCampos } from '../../lib/validacao';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { DocumentoService } from '../documento/documento.service';
import { exigirLeituraPescador, MENSAGEM_FORA_DO_ESCOPO, podeLerPescador, ufsDoEscopo } from '../escopo';
import type { SolicitacaoService } from '../solicitacao/solicitacao.service';
import { MENSAGENS_PRAZO_REAP, MotivoSemReap, type SituacaoReapPescador } from '../../../shared/schemas/reap';
import { gerarComprovanteReapPdf } from './reap-pdf';
import type { AssinadorReap } from '../../lib/codigos-comprovantes';
import { CHAVE_VERIFICACAO, verificarInadimplenciaJob } from './inadimplencia.jobs';
import { gerarObrigacoesAnoJob, gerarObrigacoesPescadorJob } from './reap.jobs';
import type { ObrigacaoServidorRow, PescadorReap, PrazoLinha, QuestionarioRow, ReapRepository } from './reap.repository';

/** The documents of each form: justifications of the artesanal one (type 6), work-relation proofs of the industrial one (type 7). */
export const DOCUMENTO_JUSTIFICATIVA = TipoDocumento.ADICIONAL;
export const DOCUMENTO_RELACAO_TRABALHO = TipoDocumento.VISTO_TRABALHO;

export interface ReapServiceOptions {
  /** Fishers per block (one transaction each) when a year's obligations are created for every fisher; 10,000 by default. */
  tamanhoBlocoObrigacoes?: number;
  /** A creation with no block committed for this long was interrupted (its process died): the minute job resumes it. */
  retomarAposSegundos?: number;
  /** The product's public address: the 2ª via's QR code opens a page under it. */
  publicUrl: string;
  /** Signs the code of the 2ª via's QR (decision 0044). */
  assinador: AssinadorReap;
  now?: () => Date;
}

/** The REAP's situation once sent, as the public check of a 2ª via names it. */
const SITUACAO_REAP_ENVIADA = 'Enviada';

/** A random verification code: 16 characters of an alphabet without look-alikes (0/O, 1/I). */
function novoCodigoVerificacao(): string {
  const alfabeto = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...crypto.randomBytes(16)].map((b) => alfabeto[b % alfabeto.length]).join('');
}

function descricao(lista: readonly { id: number; descricao: string }[], id: number | null | undefined): string {
  return lista.find((i) => i.id === id)?.descricao ?? '—';
}

function paraObrigacao(r: QuestionarioRow, hoje: string): Obrigacao {
  return {
    id: r.id,
    idSolicitacao: r.solicitacaoId,
    idPescador: r.pescadorId,
    anoReferencia: r.anoReferencia,
    categoria: r.categoria,
    enviada: r.enviada,
    iniciada: r.dados !== null,
    situacao: r.enviada ? SituacaoSolicitacao.REAP_ENVIADA : SituacaoSolicitacao.REAP_PENDENTE,
    inicioPreenchimento: r.inicioPreenchimento,
    fimPreenchimento: r.fimPreenchimento,
    noPrazo: !r.enviada && (r.atrasoPermitido === true || reapNoPrazo(r.anoReferencia, hoje, r.inicioPreenchimento, r.fimPreenchimento)),
    enviadaEm: r.enviadaEm ? new Date(r.enviadaEm).toISOString() : null,
  };
}

function paraObrigacaoServidor(r: ObrigacaoServidorRow, hoje: string): ObrigacaoServidor {
  return {
    ...paraObrigacao(r, hoje),
    nomePescador: r.nomePescador,
    cpfPescador: r.cpfPescador,
    numeroRgp: r.numeroRgp,
    uf: r.ufPescador,
    idMunicipio: r.idMunicipio,
    nomeMunicipio: r.nomeMunicipio,
  };
}

function paraPrazo(p: PrazoLinha): PrazoReap {
  return {
    anoReferencia: p.anoReferencia,
    inicioPreenchimento: p.inicioPreenchimento,
    fimPreenchimento: p.fimPreenchimento,
    atoNormativo: p.idAtoNormativo === null ? null : { id: p.idAtoNormativo, nome: p.nomeAtoNormativo ?? '' },
    obrigacoes: p.obrigacoesCriadas === null ? null : {
      criadas: p.obrigacoesCriadas, concluidaEm: p.obrigacoesConcluidasEm ? new Date(p.obrigacoesConcluidasEm).toISOString() : null,
    },
    aviso: p.avisoFim === null ? null : {
      fimPreenchimento: p.avisoFim, avisados: p.avisados ?? 0, emailsEnviados: p.avisoEmails ?? 0,
      iniciadoEm: new Date(p.avisoIniciadoEm!).toISOString(), concluidoEm: p.avisoConcluidoEm ? new Date(p.avisoConcluidoEm).toISOString() : null,
    },
    suspensao: p.suspensaoData === null ? null : {
      dataSuspensao: p.suspensaoData, atoNormativo: { id: p.suspensaoIdAto!, nome: p.suspensaoNomeAto ?? '' },
      lote: p.loteId === null ? null : { id: p.loteId, situacao: p.loteSituacao!, total: p.loteTotal!, concluidos: p.loteConcluidos! },
    },
  };
}

/** One queued creation per year at a time (pg-boss singleton key). */
const chaveGeracao = (ano: number) => `reap-obrigacoes-${ano}`;

/** A CSV field: quoted when it holds a separator, a quote or a line break; a leading formula sign is neutralised. */
function campoCsv(v: string | number | null): string {
  let s = v === null ? '' : String(v);
  if (/^[=+\-@]/.test(s)) s = `'${s}`;
  return /[";\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const CABECALHO_CSV = ['ano_referencia', 'cpf', 'nome', 'numero_rgp', 'uf', 'municipio', 'categoria', 'situacao'];

/**
 * REAP, the fisher's annual activity report (spec points 3–5 and 7): which years a fisher owes and the generation
 * of the pending ones, the artesanal and industrial questionnaires (drafts and the one send), their documents, the
 * receipt, the staff obligations list and the filling windows. Writes only its own tables; the REAP request (tipo 4)
 * is opened and sent by SolicitacaoService, its files kept by DocumentoService. Every staff view is audited.
 */
export class ReapService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly repo: ReapRepository,
    private readonly auditoria: AuditoriaService,
    private readonly solicitacoes: SolicitacaoService,
    private readonly documentos: DocumentoService,
    private readonly fila: FilaDeJobs,
    private readonly opts: ReapServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  private hoje(): string {
    return hojeSaoPaulo(this.now());
  }

  // ---------------------------------------------------------------- obligations and their generation

  /** GET /api/reap/listar-reap-pendente-pescador/{idPescador}: the years owed and not sent, oldest first. */
  async pendentes(ator: AuthContext, pescadorId: number): Promise<ReapPendente[]> {
    const p = await this.pescadorLegivel(ator, pescadorId);
    await this.auditar(ator, 'reap/pendentes', pescadorId, pescadorId);
    return this.calcularPendentes(p, await this.repo.anosDoPescador(pescadorId));
  }

  /**
   * GET /api/reap/situacao-pescador/{idPescador}: the years owed and not sent, each with its window's end, and, when
   * none, why (decision 0054): no RGP number; the registry began this year (decision 0026: nothing is owed before
   * the year closes); or every owed year was sent.
   */
  async situacaoDoPescador(ator: AuthContext, pescadorId: number): Promise<SituacaoReapPescador> {
    const p = await this.pescadorLegivel(ator, pescadorId);
    await this.auditar(ator, 'reap/situacao', pescadorId, pescadorId);
    const anoInicioRegistro = p.inicio === null ? null : Number(p.inicio.slice(0, 4));
    const enviados = new Set((await this.repo.anosDoPescador(pescadorId)).filter((e) => e.enviada).map((e) => e.anoReferencia));
    const anos = anosDevidos(p.inicio, this.hoje());
    const abertos = anos.filter((a) => !enviados.has(a));
    const fins = await this.repo.fimDosPrazos(abertos);
    let motivo: SituacaoReapPescador['motivo'] = null;
    if (abertos.length === 0) {
      if (p.inicio === null) motivo = MotivoSemReap.SEM_RGP;
      else if (anos.length === 0) motivo = MotivoSemReap.REGISTRO_RECENTE;
      else motivo = MotivoSemReap.TODAS_ENVIADAS;
    }
    return {
      devidas: abertos.map((ano) => ({ ano, fimPreenchimento: fins.get(ano) ?? null })), motivo, anoInicioRegistro,
      anosSuspensao: await this.repo.anosDaSuspensao(pescadorId),
    };
  }

  private calcularPendentes(p: PescadorReap, existentes: { anoReferencia: number; enviada: boolean }[]): ReapPendente[] {
    const porAno = new Map(existentes.map((e) => [e.anoReferencia, e.enviada]));
    const itens: ReapPendente[] = [];
    for (const ano of anosDevidos(p.inicio, this.hoje())) {
      const enviada = porAno.get(ano);
      if (enviada === undefined) itens.push({ ano, status: 'toCreate', months: mesesDevidos(ano, p.inicio!) });
      else if (!enviada) itens.push({ ano, status: 'pending', months: [] });
    }
    return itens;
  }

  /**
   * POST /api/reap/gerar-reap-pescador/{idPescador}: creates the obligations of the years owed that have none
   * (spec point 4: allowed when any is `toCreate`). With the fisher's row locked and one obligation per fisher and
   * year (unique key), generating twice, even at once, creates nothing twice. Answers the new questionnaires' ids.
   */
  async gerar(ator: AuthContext, pescadorId: number): Promise<number[]> {
    if (ator.perfil !== Perfil.INTERESSADO || ator.idPescador !== pescadorId) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
    return this.db.transaction(async (tx) => {
      const p = await this.repo.lockPescador(pescadorId, tx);
      if (!p) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
      const aCriar = this.calcularPendentes(p, await this.repo.anosDoPescador(pescadorId, tx)).filter((i) => i.status === 'toCreate');
      if (aCriar.length === 0) throw AppError.notAcceptable(MENSAGENS_REAP.semPendencias);
      const criadas: number[] = [];
      for (const item of aCriar) {
        const s = await this.solicitacoes.abrirReap(ator, pescadorId, tx);
        const id = await this.repo.inserir({
          solicitacaoId: s.id, pescadorId, anoReferencia: item.ano, categoria: p.categoria ?? Categoria.ARTESANAL,
        }, tx);
        if (id === undefined) throw AppError.notAcceptable(MENSAGENS_REAP.semPendencias);
        criadas.push(id);
      }
      return criadas;
    });
  }

  /** GET /api/reap/pescador-consultar-obrigacoes/filtro?idPescador&{filters}. */
  async obrigacoesDoPescador(ator: AuthContext, f: FiltroObrigacoesPescador): Promise<ListaObrigacoes> {
    await this.pescadorLegivel(ator, f.idPescador);
    await this.auditar(ator, 'reap/obrigacoes', f.idPescador, f.idPescador);
    const { total, linhas } = await this.repo.listarDoPescador(f.idPescador, f);
    const hoje = this.hoje();
    return { total, pagina: f.pagina, tamanhoPagina: f.tamanhoPagina, obrigacoes: linhas.map((l) => paraObrigacao(l, hoje)) };
  }

  /** GET /api/reap/recuperar-reaps-pescador/{id}: every REAP of the fisher, newest year first. */
  async reapsDoPescador(ator: AuthContext, pescadorId: number): Promise<Obrigacao[]> {
    await this.pescadorLegivel(ator, pescadorId);
    await this.auditar(ator, 'reap/pescador', pescadorId, pescadorId);
    const { linhas } = await this.repo.listarDoPescador(pescadorId, { pagina: 1, tamanhoPagina: 200 });
    const hoje = this.hoje();
    return linhas.map((l) => paraObrigacao(l, hoje));
  }

  /** GET /api/reap/obter-obrigacao/{id}. */
  async obrigacao(ator: AuthContext, id: number): Promise<Obrigacao> {
    const q = await this.legivel(ator, id);
    await this.auditar(ator, 'reap/obrigacao', id, q.pescadorId);
    return paraObrigacao(q, this.hoje());
  }

  /** GET /api/reap/questionario-basico/{id}: the questionnaire with its documents. */
  async questionario(ator: AuthContext, id: number): Promise<Questionario> {
    const q = await this.legivel(ator, id);
    await this.auditar(ator, 'reap/questionario', id, q.pescadorId);
    return this.paraQuestionario(q);
  }

  private async paraQuestionario(q: QuestionarioRow): Promise<Questionario> {
    const d = (q.dados ?? {}) as Partial<ReapArtesanalCorpo> & { houveComercializacao?: boolean | null };
    const docs = await this.documentos.ativosDaSolicitacao(q.solicitacaoId);
    const ops = d.resultadosOperacaoPesca ?? [];
    const especies = await this.repo.especies(ops.map((o) => o.especiePescado?.id).filter((v): v is number => typeof v === 'number'));
    const n = <T>(v: T | null | undefined): T | null => (v === undefined ? null : v);
    return {
      ...paraObrigacao(q, this.hoje()),
      solicitacao: { id: q.solicitacaoId },
      pescador: { nome: q.nomePescador, cpf: q.cpfPescador, uf: q.ufPescador },
      tipoPrestacaoServico: q.tipoPrestacaoServico,
      realizouPesca: q.realizouPesca,
      houveComercializacao: n(d.houveComercializacao),
      totalDiasTrabalhadoAno: q.totalDiasTrabalhadoAno,
      reapsArtesanais: (d.reapsArtesanais ?? []).map((m) => ({ mesReferencia: m.mesReferencia, quantidadeDiasTrabalhados: n(m.quantidadeDiasTrabalhados) })),
      resultadosOperacaoPesca: ops.map((o) => {
        const e = typeof o.especiePescado?.id === 'number' ? especies.get(o.especiePescado.id) : undefined;
        return {
          especiePescado: { id: n(o.especiePescado?.id), nome: e?.nome ?? null, nomeCientifico: e?.nomeCientifico ?? null },
          tipoUnidadeMedida: { id: n(o.tipoUnidadeMedida?.id) },
          totalPescado: n(o.totalPescado),
          precoQuilo: n(o.precoQuilo),
        };
      }),
      gruposAlvosPescado: (d.gruposAlvosPescado ?? []).map((g) => ({ grupoAlvo: n(g.grupoAlvo) })),
      locaisPescaPetrecho: (d.locaisPescaPetrecho ?? []).map((l) => ({
        ambientePesca: n(l.ambientePesca),
        petrechoPesca: n(l.petrechoPesca),
        areaPretendidaPesca: l.areaPretendidaPesca ? {
          idMunicipio: n(l.areaPretendidaPesca.idMunicipio),
          tipoLocalPesca: n(l.areaPretendidaPesca.tipoLocalPesca),
          nomePopularLocalPesca: n(l.areaPretendidaPesca.nomePopularLocalPesca),
        } : null,
      })),
      ufsComercializacao: (d.ufsComercializacao ?? []).map((u) => ({
        uf: n(u.uf), comercializacoesPescado: (u.comercializacoesPescado ?? []).map((c) => ({ tipoComprador: n(c.tipoComprador) })),
      })),
      justificativasSolicitacao: (d.justificativasSolicitacao ?? []).map((j) => ({ justificativaNaoDeclaracao: n(j.justificativaNaoDeclaracao) })),
      documentosJustificativa: docs.filter((x) => x.tipoDocumento === DOCUMENTO_JUSTIFICATIVA),
      documentoRelacaoTrabalho: docs.filter((x) => x.tipoDocumento === DOCUMENTO_RELACAO_TRABALHO),
      codigoVerificacao: q.enviada ? q.codigoVerificacao : null,
    };
  }

  // ---------------------------------------------------------------- saving and sending

  /**
   * POST /api/reap/questionario-basico: saves the artesanal REAP as a draft (`enviada: false`, as often as the
   * fisher likes) or sends it (`enviada: true`, once). The body passed the rules of spec point 5 (shared schema);
   * here the references are checked, then, with the questionnaire locked: its owner, the category, not sent yet
   * ('REAP já foi enviada'), the window ('REAP não está no prazo de preenchimento', 2025 excepted).
   */
  async salvarArtesanal(ator: AuthContext, corpo: ReapArtesanalCorpo): Promise<{ questionario: Questionario; mensagem: string }> {
    await this.exigirDonoAntes(ator, corpo.id);
    await this.exigirReferencias(corpo);
    const dados = { ...corpo } as Record<string, unknown>;
    delete dados.id;
    delete dados.enviada;
    delete dados.solicitacao;
    const total = corpo.realizouPesca ? somaDias(corpo.reapsArtesanais) : null;
    const q = await this.salvar(ator, corpo.id, corpo.anoReferencia, 'artesanal', corpo.enviada, {
      dados, realizouPesca: corpo.realizouPesca ?? null, tipoPrestacaoServico: corpo.tipoPrestacaoServico ?? null, totalDiasTrabalhadoAno: total,
    }, async () => undefined);
    return { questionario: q, mensagem: corpo.enviada ? MENSAGENS_REAP.salva : MENSAGENS_REAP.rascunhoSalvo };
  }

  /** POST /api/reap/questionario-basico/industrial: as the artesanal one, with at least one work-relation proof to send. */
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

  private async salvar(
    ator: AuthContext, id: number, anoReferencia: number, forma: 'artesanal' | 'industrial', enviar: boolean,
    set: Parameters<ReapRepository['salvar']>[1], aoEnviar: (q: QuestionarioRow, tx: Executor) => Promise<void>,
  ): Promise<Questionario> {
    await this.db.transaction(async (tx) => {
      // One save or send of a REAP at a time: a second send waits here, then finds it sent.
      const atual = await this.repo.lock(id, tx);
      this.exigirDono(ator, atual);
      this.exigirEditavel(atual);
      if ((forma === 'industrial') !== (atual.categoria === Categoria.INDUSTRIAL) || anoReferencia !== atual.anoReferencia) {
        throw AppError.badRequest(MENSAGENS_REAP.categoriaErrada);
      }
      if (!(await this.repo.salvar(id, set, tx))) throw AppError.notAcceptable(MENSAGENS_REAP.jaEnviada);
      if (!enviar) return;
      await aoEnviar(atual, tx);
      if (!(await this.repo.marcarEnviada(id, novoCodigoVerificacao(), tx))) throw AppError.notAcceptable(MENSAGENS_REAP.jaEnviada);
      await this.solicitacoes.enviarReap(ator, atual.solicitacaoId, tx);
    });
    return this.paraQuestionario((await this.repo.find(id))!);
  }

  /**
   * A REAP the fisher may change now: not sent, inside its window (or 2025), or late by a fisher whom this year's
   * suspension of defaulters suspended (decision 0055).
   */
  private exigirEditavel(q: QuestionarioRow): void {
    if (q.enviada) throw AppError.notAcceptable(MENSAGENS_REAP.jaEnviada);
    if (!q.atrasoPermitido && !reapNoPrazo(q.anoReferencia, this.hoje(), q.inicioPreenchimento, q.fimPreenchimento)) {
      throw AppError.notAcceptable(MENSAGENS_REAP.foraDoPrazo);
    }
  }

  /** Species, municipalities and list items named by the body exist (400 with the field otherwise). */
  private async exigirReferencias(c: ReapArtesanalCorpo): Promise<void> {
    const erros: string[] = [];
    const especies = c.resultadosOperacaoPesca.map((o) => o.especiePescado?.id).filter((v): v is number => typeof v === 'number');
    const existentes = await this.repo.especiesExistentes(especies);
    c.resultadosOperacaoPesca.forEach((o, i) => {
      const e = o.especiePescado?.id;
      if (typeof e === 'number' && !existentes.has(e)) erros.push(erroCampo(`resultadosOperacaoPesca.${i}.especiePescado.id`, 'Espécie não encontrada'));
      const u = o.tipoUnidadeMedida?.id;
      if (typeof u === 'number' && !UNIDADES_MEDIDA.some((x) => x.id === u)) {
        erros.push(erroCampo(`resultadosOperacaoPesca.${i}.tipoUnidadeMedida.id`, 'Unidade de medida inválida'));
      }
    });
    const municipios = c.locaisPescaPetrecho.map((l) => l.areaPretendidaPesca?.idMunicipio).filter((v): v is number => typeof v === 'number');
    const munOk = await this.repo.municipiosExistentes(municipios);
    const naLista = (lista: readonly { id: number }[], v: number | null | undefined) => v === null || v === undefined || lista.some((x) => x.id === v);
    c.locaisPescaPetrecho.forEach((l, i) => {
      const m = l.areaPretendidaPesca?.idMunicipio;
      if (typeof m === 'number' && !munOk.has(m)) erros.push(erroCampo(`locaisPescaPetrecho.${i}.areaPretendidaPesca.idMunicipio`, 'Município não encontrado'));
      if (!naLista(AMBIENTES_PESCA, l.ambientePesca)) erros.push(erroCampo(`locaisPescaPetrecho.${i}.ambientePesca`, 'Ambiente de pesca inválido'));
      if (!naLista(PETRECHOS_PESCA, l.petrechoPesca)) erros.push(erroCampo(`locaisPescaPetrecho.${i}.petrechoPesca`, 'Petrecho de pesca inválido'));
      if (!naLista(TIPOS_LOCAL_PESCA, l.areaPretendidaPesca?.tipoLocalPesca)) {
        erros.push(erroCampo(`locaisPescaPetrecho.${i}.areaPretendidaPesca.tipoLocalPesca`, 'Tipo de local de pesca inválido'));
      }
    });
    c.gruposAlvosPescado.forEach((g, i) => {
      if (!naLista(GRUPOS_ALVO, g.grupoAlvo)) erros.push(erroCampo(`gruposAlvosPescado.${i}.grupoAlvo`, 'Grupo alvo inválido'));
    });
    c.ufsComercializacao.forEach((u, i) => u.comercializacoesPescado.forEach((x, j) => {
      if (!naLista(TIPOS_COMPRADOR, x.tipoComprador)) erros.push(erroCampo(`ufsComercializacao.${i}.comercializacoesPescado.${j}.tipoComprador`, 'Comprador inválido'));
    }));
    c.justificativasSolicitacao.forEach((j, i) => {
      if (!naLista(JUSTIFICATIVAS_NAO_PESCA, j.justificativaNaoDeclaracao)) {
        erros.push(erroCampo(`justificativasSolicitacao.${i}.justificativaNaoDeclaracao`, 'Justificativa inválida'));
      }
    });
    if (!naLista(TIPOS_PRESTACAO_ARTESANAL, c.tipoPrestacaoServico)) erros.push(erroCampo('tipoPrestacaoServico', MENSAGENS_REAP.tipoPrestacaoServico));
    if (erros.length > 0) throw erroDeCampos(erros);
  }

  // ---------------------------------------------------------------- documents

  /**
   * POST /api/documentos/reap (justifications, at most 3) and /reap-industrial (work-relation proofs): the REAP's
   * own fisher, while it may change. The file is checked and stored first, then recorded under the questionnaire's
   * lock (the limit counted again there); a failure deletes the stored file.
   */
  async enviarDocumento(ator: AuthContext, idQuestionario: number, forma: 'artesanal' | 'industrial', arquivo: ArquivoEnviado): Promise<Documento> {
    const tipo = forma === 'artesanal' ? DOCUMENTO_JUSTIFICATIVA : DOCUMENTO_RELACAO_TRABALHO;
    const antes = await this.exigirDonoAntes(ator, idQuestionario);
    this.exigirForma(antes, forma);
    this.exigirEditavel(antes);
    if (forma === 'artesanal' && await this.documentos.contarDoTipo(antes.solicitacaoId, tipo) >= MAX_DOCUMENTOS_JUSTIFICATIVA) {
      throw AppError.badRequest(MENSAGENS_REAP.maxJustificativa);
    }
    const guardado = await this.documentos.guardarDaReap(tipo, arquivo);
    try {
      return await this.db.transaction(async (tx) => {
        const q = await this.repo.lock(idQuestionario, tx);
        this.exigirDono(ator, q);
        this.exigirEditavel(q);
        if (forma === 'artesanal' && await this.documentos.contarDoTipo(q.solicitacaoId, tipo, tx) >= MAX_DOCUMENTOS_JUSTIFICATIVA) {
          throw AppError.badRequest(MENSAGENS_REAP.maxJustificativa);
        }
        return this.documentos.registrarDaReap(q.pescadorId, q.solicitacaoId, tipo, guardado, tx);
      });
    } catch (err) {
      await this.documentos.apagarArquivos([guardado.chave]);
      throw err;
    }
  }

  /** DELETE /api/documentos/reap/{id}/documento/{id} and /reap-industrial/…: the same rules as the upload. */
  async removerDocumento(ator: AuthContext, idQuestionario: number, idDocumento: number, forma: 'artesanal' | 'industrial'): Promise<void> {
    const antes = await this.exigirDonoAntes(ator, idQuestionario);
    this.exigirForma(antes, forma);
    await this.db.transaction(async (tx) => {
      const q = await this.repo.lock(idQuestionario, tx);
      this.exigirDono(ator, q);
      this.exigirEditavel(q);
      await this.documentos.removerDaReap(idDocumento, q.solicitacaoId, [forma === 'artesanal' ? DOCUMENTO_JUSTIFICATIVA : DOCUMENTO_RELACAO_TRABALHO], tx);
    });
  }

  private exigirForma(q: QuestionarioRow, forma: 'artesanal' | 'industrial'): void {
    if ((forma === 'industrial') !== (q.categoria === Categoria.INDUSTRIAL)) throw AppError.badRequest(MENSAGENS_REAP.categoriaErrada);
  }

  // ---------------------------------------------------------------- receipt

  /** GET /api/reap/{id}/comprovante: the "2ª via" of a sent REAP, as a PDF. */
  async comprovante(ator: AuthContext, id: number): Promise<{ pdf: Buffer; anoReferencia: number }> {
    const q = await this.legivel(ator, id);
    if (!q.enviada || !q.codigoVerificacao || !q.enviadaEm) throw AppError.notAcceptable(MENSAGENS_REAP.naoEnviadaComprovante);
    const p = (await this.repo.findPescador(q.pescadorId))!;
    await this.auditar(ator, 'reap/comprovante', id, q.pescadorId);
    const protocolo = await this.repo.protocolo(q.solicitacaoId);
    const pdf = await gerarComprovanteReapPdf({
      nomePescador: p.nome,
      cpfMascarado: maskCpf(p.cpf),
      numeroRgp: p.numeroRgp ? exibirRgp(p.numeroRgp) : '—',
      anoReferencia: q.anoReferencia,
      categoria: categoriaLabel[q.categoria as Categoria] ?? '—',
      numeroProtocolo: protocolo ?? '—',
      enviadaEm: new Date(q.enviadaEm),
      codigoVerificacao: q.codigoVerificacao,
      declarado: await this.declarado(q),
      enderecoVerificacao: `${this.base()}${rotaVerificarReap(this.opts.assinador.assinar({ idQuestionario: q.id, enviadaEm: new Date(q.enviadaEm) }))}`,
      enderecoPortal: `${this.base()}${ROTA_VERIFICAR_REAP}`,
      emitidoEm: this.now(),
    });
    return { pdf, anoReferencia: q.anoReferencia };
  }

  private base(): string {
    return this.opts.publicUrl.replace(/\/+$/, '');
  }

  /**
   * GET /api/reap/verificar/{token}: the sent REAP behind a 2ª via's QR code (no sign-in; decision 0044). A code
   * this server did not sign is 400 'Código de verificação inválido.'; a genuine one whose REAP is not (or no
   * longer) the one sent at that second is 404. Answers the year, category, situation, masked name and send date,
   * nothing declared. Audited with the caller's IP, on the fisher's record but with no staff profile, so it is not
   * listed among staff views.
   */
  async verificar(token: string, ip: string): Promise<{ verificacao: VerificacaoReap; mensagem: string }> {
    const recurso = 'reap/verificar';
    const dados = this.opts.assinador.verificar(token);
    if (!dados) {
      await this.auditoria.tentarRegistrar({ acao: 'VERIFICACAO_REAP', recurso, ip, sucesso: false, detalhes: { motivo: 'codigo_invalido' } });
      throw AppError.badRequest(MENSAGENS_VERIFICACAO.codigoInvalido);
    }
    const q = await this.repo.find(dados.idQuestionario);
    const enviadaEm = q?.enviadaEm ? new Date(q.enviadaEm) : null;
    const p = q ? await this.repo.findPescador(q.pescadorId) : undefined;
    if (!q || !p || !q.enviada || !enviadaEm || Math.floor(enviadaEm.getTime() / 1000) !== Math.floor(dados.enviadaEm.getTime() / 1000)) {
      await this.auditoria.tentarRegistrar({
        acao: 'VERIFICACAO_REAP', recurso, recursoId: dados.idQuestionario, ip, sucesso: false, detalhes: { motivo: 'nao_encontrada' },
      });
      throw AppError.notFound(MENSAGENS_VERIFICACAO.reapNaoEncontrada);
    }
    await this.auditoria.registrar({ acao: 'VERIFICACAO_REAP', recurso, recursoId: q.id, ip, sucesso: true });
    return {
      verificacao: {
        anoReferencia: q.anoReferencia,
        categoria: q.categoria,
        categoriaDescricao: categoriaLabel[q.categoria as Categoria] ?? '—',
        situacao: SituacaoSolicitacao.REAP_ENVIADA,
        situacaoDescricao: SITUACAO_REAP_ENVIADA,
        nome: mascararNome(p.nome),
        dataEnvio: enviadaEm.toISOString(),
      },
      mensagem: MENSAGENS_VERIFICACAO.reapAutentica,
    };
  }

  /** What was declared, in words, for the receipt. */
  private async declarado(q: QuestionarioRow): Promise<{ rotulo: string; valor: string }[]> {
    const r = await this.paraQuestionario(q);
    const simNao = (v: boolean | null) => (v === null ? '—' : v ? 'Sim' : 'Não');
    const linhas = [{ rotulo: 'Realizou pesca no período', valor: simNao(r.realizouPesca) }];
    if (q.categoria === Categoria.INDUSTRIAL) {
      linhas.push({ rotulo: 'Relação de trabalho', valor: descricao(TIPOS_PRESTACAO_INDUSTRIAL, r.tipoPrestacaoServico) });
      linhas.push({ rotulo: 'Documentos da relação de trabalho', valor: String(r.documentoRelacaoTrabalho.length) });
      return linhas;
    }
    if (!r.realizouPesca) {
      linhas.push({
        rotulo: 'Justificativas', valor: r.justificativasSolicitacao.map((j) => descricao(JUSTIFICATIVAS_NAO_PESCA, j.justificativaNaoDeclaracao)).join('; ') || '—',
      });
      return linhas;
    }
    linhas.push({ rotulo: 'Relação de trabalho', valor: descricao(TIPOS_PRESTACAO_ARTESANAL, r.tipoPrestacaoServico) });
    linhas.push({ rotulo: 'Dias trabalhados no ano', valor: String(r.totalDiasTrabalhadoAno ?? 0) });
    linhas.push({
      rotulo: 'Dias por mês',
      valor: r.reapsArtesanais.map((m) => `${NOMES_MESES[m.mesReferencia - 1]}: ${m.quantidadeDiasTrabalhados ?? 0}`).join(', '),
    });
    for (const o of r.resultadosOperacaoPesca) {
      const unidade = UNIDADES_MEDIDA.find((u) => u.id === o.tipoUnidadeMedida.id);
      linhas.push({
        rotulo: `Pescado: ${o.especiePescado.nome ?? '—'}`,
        valor: `${formatarQuantidade(o.totalPescado ?? 0, o.tipoUnidadeMedida.id)} ${unidade?.sigla ?? ''} a ${formatarMoeda(o.precoQuilo ?? 0)}`,
      });
    }
    linhas.push({ rotulo: 'Grupos alvo', valor: r.gruposAlvosPescado.map((g) => descricao(GRUPOS_ALVO, g.grupoAlvo)).join('; ') || '—' });
    linhas.push({
      rotulo: 'Locais e petrechos',
      valor: r.locaisPescaPetrecho.map((l) => `${descricao(AMBIENTES_PESCA, l.ambientePesca)}, ${descricao(PETRECHOS_PESCA, l.petrechoPesca)}`
        + `${l.areaPretendidaPesca?.nomePopularLocalPesca ? ` (${l.areaPretendidaPesca.nomePopularLocalPesca})` : ''}`).join('; ') || '—',
    });
    if (r.houveComercializacao) {
      linhas.push({
        rotulo: 'Comercialização',
        valor: r.ufsComercializacao.map((u) => `${u.uf ?? '—'}: ${u.comercializacoesPescado.map((c) => descricao(TIPOS_COMPRADOR, c.tipoComprador)).join(', ')}`)
          .join('; '),
      });
    }
    return linhas;
  }

  // ---------------------------------------------------------------- staff

  /** GET /api/reap/consultar-obrigacoes/filtro: paginated in SQL, SFPA within its states; the view is audited. */
  async obrigacoesServidor(ator: AuthContext, f: FiltroObrigacoesServidor): Promise<ListaObrigacoesServidor> {
    const { total, linhas } = await this.repo.listarServidor(f, ufsDoEscopo(ator));
    await this.auditoria.visualizacao(ator, 'reap/obrigacoes-servidor', 'lista', { filtros: this.filtrosAuditados(f), total });
    const hoje = this.hoje();
    return { total, pagina: f.pagina, tamanhoPagina: f.tamanhoPagina, obrigacoes: linhas.map((l) => paraObrigacaoServidor(l, hoje)) };
  }

  /**
   * GET /api/reap/consultar-obrigacoes/csv: the pending obligations of the filters (sent ones left out), as CSV lines
   * (`;`-separated, header first), read a page at a time. For a manager to hand the list to a batch suspension.
   */
  async *csvPendentes(ator: AuthContext, f: FiltroObrigacoesServidor): AsyncGenerator<string> {
    const filtros = { ...f, enviada: false };
    await this.auditoria.visualizacao(ator, 'reap/obrigacoes-servidor/csv', 'lista', { filtros: this.filtrosAuditados(filtros) });
    yield `${CABECALHO_CSV.join(';')}\r\n`;
    for await (const lote of this.repo.percorrerServidor(filtros, ufsDoEscopo(ator))) {
      yield lote.map((r) => [
        r.anoReferencia, r.cpfPescador, r.nomePescador, r.numeroRgp ? exibirRgp(r.numeroRgp) : null, r.ufPescador, r.nomeMunicipio,
        categoriaLabel[r.categoria as Categoria] ?? null, 'Pendente',
      ].map(campoCsv).join(';')).join('\r\n') + '\r\n';
    }
  }

  /** The filters as the audit keeps them: the CPF searched for is kept masked. */
  private filtrosAuditados(f: FiltroObrigacoesServidor): Record<string, unknown> {
    const { pagina: _p, tamanhoPagina: _t, cpf, ...resto } = f;
    return { ...resto, ...(cpf ? { cpf: maskCpf(cpf) } : {}) };
  }

  // ---------------------------------------------------------------- filling windows (decision 0052)

  /** GET /api/reap/prazos: every year's window in force, with its act and its obligations' creation. */
  async prazos(): Promise<PrazoReap[]> {
    return (await this.repo.prazos()).map(paraPrazo);
  }

  /** One year's window in force as `prazos` answers it (the answer of the suspension's schedule). */
  async prazo(ano: number): Promise<PrazoReap> {
    const p = await this.repo.prazo(ano);
    if (!p) throw AppError.notFound(MENSAGENS_INADIMPLENCIA_REAP.semPrazo);
    return paraPrazo(p);
  }

  /** GET /api/reap/prazos/historico: every window each year had (the first and each extension), with its act. */
  async historicoPrazos(): Promise<PrazoReapHistorico[]> {
    return (await this.repo.historicoPrazos()).map((h) => ({
      id: h.id,
      anoReferencia: h.anoReferencia,
      inicioPreenchimento: h.inicioPreenchimento,
      fimPreenchimento: h.fimPreenchimento,
      atoNormativo: h.idAtoNormativo === null ? null : { id: h.idAtoNormativo, nome: h.nomeAtoNormativo ?? '' },
      registradoEm: new Date(h.criadoEm).toISOString(),
    }));
  }

  /**
   * PUT /api/reap/prazos/{ano} (GESTOR, ADMIN): sets a reference year's window citing the act that sets it (an
   * extension is a new act and a new end), kept in the year's history and audited, in one transaction. A window
   * that is open by now (its start today or before) enqueues, in the same transaction, the creation of that year's
   * obligations for every fisher (decision 0051); one that opens later is picked up by the daily job.
   */
  async salvarPrazo(ator: AuthContext, ano: number, inicio: string, fim: string, atoNormativoId: number | null = null): Promise<PrazoReap> {
    return this.db.transaction(async (tx) => {
      if (atoNormativoId !== null && !(await this.repo.atoExiste(atoNormativoId, tx))) {
        throw erroDeCampos([erroCampo('idAtoNormativo', MENSAGENS_PRAZO_REAP.atoNaoEncontrado)]);
      }
      const antes = await this.repo.prazo(ano, tx);
      await this.repo.salvarPrazo({ anoReferencia: ano, inicio, fim, atoNormativoId, cpf: ator.cpf }, tx);
      await this.auditoria.registrar({
        acao: 'REAP_PRAZO_ALTERADO', ...doAtor(ator),
        recurso: 'reap/prazo', recursoId: ano, detalhes: {
          inicioPreenchimento: inicio, fimPreenchimento: fim, idAtoNormativo: atoNormativoId,
          ...(antes ? { antes: { inicioPreenchimento: antes.inicioPreenchimento, fimPreenchimento: antes.fimPreenchimento, idAtoNormativo: antes.idAtoNormativo } } : {}),
        },
      }, tx);
      // Once a year's obligations exist for every fisher, a new save (an extension, a close) does not walk them again:
      // a fisher whose registry becomes active later gets theirs by their own job.
      if (inicio <= this.hoje() && !(antes?.obrigacoesConcluidasEm)) {
        await this.fila.enfileirar(tx, gerarObrigacoesAnoJob, { anoReferencia: ano }, { chaveUnica: chaveGeracao(ano) });
      }
      // A window saved already closed (its end before today): its defaulters are warned now (decision 0055).
      if (fim < this.hoje()) await this.fila.enfileirar(tx, verificarInadimplenciaJob, {}, { chaveUnica: CHAVE_VERIFICACAO });
      return paraPrazo((await this.repo.prazo(ano, tx))!);
    });
  }

  // ---------------------------------------------------------------- obligations of every fisher (decision 0051)

  /** The years whose obligations exist for every fisher today: window started (or 2025), up to the last closed year. */
  private anosAbertos(): Promise<number[]> {
    const hoje = this.hoje();
    return this.repo.anosAbertos(hoje, Number(hoje.slice(0, 4)) - 1, ANO_REAP_EXCECAO);
  }

  /**
   * The job of a year whose window opened: creates the year's missing obligations for every fisher with an RGP,
   * a block of fishers (by id) per transaction, resuming after the last committed block when a run was killed.
   * Nothing is created twice (one obligation per fisher and year). A year not open (no window started, or not
   * closed yet) creates nothing.
   */
  async gerarObrigacoesDoAno(ano: number): Promise<{ aberto: boolean; criadas: number }> {
    if (!(await this.anosAbertos()).includes(ano)) return { aberto: false, criadas: 0 };
    let criadas = 0;
    for (let primeiro = true; ; primeiro = false) {
      const r = await this.gerarObrigacoesBloco(ano, primeiro);
      criadas += r.criadas;
      if (r.fim) return { aberto: true, criadas };
    }
  }

  /**
   * One block of a year's creation, in one transaction: the progress row locked (one block of a year at a time),
   * the next fishers' obligations created, the progress advanced. `recomecar`: a completed creation starts over
   * (a new run); otherwise a completed one does nothing.
   */
  async gerarObrigacoesBloco(ano: number, recomecar = false): Promise<{ fim: boolean; criadas: number }> {
    const bloco = this.opts.tamanhoBlocoObrigacoes ?? 10_000;
    return this.db.transaction(async (tx) => {
      const g = await this.repo.travarGeracao(ano, tx);
      let de = g.ultimoPescadorId;
      if (g.concluida) {
        if (!recomecar) return { fim: true, criadas: 0 };
        await this.repo.reiniciarGeracao(ano, tx);
        de = 0;
      }
      const ate = de + bloco;
      const criadas = await this.repo.criarObrigacoes([ano], de, ate, MOTIVOS_REAP.geradaPeloSistema, tx);
      const fim = ate >= (await this.repo.maiorPescadorId(tx));
      await this.repo.avancarGeracao(ano, ate, criadas, fim, tx);
      // Complete: a window that already closed has its defaulters warned now (decision 0055).
      if (fim) await this.fila.enfileirar(tx, verificarInadimplenciaJob, {}, { chaveUnica: CHAVE_VERIFICACAO });
      return { fim, criadas };
    });
  }

  /**
   * The minute job's half (decision 0055): the creations with no block committed for a while (their process died)
   * are run to the end here. Answers the years resumed.
   */
  async retomarGeracoesInterrompidas(): Promise<number[]> {
    const anos = await this.repo.geracoesInterrompidas(this.opts.retomarAposSegundos ?? 120);
    for (const ano of anos) await this.gerarObrigacoesDoAno(ano);
    return anos;
  }

  /** The job of a fisher whose registry became active: their missing obligations of every open year. */
  async gerarObrigacoesDoPescador(pescadorId: number): Promise<{ criadas: number }> {
    const anos = await this.anosAbertos();
    const criadas = await this.db.transaction((tx) => this.repo.criarObrigacoes(anos, pescadorId - 1, pescadorId, MOTIVOS_REAP.geradaPeloSistema, tx));
    return { criadas };
  }

  /** Enqueues, in the caller's transaction, the creation of a fisher's obligations (their registry became active). */
  async agendarObrigacoesDoPescador(pescadorId: number, tx: Executor): Promise<void> {
    await this.fila.enfileirar(tx, gerarObrigacoesPescadorJob, { idPescador: pescadorId });
  }

  /**
   * The daily job: every open year whose creation of obligations is not complete (a window whose start arrived,
   * or a run that died past its retries) gets its job. Answers those years.
   */
  async abrirPrazos(): Promise<number[]> {
    const anos = await this.repo.anosSemGeracaoConcluida(await this.anosAbertos());
    for (const ano of anos) await this.fila.enfileirar(this.db, gerarObrigacoesAnoJob, { anoReferencia: ano }, { chaveUnica: chaveGeracao(ano) });
    return anos;
  }

  // ---------------------------------------------------------------- helpers

  /** The fisher, if `ator` may read them: 403 out of scope whether or not they exist, 404 otherwise. */
  private async pescadorLegivel(ator: AuthContext, pescadorId: number): Promise<PescadorReap> {
    const p = await this.repo.findPescador(pescadorId);
    exigirLeituraPescador(ator, pescadorId, p?.uf ?? null);
    if (!p) throw AppError.notFound(MENSAGENS_REAP.naoEncontrada);
    return p;
  }

  /** A questionnaire `ator` may read: 403 out of scope, and 403 (not 404) for a missing one to anyone who could not read any. */
  private async legivel(ator: AuthContext, id: number): Promise<QuestionarioRow> {
    const q = await this.repo.find(id);
    if (!q) {
      if (podeLerPescador(ator, 0, null)) throw AppError.notFound(MENSAGENS_REAP.naoEncontrada);
      throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
    }
    exigirLeituraPescador(ator, q.pescadorId, q.ufPescador);
    return q;
  }

  /** Only the REAP's own fisher writes it; 403 whether or not it exists. */
  private exigirDono(ator: AuthContext, q: QuestionarioRow | undefined): asserts q is QuestionarioRow {
    if (ator.perfil !== Perfil.INTERESSADO || ator.idPescador === null || !q || q.pescadorId !== ator.idPescador) {
      throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
    }
  }

  /** The ownership check before any work (the body's references, a file's content). */
  private async exigirDonoAntes(ator: AuthContext, id: number): Promise<QuestionarioRow> {
    const q = await this.repo.find(id);
    this.exigirDono(ator, q);
    return q;
  }

  /** A staff view of one fisher's REAP data (their name and CPF included): audited on the fisher's record, as every view of personal data. */
  private async auditar(ator: AuthContext, recurso: string, recursoId: number, idPescador: number): Promise<void> {
    if (ator.perfil === Perfil.INTERESSADO) return;
    await this.auditoria.visualizacao(ator, recurso, recursoId, { idPescador }, idPescador);
  }
}
