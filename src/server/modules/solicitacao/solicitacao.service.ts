import {
  Nacionalidade, SituacaoAnalise, SituacaoRegistro, SituacaoSolicitacao as S, situacaoSolicitacaoLabel, TipoSolicitacao,
  tipoDocumentoLabel, type TipoDocumento,
} from '../../../shared/enums';
import { podeRecadastramento, podeRegistroComProtocolo, podeRegistroInicial } from '../../../shared/regras/opcoes';
import {
  documentosFaltantes, documentosObrigatorios, MENSAGENS_SOLICITACAO, passo2Schema, schemaDoPasso, type SalvarPassoCorpo,
} from '../../../shared/schemas/solicitacao';
import {
  MENSAGENS_SOLICITACAO_API, MOTIVOS_HISTORICO, type ConsultaEdicaoRegistro, type FiltroSolicitacoes, type ListaSolicitacoes,
  type SolicitacaoDetalheResposta,
} from '../../../shared/schemas/solicitacao-api';
import type { TotalizadoresPescador } from '../../../shared/schemas/totalizadores';
import { AppError } from '../../lib/errors';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { exigirLeituraPescador, MENSAGEM_FORA_DO_ESCOPO, ufsDoEscopo } from '../escopo';
import { aplicarDadosNoPescador, type DadosSolicitacao } from './aplicar-dados';
import {
  instanciaDaNovaAnalise,
  auditarLeitura, detalheDe, erroDeCampos, erroDeValidacao, exigirDono, exigirLeituraSolicitacao, isServidor, pescadorDoAtor,
  SITUACOES_ABERTAS, SITUACOES_EDITAVEIS, SITUACOES_EM_ANDAMENTO, tipoDescricao,
} from './comum';
import type { PescadorRow, SolicitacaoRepository, SolicitacaoRow } from './solicitacao.repository';
import { verificarReferencias, type Passo, type SaidaPasso } from './verificacoes';

/** An answer of the wizard: the request and the message to show. */
export interface Resultado {
  detalhe: SolicitacaoDetalheResposta;
  mensagem: string;
}

const MENSAGEM_PASSO: Record<Passo, string> = {
  1: MENSAGENS_SOLICITACAO.passo1Atualizado,
  2: MENSAGENS_SOLICITACAO.passo2Salvo,
  3: MENSAGENS_SOLICITACAO.passo3Salvo,
  4: MENSAGENS_SOLICITACAO.passo4Salvo,
};

/** The registrations: their declared data goes to the fisher's record at submission. */
const TIPOS_REGISTRO: readonly number[] = [TipoSolicitacao.REGISTRO_INICIAL, TipoSolicitacao.RECADASTRAMENTO, TipoSolicitacao.REGISTRO_PROTOCOLO];
/** Requests whose data is the wizard's: what a registry edit may clone. */
const TIPOS_COM_DADOS_DE_REGISTRO: readonly number[] = [...TIPOS_REGISTRO, TipoSolicitacao.EDICAO_REGISTRO];

/** Keys of an answer or of an old record that are not step fields. */
const CHAVES_NAO_PASSO = new Set([
  'id', 'tipo', 'tipoDescricao', 'passo', 'declaraCiencia', 'situacao', 'situacaoDescricao', 'idPescador', 'dataCriacao',
  'dataEnvio', 'numeroProtocolo', 'idSolicitacaoOrigem', 'inativa', 'rgp', 'justificativaDeclaracaoSolicitacaoCancelamento',
]);

function editavel(s: SolicitacaoRow): boolean {
  return !s.inativa && SITUACOES_EDITAVEIS.includes(s.situacao);
}

/**
 * The registry status a submitted registration puts the fisher in, or null to keep it. An active registry stays
 * active, and a suspended one stays suspended (it is lifted by a regularisation, not by filing a registration).
 */
