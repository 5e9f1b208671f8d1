import { CodigoErro } from '../../../shared/codigos-erro';
import { hojeSaoPaulo } from '../../../shared/datas';
import { Perfil, SituacaoAnalise, SituacaoSolicitacao, tipoSolicitacaoLabel, type TipoSolicitacao } from '../../../shared/enums';
import { MENSAGENS_AVISO_GESTOR } from '../../../shared/mensagens/aviso-gestor';
import { PERMISSOES, numeroPerfil } from '../../../shared/permissoes';
import { podeAgirNaInstancia } from '../../../shared/regras/instancia';
import {
  DIAS_VENCE_EM_BREVE, MENSAGENS_PRAZO_ANALISE, PRAZO_ANALISE_PADRAO_DIAS, type ListaAtrasadas, type ListaPrazos, type PainelAnalises,
  type PrazoDaAnalise, type PrazoTipoCorpo,
} from '../../../shared/schemas/prazo-analise';
import type { TempoDecisaoPublico } from '../../../shared/schemas/estatistica';
import { MOTIVOS_HISTORICO } from '../../../shared/schemas/solicitacao-api';
import type { EnviadorEmail } from '../../adapters/email/email';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { MENSAGEM_FORA_DO_ESCOPO, ufsDoEscopo } from '../escopo';
import type { AndamentoService } from '../solicitacao/solicitacao.service';
import type { AnaliseRepository } from './analise.repository';
import type { PrazoLinha, PrazoRepository } from './prazo.repository';

const DIA_MS = 86_400_000;
const LOTE_ESCALADA = 500;
const FAIXAS_IDADE = [
  { ate: 7, rotulo: '0 a 7 dias' }, { ate: 15, rotulo: '8 a 15 dias' }, { ate: 30, rotulo: '16 a 30 dias' },
  { ate: 60, rotulo: '31 a 60 dias' }, { ate: Infinity, rotulo: 'Mais de 60 dias' },
] as const;
/** The profiles that analyse, as the permission table says. */
const PERFIS_ANALISTAS = PERMISSOES['analise.analisar'].map((n) => numeroPerfil(n));

const tipoDescricao = (tipo: number) => tipoSolicitacaoLabel[tipo as TipoSolicitacao] ?? `Tipo ${tipo}`;
const umaCasa = (n: number) => Math.round(n * 10) / 10;

/** How the queue shows a clock: days left (negative when late), rounded up to whole days. */
export function prazoDaAnalise(p: PrazoLinha, agora: Date): PrazoDaAnalise | null {
  if (p.decididaEm) return null;
  const escalada = p.escaladaEm !== null;
  if (p.venceEm === null) {
    const restante = (p.restanteSegundos ?? 0) * 1000;
    return { situacao: 'PAUSADA', venceEm: null, diasRestantes: diasDe(restante), escalada };
  }
  const ms = p.venceEm.getTime() - agora.getTime();
  const dias = diasDe(ms);
  const situacao = ms < 0 ? 'ATRASADA' : dias <= DIAS_VENCE_EM_BREVE ? 'VENCE_EM_BREVE' : 'NO_PRAZO';
  return { situacao, venceEm: p.venceEm.toISOString(), diasRestantes: dias, escalada };
}

function diasDe(ms: number): number {
  return ms >= 0 ? Math.ceil(ms / DIA_MS) : -Math.ceil(-ms / DIA_MS);
}

/** Nearest rank of a histogram sorted by value. */
function percentil(h: { dias: number; total: number }[], n: number, q: number): number {
  const alvo = Math.max(1, Math.ceil(q * n));
  let acumulado = 0;
  for (const b of h) {
    acumulado += b.total;
    if (acumulado >= alvo) return b.dias;
  }
  return h.at(-1)?.dias ?? 0;
}

/**
 * How the GESTOR is told of an escalation (decision 0154): a job per GESTOR enqueued in the escalation's transaction
 * (so once per escalation, and kept across a crash), which sends the e-mail.
 */
