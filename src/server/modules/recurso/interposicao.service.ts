import { SituacaoSolicitacao, TipoSolicitacao } from '../../../shared/enums';
import { formatarData, formatarDataHora } from '../../../shared/datas';
import {
  MENSAGENS_RECURSO, PRAZO_RECONSIDERACAO_DIAS, ResultadoRecurso, objetoRecursoLabel, type Contestavel, type RazoesCorpo, type RecursoDetalhe,
} from '../../../shared/schemas/recurso';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';
import { pescadorDoAtor } from '../escopo';
import { deAviso, deIndeferimento, deSancao, type Contestado } from './contestaveis';
import { desfazerSancao } from './efeitos';
import { noPrazo, somarDias } from './prazos';
import {
  detalheDe, hoje, lockDoPescador, notificar, orgaoSuperior, recusa, registrarDecisao, rotuloResultado, temProximaInstancia,
  type DepsRecurso,
} from './recurso-base';
import type { RecursoLido, RecursoRow } from './recurso.repository';

/**
 * The fisher's side of an appeal (decisions 0088–0090). A late filing is recorded and answered NÃO CONHECIDO
 * (art. 63); a REAP sanction contested by a fisher whose REAP was sent before it is provided by the system.
 */
export class InterposicaoRecursoService {
  constructor(private readonly deps: DepsRecurso) {}

  async contestaveis(ator: AuthContext): Promise<Contestavel[]> {
    const pescadorId = pescadorDoAtor(ator);
    const dia = hoje(this.deps);
    const [lista, meus] = await Promise.all([this.contestados(pescadorId), this.deps.repo.doPescador(pescadorId)]);
    const porChave = new Map(meus.map((r) => [r.chaveObjeto, r.id]));
    return lista.map((c) => ({
      chave: c.chave, objeto: c.objeto, objetoDescricao: objetoRecursoLabel[c.objeto], descricao: c.descricao, atoNormativo: c.atoNome,
      inicioPrazo: c.dados.inicioPrazo, ultimoDia: c.dados.ultimoDia, noPrazo: noPrazo(dia, c.dados.ultimoDia), idRecurso: porChave.get(c.chave) ?? null,
    }));
  }

  async iniciar(ator: AuthContext, chave: string): Promise<RecursoDetalhe> {
    const pescadorId = pescadorDoAtor(ator);
    const existente = await this.deps.repo.daChave(pescadorId, chave);
    if (existente) return this.detalhe(ator, existente.id);
    const contestado = (await this.contestados(pescadorId)).find((c) => c.chave === chave);
    if (!contestado) throw AppError.notFound(MENSAGENS_RECURSO.nadaAContestar);
    const id = await this.deps.db.transaction(async (tx) => {
      const s = await this.deps.solicitacoes.abrirRascunhoDe(
        ator, TipoSolicitacao.RECURSO, pescadorId, { chave }, `Recurso iniciado: ${objetoRecursoLabel[contestado.objeto]}`, tx,
      );
      // Two tabs opening the same appeal: the fisher's row lock orders them; the second finds the first's.
      const outra = await this.deps.repo.daChave(pescadorId, chave, tx);
      if (outra) throw recusa(MENSAGENS_RECURSO.jaEnviado);
      const uf = await this.deps.repo.ufDoPescador(pescadorId, tx);
      return this.deps.repo.inserir({ ...contestado.dados, solicitacaoId: s.id, pescadorId, uf, orgao: contestado.orgao }, tx);
    });
    return this.detalhe(ator, id);
  }

  async enviar(ator: AuthContext, id: number, corpo: RazoesCorpo): Promise<{ detalhe: RecursoDetalhe; mensagem: string }> {
    const pescadorId = pescadorDoAtor(ator);
    const dia = hoje(this.deps);
    const mensagem = await this.deps.db.transaction(async (tx) => {
      const r = await lockDoPescador(this.deps, id, pescadorId, tx);
      if (r.tempestivo !== null) throw recusa(MENSAGENS_RECURSO.jaEnviado);
      const enviada = await this.deps.solicitacoes.enviarRascunhoDe(ator, r.solicitacaoId, pescadorId, tx);
      const tempestivo = noPrazo(dia, r.ultimoDia);
      // The state the request was sent from (its address's) is the SFPA instance's and the queue's.
      r.uf = enviada.ufPescador ?? r.uf;
      await this.deps.repo.atualizar(r.id, { razoes: corpo.razoes, tempestivo, recebidoEm: dia, uf: r.uf }, tx);
      if (!tempestivo) {
        await this.naoConhecer(r, dia, tx);
        return MENSAGENS_RECURSO.enviadoForaDoPrazo;
      }
      const evidencia = await this.reapEnviadaAntes(r, tx);
      if (evidencia) {
        await this.proverPeloSistema(r, evidencia, tx);
        return MENSAGENS_RECURSO.providoAutomaticamente;
      }
      const prazoInstancia = somarDias(dia, PRAZO_RECONSIDERACAO_DIAS);
      await this.deps.repo.atualizar(r.id, { prazoInstancia }, tx);
      await notificar(this.deps, r, MENSAGENS_RECURSO.notificacaoRecebido(await this.protocolo(r, tx), formatarData(prazoInstancia)), tx);
      return MENSAGENS_RECURSO.enviado;
    });
    return { detalhe: await this.detalhe(ator, id), mensagem };
  }