function situacaoRegistroAoEnviar(tipo: number, atual: number | null): number | null {
  if (atual === SituacaoRegistro.ATIVO || atual === SituacaoRegistro.SUSPENSO) return null;
  switch (tipo) {
    case TipoSolicitacao.REGISTRO_INICIAL:
      return SituacaoRegistro.REGISTRO_INICIAL;
    case TipoSolicitacao.REGISTRO_PROTOCOLO:
      return SituacaoRegistro.REGISTRO_COM_PROTOCOLO;
    case TipoSolicitacao.RECADASTRAMENTO:
      return SituacaoRegistro.RECADASTRAMENTO;
    default:
      return null;
  }
}

/** The fisher's typed columns in the wizard's shape, for a registry that has no declared record (migrated). */
function dadosDasColunas(p: PescadorRow, ambientes: number[], grupos: number[]): Record<string, unknown> {
  const semNulos = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
  const d: Record<string, unknown> = semNulos({
    cpf: p.cpf,
    nome: p.nome,
    nomeMae: p.nomeMae,
    nomePai: p.nomePai,
    apelido: p.apelido,
    dataNascimento: p.dataNascimento,
    sexo: p.sexo,
    escolaridade: p.escolaridade,
    etnia: p.etnia,
    alfabetizacao: p.alfabetizacao,
    nacionalidadeBrasileira: p.nacionalidadeBrasileira === null ? null
      : (p.nacionalidadeBrasileira ? Nacionalidade.BRASILEIRA : Nacionalidade.ESTRANGEIRA),
  });
  const endereco = semNulos({
    cep: p.cep, logradouro: p.logradouro, numeroLogradouro: p.numeroLogradouro, bairro: p.bairro, complemento: p.complemento,
    municipio: p.municipioId, uf: p.uf,
  });
  if (Object.keys(endereco).length > 0) d.endereco = endereco;
  const contato = semNulos({ email: p.email, telefone: p.telefone });
  if (Object.keys(contato).length > 0) d.contato = contato;
  if (p.formaAtuacao !== null || p.categoria !== null || ambientes.length > 0 || grupos.length > 0) {
    d.dadosAtividadePesca = {
      formaAtuacaoPesca: semNulos({
        formaAtuacao: p.formaAtuacao,
        categoria: p.categoria,
        propriedadeEmbarcacao: p.propriedadeEmbarcacao === null ? null : { id: p.propriedadeEmbarcacao },
        possuiRegistroEmbarcacao: p.possuiRegistroEmbarcacao,
        embarcacao: p.tie ? { tie: p.tie } : null,
      }),
      ambientePesca: ambientes,
      areaPretendidaPesca: [],
      gruposAlvosPesca: grupos,
    };
  }
  if (p.cnpjEntidadeRepresentante) {
    d.possuiInstituicaoRepresentante = true;
    d.entidadeRepresentante = { cnpj: p.cnpjEntidadeRepresentante };
  }
  if (p.recebeuAjuda !== null) d.recebeuAjudaPreenchimento = p.recebeuAjuda;
  return d;
}

/**
 * A registry edit's starting data: the record without answer-only keys, the CPF of the fisher, and every step
 * that validates replaced by its normalised form. `passo` is the highest step that validates with all steps
 * before it; the wizard asks the fisher for the rest.
 */
export function prepararEdicao(bruto: Record<string, unknown>, cpf: string): { dados: Record<string, unknown>; passo: number } {
  let dados: Record<string, unknown> = Object.fromEntries(Object.entries(bruto).filter(([k]) => !CHAVES_NAO_PASSO.has(k)));
  dados.cpf = cpf;
  let passo = 0;
  for (const n of [1, 2, 3, 4] as const) {
    const r = schemaDoPasso(n, TipoSolicitacao.EDICAO_REGISTRO).safeParse(dados);
    if (!r.success) break;
    dados = { ...dados, ...r.data };
    passo = n;
  }
  return { dados, passo };
}

