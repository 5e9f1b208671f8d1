import type { Readable } from 'node:stream';
import { caminhoCom } from '../../../shared/contrato';
import * as contratosRelatorio from '../../../shared/contratos/relatorio';
import { maskCpf } from '../../../shared/cpf';
import { hojeSaoPaulo, partesSaoPaulo } from '../../../shared/datas';
import { categoriaLabel, Perfil, situacaoRegistroLabel, sexoLabel, type Categoria, type SituacaoRegistro, type Sexo } from '../../../shared/enums';
import { exibirRgp } from '../../../shared/rgp';
import {
  FILTROS_QUE_IDENTIFICAM, MENSAGENS_RELATORIO, MIME_RELATORIO, SituacaoRelatorio, situacaoRelatorioLabel, TAMANHO_PREVIA,
  type ExecucaoRelatorio, type FiltrosRelatorio, type FormatoRelatorio, type LinhaRelatorio, type PreviaRelatorio,
} from '../../../shared/schemas/relatorio';
import { novaChaveArquivo, type AssinadorArquivos, type FileStorage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import type { FilaDeJobs } from '../../jobs/job';
import { AppError } from '../../lib/errors';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { ufsDoEscopo } from '../escopo';
import { fluxoDeThread, moduloDaThread } from '../../lib/thread-limitada';
import { colunasDoRelatorio, csv, xlsx } from './relatorio.arquivo';
import { gerarRelatorioJob } from './relatorio.jobs';
import type { ConsultaRelatorio, ExecucaoRow, LinhaPescador, RelatorioRepository } from './relatorio.repository';
import type { EntradaThreadRelatorio, ResultadoThreadRelatorio } from './relatorio.thread';

const MODULO_THREAD = moduloDaThread(import.meta.url, './relatorio.thread.ts', 'relatorio-thread');

export interface RelatorioServiceOptions {
  limiteSincrono: number;
  ttlEnderecoSegundos: number;
  horasRetencao?: number;
  /** A job's file is written in a worker thread whose heap is capped (decision 0050); absent, in the main thread. */
  thread?: { url: string; heapMb: number };
  now?: () => Date;
}

export interface ArquivoRelatorio {
  stream: Readable;
  mime: string;
  nomeArquivo: string;
  tamanho: number;
}

/** Filters on what CONSULTA_EXTERNO does not read. */
const FILTROS_INTERNOS = ['idadeInicial', 'idadeFinal', 'escolaridade', 'etnia', 'alfabetizacao'] as const;

const PASSO_PROGRESSO = 10_000;

/** SFPA within its states and task forces, CONSULTA_EXTERNO with the CPF masked and fewer columns; all audited. */
export class RelatorioService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly repo: RelatorioRepository,
    private readonly auditoria: AuditoriaService,
    /** Apart from the documents' storage, so its reconciliation never sees them. */
    private readonly storage: FileStorage,
    private readonly assinador: AssinadorArquivos,
    private readonly fila: FilaDeJobs,
    private readonly opts: RelatorioServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  private escopo(ator: AuthContext, filtros: FiltrosRelatorio): string[] | null {
    if (ator.perfil === Perfil.CONSULTA_EXTERNO && FILTROS_INTERNOS.some((f) => filtros[f] !== undefined)) {
      throw AppError.forbidden(MENSAGENS_RELATORIO.filtroExterno);
    }
    // Nor by what names one person: a full CPF, a name or an RGP number would unmask whose CPF it is.
    if (ator.perfil === Perfil.CONSULTA_EXTERNO && FILTROS_QUE_IDENTIFICAM.some((f) => filtros[f] !== undefined)) {
      throw AppError.forbidden(MENSAGENS_RELATORIO.filtroPessoaExterno);
    }
    const ufs = ufsDoEscopo(ator);
    if (ufs === null) return null;
    if (ufs.length === 0 || (filtros.uf && !ufs.includes(filtros.uf))) throw AppError.forbidden(MENSAGENS_RELATORIO.foraDoEscopo);
    return ufs.sort();
  }

  private consulta(filtros: FiltrosRelatorio): ConsultaRelatorio {
    return { ...filtros, hoje: hojeSaoPaulo(this.now()) };
  }

  async previa(ator: AuthContext, filtros: FiltrosRelatorio): Promise<PreviaRelatorio> {
    const ufs = this.escopo(ator, filtros);
    const c = this.consulta(filtros);
    const [total, linhas] = await Promise.all([this.repo.contar(c, ufs), this.repo.primeiraPagina(c, ufs, TAMANHO_PREVIA)]);
    await this.auditoria.registrar({
      acao: 'RELATORIO_PESCADORES_PREVIA', ...doAtor(ator),
      recurso: 'pescador', detalhes: { filtros, ufsEscopo: ufs, total, linhasExibidas: linhas.length },
    });
    const externo = ator.perfil === Perfil.CONSULTA_EXTERNO;
    return {
      total,
      pescadores: linhas.map((l) => linhaPrevia(l, externo)),
      processamentoEmSegundoPlano: total > this.opts.limiteSincrono,
    };
  }

  async emitir(ator: AuthContext, formato: FormatoRelatorio, filtros: FiltrosRelatorio): Promise<{ execucao: ExecucaoRelatorio; mensagem: string }> {
    const ufs = this.escopo(ator, filtros);
    const c = this.consulta(filtros);
    const total = await this.repo.contar(c, ufs);
    const emSegundoPlano = total > this.opts.limiteSincrono;
    const run = await this.db.transaction(async (tx) => {
      const r = await this.repo.criarExecucao({
        cpfSolicitante: ator.cpf, perfilSolicitante: ator.perfil, formato, consulta: c, ufsEscopo: ufs,
        situacao: emSegundoPlano ? SituacaoRelatorio.PENDENTE : SituacaoRelatorio.PROCESSANDO, total,
      }, tx);
      await this.auditoria.registrar({
        acao: 'RELATORIO_PESCADORES', ...doAtor(ator),
        recurso: 'relatorio_execucao', recursoId: r.id, detalhes: { filtros, formato, ufsEscopo: ufs, total },
      }, tx);
      if (emSegundoPlano) await this.fila.enfileirar(tx, gerarRelatorioJob, { id: r.id });
      return r;
    });
    if (emSegundoPlano) return { execucao: this.paraResposta(run), mensagem: MENSAGENS_RELATORIO.emProcessamento };
    const pronto = await this.gerar(run.id);
    if (pronto.situacao !== SituacaoRelatorio.CONCLUIDO) throw new AppError(500, MENSAGENS_RELATORIO.erro);
    return { execucao: this.paraResposta(pronto), mensagem: MENSAGENS_RELATORIO.emitido };
  }

  /** Anyone but its requester: 404, as if it did not exist. */
  async execucao(ator: AuthContext, id: number): Promise<ExecucaoRelatorio> {
    return this.paraResposta(await this.daPessoa(ator, id));
  }

  private async daPessoa(ator: AuthContext, id: number): Promise<ExecucaoRow> {
    const r = await this.repo.buscarExecucao(id);
    if (!r || r.cpfSolicitante !== ator.cpf) throw AppError.notFound(MENSAGENS_RELATORIO.naoEncontrado);
    return r;
  }

  private paraResposta(r: ExecucaoRow): ExecucaoRelatorio {
    const situacao = r.situacao as SituacaoRelatorio;
    let url: string | null = null;
    if (situacao === SituacaoRelatorio.CONCLUIDO && r.chaveArquivo) {
      const { expira, assinatura } = this.assinador.assinar(chaveAssinada(r.id), this.opts.ttlEnderecoSegundos);
      url = `${caminhoCom(contratosRelatorio.arquivo.caminho, { id: r.id })}?expira=${expira}&assinatura=${assinatura}`;
    }
    return {
      id: r.id,
      situacao,
      situacaoDescricao: situacaoRelatorioLabel[situacao] ?? '',
      formato: r.formato as FormatoRelatorio,
      total: r.total,
      processados: r.processados,
      url,
      mensagem: situacao === SituacaoRelatorio.ERRO ? MENSAGENS_RELATORIO.erro
        : situacao === SituacaoRelatorio.CONCLUIDO ? MENSAGENS_RELATORIO.emitido : null,
    };
  }

  /** Another caller's run 404, a wrong or expired signature 403; audited. */
  async abrirArquivo(ator: AuthContext, id: number, expira: string | undefined, assinatura: string | undefined): Promise<ArquivoRelatorio> {
    const r = await this.daPessoa(ator, id);
    if (!this.assinador.verificar(chaveAssinada(id), expira, assinatura)) throw AppError.forbidden(MENSAGENS_RELATORIO.enderecoInvalido);
    if (r.situacao !== SituacaoRelatorio.CONCLUIDO || !r.chaveArquivo) throw AppError.notFound(MENSAGENS_RELATORIO.naoEncontrado);
    const arquivo = await this.storage.getStream(r.chaveArquivo);
    if (!arquivo) throw AppError.notFound(MENSAGENS_RELATORIO.naoEncontrado);
    await this.auditoria.registrar({
      acao: 'RELATORIO_PESCADORES_DOWNLOAD', ...doAtor(ator),
      recurso: 'relatorio_execucao', recursoId: r.id, detalhes: { linhas: r.processados },
    });
    const quando = partesSaoPaulo(r.concluidoEm ?? r.criadoEm);
    return {
      stream: arquivo.stream,
      mime: arquivo.mime,
      tamanho: arquivo.tamanho,
      nomeArquivo: `relatorio-pescadores-${quando.data.replace(/-/g, '')}-${quando.hora.replace(':', '')}-${r.id}.${r.formato}`,
    };
  }

  async gerar(id: number, opcoes: { emThread?: boolean } = {}): Promise<ExecucaoRow> {
    const r = await this.repo.buscarExecucao(id);
    if (!r) throw new Error(`report run ${id} not found`);
    if (r.situacao === SituacaoRelatorio.CONCLUIDO) return r;
    await this.repo.atualizarExecucao(id, { situacao: SituacaoRelatorio.PROCESSANDO, processados: 0, erro: null });
    const c = r.consulta as ConsultaRelatorio;
    const colunas = colunasDoRelatorio(r.perfilSolicitante === Perfil.CONSULTA_EXTERNO);
    const formato = r.formato as FormatoRelatorio;
    let ultimo = 0;
    const progresso = async (linhas: number) => {
      if (linhas - ultimo < PASSO_PROGRESSO) return;
      ultimo = linhas;
      await this.repo.atualizarExecucao(id, { processados: linhas });
    };
    let escritas = 0;
    const lotes = (async function* (repo: RelatorioRepository) {
      for await (const lote of repo.percorrer(c, r.ufsEscopo ?? null)) {
        escritas += lote.length;
        yield lote;
      }
    })(this.repo);
    const chave = novaChaveArquivo();
    try {
      let tamanho: number;
      if (opcoes.emThread && this.opts.thread) {
        const entrada: EntradaThreadRelatorio = {
          url: this.opts.thread.url, consulta: c, ufsEscopo: r.ufsEscopo ?? null, externo: r.perfilSolicitante === Perfil.CONSULTA_EXTERNO, formato,
        };
        const fluxo = fluxoDeThread<ResultadoThreadRelatorio>(MODULO_THREAD, entrada, { heapMb: this.opts.thread.heapMb },
          async (e) => progresso((e as { linhas: number }).linhas));
        tamanho = await this.storage.putStream(chave, fluxo.bytes, MIME_RELATORIO[formato]);
        escritas = (await fluxo.resultado).linhas;
      } else {
        const fonte = formato === 'xlsx' ? xlsx(lotes, colunas, progresso) : csv(lotes, colunas, progresso);
        tamanho = await this.storage.putStream(chave, fonte, MIME_RELATORIO[formato]);
      }
      await this.db.transaction(async (tx) => {
        await this.repo.atualizarExecucao(id, {
          situacao: SituacaoRelatorio.CONCLUIDO, processados: escritas, chaveArquivo: chave, tamanho, concluidoEm: this.now(),
        }, tx);
        await this.auditoria.registrar({
          acao: 'RELATORIO_PESCADORES_GERADO', cpfAtor: r.cpfSolicitante, perfilAtor: r.perfilSolicitante,
          recurso: 'relatorio_execucao', recursoId: id, detalhes: { formato, linhas: escritas, bytes: tamanho },
        }, tx);
      });
    } catch (err) {
      await this.storage.delete(chave).catch(() => undefined);
      await this.repo.atualizarExecucao(id, {
        situacao: SituacaoRelatorio.ERRO, erro: err instanceof Error ? err.message.slice(0, 500) : 'erro desconhecido',
      });
      await this.auditoria.tentarRegistrar({
        acao: 'RELATORIO_PESCADORES_GERADO', cpfAtor: r.cpfSolicitante, perfilAtor: r.perfilSolicitante,
        recurso: 'relatorio_execucao', recursoId: id, sucesso: false, detalhes: { formato, linhas: escritas },
      });
    }
    return (await this.repo.buscarExecucao(id))!;
  }

  async limparArquivosAntigos(): Promise<number> {
    const antes = new Date(this.now().getTime() - (this.opts.horasRetencao ?? 24) * 3600_000);
    let n = 0;
    for (const r of await this.repo.comArquivoAntesDe(antes)) {
      if (r.chaveArquivo) await this.storage.delete(r.chaveArquivo);
      await this.repo.atualizarExecucao(r.id, { chaveArquivo: null });
      n++;
    }
    return n;
  }
}

/** The run, not a storage key: the key never leaves the server. */
function chaveAssinada(id: number): string {
  return `relatorio-${id}`;
}

function linhaPrevia(l: LinhaPescador, externo: boolean): LinhaRelatorio {
  return {
    id: l.id,
    cpf: externo ? maskCpf(l.cpf) : l.cpf,
    nome: l.nome,
    uf: l.uf,
    municipio: l.municipio,
    categoria: l.categoria ? categoriaLabel[l.categoria as Categoria] ?? null : null,
    situacao: l.situacaoRegistro ? situacaoRegistroLabel[l.situacaoRegistro as SituacaoRegistro] ?? null : null,
    numeroRGP: l.numeroRgp ? exibirRgp(l.numeroRgp) : null,
    sexo: l.sexo ? sexoLabel[l.sexo as Sexo] ?? null : null,
    idade: externo ? null : l.idade,
  };
}