  /** At most three instances, under the same window rules. */
  async proximaInstancia(ator: AuthContext, id: number, corpo: RazoesCorpo): Promise<{ detalhe: RecursoDetalhe; mensagem: string }> {
    const pescadorId = pescadorDoAtor(ator);
    const dia = hoje(this.deps);
    const mensagem = await this.deps.db.transaction(async (tx) => {
      const r = await lockDoPescador(this.deps, id, pescadorId, tx);
      const superior = orgaoSuperior(r.orgao);
      if (r.resultado !== ResultadoRecurso.NAO_PROVIDO || r.ultimoDiaProximaInstancia === null) throw recusa(MENSAGENS_RECURSO.proximaIndisponivel);
      if (!temProximaInstancia(r) || !superior) throw recusa(MENSAGENS_RECURSO.semProximaInstancia);
      const acima: RecursoRow = { ...r, instancia: r.instancia + 1, orgao: superior };
      const razoes = `${r.razoes ?? ''}\n\nRazões para a ${acima.instancia}ª instância: ${corpo.razoes}`.trim();
      await this.deps.repo.atualizar(r.id, {
        instancia: acima.instancia, orgao: superior, razoes, resultado: null, ultimoDiaProximaInstancia: null, recebidoEm: dia,
        prazoInstancia: somarDias(dia, r.prazoDecisaoDias), prorrogado: false, justificativaProrrogacao: null, analistaId: null, bloqueadoEm: null,
      }, tx);
      await this.deps.solicitacoes.mudarSituacao({
        solicitacaoId: r.solicitacaoId, de: SituacaoSolicitacao.FINALIZADA, para: SituacaoSolicitacao.ENVIADA, ator,
        motivo: MENSAGENS_RECURSO.levadoAInstanciaSuperior,
      }, tx);
      if (!noPrazo(dia, r.ultimoDiaProximaInstancia)) {
        await this.naoConhecer({ ...acima, ultimoDia: r.ultimoDiaProximaInstancia }, dia, tx);
        return MENSAGENS_RECURSO.enviadoForaDoPrazo;
      }
      return MENSAGENS_RECURSO.levadoAInstanciaSuperior;
    });
    return { detalhe: await this.detalhe(ator, id), mensagem };
  }

  private async contestados(pescadorId: number, ex?: Executor): Promise<Contestado[]> {
    // One after the other: inside a transaction they share its one connection.
    const indeferidas = await this.deps.repo.indeferimentos(pescadorId, ex);
    const sancao = await this.deps.repo.sancaoVigente(pescadorId, ex);
    const avisos = await this.deps.repo.avisos(pescadorId, ex);
    return [...(sancao ? [deSancao(sancao)] : []), ...avisos.map(deAviso), ...indeferidas.map(deIndeferimento)];
  }

  private async naoConhecer(r: RecursoRow, dia: string, tx: Executor): Promise<void> {
    const motivo = MENSAGENS_RECURSO.naoConhecidoIntempestivo(formatarData(r.ultimoDia));
    await registrarDecisao(this.deps, r, ResultadoRecurso.NAO_CONHECIDO, motivo, null, tx);
    await this.deps.repo.atualizar(r.id, { resultado: ResultadoRecurso.NAO_CONHECIDO, prazoInstancia: dia }, tx);
    await this.deps.solicitacoes.mudarSituacao({
      solicitacaoId: r.solicitacaoId, de: SituacaoSolicitacao.ENVIADA, para: SituacaoSolicitacao.FINALIZADA, ator: null, motivo,
    }, tx);
    await notificar(this.deps, r, MENSAGENS_RECURSO.notificacaoDecidido(await this.protocolo(r, tx), `${rotuloResultado(ResultadoRecurso.NAO_CONHECIDO)}. ${motivo}`), tx);
  }

  private async reapEnviadaAntes(r: RecursoRow, tx: Executor): Promise<string | null> {
    if (r.anoReferencia === null) return null;
    const contestado = (await this.contestados(r.pescadorId, tx)).find((c) => c.chave === r.chaveObjeto);
    if (!contestado?.reap) return null;
    const enviada = await this.deps.repo.reapEnviada(r.pescadorId, r.anoReferencia, tx);
    if (!enviada || enviada.enviadaEm >= contestado.reap.sancaoEm) return null;
    return MENSAGENS_RECURSO.reapEnviadaAntes(
      r.anoReferencia, formatarDataHora(enviada.enviadaEm), enviada.numeroProtocolo, formatarDataHora(contestado.reap.sancaoEm),
    );
  }

  private async proverPeloSistema(r: RecursoRow, evidencia: string, tx: Executor): Promise<void> {
    await registrarDecisao(this.deps, r, ResultadoRecurso.PROVIDO, `Provido automaticamente. ${evidencia}`, null, tx);
    await this.deps.repo.atualizar(r.id, { resultado: ResultadoRecurso.PROVIDO, prazoInstancia: hoje(this.deps) }, tx);
    await this.deps.solicitacoes.mudarSituacao({
      solicitacaoId: r.solicitacaoId, de: SituacaoSolicitacao.ENVIADA, para: SituacaoSolicitacao.DEFERIDA, ator: null,
      motivo: `${MENSAGENS_RECURSO.historicoDecisao(r.instancia, rotuloResultado(ResultadoRecurso.PROVIDO))}. ${evidencia}`,
    }, tx);
    const lido = await this.deps.repo.lido(r.id, tx);
    await desfazerSancao(this.deps, lido!, null, tx);
  }

  private async protocolo(r: RecursoRow, tx: Executor): Promise<string> {
    return (await this.deps.repo.lido(r.id, tx))?.numeroProtocolo ?? String(r.id);
  }

  private async detalhe(ator: AuthContext, id: number): Promise<RecursoDetalhe> {
    const r = (await this.deps.repo.lido(id)) as RecursoLido;
    return detalheDe(r, await this.deps.repo.decisoes(id), ator, hoje(this.deps));
  }
}