export interface AvisoAoGestor {
  email: EnviadorEmail;
  urlPublica: string;
  enfileirar(tx: Executor, idUsuarioMapa: number, solicitacoes: number[]): Promise<void>;
}

/** The manager's page, where the e-mail sends the GESTOR. */
const ROTA_PAINEL_ANALISES = '/analise/painel';

/** The analysis clocks, their escalation to the GESTOR and the manager's page (decisions 0152, 0153). */
export class PrazoAnaliseService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly analises: AnaliseRepository,
    private readonly repo: PrazoRepository,
    private readonly auditoria: AuditoriaService,
    private readonly solicitacoes: AndamentoService,
    private readonly aviso: AvisoAoGestor,
    opts: { now?: () => Date } = {},
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  async prazosDaLista(solicitacaoIds: number[]): Promise<Map<number, PrazoDaAnalise | null>> {
    const linhas = await this.repo.daSolicitacao(solicitacaoIds);
    const agora = this.now();
    return new Map([...linhas].map(([id, p]) => [id, prazoDaAnalise(p, agora)]));
  }

  async prazos(): Promise<ListaPrazos> {
    const linhas = await this.repo.prazos();
    return {
      padraoDias: PRAZO_ANALISE_PADRAO_DIAS,
      prazos: linhas.map((l) => ({
        tipoSolicitacao: l.tipo, tipoDescricao: tipoDescricao(l.tipo), dias: l.dias, atoNormativo: { id: l.atoId, nome: l.atoNome },
      })),
    };
  }

  async definirPrazo(ator: AuthContext, corpo: PrazoTipoCorpo): Promise<ListaPrazos> {
    if (!(corpo.tipoSolicitacao in tipoSolicitacaoLabel)) {
      throw AppError.badRequest('Tipo de solicitação inválido', ['tipoSolicitacao: Tipo de solicitação inválido']);
    }
    if (!(await this.repo.atoExiste(corpo.idAtoNormativo))) throw AppError.notFound(MENSAGENS_PRAZO_ANALISE.atoNaoEncontrado);
    await this.db.transaction(async (tx) => {
      await this.repo.definirPrazo(corpo.tipoSolicitacao, corpo.dias, corpo.idAtoNormativo, tx);
      await this.auditoria.registrar({
        acao: 'PRAZO_ANALISE_DEFINIDO', ...doAtor(ator), recurso: 'prazo-analise', recursoId: corpo.tipoSolicitacao,
        detalhes: { dias: corpo.dias, atoNormativo: corpo.idAtoNormativo },
      }, tx);
    });
    return this.prazos();
  }

  /** Decreto 10.178/2019 art. 15 §2: a late analysis goes to the GESTOR; its history says so. Resumable by batches. */
  async escalarAtrasadas(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.transaction(async (tx) => {
        const ids = await this.repo.escalarVencidas(this.now(), LOTE_ESCALADA, tx);
        if (ids.length === 0) return 0;
        await this.solicitacoes.anotarHistorico(ids, MOTIVOS_HISTORICO.analiseEscalada, null, tx);
        await this.auditoria.registrar({
          acao: 'ANALISES_ESCALADAS', cpfAtor: null, perfilAtor: null, recurso: 'analise-solicitacao', detalhes: { solicitacoes: ids },
        }, tx);
        for (const g of await this.repo.gestoresAvisados(ids, Perfil.GESTOR, tx)) await this.aviso.enfileirar(tx, g.usuarioMapaId, g.solicitacoes);
        return ids.length;
      });
      total += n;
      if (n < LOTE_ESCALADA) return total;
    }
  }

  /**
   * The e-mail to one GESTOR of the analyses escalated to them that are still late and undecided (decision 0154):
   * protocol, type, state and the day it fell due, nothing of the fisher. Nothing when none is left or the GESTOR is
   * no longer one with an e-mail. A failed send throws, and the job retries it.
   */
  async avisarGestor(idUsuarioMapa: number, solicitacaoIds: number[]): Promise<number> {
    const email = await this.repo.emailDoGestor(idUsuarioMapa, Perfil.GESTOR);
    if (!email) return 0;
    const linhas = await this.repo.escaladasAbertas(solicitacaoIds);
    if (linhas.length === 0) return 0;
    const analises = linhas.map((l) => ({
      numeroProtocolo: l.numeroProtocolo, idSolicitacao: l.solicitacaoId, tipoDescricao: tipoDescricao(l.tipo), uf: l.uf,
      venceuEm: hojeSaoPaulo(l.venceEm),
    }));
    await this.aviso.email.enviar({
      para: email,
      assunto: MENSAGENS_AVISO_GESTOR.assunto(analises.length),
      texto: MENSAGENS_AVISO_GESTOR.texto(analises, `${this.aviso.urlPublica}${ROTA_PAINEL_ANALISES}`),
    });
    return analises.length;
  }

  async atrasadas(ator: AuthContext): Promise<ListaAtrasadas> {
    const agora = this.now();
    const linhas = await this.repo.atrasadas(ufsDoEscopo(ator), 500);
    return {
      analises: linhas.map((l) => ({
        idAnaliseSolicitacao: l.analiseId,
        idSolicitacao: l.solicitacaoId,
        tipoDescricao: tipoDescricao(l.tipo),
        uf: l.uf,
        numeroProtocolo: l.numeroProtocolo,
        instancia: l.instancia,
        venceuEm: l.venceEm.toISOString(),
        diasAtraso: Math.max(0, -diasDe(l.venceEm.getTime() - agora.getTime())),
        escaladaEm: l.escaladaEm.toISOString(),
        analista: l.analista,
        designado: l.designado,
      })),
    };
  }

  async designaveis(ator: AuthContext, analiseId: number) {
    const a = await this.analises.findById(analiseId);
    if (!a) throw AppError.notFound(MENSAGENS_PRAZO_ANALISE.analiseNaoEncontrada);
    this.exigirEscopo(ator, a.ufPescador);
    const servidores = a.ufPescador === null && a.instancia !== 'MPA' ? [] : await this.repo.servidores(PERFIS_ANALISTAS, a.ufPescador, null);
    return {
      servidores: servidores.filter((s) => podeAgirNaInstancia(s.perfil, a.instancia)).map((s) => ({ id: s.id, nome: s.nome, orgao: s.orgao })),
    };
  }

  /** The GESTOR assigns the late analysis to a servant (themself to decide it): it is locked to them from now. */
  async reatribuir(ator: AuthContext, analiseId: number, alvo: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const a = await this.analises.lockById(analiseId, tx);
      if (!a) throw AppError.notFound(MENSAGENS_PRAZO_ANALISE.analiseNaoEncontrada);
      this.exigirEscopo(ator, a.ufPescador);
      const aberta = a.situacaoAnalise === SituacaoAnalise.AGUARDANDO_ANALISE || a.situacaoAnalise === SituacaoAnalise.EM_ANALISE;
      const prazo = (await this.repo.daSolicitacao([a.solicitacaoId], tx)).get(a.solicitacaoId);
      if (!aberta || !prazo?.escaladaEm || prazo.decididaEm || !prazo.venceEm) {
        throw AppError.recusa(CodigoErro.ANALISE_INDISPONIVEL, MENSAGENS_PRAZO_ANALISE.naoAtrasada);
      }
      // An analysis of no known state is the ministry's: never an SFPA of some state, who could not read the fisher.
      if (a.ufPescador === null && a.instancia !== 'MPA') throw AppError.badRequest(MENSAGENS_PRAZO_ANALISE.servidorInvalido);
      const [servidor] = await this.repo.servidores(PERFIS_ANALISTAS, a.ufPescador, [alvo], tx);
      if (!servidor || !podeAgirNaInstancia(servidor.perfil, a.instancia)) throw AppError.badRequest(MENSAGENS_PRAZO_ANALISE.servidorInvalido);
      await this.analises.bloquear(a.id, servidor.id, this.now(), tx);
      await this.repo.designar(a.solicitacaoId, servidor.id, tx);
      const motivo = MOTIVOS_HISTORICO.analiseReatribuida(servidor.nome);
      if (a.situacaoSolicitacao === SituacaoSolicitacao.EM_ANALISE) {
        await this.solicitacoes.anotarHistorico([a.solicitacaoId], motivo, ator, tx);
      } else {
        await this.solicitacoes.mudarSituacao({ solicitacaoId: a.solicitacaoId, de: a.situacaoSolicitacao, para: SituacaoSolicitacao.EM_ANALISE, ator, motivo }, tx);
      }
      await this.auditoria.registrar({
        acao: 'ANALISE_REATRIBUIDA', ...doAtor(ator), recurso: 'analise-solicitacao', recursoId: a.id,
        detalhes: { solicitacao: a.solicitacaoId, designado: servidor.id, anterior: a.usuarioMapaId },
      }, tx);
    });
  }

  async painel(ator: AuthContext, semanas: number): Promise<PainelAnalises> {
    const ufs = ufsDoEscopo(ator);
    const hoje = hojeSaoPaulo(this.now());
    const desde = segundaDe(hoje, semanas - 1);
    const [linhasSemana, idades, histograma, analistas, atrasadas] = await Promise.all([
      this.repo.semanas(desde, ufs), this.repo.abertasPorIdade(hoje, ufs), this.repo.histogramaDecisao(), this.repo.analistas(desde),
      this.repo.contarAtrasadas(ufs),
    ]);
    const backlog = FAIXAS_IDADE.map((f) => ({ faixa: f.rotulo, total: 0 }));
    for (const i of idades) backlog[FAIXAS_IDADE.findIndex((f) => i.dias <= f.ate)]!.total += i.total;
    const tempo = this.tempos(histograma);
    return {
      semanas: linhasSemana,
      backlogPorIdade: backlog,
      tempoDecisao: tempo.porTipo,
      analistas,
      mediaPublicadaDias: tempo.media,
      atrasadas,
    };
  }

  async tempoDecisaoPublico(): Promise<TempoDecisaoPublico> {
    const tempo = this.tempos(await this.repo.histogramaDecisao());
    return {
      mediaDias: tempo.media,
      decididas: tempo.decididas,
      porTipo: tempo.porTipo.map((t) => ({ tipoDescricao: t.tipoDescricao, mediaDias: t.mediaDias, decididas: t.decididas })),
    };
  }

  private tempos(histograma: { tipo: number; dias: number; total: number }[]) {
    const porTipo = new Map<number, { dias: number; total: number }[]>();
    for (const h of histograma) porTipo.set(h.tipo, [...(porTipo.get(h.tipo) ?? []), h]);
    let soma = 0;
    let decididas = 0;
    const linhas = [...porTipo].map(([tipo, h]) => {
      const n = h.reduce((s, b) => s + b.total, 0);
      const somaTipo = h.reduce((s, b) => s + b.dias * b.total, 0);
      soma += somaTipo;
      decididas += n;
      return {
        tipoSolicitacao: tipo, tipoDescricao: tipoDescricao(tipo), decididas: n,
        medianaDias: percentil(h, n, 0.5), p90Dias: percentil(h, n, 0.9), mediaDias: umaCasa(somaTipo / n),
      };
    });
    return { porTipo: linhas, media: decididas ? umaCasa(soma / decididas) : null, decididas };
  }

  private exigirEscopo(ator: AuthContext, uf: string | null): void {
    const ufs = ufsDoEscopo(ator);
    if (ufs !== null && (uf === null || !ufs.includes(uf))) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
  }
}

/** The Monday `semanasAntes` weeks before the week of `hoje` ('YYYY-MM-DD'). */
function segundaDe(hoje: string, semanasAntes: number): string {
  const d = new Date(`${hoje}T12:00:00Z`);
  const desdeSegunda = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - desdeSegunda - 7 * semanasAntes);
  return d.toISOString().slice(0, 10);
}
