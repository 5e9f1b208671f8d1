import { CodigoErro } from '../../../shared/codigos-erro';
import { hojeSaoPaulo } from '../../../shared/datas';
import { Categoria } from '../../../shared/enums';
import { anosDevidos, MENSAGENS_REAP, mesesDevidos } from '../../../shared/regras/reap';
import {
  MotivoSemReap, type FiltroObrigacoesPescador, type ListaObrigacoes, type Obrigacao, type ReapPendente, type SituacaoReapPescador,
} from '../../../shared/schemas/reap';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { exigirPescadorProprio, MENSAGEM_FORA_DO_ESCOPO } from '../escopo';
import type { AndamentoService } from '../solicitacao/solicitacao.service';
import { auditarVisualizacao, pescadorLegivel, questionarioLegivel } from './reap-acesso';
import { paraObrigacao } from './reap-detalhe';
import type { PescadorReap, ReapRepository } from './reap.repository';

/** One fisher's REAP obligations (spec point 4). Every staff view is audited. */
export class ReapPendenciasService {
  constructor(
    private readonly db: Database,
    private readonly repo: ReapRepository,
    private readonly auditoria: AuditoriaService,
    private readonly solicitacoes: AndamentoService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async pendentes(ator: AuthContext, pescadorId: number): Promise<ReapPendente[]> {
    const p = await pescadorLegivel(this.repo, ator, pescadorId);
    await auditarVisualizacao(this.auditoria, ator, 'reap/pendentes', pescadorId, pescadorId);
    return this.calcularPendentes(p, await this.repo.anosDoPescador(pescadorId));
  }

  /** When none, why (decision 0054); nothing is owed before the registry's first year closes (decision 0026). */
  async situacaoDoPescador(ator: AuthContext, pescadorId: number): Promise<SituacaoReapPescador> {
    const p = await pescadorLegivel(this.repo, ator, pescadorId);
    await auditarVisualizacao(this.auditoria, ator, 'reap/situacao', pescadorId, pescadorId);
    const anoInicioRegistro = p.inicio === null ? null : Number(p.inicio.slice(0, 4));
    const enviados = new Set((await this.repo.anosDoPescador(pescadorId)).filter((e) => e.enviada).map((e) => e.anoReferencia));
    const anos = anosDevidos(p.inicio, hojeSaoPaulo(this.now()));
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
    for (const ano of anosDevidos(p.inicio, hojeSaoPaulo(this.now()))) {
      const enviada = porAno.get(ano);
      if (enviada === undefined) itens.push({ ano, status: 'toCreate', months: mesesDevidos(ano, p.inicio!) });
      else if (!enviada) itens.push({ ano, status: 'pending', months: [] });
    }
    return itens;
  }

  /** With the fisher's row locked and one obligation per fisher and year, generating twice creates nothing twice. */
  async gerar(ator: AuthContext, pescadorId: number): Promise<number[]> {
    exigirPescadorProprio(ator, pescadorId);
    return this.db.transaction(async (tx) => {
      const p = await this.repo.lockPescador(pescadorId, tx);
      if (!p) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
      const aCriar = this.calcularPendentes(p, await this.repo.anosDoPescador(pescadorId, tx)).filter((i) => i.status === 'toCreate');
      if (aCriar.length === 0) throw AppError.recusa(CodigoErro.REAP_SEM_PENDENCIAS, MENSAGENS_REAP.semPendencias);
      const criadas: number[] = [];
      for (const item of aCriar) {
        const s = await this.solicitacoes.abrirReap(ator, pescadorId, tx);
        const id = await this.repo.inserir({
          solicitacaoId: s.id, pescadorId, anoReferencia: item.ano, categoria: p.categoria ?? Categoria.ARTESANAL,
        }, tx);
        if (id === undefined) throw AppError.recusa(CodigoErro.REAP_SEM_PENDENCIAS, MENSAGENS_REAP.semPendencias);
        criadas.push(id);
      }
      return criadas;
    });
  }

  async obrigacoesDoPescador(ator: AuthContext, f: FiltroObrigacoesPescador): Promise<ListaObrigacoes> {
    await pescadorLegivel(this.repo, ator, f.idPescador);
    await auditarVisualizacao(this.auditoria, ator, 'reap/obrigacoes', f.idPescador, f.idPescador);
    const { total, linhas } = await this.repo.listarDoPescador(f.idPescador, f);
    const hoje = hojeSaoPaulo(this.now());
    return { total, pagina: f.pagina, tamanhoPagina: f.tamanhoPagina, obrigacoes: linhas.map((l) => paraObrigacao(l, hoje)) };
  }

  async reapsDoPescador(ator: AuthContext, pescadorId: number): Promise<Obrigacao[]> {
    await pescadorLegivel(this.repo, ator, pescadorId);
    await auditarVisualizacao(this.auditoria, ator, 'reap/pescador', pescadorId, pescadorId);
    const { linhas } = await this.repo.listarDoPescador(pescadorId, { pagina: 1, tamanhoPagina: 200 });
    const hoje = hojeSaoPaulo(this.now());
    return linhas.map((l) => paraObrigacao(l, hoje));
  }

  /** GET /api/reap/obter-obrigacao/{id}. */
  async obrigacao(ator: AuthContext, id: number): Promise<Obrigacao> {
    const q = await questionarioLegivel(this.repo, ator, id);
    await auditarVisualizacao(this.auditoria, ator, 'reap/obrigacao', id, q.pescadorId);
    return paraObrigacao(q, hojeSaoPaulo(this.now()));
  }
}