/**
 * The requests of the wizard (types 1, 2, 3 and 8): drafts, steps, submission; reads and lists; removal of the
 * vessel and exclusion of drafts; the registry edit by cloning. Knows nothing of HTTP.
 */
export class SolicitacaoService {
  constructor(
    private readonly repo: SolicitacaoRepository,
    private readonly auditoria: AuditoriaService,
  ) {}

  async totalizadores(ator: AuthContext, pescadorId: number): Promise<TotalizadoresPescador> {
    const pescador = await this.repo.findPescadorUf(pescadorId);
    exigirLeituraPescador(ator, pescadorId, pescador?.uf ?? null);
    if (!pescador) throw AppError.notFound(MENSAGENS_SOLICITACAO_API.pescadorNaoEncontrado);
    return this.repo.totalizadores(pescadorId);
  }

  // ------------------------------------------------------------------ wizard

  /** POST /api/solicitacao: a new draft with step 1, for the signed-in fisher only. */
  async criar(ator: AuthContext, corpo: SalvarPassoCorpo): Promise<Resultado> {
    const pescadorId = pescadorDoAtor(ator);
    if (corpo.passo !== 1) throw AppError.badRequest(MENSAGENS_SOLICITACAO_API.criacaoPasso1);
    const saida = this.validarPasso(1, corpo.tipo, corpo);
    const pescador = await this.repo.findPescador(pescadorId);
    if (!pescador) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
    if (saida.cpf !== pescador.cpf) throw AppError.forbidden(MENSAGENS_SOLICITACAO_API.cpfDiferente);
    await this.exigirReferencias(1, saida);

    const { s, p } = await this.repo.transacao(async (tx) => {
      const p = (await tx.findPescador(pescadorId, true))!;
      await this.exigirPodeCriar(tx, p, corpo.tipo);
      const s = await tx.insertSolicitacao({ pescadorId, tipo: corpo.tipo, situacao: S.RASCUNHO, passo: 1, dados: saida });
      await tx.insertHistorico({
        solicitacaoId: s.id, situacaoAnterior: null, situacaoNova: S.RASCUNHO, cpfAtor: ator.cpf, perfilAtor: ator.perfil,
        motivo: MOTIVOS_HISTORICO.rascunhoCriado,
      });
      return { s, p };
    });
    return { detalhe: detalheDe(s, p), mensagem: MENSAGENS_SOLICITACAO.passo1Criado };
  }

  /** PUT /api/solicitacao: saves step 1–4 of the fisher's own request, or submits it (step 5). */
  async salvar(ator: AuthContext, corpo: SalvarPassoCorpo): Promise<Resultado> {
    if (corpo.id === undefined) throw AppError.badRequest(MENSAGENS_SOLICITACAO_API.idObrigatorio);
    const r = await this.repo.findSolicitacaoComPescador(corpo.id);
    exigirDono(ator, r);
    const { solicitacao: s, pescador: p } = r;
    if (corpo.tipo !== s.tipo) throw AppError.badRequest(MENSAGENS_SOLICITACAO_API.tipoDiferente);
    if (!editavel(s)) throw AppError.notAcceptable(MENSAGENS_SOLICITACAO.naoEditavel);
    if (corpo.passo === 5) return this.enviar(ator, s, p, corpo);

    const passo = corpo.passo;
    if (s.passo < passo - 1) throw AppError.badRequest(MENSAGENS_SOLICITACAO_API.passoAnterior);
    const saida = this.validarPasso(passo, s.tipo, corpo);
    if (passo === 1 && (saida as SaidaPasso[1]).cpf !== p.cpf) throw AppError.forbidden(MENSAGENS_SOLICITACAO_API.cpfDiferente);
    await this.exigirReferencias(passo, saida);
    if (passo === 4) await this.exigirDocumentos(s, p, { ...(s.dados as DadosSolicitacao), ...saida });

    const salva = await this.repo.transacao(async (tx) => {
      const atual = (await tx.findSolicitacao(s.id, true))!;
      if (!editavel(atual)) throw AppError.notAcceptable(MENSAGENS_SOLICITACAO.naoEditavel);
      if (atual.passo < passo - 1) throw AppError.badRequest(MENSAGENS_SOLICITACAO_API.passoAnterior);
      return tx.updateSolicitacao(s.id, {
        dados: { ...(atual.dados as Record<string, unknown>), ...saida },
        passo: Math.max(atual.passo, passo),
      });
    });
    return { detalhe: detalheDe(salva, p), mensagem: MENSAGEM_PASSO[passo] };
  }

