import { CodigoErro } from '../../../shared/codigos-erro';
import { SituacaoSolicitacao as S, situacaoSolicitacaoLabel } from '../../../shared/enums';
import { MENSAGENS_SOLICITACAO, passo2Schema, schemaDoPasso, type SalvarPassoCorpo } from '../../../shared/schemas/solicitacao';
import { MENSAGENS_SOLICITACAO_API, MOTIVOS_HISTORICO, type FiltroSolicitacoes, type ListaSolicitacoes, type SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import type { TotalizadoresPescador } from '../../../shared/schemas/totalizadores';
import { AppError } from '../../lib/errors';
import { erroDeCampos, erroDeValidacao } from '../../lib/validacao';
import type { AuthContext } from '../auth/auth.service';
import { ehServidor, exigirLeituraPescador, MENSAGEM_FORA_DO_ESCOPO, ufsDoEscopo } from '../escopo';
import type { DadosDeclarados } from '../pescador/pescador.service';
import { criarRascunho } from './abertura';
import { exigirDono, exigirLeituraSolicitacao, pescadorDoAtor } from './acesso';
import { detalheDe, tipoDescricao } from './detalhe';
import { editavel } from './situacoes';
import { definicaoDe, definicaoDoAssistente } from './tipos';
import { exigirDocumentos } from './tipos/assistente';
import { verificarReferencias, type Passo, type SaidaPasso } from './verificacoes';
import { BaseSolicitacao, type Resultado } from './base';

export type { Resultado } from './base';
// The module's door for the other modules (docs/architecture.md, "Boundaries").
export type { AndamentoService, Decisao } from './andamento.service';
export type { PortaAnalise } from './porta-analise';
export type { NovaAnalise } from './tipos';

const MENSAGEM_PASSO: Record<Passo, string> = {
  1: MENSAGENS_SOLICITACAO.passo1Atualizado,
  2: MENSAGENS_SOLICITACAO.passo2Salvo,
  3: MENSAGENS_SOLICITACAO.passo3Salvo,
  4: MENSAGENS_SOLICITACAO.passo4Salvo,
};

/** The fisher's wizard (types 1, 2, 3 and 8) and the reading and listing of requests. Knows nothing of HTTP. */
export class SolicitacaoService extends BaseSolicitacao {

  async criar(ator: AuthContext, corpo: SalvarPassoCorpo): Promise<Resultado> {
    const pescadorId = pescadorDoAtor(ator);
    if (corpo.passo !== 1) throw AppError.badRequest(MENSAGENS_SOLICITACAO_API.criacaoPasso1);
    const saida = this.validarPasso(1, corpo.tipo, corpo);
    const pescador = await this.repo.findPescador(pescadorId);
    if (!pescador) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
    if (saida.cpf !== pescador.cpf) throw AppError.forbidden(MENSAGENS_SOLICITACAO_API.cpfDiferente);
    await this.exigirReferencias(1, saida);

    const def = definicaoDe(corpo.tipo);
    const { s, p } = await this.db.transaction(async (tx) => {
      const ctx = await this.abertura(ator, pescadorId, tx);
      await def.exigirAbertura(ctx);
      const s = await criarRascunho(ctx, def, { passo: 1, dados: saida, motivo: MOTIVOS_HISTORICO.rascunhoCriado });
      return { s, p: ctx.pescador };
    });
    return { detalhe: detalheDe(s, p), mensagem: MENSAGENS_SOLICITACAO.passo1Criado };
  }

  async salvar(ator: AuthContext, corpo: SalvarPassoCorpo): Promise<Resultado> {
    if (corpo.id === undefined) throw AppError.badRequest(MENSAGENS_SOLICITACAO_API.idObrigatorio);
    const r = await this.repo.findSolicitacaoComPescador(corpo.id);
    exigirDono(ator, r);
    const { solicitacao: s, pescador: p } = r;
    if (corpo.tipo !== s.tipo) throw AppError.badRequest(MENSAGENS_SOLICITACAO_API.tipoDiferente);
    if (!editavel(s)) throw AppError.recusa(CodigoErro.SOLICITACAO_NAO_EDITAVEL, MENSAGENS_SOLICITACAO.naoEditavel);
    if (corpo.passo === 5) {
      if (corpo.declaraCiencia !== true) throw AppError.badRequest(MENSAGENS_SOLICITACAO.declaracao);
      return this.enviar(ator, s, MENSAGENS_SOLICITACAO.enviada);
    }

    const passo = corpo.passo;
    if (s.passo < passo - 1) throw AppError.badRequest(MENSAGENS_SOLICITACAO_API.passoAnterior);
    const saida = this.validarPasso(passo, s.tipo, corpo);
    if (passo === 1 && (saida as SaidaPasso[1]).cpf !== p.cpf) throw AppError.forbidden(MENSAGENS_SOLICITACAO_API.cpfDiferente);
    await this.exigirReferencias(passo, saida);
    if (passo === 4) {
      await exigirDocumentos(definicaoDoAssistente(s.tipo), this.repo, s, p, { ...(s.dados as DadosDeclarados), ...saida });
    }

    const salva = await this.db.transaction(async (tx) => {
      const atual = await this.repo.lockSolicitacao(s.id, tx);
      if (!editavel(atual)) throw AppError.recusa(CodigoErro.SOLICITACAO_NAO_EDITAVEL, MENSAGENS_SOLICITACAO.naoEditavel);
      if (atual.passo < passo - 1) throw AppError.badRequest(MENSAGENS_SOLICITACAO_API.passoAnterior);
      return this.repo.updateSolicitacao(s.id, {
        dados: { ...(atual.dados as Record<string, unknown>), ...saida },
        passo: Math.max(atual.passo, passo),
      }, tx);
    });
    return { detalhe: detalheDe(salva, p), mensagem: MENSAGEM_PASSO[passo] };
  }

  /** Step 2 must be saved again if it now fails. */
  async removerEmbarcacao(ator: AuthContext, id: number): Promise<Resultado> {
    const r = await this.repo.findSolicitacaoComPescador(id);
    exigirDono(ator, r);
    if (!editavel(r.solicitacao)) throw AppError.recusa(CodigoErro.SOLICITACAO_NAO_EDITAVEL, MENSAGENS_SOLICITACAO.naoEditavel);
    const salva = await this.db.transaction(async (tx) => {
      const atual = await this.repo.lockSolicitacao(id, tx);
      if (!editavel(atual)) throw AppError.recusa(CodigoErro.SOLICITACAO_NAO_EDITAVEL, MENSAGENS_SOLICITACAO.naoEditavel);
      const dados = structuredClone(atual.dados) as Record<string, unknown>;
      const atividade = dados.dadosAtividadePesca as { formaAtuacaoPesca?: Record<string, unknown> } | undefined;
      if (!atividade?.formaAtuacaoPesca) return atual;
      atividade.formaAtuacaoPesca.embarcacao = null;
      const passo = atual.passo >= 2 && !passo2Schema.safeParse(dados).success ? 1 : atual.passo;
      return this.repo.updateSolicitacao(id, { dados, passo }, tx);
    });
    return { detalhe: detalheDe(salva, r.pescador), mensagem: MENSAGENS_SOLICITACAO_API.embarcacaoRemovida };
  }

  /** The row stays for the record. */
  async inativar(ator: AuthContext, id: number): Promise<Resultado> {
    const r = await this.repo.findSolicitacaoComPescador(id);
    exigirDono(ator, r);
    const salva = await this.db.transaction(async (tx) => {
      const atual = await this.repo.lockSolicitacao(id, tx);
      if (atual.situacao !== S.RASCUNHO || atual.inativa) throw AppError.recusa(CodigoErro.SOLICITACAO_NAO_EDITAVEL, MENSAGENS_SOLICITACAO_API.somenteRascunhoInativa);
      const s = await this.repo.updateSolicitacao(id, { inativa: true }, tx);
      await this.repo.insertHistorico({
        solicitacaoId: id, situacaoAnterior: atual.situacao, situacaoNova: atual.situacao, cpfAtor: ator.cpf, perfilAtor: ator.perfil,
        motivo: MOTIVOS_HISTORICO.rascunhoInativado,
      }, tx);
      return s;
    });
    return { detalhe: detalheDe(salva, r.pescador), mensagem: MENSAGENS_SOLICITACAO_API.rascunhoInativado };
  }

  async totalizadores(ator: AuthContext, pescadorId: number): Promise<TotalizadoresPescador> {
    const pescador = await this.repo.findPescadorUf(pescadorId);
    exigirLeituraPescador(ator, pescadorId, pescador?.uf ?? null);
    if (!pescador) throw AppError.notFound(MENSAGENS_SOLICITACAO_API.pescadorNaoEncontrado);
    return this.repo.totalizadores(pescadorId);
  }

  async detalhe(ator: AuthContext, id: number): Promise<SolicitacaoDetalheResposta> {
    const r = await this.repo.findSolicitacaoComPescador(id);
    exigirLeituraSolicitacao(ator, r);
    await this.auditarLeitura(ator, 'solicitacao', id, r.solicitacao.pescadorId);
    return detalheDe(r.solicitacao, r.pescador);
  }

  async listar(ator: AuthContext, f: FiltroSolicitacoes): Promise<ListaSolicitacoes> {
    let pescadorId: number | undefined;
    let ufs: string[] | null = null;
    if (!ehServidor(ator)) {
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
    return this.pagina(ator, {
      pescadorId, ufs, situacoes: f.situacao, tipos: f.tipo, cpf: f.cpf, nome: f.nome, pagina: f.pagina, tamanhoPagina: f.tamanhoPagina,
    });
  }

  async listarDoPescador(ator: AuthContext, pescadorId: number, pag: { pagina: number; tamanhoPagina: number }): Promise<ListaSolicitacoes> {
    const p = await this.repo.findPescadorUf(pescadorId);
    exigirLeituraPescador(ator, pescadorId, p?.uf ?? null);
    if (!p) throw AppError.notFound(MENSAGENS_SOLICITACAO_API.pescadorNaoEncontrado);
    return this.pagina(ator, { pescadorId, ufs: null, ...pag });
  }

  async ultima(ator: AuthContext, tipo?: number): Promise<SolicitacaoDetalheResposta | null> {
    const pescadorId = pescadorDoAtor(ator);
    const s = await this.repo.findUltima(pescadorId, tipo);
    if (!s) return null;
    const p = (await this.repo.findPescador(pescadorId))!;
    return detalheDe(s, p);
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
    if (ehServidor(ator) && linhas.length > 0) {
      await this.auditarLeitura(ator, 'solicitacao', f.pescadorId ?? 'lista', f.pescadorId ?? null, {
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
}
