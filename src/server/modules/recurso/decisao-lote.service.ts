import { SituacaoSolicitacao, TipoNotificacao } from '../../../shared/enums';
import {
  MENSAGENS_RECURSO, ResultadoRecurso, type DecisaoEmLoteCorpo, type ResultadoDecisaoEmLote,
} from '../../../shared/schemas/recurso';
import { rotaRecurso } from '../../../shared/rotas-web';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { doAtor } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { desfazerSancoes } from './efeitos';
import { somarDias } from './prazos';
import { exigirDecisor, hoje, mesmaJanela, rotuloResultado, temProximaInstancia, type DepsRecurso } from './recurso-base';
import type { RecursoEmLote } from './recurso.repository';

/** Appeals per transaction: a chunk's locks are short and a failure loses only its chunk. */
const BLOCO = 2_000;

/**
 * A wave's batch decision (decision 0100): the national management decides many appeals of one act with one result
 * and one justification. Each appeal passes the rules of a single decision (its instance, pending, the result its
 * instance allows, not under another analyst's lock) and gets its own decision row, history line, notification
 * and audit record; the writes of a chunk are set-based so 50,000 take seconds. Each appeal's result is answered.
 */
export class DecisaoEmLoteRecursoService {
  constructor(private readonly deps: DepsRecurso, private readonly opts: { tempoBloqueioMinutos: number }) {}

  async decidir(ator: AuthContext, corpo: DecisaoEmLoteCorpo): Promise<ResultadoDecisaoEmLote> {
    const ids = [...new Set(corpo.ids)].sort((a, b) => a - b);
    const recusas = new Map<number, string>();
    for (let i = 0; i < ids.length; i += BLOCO) {
      const bloco = ids.slice(i, i + BLOCO);
      await this.deps.db.transaction(async (tx) => {
        const linhas = await this.deps.repo.lockVarios(bloco, tx);
        const achados = new Set(linhas.map((r) => r.id));
        for (const id of bloco) if (!achados.has(id)) recusas.set(id, MENSAGENS_RECURSO.naoEncontrado);
        const aceitos: RecursoEmLote[] = [];
        for (const r of linhas) {
          const motivo = this.recusa(ator, r, corpo);
          if (motivo) recusas.set(r.id, motivo);
          else aceitos.push(r);
        }
        await this.aplicar(ator, aceitos, corpo, tx);
      });
    }
    const resultados = ids.map((id) => ({ id, decidido: !recusas.has(id), mensagem: recusas.get(id) ?? null }));
    return { total: ids.length, decididos: ids.length - recusas.size, recusados: recusas.size, resultados };
  }

  /** Why this appeal may not be decided so, or null: the rules of `DecisaoRecursoService.decidir`. */
  private recusa(ator: AuthContext, r: RecursoEmLote, corpo: DecisaoEmLoteCorpo): string | null {
    try {
      exigirDecisor(ator, r);
    } catch (e) {
      if (e instanceof AppError) return e.codigo === 403 ? MENSAGENS_RECURSO.foraDoEscopoLote : e.message;
      throw e;
    }
    if (r.atoNormativoId !== corpo.ato) return MENSAGENS_RECURSO.outroAto;
    if (r.tempestivo === null || r.resultado !== null || r.prazoInstancia === null) return MENSAGENS_RECURSO.naoPendente;
    const travado = r.analistaId !== null && r.analistaId !== ator.idUsuarioMapa && r.bloqueadoEm !== null
      && this.deps.now().getTime() - r.bloqueadoEm.getTime() <= this.opts.tempoBloqueioMinutos * 60_000;
    if (travado) return MENSAGENS_RECURSO.emAnaliseIndividual;
    if (r.instancia === 1 && corpo.resultado === ResultadoRecurso.NAO_PROVIDO) return MENSAGENS_RECURSO.resultadoInvalidoReconsideracao;
    return null;
  }

  private async aplicar(ator: AuthContext, rs: RecursoEmLote[], corpo: DecisaoEmLoteCorpo, tx: Executor): Promise<void> {
    if (rs.length === 0) return;
    const dia = hoje(this.deps);
    const rotulo = rotuloResultado(corpo.resultado);
    const naoProvido = corpo.resultado === ResultadoRecurso.NAO_PROVIDO;
    const provido = corpo.resultado === ResultadoRecurso.PROVIDO;
    const quem = { cpf: ator.cpf, perfil: ator.perfil };
    await this.deps.repo.inserirDecisoes(rs.map((r) => ({ recursoId: r.id, instancia: r.instancia, orgao: r.orgao })), corpo.resultado, corpo.justificativa, quem, tx);
    await this.deps.repo.decidirVarios(rs.map((r) => ({
      id: r.id, ultimoDiaProximaInstancia: naoProvido && temProximaInstancia(r) ? somarDias(dia, mesmaJanela(r)) : null,
    })), corpo.resultado, tx);
    await this.deps.solicitacoes.mudarSituacoes(rs.map((r) => ({
      solicitacaoId: r.solicitacaoId, de: r.situacaoSolicitacao, para: provido ? SituacaoSolicitacao.DEFERIDA : SituacaoSolicitacao.FINALIZADA,
      ator: quem, motivo: `${MENSAGENS_RECURSO.historicoDecisao(r.instancia, rotulo)}: ${corpo.justificativa}`,
    })), tx);
    await this.deps.notificacoes.criarVarias(rs.map((r) => ({
      pescadorId: r.pescadorId, tipo: TipoNotificacao.RECURSO, urlRedirecionamento: rotaRecurso(r.id),
      conteudo: MENSAGENS_RECURSO.notificacaoDecidido(r.numeroProtocolo ?? String(r.id), rotulo),
    })), tx);
    await this.deps.auditoria.registrarVarios(rs.map((r) => ({
      acao: 'RECURSO_DECIDIDO', ...doAtor(ator), recurso: 'recurso', recursoId: r.id, pescadorId: r.pescadorId,
      detalhes: { resultado: corpo.resultado, instancia: r.instancia, emLote: true, ato: corpo.ato },
    })), tx);
    if (provido) await desfazerSancoes(this.deps, rs, ator, tx);
  }
}