  /**
   * Step 5: with the declaration accepted, all steps saved and valid and the required documents present, and no
   * other request of the fisher sent or under analysis, the request is sent, in one transaction: status,
   * protocol, history, a new analysis and, for registrations, the declared data in the fisher's record.
   */
  private async enviar(ator: AuthContext, s: SolicitacaoRow, p: PescadorRow, corpo: SalvarPassoCorpo): Promise<Resultado> {
    if (corpo.declaraCiencia !== true) throw AppError.badRequest(MENSAGENS_SOLICITACAO.declaracao);
    if (s.passo < 4) throw AppError.badRequest(MENSAGENS_SOLICITACAO.passosIncompletos);
    const dados = s.dados as DadosSolicitacao;
    const erros: string[] = [];
    for (const n of [1, 2, 3, 4] as const) {
      const r = schemaDoPasso(n, s.tipo).safeParse(dados);
      if (!r.success) erros.push(...r.error.issues.map((i) => `${i.path.map(String).join('.') || 'corpo'}: ${i.message}`));
    }
    if (erros.length > 0) throw new AppError(400, MENSAGENS_SOLICITACAO.passosIncompletos, { erros });
    await this.exigirDocumentos(s, p, dados);

    const { enviada, pescador } = await this.repo.transacao(async (tx) => {
      const pl = (await tx.findPescador(p.id, true))!;
      const atual = (await tx.findSolicitacao(s.id, true))!;
      if (!editavel(atual)) throw AppError.notAcceptable(MENSAGENS_SOLICITACAO.naoEditavel);
      if (await tx.countOutrasEmAndamento(p.id, SITUACOES_EM_ANDAMENTO, s.id) > 0) {
        throw AppError.notAcceptable(MENSAGENS_SOLICITACAO.jaExisteEnviada);
      }
      const dadosAtuais = atual.dados as DadosSolicitacao;
      const enviada = await tx.marcarEnviada(s.id, { declaraCiencia: true, ufPescador: dadosAtuais.endereco?.uf ?? pl.uf });
      await tx.insertHistorico({
        solicitacaoId: s.id,
        situacaoAnterior: atual.situacao,
        situacaoNova: S.ENVIADA,
        cpfAtor: ator.cpf,
        perfilAtor: ator.perfil,
        motivo: atual.situacao === S.RASCUNHO ? MOTIVOS_HISTORICO.enviada : MOTIVOS_HISTORICO.reenviada,
      });
      await tx.insertAnalise({
        solicitacaoId: s.id,
        situacaoAnalise: SituacaoAnalise.AGUARDANDO_ANALISE,
        ufPescador: enviada.ufPescador,
        instancia: instanciaDaNovaAnalise(atual.situacao),
      });
      let pescador = pl;
      if (TIPOS_REGISTRO.includes(s.tipo)) {
        await aplicarDadosNoPescador(tx.executor, p.id, dadosAtuais);
        const nova = situacaoRegistroAoEnviar(s.tipo, pl.situacaoRegistro);
        pescador = nova === null ? (await tx.findPescador(p.id))! : await tx.updatePescador(p.id, { situacaoRegistro: nova });
      }
      return { enviada, pescador };
    });
    return { detalhe: detalheDe(enviada, pescador), mensagem: MENSAGENS_SOLICITACAO.enviada };
  }

