import { categoriaLabel, SituacaoSolicitacao, type Categoria } from '../../../shared/enums';
import { RETENCAO_CHAVE_IDEMPOTENCIA_HORAS } from '../../../shared/idempotencia';
import {
  documentoExportadoSchema, type AcessosAosMeusDados, type DelegacaoExportada, type ExportacaoDados, type ReapExportada,
} from '../../../shared/schemas/auditoria';
import {
  OrigemDelegacao, servicoDelegadoLabel, situacaoDelegacaoLabel, tipoEntidadeLabel,
  type Delegacao, type ServicoDelegado, type SituacaoDelegacao, type TipoEntidade,
} from '../../../shared/schemas/entidade';
import { TAMANHO_PAGINA_MAXIMO } from '../../../shared/schemas/solicitacao-api';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { DocumentoService } from '../documento/documento.service';
import { pescadorDoAtor } from '../escopo';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import type { PescadorService } from '../pescador/pescador.service';
import type { ReapService } from '../reap/reap.service';
import type { SolicitacaoService } from '../solicitacao/solicitacao.service';
import { pdfMeusDados } from './meus-dados-pdf';
import { comRotulos } from './rotulos';

/** The delegations module's reading of the fisher's own delegations, and the outbox's of their channels. */
export interface DelegacoesDoTitular { minhas(ator: AuthContext): Promise<Delegacao[]> }
export interface CanaisDoTitular { preferencias(ator: AuthContext): Promise<{ email: boolean; sms: boolean; govbr: boolean }> }

export interface ChavesGuardadas {
  doTitular(cpf: string): Promise<{ chave: string; rota: string; status: number | null; criadaEm: Date; resposta: string | null }[]>;
}

const SOBRE = 'Dados pessoais que o Registro Geral da Atividade Pesqueira (RGP) mantém sobre você (LGPD, art. 18): '
  + 'seu cadastro, suas solicitações com os documentos enviados (sem os arquivos), suas REAPs, os documentos migrados '
  + 'do sistema anterior, suas notificações, quem, entre os servidores, acessou seus dados ou os usou como filtro de '
  + 'relatório (órgão, perfil e data), as delegações que você deu a entidades representativas (colônias, associações), '
  + 'os canais pelos quais recebe avisos, e os envios do aplicativo que o servidor guarda por 24 horas para que uma '
  + 'repetição não registre duas vezes (com a resposta dada). Ao lado de cada código vai a sua descrição, no campo terminado em "Descricao".';

const ORIGEM_DELEGACAO: Record<number, string> = {
  [OrigemDelegacao.GOVBR]: 'Concedida por você na sua conta gov.br',
  [OrigemDelegacao.TERMO]: 'Termo de consentimento assinado e entregue pela entidade',
};

function delegacaoExportada(d: Delegacao): DelegacaoExportada {
  return {
    entidade: d.entidade.nome,
    tipoEntidadeDescricao: tipoEntidadeLabel[d.entidade.tipo as TipoEntidade] ?? 'Código não reconhecido',
    servicos: d.servicos,
    servicosDescricao: d.servicos.map((c) => servicoDelegadoLabel[c as ServicoDelegado] ?? 'Código não reconhecido'),
    inicio: d.inicio, fim: d.fim,
    situacao: d.situacao,
    situacaoDescricao: situacaoDelegacaoLabel[d.situacao as SituacaoDelegacao] ?? 'Código não reconhecido',
    origemDescricao: ORIGEM_DELEGACAO[d.origem] ?? 'Código não reconhecido',
    revogadaEm: d.revogadaEm, justificativaRecusa: d.justificativaRecusa,
  };
}

const SITUACAO_REAP: Record<number, string> = {
  [SituacaoSolicitacao.REAP_PENDENTE]: 'Pendente',
  [SituacaoSolicitacao.REAP_ENVIADA]: 'Enviada',
};

/**
 * The fisher's LGPD rights (decisions 0032, 0044), for the signed-in fisher only: the routes take no id, and every
 * part is read through its module's service with the fisher as the actor, so each module's scope keeps others out.
 */
