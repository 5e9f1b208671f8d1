import type { z } from 'zod';
import { CodigoErro } from '../../../shared/codigos-erro';
import { formatarData, hojeSaoPaulo } from '../../../shared/datas';
import { Perfil, TipoDocumento, TipoNotificacao } from '../../../shared/enums';
import {
  type Delegacao, type delegacaoCorpo, MENSAGENS_ENTIDADE, MENSAGENS_REPRESENTACAO, OrigemDelegacao,
  recusaDaValidade, servicoDelegadoLabel, type ServicoDelegado, SituacaoDelegacao, SituacaoEntidade, type termoCampos, type validacaoTermoCorpo,
} from '../../../shared/schemas/entidade';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { doAtor } from '../auditoria/auditoria.service';
import type { AuthContext, CadastroDePescadores, Representacao } from '../auth/auth.service';
import type { ArquivoEnviado, DocumentoService } from '../documento/documento.service';
import { exigirLeituraPescador, pescadorDoAtor, ufsDoEscopo } from '../escopo';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import type { DelegacaoComEntidade, EntidadeRow, VinculoAgente } from './entidade.repository';
import type { DepsEntidade } from './entidade.service';

export interface DepsDelegacao extends DepsEntidade {
  documentos: DocumentoService;
  pescadores: CadastroDePescadores;
  notificacoes: NotificacaoService;
}

function delegacaoParaResposta(d: DelegacaoComEntidade, hoje: string): Delegacao {
  return {
    id: d.id, idPescador: d.pescadorId, entidade: { id: d.entidadeId, nome: d.nomeEntidade, tipo: d.tipoEntidade },
    servicos: d.servicos, inicio: d.inicio, fim: d.fim, situacao: d.situacao, origem: d.origem,
    vigente: d.situacao === SituacaoDelegacao.ATIVA && d.inicio <= hoje && hoje <= d.fim,
    revogadaEm: d.revogadaEm?.toISOString() ?? null, temTermo: d.documentoTermoId !== null, temIdentidade: d.documentoIdentidadeId !== null,
    justificativaRecusa: d.justificativaRecusa,
  };
}

/** Why this link cannot act today, or null: the agent's validity, the entity's status and its cooperation act. */
export function recusaDoVinculo(v: VinculoAgente, hoje: string): string | null {
  const e = v.entidade;
  if (v.validade < hoje) return MENSAGENS_REPRESENTACAO.agenteVencido(e.nome, formatarData(v.validade));
  if (e.situacao !== SituacaoEntidade.ATIVA) return MENSAGENS_REPRESENTACAO.entidadeSuspensa(e.nome, e.motivoSuspensao ?? 'sem motivo informado');
  if (e.vigenciaFim < hoje) return MENSAGENS_REPRESENTACAO.atoVencido(e.nome, formatarData(e.vigenciaFim));
  return null;
}

function recusaDaDelegacao(d: DelegacaoComEntidade, servico: ServicoDelegado, hoje: string): string | null {
  if (d.situacao === SituacaoDelegacao.REVOGADA) return MENSAGENS_REPRESENTACAO.delegacaoRevogada(formatarData(hojeSaoPaulo(d.revogadaEm ?? new Date())));
  if (d.situacao === SituacaoDelegacao.AGUARDANDO_VALIDACAO) return MENSAGENS_REPRESENTACAO.termoPendente;
  if (d.situacao !== SituacaoDelegacao.ATIVA || d.inicio > hoje) return MENSAGENS_REPRESENTACAO.semDelegacao(d.nomeEntidade, servicoDelegadoLabel[servico]);
  if (d.fim < hoje) return MENSAGENS_REPRESENTACAO.delegacaoVencida(formatarData(d.fim));
  if (!d.servicos.includes(servico)) return MENSAGENS_REPRESENTACAO.semDelegacao(d.nomeEntidade, servicoDelegadoLabel[servico]);
  return null;
}