  private validarPasso<P extends Passo>(passo: P, tipo: number, corpo: unknown): SaidaPasso[P] {
    const r = schemaDoPasso(passo, tipo).safeParse(corpo);
    if (!r.success) throw erroDeValidacao(r.error.issues);
    return r.data as SaidaPasso[P];
  }

  private async exigirReferencias<P extends Passo>(passo: P, saida: SaidaPasso[P]): Promise<void> {
    const erros = await verificarReferencias(this.repo, passo, saida);
    if (erros.length > 0) throw erroDeCampos(erros);
  }

  /**
   * The required documents (documentosObrigatorios for the request's type, nationality and entity) present on
   * the request. A registry edit (type 8) also counts the documents of the requests it was cloned from and the
   * fisher's migrated documents (attached to no request): an edit changes data, not the papers already analysed.
   */
  private async exigirDocumentos(s: SolicitacaoRow, p: PescadorRow, dados: DadosSolicitacao): Promise<void> {
    const obrigatorios = documentosObrigatorios({
      tipo: s.tipo,
      nacionalidadeBrasileira: dados.nacionalidadeBrasileira,
      possuiEntidade: Boolean(dados.entidadeRepresentante),
    });
    const edicao = s.tipo === TipoSolicitacao.EDICAO_REGISTRO;
    const ids = edicao ? await this.repo.cadeiaDeOrigem(s.id) : [s.id];
    const presentes = await this.repo.tiposDocumentoPresentes(ids, edicao ? p.id : undefined);
    const faltantes = documentosFaltantes(obrigatorios, presentes);
    if (faltantes.length > 0) {
      throw new AppError(400, MENSAGENS_SOLICITACAO.documentos, {
        erros: faltantes.map((g) => tipoDocumentoLabel[g[0] as TipoDocumento]),
      });
    }
  }

  /** Creation rules: one draft per type; the options rules of the fisher's counters (spec point 4, "Options"). */
  private async exigirPodeCriar(tx: SolicitacaoRepository, p: PescadorRow, tipo: number): Promise<void> {
    if (tipo === TipoSolicitacao.EDICAO_REGISTRO) {
      await this.exigirPodeEditarRegistro(tx, p);
      return;
    }
    if ((await tx.findAbertas(p.id, [tipo], [S.RASCUNHO])).length > 0) {
      throw AppError.notAcceptable(MENSAGENS_SOLICITACAO_API.rascunhoExistente);
    }
    const t = await tx.totalizadores(p.id);
    switch (tipo) {
      case TipoSolicitacao.REGISTRO_INICIAL:
        if (p.numeroRgp) throw AppError.notAcceptable(MENSAGENS_SOLICITACAO_API.registroInicialComRgp);
        if (!podeRegistroInicial(t)) throw AppError.notAcceptable(MENSAGENS_SOLICITACAO_API.registroInicialIndisponivel);
        break;
      case TipoSolicitacao.RECADASTRAMENTO:
        if (!podeRecadastramento(t)) throw AppError.notAcceptable(MENSAGENS_SOLICITACAO_API.recadastramentoIndisponivel);
        break;
      case TipoSolicitacao.REGISTRO_PROTOCOLO:
        if (!podeRegistroComProtocolo(t)) throw AppError.notAcceptable(MENSAGENS_SOLICITACAO_API.registroProtocoloIndisponivel);
        break;
    }
  }

  /** A registry edit needs an active registry and no other edit open. */
  private async exigirPodeEditarRegistro(tx: SolicitacaoRepository, p: PescadorRow): Promise<void> {
    const motivo = await this.motivoSemEdicao(tx, p);
    if (motivo) throw AppError.notAcceptable(motivo);
  }