export class LgpdService {
  constructor(
    private readonly auditoria: AuditoriaService,
    private readonly pescadores: PescadorService,
    private readonly solicitacoes: SolicitacaoService,
    private readonly documentos: DocumentoService,
    private readonly notificacoes: NotificacaoService,
    private readonly reaps: ReapService,
    private readonly chavesIdempotencia: ChavesGuardadas,
    private readonly delegacoes: DelegacoesDoTitular,
    private readonly envios: CanaisDoTitular,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** GET /api/lgpd/acessos. */
  acessos(ator: AuthContext, apos?: string): Promise<AcessosAosMeusDados> {
    return this.auditoria.acessosDoPescador(ator, apos);
  }

  async exportar(ator: AuthContext, formato: 'json' | 'pdf' = 'json'): Promise<ExportacaoDados> {
    const id = this.dono(ator);
    const pescador = await this.pescadores.obter(ator, id);
    const solicitacoes: ExportacaoDados['solicitacoes'] = [];
    for (let pagina = 1; ; pagina++) {
      const lista = await this.solicitacoes.listarDoPescador(ator, id, { pagina, tamanhoPagina: TAMANHO_PAGINA_MAXIMO });
      for (const s of lista.solicitacoes) {
        const detalhe = await this.solicitacoes.detalhe(ator, s.id);
        const documentos = (await this.documentos.listarPorSolicitacao(ator, s.id)).map((d) => documentoExportadoSchema.parse(d));
        solicitacoes.push({ ...detalhe, documentos });
      }
      if (lista.solicitacoes.length < TAMANHO_PAGINA_MAXIMO || pagina * TAMANHO_PAGINA_MAXIMO >= lista.total) break;
    }
    const reaps: ReapExportada[] = [];
    for (const o of await this.reaps.reapsDoPescador(ator, id)) {
      const q = await this.reaps.questionario(ator, o.id);
      reaps.push({
        ...q,
        categoriaDescricao: categoriaLabel[q.categoria as Categoria] ?? 'Código não reconhecido',
        situacaoDescricao: SITUACAO_REAP[q.situacao] ?? 'Código não reconhecido',
        documentosJustificativa: q.documentosJustificativa.map((d) => documentoExportadoSchema.parse(d)),
        documentoRelacaoTrabalho: q.documentoRelacaoTrabalho.map((d) => documentoExportadoSchema.parse(d)),
      });
    }
    const documentosMigrados = (await this.documentos.migradosDoPescador(id)).map((d) => documentoExportadoSchema.parse(d));
    const notificacoes = await this.notificacoes.todasDoPescador(ator);
    const acessos = await this.auditoria.todosAcessosDoPescador(ator, {
      cpf: pescador.cpf, numeroRgp: pescador.rgp.numeroRGP, nome: pescador.nome.toLocaleUpperCase('pt-BR'),
    });
    const retencaoMs = RETENCAO_CHAVE_IDEMPOTENCIA_HORAS * 3_600_000;
    const chavesIdempotencia = (await this.chavesIdempotencia.doTitular(ator.cpf)).map((k) => ({
      chave: k.chave, operacao: k.rota, status: k.status, guardadaEm: k.criadaEm.toISOString(),
      expiraEm: new Date(k.criadaEm.getTime() + retencaoMs).toISOString(), resposta: k.resposta,
    }));
    const delegacoes = (await this.delegacoes.minhas(ator)).map(delegacaoExportada);
    const { email, sms, govbr } = await this.envios.preferencias(ator);
    await this.auditoria.registrar({
      acao: 'EXPORTACAO_DADOS_PESSOAIS', ...doAtor(ator),
      recurso: 'lgpd/meus-dados', recursoId: id, detalhes: { formato },
    });
    return comRotulos({
      geradoEm: this.now().toISOString(), sobre: SOBRE, pescador, solicitacoes, reaps, documentosMigrados, notificacoes, acessos,
      chavesIdempotencia, delegacoes, canaisDeAviso: { email, sms, govbr },
    });
  }

  /** Audited the same way as the JSON. */
  async exportarPdf(ator: AuthContext): Promise<Buffer> {
    return pdfMeusDados(await this.exportar(ator, 'pdf'), this.now());
  }

  private dono(ator: AuthContext): number {
    return pescadorDoAtor(ator);
  }
}