function recusar(mensagem: string): AppError {
  return AppError.forbidden(mensagem, CodigoErro.REPRESENTACAO_RECUSADA);
}

/**
 * Delegations (docs/decisions/0110): the fisher grants and revokes; an agent files a consent term that an analyst of
 * the fisher's state validates; and, on every request an agent makes for a fisher, whether it may.
 */
export class DelegacaoService {
  constructor(private readonly deps: DepsDelegacao) {}

  #hoje(): string {
    return hojeSaoPaulo(this.deps.now());
  }

  async disponiveis(ator: AuthContext) {
    const uf = (await this.deps.repo.pescador(pescadorDoAtor(ator)))?.uf;
    if (!uf) return [];
    return (await this.deps.repo.disponiveis(uf, this.#hoje()))
      .map((e) => ({ id: e.id, tipo: e.tipo, nome: e.nome, ufs: e.ufs, vigenciaFim: e.vigenciaFim }));
  }

  async minhas(ator: AuthContext): Promise<Delegacao[]> {
    const hoje = this.#hoje();
    return (await this.deps.repo.delegacoesDoPescador(pescadorDoAtor(ator), null)).map((d) => delegacaoParaResposta(d, hoje));
  }

  async conceder(ator: AuthContext, corpo: z.output<typeof delegacaoCorpo>): Promise<Delegacao> {
    const pescadorId = pescadorDoAtor(ator);
    const hoje = this.#hoje();
    const invalida = recusaDaValidade(corpo.fim, hoje);
    if (invalida) throw AppError.badRequest(invalida, [`fim: ${invalida}`]);
    return this.deps.db.transaction(async (tx) => {
      const uf = (await this.deps.repo.pescador(pescadorId, tx))?.uf;
      if (!uf) throw AppError.recusa(CodigoErro.ENTIDADE_INDISPONIVEL, MENSAGENS_ENTIDADE.ufDesconhecida);
      const e = await this.#entidadeQueAtende(corpo.idEntidade, uf, tx);
      // One open delegation per fisher and entity (a partial unique index): granting again replaces the open one.
      for (const antiga of await this.deps.repo.travarAbertas(pescadorId, e.id, tx)) {
        await this.deps.repo.atualizarDelegacao(antiga.id, { situacao: SituacaoDelegacao.REVOGADA, revogadaEm: this.deps.now() }, tx);
        await this.deps.auditoria.registrar({
          acao: 'DELEGACAO_REVOGADA', ...doAtor(ator), recurso: 'delegacao', recursoId: antiga.id, pescadorId, detalhes: { substituida: true },
        }, tx);
      }
      // The state is kept: an agent acts only while the fisher's state (or this one) is one the entity serves.
      const d = await this.deps.repo.inserirDelegacao({
        pescadorId, entidadeId: e.id, servicos: corpo.servicos, inicio: hoje, fim: corpo.fim, uf, situacao: SituacaoDelegacao.ATIVA,
        origem: OrigemDelegacao.GOVBR,
      }, tx);
      await this.deps.auditoria.registrar({
        acao: 'DELEGACAO_CONCEDIDA', ...doAtor(ator), recurso: 'delegacao', recursoId: d.id, pescadorId, detalhes: { idEntidade: e.id, servicos: d.servicos, fim: d.fim },
      }, tx);
      return delegacaoParaResposta({ ...d, nomeEntidade: e.nome, tipoEntidade: e.tipo }, hoje);
    });
  }

  /** One step, from the fisher's own account; a pending term may be withdrawn too. */
  async revogar(ator: AuthContext, id: number): Promise<Delegacao> {
    const pescadorId = pescadorDoAtor(ator);
    return this.deps.db.transaction(async (tx) => {
      const d = await this.deps.repo.travarDelegacao(id, tx);
      if (!d || d.pescadorId !== pescadorId) throw AppError.notFound(MENSAGENS_ENTIDADE.delegacaoNaoEncontrada);
      if (d.situacao === SituacaoDelegacao.REVOGADA || d.situacao === SituacaoDelegacao.RECUSADA) {
        throw AppError.recusa(CodigoErro.DELEGACAO_INDISPONIVEL, MENSAGENS_ENTIDADE.delegacaoJaEncerrada);
      }
      await this.deps.repo.atualizarDelegacao(id, { situacao: SituacaoDelegacao.REVOGADA, revogadaEm: this.deps.now() }, tx);
      await this.deps.auditoria.registrar({ acao: 'DELEGACAO_REVOGADA', ...doAtor(ator), recurso: 'delegacao', recursoId: id, pescadorId }, tx);
      return delegacaoParaResposta((await this.deps.repo.findDelegacao(id, tx))!, this.#hoje());
    });
  }

  /** A fisher who never signed in: the agent files the signed term; it counts once an analyst validates it. */
  async registrarTermo(ator: AuthContext, campos: z.output<typeof termoCampos>, arquivo: ArquivoEnviado): Promise<Delegacao> {
    const hoje = this.#hoje();
    const invalida = recusaDaValidade(campos.fim, hoje);
    if (invalida) throw AppError.badRequest(invalida, [`fim: ${invalida}`]);
    const vinculo = await this.#vinculoQueAtua(ator, campos.uf);
    if (await this.deps.repo.entrouComGovbr(campos.cpfPescador)) throw AppError.recusa(CodigoErro.ENTIDADE_INDISPONIVEL, MENSAGENS_ENTIDADE.pescadorComGovbr);
    const pescador = await this.deps.pescadores.findOrCreate(campos.cpfPescador, campos.nomePescador, null);
    const guardado = await this.deps.documentos.guardarArquivo(TipoDocumento.ADICIONAL, arquivo);
    try {
      return await this.deps.db.transaction(async (tx) => {
        if ((await this.deps.repo.travarAbertas(pescador.id, vinculo.entidade.id, tx)).length > 0) {
          throw AppError.recusa(CodigoErro.ENTIDADE_INDISPONIVEL, MENSAGENS_ENTIDADE.termoJaAberto);
        }
        const termo = await this.deps.documentos.registrarGuardado(pescador.id, null, TipoDocumento.ADICIONAL, guardado, tx);
        const d = await this.deps.repo.inserirDelegacao({
          pescadorId: pescador.id, entidadeId: vinculo.entidade.id, servicos: campos.servicos, inicio: hoje, fim: campos.fim, uf: campos.uf,
          situacao: SituacaoDelegacao.AGUARDANDO_VALIDACAO, origem: OrigemDelegacao.TERMO, cpfAgente: ator.cpf, documentoTermoId: termo.id,
        }, tx);
        await this.deps.auditoria.registrar({
          acao: 'TERMO_CONSENTIMENTO_REGISTRADO', ...doAtor(ator), recurso: 'delegacao', recursoId: d.id, pescadorId: pescador.id,
          detalhes: { idEntidade: vinculo.entidade.id, servicos: d.servicos },
        }, tx);
        return delegacaoParaResposta({ ...d, nomeEntidade: vinculo.entidade.nome, tipoEntidade: vinculo.entidade.tipo }, hoje);
      });
    } catch (err) {
      await this.deps.documentos.apagarArquivos([guardado.chave]);
      throw err;
    }
  }

  async anexarIdentidade(ator: AuthContext, id: number, arquivo: ArquivoEnviado): Promise<Delegacao> {
    const d = await this.deps.repo.findDelegacao(id);
    if (!d || d.cpfAgente === null) throw AppError.notFound(MENSAGENS_ENTIDADE.delegacaoNaoEncontrada);
    const vinculos = await this.deps.repo.vinculosDoAgente(ator.cpf);
    if (!vinculos.some((v) => v.entidade.id === d.entidadeId)) throw AppError.notFound(MENSAGENS_ENTIDADE.delegacaoNaoEncontrada);
    const guardado = await this.deps.documentos.guardarArquivo(TipoDocumento.IDENTIFICACAO, arquivo);
    try {
      return await this.deps.db.transaction(async (tx) => {
        const atual = await this.deps.repo.travarDelegacao(id, tx);
        if (atual?.situacao !== SituacaoDelegacao.AGUARDANDO_VALIDACAO) throw AppError.recusa(CodigoErro.DELEGACAO_INDISPONIVEL, MENSAGENS_ENTIDADE.termoNaoPendente);
        const doc = await this.deps.documentos.registrarGuardado(d.pescadorId, null, TipoDocumento.IDENTIFICACAO, guardado, tx);
        await this.deps.repo.atualizarDelegacao(id, { documentoIdentidadeId: doc.id }, tx);
        await this.deps.auditoria.registrar({ acao: 'TERMO_IDENTIDADE_ANEXADA', ...doAtor(ator), recurso: 'delegacao', recursoId: id, pescadorId: d.pescadorId }, tx);
        return delegacaoParaResposta((await this.deps.repo.findDelegacao(id, tx))!, this.#hoje());
      });
    } catch (err) {
      await this.deps.documentos.apagarArquivos([guardado.chave]);
      throw err;
    }
  }

  /** SFPA sees the terms of its states; the view of each fisher's data is audited. */
  async termosPendentes(ator: AuthContext) {
    const termos = await this.deps.repo.termosPendentes(ufsDoEscopo(ator));
    const docs = await this.deps.repo.documentosDosTermos(termos.flatMap((t) => [t.documentoTermoId, t.documentoIdentidadeId].filter((x): x is number => x !== null)));
    const hoje = this.#hoje();
    for (const t of termos) {
      await this.deps.auditoria.visualizacao(ator, 'delegacao/termo', t.id, null, t.pescadorId);
    }
    return termos.map((t) => ({
      ...delegacaoParaResposta(t, hoje), cpfPescador: t.cpfPescador, nomePescador: t.nomePescador, uf: t.ufPescador, cpfAgente: t.cpfAgente!,
      documentos: docs.filter((doc) => doc.id === t.documentoTermoId || doc.id === t.documentoIdentidadeId)
        .map(({ id, tipo, chave, nomeArquivo }) => ({ id, tipo, chave, nomeArquivo })),
    }));
  }

  async validarTermo(ator: AuthContext, id: number, corpo: z.output<typeof validacaoTermoCorpo>): Promise<Delegacao> {
    return this.deps.db.transaction(async (tx) => {
      const d = await this.deps.repo.travarDelegacao(id, tx);
      if (!d || d.origem !== OrigemDelegacao.TERMO) throw AppError.notFound(MENSAGENS_ENTIDADE.delegacaoNaoEncontrada);
      if (d.cpfAgente === ator.cpf) throw AppError.forbidden(MENSAGENS_ENTIDADE.agenteAutorDoTermo);
      const p = await this.deps.repo.pescador(d.pescadorId, tx);
      exigirLeituraPescador(ator, d.pescadorId, p?.uf ?? d.uf);
      if (d.situacao !== SituacaoDelegacao.AGUARDANDO_VALIDACAO) throw AppError.recusa(CodigoErro.DELEGACAO_INDISPONIVEL, MENSAGENS_ENTIDADE.termoNaoPendente);
      if (corpo.aprovado && d.documentoIdentidadeId === null) throw AppError.recusa(CodigoErro.DELEGACAO_INDISPONIVEL, MENSAGENS_ENTIDADE.termoSemIdentidade);
      await this.deps.repo.atualizarDelegacao(id, {
        situacao: corpo.aprovado ? SituacaoDelegacao.ATIVA : SituacaoDelegacao.RECUSADA, cpfValidou: ator.cpf, validadaEm: this.deps.now(),
        justificativaRecusa: corpo.aprovado ? null : corpo.justificativa ?? null,
      }, tx);
      await this.deps.auditoria.registrar({
        acao: corpo.aprovado ? 'TERMO_CONSENTIMENTO_VALIDADO' : 'TERMO_CONSENTIMENTO_RECUSADO', ...doAtor(ator), recurso: 'delegacao', recursoId: id,
        pescadorId: d.pescadorId,
      }, tx);
      return delegacaoParaResposta((await this.deps.repo.findDelegacao(id, tx))!, this.#hoje());
    });
  }

  /**
   * May this signed-in person act for the fisher `valor` on a route of `servico`? Answers the context the fisher's own
   * services then run with (their id, the agent's CPF, the entity), or refuses saying why.
   */
  async atuarPor(ator: AuthContext, valor: string | string[] | undefined, servico: number | null): Promise<AuthContext> {
    if (ator.perfil !== Perfil.INTERESSADO) throw recusar(MENSAGENS_REPRESENTACAO.servidor);
    const pescadorId = typeof valor === 'string' && /^\d{1,9}$/.test(valor) ? Number(valor) : 0;
    if (pescadorId <= 0) throw recusar(MENSAGENS_REPRESENTACAO.cabecalhoInvalido);
    if (servico === null) throw recusar(MENSAGENS_REPRESENTACAO.rotaNaoDelegavel);
    const vinculos = await this.deps.repo.vinculosDoAgente(ator.cpf);
    if (vinculos.length === 0) throw recusar(MENSAGENS_REPRESENTACAO.naoAgente);
    const delegacoes = await this.deps.repo.delegacoesDoPescador(pescadorId, vinculos.map((v) => v.entidade.id));
    if (delegacoes.length === 0) throw recusar(MENSAGENS_REPRESENTACAO.naoAgente);
    const p = await this.deps.repo.pescador(pescadorId);
    const hoje = this.#hoje();
    let primeiraRecusa: string | null = null;
    // The latest delegation of each entity decides; the first that passes wins, else the first reason is told.
    const vistas = new Set<number>();
    for (const d of delegacoes) {
      if (vistas.has(d.entidadeId)) continue;
      vistas.add(d.entidadeId);
      const v = vinculos.find((x) => x.entidade.id === d.entidadeId)!;
      const uf = p?.uf ?? d.uf;
      const recusa = recusaDoVinculo(v, hoje) ?? recusaDaDelegacao(d, servico as ServicoDelegado, hoje)
        ?? (uf === null ? MENSAGENS_REPRESENTACAO.ufDesconhecida
          : v.entidade.ufs.includes(uf) ? null : MENSAGENS_REPRESENTACAO.foraDaUf(v.entidade.nome, uf));
      if (recusa === null) {
        const representacao: Representacao = { idEntidade: v.entidade.id, nomeEntidade: v.entidade.nome, idDelegacao: d.id, servico };
        return { ...ator, idPescador: pescadorId, representacao };
      }
      primeiraRecusa ??= recusa;
    }
    throw recusar(primeiraRecusa!);
  }

  /**
   * Audits an agent's request for a fisher as "agent A of entity E for fisher F"; tells the fisher of a submission. A
   * replayed answer (idempotency) is audited as one and tells nothing again. Throws when it cannot be written: the
   * caller decides (decision 0111).
   */
  async registrarAtuacao(ator: AuthContext, acao: {
    metodo: string; rota: string; status: number; envio: string | null; url: string | null; repetida?: boolean; chave?: string | null;
  }): Promise<void> {
    const r = ator.representacao;
    if (!r || ator.idPescador === null) return;
    const chave = acao.chave ?? null;
    await this.deps.db.transaction(async (tx) => {
      // A replay tells the fisher only when no answer with its key was audited (and so told) before.
      const contar = acao.envio !== null && acao.status < 300
        && (!acao.repetida || (chave !== null && !(await this.deps.repo.atuacaoComChave(ator.idPescador!, acao.rota, chave, tx))));
      await this.deps.auditoria.registrar({
        acao: 'ATUACAO_REPRESENTANTE', ...doAtor(ator), recurso: acao.rota, recursoId: r.idDelegacao, pescadorId: ator.idPescador, sucesso: acao.status < 400,
        detalhes: {
          idEntidade: r.idEntidade, entidade: r.nomeEntidade, servico: r.servico, metodo: acao.metodo, status: acao.status,
          ...(chave !== null ? { chave } : {}), ...(acao.repetida ? { repetida: true } : {}),
        },
      }, tx);
      if (contar) await this.#notificar(ator.idPescador!, r.nomeEntidade, acao.envio!, acao.url, tx);
    });
  }

  /**
   * A refused attempt to act for a fisher, audited for the managers; the fisher named in the header is kept in the
   * details only (it may be any number), so it never reaches a fisher's list of who accessed their data.
   */
  async registrarRecusa(ator: AuthContext, valor: string | string[] | undefined, acao: { metodo: string; rota: string; motivo: string }): Promise<void> {
    const informado = typeof valor === 'string' && /^\d{1,9}$/.test(valor) ? Number(valor) : null;
    await this.deps.auditoria.tentarRegistrar({
      acao: 'ATUACAO_REPRESENTANTE_RECUSADA', ...doAtor(ator), recurso: acao.rota, recursoId: informado === null ? null : String(informado), sucesso: false,
      detalhes: { idPescadorInformado: informado, metodo: acao.metodo, motivo: acao.motivo },
    });
  }

  /** Counted where /api/health shows the trail's failures. */
  falhaDeAuditoria(err: unknown): void {
    this.deps.auditoria.registrarFalha(err, 'ATUACAO_REPRESENTANTE');
  }

  async #notificar(pescadorId: number, entidade: string, envio: string, url: string | null, tx: Executor) {
    await this.deps.notificacoes.criar({
      pescadorId, tipo: TipoNotificacao.REPRESENTACAO, conteudo: MENSAGENS_REPRESENTACAO.notificacaoEnvio(entidade, envio), urlRedirecionamento: url,
    }, tx);
  }

  async #entidadeQueAtende(id: number, uf: string, tx: Executor): Promise<EntidadeRow> {
    const e = await this.deps.repo.findById(id, tx);
    if (!e) throw AppError.notFound(MENSAGENS_ENTIDADE.naoEncontrada);
    const hoje = this.#hoje();
    if (e.situacao !== SituacaoEntidade.ATIVA || e.vigenciaInicio > hoje || e.vigenciaFim < hoje) {
      throw AppError.recusa(CodigoErro.ENTIDADE_INDISPONIVEL, MENSAGENS_ENTIDADE.entidadeIndisponivel);
    }
    if (!e.ufs.includes(uf)) throw AppError.recusa(CodigoErro.ENTIDADE_INDISPONIVEL, MENSAGENS_ENTIDADE.entidadeForaDaUf(e.nome, uf));
    return e;
  }

  /** The agent's link that may file for a fisher of `uf`, or the reason none may. */
  async #vinculoQueAtua(ator: AuthContext, uf: string): Promise<VinculoAgente> {
    if (ator.representacao) throw recusar(MENSAGENS_REPRESENTACAO.rotaNaoDelegavel);
    const vinculos = await this.deps.repo.vinculosDoAgente(ator.cpf);
    if (vinculos.length === 0) throw AppError.recusa(CodigoErro.ENTIDADE_INDISPONIVEL, MENSAGENS_REPRESENTACAO.naoAgente);
    const hoje = this.#hoje();
    let recusa: string | null = null;
    for (const v of vinculos) {
      const r = recusaDoVinculo(v, hoje) ?? (v.entidade.ufs.includes(uf) ? null : MENSAGENS_ENTIDADE.entidadeForaDaUf(v.entidade.nome, uf));
      if (r === null) return v;
      recusa ??= r;
    }
    throw AppError.recusa(CodigoErro.ENTIDADE_INDISPONIVEL, recusa!);
  }
}