  private async motivoSemEdicao(repo: SolicitacaoRepository, p: PescadorRow): Promise<string | null> {
    if (p.situacaoRegistro !== SituacaoRegistro.ATIVO) return MENSAGENS_SOLICITACAO_API.edicaoRegistroSemRegistroAtivo;
    if ((await repo.findAbertas(p.id, [TipoSolicitacao.EDICAO_REGISTRO], SITUACOES_ABERTAS)).length > 0) {
      return MENSAGENS_SOLICITACAO_API.edicaoRegistroEmAndamento;
    }
    return null;
  }

  // ------------------------------------------------------------------ reads

  /** GET /api/solicitacao/{id}. */
  async detalhe(ator: AuthContext, id: number): Promise<SolicitacaoDetalheResposta> {
    const r = await this.repo.findSolicitacaoComPescador(id);
    exigirLeituraSolicitacao(ator, r);
    await auditarLeitura(this.auditoria, ator, 'solicitacao', id);
    return detalheDe(r.solicitacao, r.pescador);
  }

  /** GET /api/solicitacao?{filters}: a fisher's own requests; staff's within their scope. */
  async listar(ator: AuthContext, f: FiltroSolicitacoes): Promise<ListaSolicitacoes> {
    let pescadorId: number | undefined;
    let ufs: string[] | null = null;
    if (!isServidor(ator)) {
      pescadorId = pescadorDoAtor(ator);
      if (f.idPescador !== undefined && f.idPescador !== pescadorId) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
    } else if (f.idPescador !== undefined) {
      const p = await this.repo.findPescadorUf(f.idPescador);
      exigirLeituraPescador(ator, f.idPescador, p?.uf ?? null);
      if (!p) throw AppError.notFound(MENSAGENS_SOLICITACAO_API.pescadorNaoEncontrado);
      pescadorId = f.idPescador;
    } else {
      ufs = ufsDoEscopo(ator);
    }
    const lista = await this.pagina(ator, {
      pescadorId, ufs, situacoes: f.situacao, tipos: f.tipo, cpf: f.cpf, nome: f.nome, pagina: f.pagina, tamanhoPagina: f.tamanhoPagina,
    });
    return lista;
  }

  /** GET /api/solicitacao/pescador/{id}: the requests of one fisher, in scope. */
  async listarDoPescador(ator: AuthContext, pescadorId: number, pag: { pagina: number; tamanhoPagina: number }): Promise<ListaSolicitacoes> {
    const p = await this.repo.findPescadorUf(pescadorId);
    exigirLeituraPescador(ator, pescadorId, p?.uf ?? null);
    if (!p) throw AppError.notFound(MENSAGENS_SOLICITACAO_API.pescadorNaoEncontrado);
    return this.pagina(ator, { pescadorId, ufs: null, ...pag });
  }

  private async pagina(ator: AuthContext, f: {
    pescadorId?: number; ufs: string[] | null; situacoes?: number[]; tipos?: number[]; cpf?: string; nome?: string;
    pagina: number; tamanhoPagina: number;
  }): Promise<ListaSolicitacoes> {
    const { total, linhas } = await this.repo.listar({
      pescadorId: f.pescadorId,
      ufs: f.ufs,
      situacoes: f.situacoes,
      tipos: f.tipos,
      excluirReap: true,
      cpf: f.cpf,
      nome: f.nome,
      limite: f.tamanhoPagina,
      deslocamento: (f.pagina - 1) * f.tamanhoPagina,
    });
    if (isServidor(ator) && linhas.length > 0) {
      await auditarLeitura(this.auditoria, ator, 'solicitacao', f.pescadorId ?? 'lista', {
        filtros: { situacoes: f.situacoes, tipos: f.tipos, cpf: f.cpf, nome: f.nome, pagina: f.pagina },
        ids: linhas.map((l) => l.id),
      });
    }
    return {
      total,
      solicitacoes: linhas.map((l) => ({
        ...l,
        tipoDescricao: tipoDescricao(l.tipo),
        situacaoDescricao: situacaoSolicitacaoLabel(l.situacao),
      })),
    };
  }

