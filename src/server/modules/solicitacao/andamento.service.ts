import { CodigoErro } from '../../../shared/codigos-erro';
import { partesSaoPaulo } from '../../../shared/datas';
import { SituacaoSolicitacao as S, TipoSolicitacao } from '../../../shared/enums';
import { MOTIVOS_HISTORICO } from '../../../shared/schemas/solicitacao-api';
import { MOTIVOS_REAP } from '../../../shared/regras/reap';
import { naTransacao, type Executor } from '../../db/client';
import { travarSolicitacaoComPescador } from '../../db/travas';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';
import { criarRascunho } from './abertura';
import { enviar, enviarRascunho } from './envio';
import { mudarSituacao, mudarSituacoes, type MudancaDeSituacao } from './situacoes';
import type { SolicitacaoRow } from './solicitacao.repository';
import { decisoesDe, definicaoDe } from './tipos';
import { BaseSolicitacao } from './base';

export interface Decisao {
  situacaoSolicitacao: number;
  numeroRgp: string | null;
}

/** What other modules do to a request; what a decision does is the request type's (tipos/). */
export class AndamentoService extends BaseSolicitacao {

  async mudarSituacao(m: MudancaDeSituacao, ex: Executor = this.db): Promise<void> {
    await naTransacao(this.db, ex, (tx) => mudarSituacao(this.repo, m, tx));
  }

  /** A batch decision's many requests in a few statements. */
  async mudarSituacoes(ms: MudancaDeSituacao[], ex: Executor): Promise<void> {
    await mudarSituacoes(this.repo, ms, ex);
  }

  async deferir(ator: AuthContext, solicitacaoId: number, ex: Executor = this.db): Promise<Decisao> {
    return naTransacao(this.db, ex, async (tx) => {
      const ctx = await this.decisao(ator, solicitacaoId, tx);
      await mudarSituacao(this.repo, {
        solicitacaoId, de: ctx.solicitacao.situacao, para: S.DEFERIDA, ator, motivo: MOTIVOS_HISTORICO.analiseDeferida,
      }, tx);
      const emitido = await decisoesDe(ctx.solicitacao.tipo).aoDeferir(ctx);
      return { situacaoSolicitacao: S.DEFERIDA, numeroRgp: emitido ?? ctx.pescador.numeroRgp };
    });
  }

  async indeferir(ator: AuthContext, solicitacaoId: number, ex: Executor = this.db): Promise<Decisao> {
    return naTransacao(this.db, ex, async (tx) => {
      const ctx = await this.decisao(ator, solicitacaoId, tx);
      return { situacaoSolicitacao: await decisoesDe(ctx.solicitacao.tipo).aoIndeferir(ctx), numeroRgp: null };
    });
  }

  /** A line in the requests' history that changes no status. */
  async anotarHistorico(ids: number[], motivo: string, ator: { cpf: string; perfil: number } | null, ex: Executor = this.db): Promise<void> {
    await this.repo.anotarHistorico(ids, motivo, ator, ex);
  }

  /** FINALIZADA is labelled Indeferida. */
  async finalizarVencidas(prazoDias: number): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.transaction(async (tx) => {
        const vencidas = await this.repo.vencidasEmAtualizacao(prazoDias, 500, tx);
        for (const v of vencidas) {
          await mudarSituacao(this.repo, {
            solicitacaoId: v.id, de: v.situacao, para: S.FINALIZADA, ator: null, motivo: MOTIVOS_HISTORICO.prazoAtualizacaoEncerrado(prazoDias),
          }, tx);
        }
        return vencidas.length;
      });
      total += n;
      if (n < 500) return total;
    }
  }

  /** The reap module decides which years are owed and links the request to its questionnaire. */
  async abrirReap(ator: AuthContext, pescadorId: number, ex: Executor = this.db): Promise<SolicitacaoRow> {
    return naTransacao(this.db, ex, async (tx) => {
      const s = await this.repo.insertSolicitacao({ pescadorId, tipo: TipoSolicitacao.REAP, situacao: S.REAP_PENDENTE }, tx);
      await this.repo.insertHistorico({
        solicitacaoId: s.id, situacaoAnterior: null, situacaoNova: S.REAP_PENDENTE, cpfAtor: ator.cpf, perfilAtor: ator.perfil, motivo: MOTIVOS_REAP.gerada,
      }, tx);
      return s;
    });
  }

  /** The reap module has checked its rules. */
  async enviarReap(ator: AuthContext, solicitacaoId: number, ex: Executor = this.db): Promise<SolicitacaoRow> {
    return naTransacao(this.db, ex, async (tx) => {
      const travados = await travarSolicitacaoComPescador(solicitacaoId, tx);
      const atual = travados?.solicitacao;
      if (!atual || atual.tipo !== TipoSolicitacao.REAP || atual.situacao !== S.REAP_PENDENTE) throw AppError.recusa(CodigoErro.REAP_JA_ENVIADA, MOTIVOS_REAP.naoPendente);
      const ctx = { pescador: travados!.pescador, ator, recursos: this.recursos, tx, hoje: partesSaoPaulo(this.now()).data };
      const { enviada } = await enviar({ ...ctx, solicitacao: atual }, definicaoDe(TipoSolicitacao.REAP), {
        situacao: atual.situacao, motivo: MOTIVOS_REAP.enviada,
      });
      return enviada;
    });
  }

  /** A type whose rules another module keeps (the appeal, type 11, decision 0088). */
  async abrirRascunhoDe(ator: AuthContext, tipo: TipoSolicitacao, pescadorId: number, dados: Record<string, unknown>, motivo: string, ex: Executor): Promise<SolicitacaoRow> {
    return naTransacao(this.db, ex, async (tx) => criarRascunho(await this.abertura(ator, pescadorId, tx), definicaoDe(tipo), { passo: 0, dados, motivo }));
  }

  async enviarRascunhoDe(ator: AuthContext, solicitacaoId: number, pescadorId: number, ex: Executor): Promise<SolicitacaoRow> {
    return naTransacao(this.db, ex, async (tx) => {
      const ctx = await this.abertura(ator, pescadorId, tx);
      const atual = await this.repo.lockSolicitacao(solicitacaoId, tx);
      return (await enviarRascunho(ctx, definicaoDe(atual.tipo), solicitacaoId)).enviada;
    });
  }

  /** Both locked, the fisher first (db/travas.ts). */
  private async decisao(ator: AuthContext, solicitacaoId: number, tx: Executor) {
    const { solicitacao, pescador } = (await travarSolicitacaoComPescador(solicitacaoId, tx))!;
    return { solicitacao, pescador, ator, hoje: partesSaoPaulo(this.now()).data, recursos: this.recursos, tx };
  }
}