  /** GET /api/solicitacao/ultima/solicitacao: the signed-in fisher's latest request (of a type), or null. */
  async ultima(ator: AuthContext, tipo?: number): Promise<SolicitacaoDetalheResposta | null> {
    const pescadorId = pescadorDoAtor(ator);
    const s = await this.repo.findUltima(pescadorId, tipo);
    if (!s) return null;
    const p = (await this.repo.findPescador(pescadorId))!;
    return detalheDe(s, p);
  }

  // ------------------------------------------------------------------ vessel and exclusion

  /** DELETE /api/solicitacao/{id}/embarcacao: drops the vessel from step 2; step 2 must be saved again if it now fails. */
  async removerEmbarcacao(ator: AuthContext, id: number): Promise<Resultado> {
    const r = await this.repo.findSolicitacaoComPescador(id);
    exigirDono(ator, r);
    if (!editavel(r.solicitacao)) throw AppError.notAcceptable(MENSAGENS_SOLICITACAO.naoEditavel);
    const salva = await this.repo.transacao(async (tx) => {
      const atual = (await tx.findSolicitacao(id, true))!;
      if (!editavel(atual)) throw AppError.notAcceptable(MENSAGENS_SOLICITACAO.naoEditavel);
      const dados = structuredClone(atual.dados) as Record<string, unknown>;
      const atividade = dados.dadosAtividadePesca as { formaAtuacaoPesca?: Record<string, unknown> } | undefined;
      if (!atividade?.formaAtuacaoPesca) return atual;
      atividade.formaAtuacaoPesca.embarcacao = null;
      const passo = atual.passo >= 2 && !passo2Schema.safeParse(dados).success ? 1 : atual.passo;
      return tx.updateSolicitacao(id, { dados, passo });
    });
    return { detalhe: detalheDe(salva, r.pescador), mensagem: MENSAGENS_SOLICITACAO_API.embarcacaoRemovida };
  }

  /** DELETE /api/solicitacao/{id}/inativar: a draft leaves the lists and the counters; the row stays for the record. */
  async inativar(ator: AuthContext, id: number): Promise<Resultado> {
    const r = await this.repo.findSolicitacaoComPescador(id);
    exigirDono(ator, r);
    const salva = await this.repo.transacao(async (tx) => {
      const atual = (await tx.findSolicitacao(id, true))!;
      if (atual.situacao !== S.RASCUNHO || atual.inativa) throw AppError.notAcceptable(MENSAGENS_SOLICITACAO_API.somenteRascunhoInativa);
      const s = await tx.updateSolicitacao(id, { inativa: true });
      await tx.insertHistorico({
        solicitacaoId: id, situacaoAnterior: atual.situacao, situacaoNova: atual.situacao, cpfAtor: ator.cpf, perfilAtor: ator.perfil,
        motivo: MOTIVOS_HISTORICO.rascunhoInativado,
      });
      return s;
    });
    return { detalhe: detalheDe(salva, r.pescador), mensagem: MENSAGENS_SOLICITACAO_API.rascunhoInativado };
  }

  // ------------------------------------------------------------------ registry edit (type 8)

  /** POST /api/solicitacao-edicao-registro/editar-solicitacao/{id}: a type-8 draft copying a deferred request. */
  async editarAPartirDe(ator: AuthContext, idOrigem: number): Promise<Resultado> {
    const r = await this.repo.findSolicitacaoComPescador(idOrigem);
    exigirDono(ator, r);
    const origem = r.solicitacao;
    if (origem.situacao !== S.DEFERIDA || !TIPOS_COM_DADOS_DE_REGISTRO.includes(origem.tipo) || origem.inativa) {
      throw AppError.notAcceptable(MENSAGENS_SOLICITACAO_API.edicaoRegistroOrigemNaoDeferida);
    }
    return this.criarEdicao(ator, r.pescador.id, origem.dados as Record<string, unknown>, origem.id);
  }

  /**
   * POST /api/solicitacao-pescador-ativo-edicao-registro: for an active fisher without a deferred request here
   * (migrated), a type-8 draft from the declared record or, when there is none, from the typed columns.
   */
  async editarRegistroAtivo(ator: AuthContext): Promise<Resultado> {
    const pescadorId = pescadorDoAtor(ator);
    return this.criarEdicao(ator, pescadorId, null, null);
  }

  private async criarEdicao(ator: AuthContext, pescadorId: number, dadosOrigem: Record<string, unknown> | null, origemId: number | null): Promise<Resultado> {
    const { s, p } = await this.repo.transacao(async (tx) => {
      const p = (await tx.findPescador(pescadorId, true))!;
      await this.exigirPodeEditarRegistro(tx, p);
      let bruto = dadosOrigem;
      if (bruto === null) {
        if (await this.origemDeferida(tx, p)) throw AppError.notAcceptable(MENSAGENS_SOLICITACAO_API.edicaoRegistroPossuiDeferida);
        const registro = p.dados && typeof p.dados === 'object' ? p.dados as Record<string, unknown> : {};
        if (Object.keys(registro).length > 0) {
          bruto = registro;
        } else {
          const { ambientes, grupos } = await tx.ambientesEGrupos(p.id);
          bruto = dadosDasColunas(p, ambientes, grupos);
        }
      }
      const { dados, passo } = prepararEdicao(bruto, p.cpf);
      const s = await tx.insertSolicitacao({
        pescadorId, tipo: TipoSolicitacao.EDICAO_REGISTRO, situacao: S.RASCUNHO, passo, dados, solicitacaoOrigemId: origemId,
      });
      await tx.insertHistorico({
        solicitacaoId: s.id, situacaoAnterior: null, situacaoNova: S.RASCUNHO, cpfAtor: ator.cpf, perfilAtor: ator.perfil,
        motivo: origemId === null ? MOTIVOS_HISTORICO.edicaoRegistro : `${MOTIVOS_HISTORICO.edicaoRegistro} a partir da solicitação ${origemId}`,
      });
      return { s, p };
    });
    return { detalhe: detalheDe(s, p), mensagem: MENSAGENS_SOLICITACAO_API.edicaoRegistroCriada };
  }

  /** The deferred request a registry edit starts from: the active one, else the latest deferred with wizard data. */
  private async origemDeferida(repo: SolicitacaoRepository, p: PescadorRow): Promise<SolicitacaoRow | undefined> {
    if (p.idSolicitacaoAtiva !== null) {
      const ativa = await repo.findSolicitacao(p.idSolicitacaoAtiva);
      if (ativa && ativa.pescadorId === p.id && ativa.situacao === S.DEFERIDA && TIPOS_COM_DADOS_DE_REGISTRO.includes(ativa.tipo)) {
        return ativa;
      }
    }
    return (await repo.findAbertas(p.id, TIPOS_COM_DADOS_DE_REGISTRO, [S.DEFERIDA]))[0];
  }

  /** GET /api/solicitacao-pescador-ativo-edicao-registro/consultar/{id}: which of the two edit calls applies. */
  async consultarEdicao(ator: AuthContext, pescadorId: number): Promise<ConsultaEdicaoRegistro> {
    const p = await this.repo.findPescador(pescadorId);
    exigirLeituraPescador(ator, pescadorId, p?.uf ?? null);
    if (!p) throw AppError.notFound(MENSAGENS_SOLICITACAO_API.pescadorNaoEncontrado);
    await auditarLeitura(this.auditoria, ator, 'solicitacao-edicao-registro', pescadorId);
    const motivo = await this.motivoSemEdicao(this.repo, p);
    if (motivo) return { podeEditar: false, idSolicitacaoOrigem: null, motivo };
    const origem = await this.origemDeferida(this.repo, p);
    return { podeEditar: true, idSolicitacaoOrigem: origem?.id ?? null, motivo: null };
  }
}
