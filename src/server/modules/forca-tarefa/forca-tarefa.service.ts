import { maskCpf } from '../../../shared/cpf';
import { hojeSaoPaulo } from '../../../shared/datas';
import {
  MENSAGENS_FORCA_TAREFA, type FiltrosForcaTarefa, type ForcaTarefa, type ForcaTarefaCorpo, type ListaForcasTarefa, type ListaServidores,
} from '../../../shared/schemas/forca-tarefa';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AtoNormativoService } from '../ato-normativo/ato-normativo.service';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { ForcaTarefaLinha, ForcaTarefaRepository, ServidorLinha } from './forca-tarefa.repository';

export interface ForcaTarefaServiceOptions {
  now?: () => Date;
}

function campoInvalido(campo: string, mensagem: string): AppError {
  return AppError.badRequest(mensagem, [`${campo}: ${mensagem}`]);
}

/** Decision 0031: the scope is stored nowhere it could go stale, so a deadline narrows it at midnight. Audited. */
export class ForcaTarefaService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly repo: ForcaTarefaRepository,
    private readonly atos: AtoNormativoService,
    private readonly auditoria: AuditoriaService,
    opts: ForcaTarefaServiceOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  private hoje(): string {
    return hojeSaoPaulo(this.now());
  }

  private async montar(linhas: ForcaTarefaLinha[], ex: Executor = this.db): Promise<ForcaTarefa[]> {
    const ids = linhas.map((l) => l.id);
    const [ufs, servidores] = await Promise.all([this.repo.ufsDe(ids, ex), this.repo.servidoresDe(ids, ex)]);
    const hoje = this.hoje();
    return linhas.map((l) => ({
      id: l.id,
      titulo: l.titulo,
      atoNormativo: { id: l.atoNormativoId, nome: l.nomeAto },
      ufAtendidas: ufs.get(l.id) ?? [],
      dataLimite: l.dataLimite,
      ativa: l.ativa,
      emVigor: l.ativa && l.dataLimite >= hoje,
      forcaTarefaLotacao: (servidores.get(l.id) ?? []).map((usuarioMapa) => ({ usuarioMapa })),
      usuarioInternoGravou: l.usuarioInternoGravou ? maskCpf(l.usuarioInternoGravou) : null,
      ipOrigemAlteracao: l.ipOrigemAlteracao,
      dataCriacao: l.dataCriacao.toISOString(),
      dataAtualizacao: l.dataAtualizacao.toISOString(),
    }));
  }

  private async carregar(id: number, ex: Executor = this.db): Promise<ForcaTarefa> {
    const linha = await this.repo.findById(id, ex);
    if (!linha) throw AppError.notFound(MENSAGENS_FORCA_TAREFA.naoEncontrada);
    return (await this.montar([linha], ex))[0]!;
  }

  async listar(ator: AuthContext, filtros: FiltrosForcaTarefa): Promise<ListaForcasTarefa> {
    const { total, linhas } = await this.repo.listar(filtros, this.hoje());
    await this.auditoria.registrar({
      acao: 'VISUALIZACAO_LISTA_FORCAS_TAREFA', ...doAtor(ator),
      recurso: 'forca-tarefa', detalhes: { pagina: filtros.pagina, ids: linhas.map((l) => l.id) },
    });
    return { total, forcasTarefa: await this.montar(linhas) };
  }

  async obter(ator: AuthContext, id: number): Promise<ForcaTarefa> {
    const f = await this.carregar(id);
    await this.auditoria.visualizacao(ator, 'forca-tarefa', id);
    return f;
  }

  async candidatos(filtros: { nome?: string; uf?: string; pagina: number; tamanhoPagina: number }): Promise<ListaServidores> {
    const { total, linhas } = await this.repo.candidatos(filtros);
    return { total, servidores: linhas satisfies ServidorLinha[] };
  }

  async salvar(ator: AuthContext, corpo: ForcaTarefaCorpo): Promise<{ forcaTarefa: ForcaTarefa; criada: boolean }> {
    return this.db.transaction(async (tx) => {
      const antes = corpo.id !== undefined ? await this.carregarParaMudar(corpo.id, tx) : null;
      if ((!antes || antes.dataLimite !== corpo.dataLimite) && corpo.dataLimite < this.hoje()) {
        throw campoInvalido('dataLimite', MENSAGENS_FORCA_TAREFA.dataLimitePassada);
      }
      await this.atos.exigirExistente(corpo.atoNormativo, tx);
      const validos = new Set(await this.repo.candidatosValidos(corpo.servidores, tx));
      const invalidos = corpo.servidores.filter((s) => !validos.has(s));
      // A server already in the task force stays even if since blocked; only new ones must qualify.
      const jaIntegram = new Set(antes?.forcaTarefaLotacao.map((l) => l.usuarioMapa.id) ?? []);
      if (invalidos.some((s) => !jaIntegram.has(s))) throw campoInvalido('servidores', MENSAGENS_FORCA_TAREFA.servidorInvalido);
      const dados = {
        titulo: corpo.titulo,
        atoNormativoId: corpo.atoNormativo,
        dataLimite: corpo.dataLimite,
        ativa: corpo.ativa,
        usuarioInternoGravou: ator.cpf,
        ipOrigemAlteracao: ator.ip,
      };
      let id: number;
      if (antes) {
        id = antes.id;
        await this.repo.update(id, dados, tx);
      } else {
        id = await this.repo.insert(dados, tx);
      }
      await this.repo.definirUfs(id, corpo.ufAtendidas, tx);
      await this.repo.definirServidores(id, corpo.servidores, tx);
      const depois = await this.carregar(id, tx);
      await this.auditar(ator, antes ? 'FORCA_TAREFA_ATUALIZADA' : 'FORCA_TAREFA_CRIADA', id, {
        ...(antes ? { antes: retrato(antes) } : {}), depois: retrato(depois),
      }, tx);
      return { forcaTarefa: depois, criada: !antes };
    });
  }

  async excluir(ator: AuthContext, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const antes = await this.carregarParaMudar(id, tx);
      await this.repo.delete(id, tx);
      await this.auditar(ator, 'FORCA_TAREFA_EXCLUIDA', id, { antes: retrato(antes) }, tx);
    });
  }

  /** A task force keeps at least one server. */
  async removerServidores(ator: AuthContext, id: number, servidores: number[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      const antes = await this.carregarParaMudar(id, tx);
      const integram = new Set(antes.forcaTarefaLotacao.map((l) => l.usuarioMapa.id));
      if (servidores.some((s) => !integram.has(s))) throw campoInvalido('servidores', MENSAGENS_FORCA_TAREFA.servidorNaoIntegra);
      if (servidores.length >= integram.size) throw AppError.notAcceptable(MENSAGENS_FORCA_TAREFA.ultimoServidor);
      const n = await this.repo.removerServidores(id, servidores, tx);
      await this.repo.update(id, { usuarioInternoGravou: ator.cpf, ipOrigemAlteracao: ator.ip }, tx);
      const depois = await this.carregar(id, tx);
      await this.auditar(ator, 'FORCA_TAREFA_SERVIDOR_REMOVIDO', id, { antes: retrato(antes), depois: retrato(depois) }, tx);
      return n;
    });
  }

  /** Stops serving a state. A task force keeps at least one state. */
  async removerUf(ator: AuthContext, id: number, uf: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const antes = await this.carregarParaMudar(id, tx);
      if (!antes.ufAtendidas.includes(uf)) throw campoInvalido('uf', MENSAGENS_FORCA_TAREFA.ufNaoAtendida);
      if (antes.ufAtendidas.length === 1) throw AppError.notAcceptable(MENSAGENS_FORCA_TAREFA.ultimaUf);
      await this.repo.removerUf(id, uf, tx);
      await this.repo.update(id, { usuarioInternoGravou: ator.cpf, ipOrigemAlteracao: ator.ip }, tx);
      const depois = await this.carregar(id, tx);
      await this.auditar(ator, 'FORCA_TAREFA_UF_REMOVIDA', id, { antes: retrato(antes), depois: retrato(depois) }, tx);
    });
  }

  async ativarDesativar(ator: AuthContext, id: number, ativa?: boolean): Promise<ForcaTarefa> {
    return this.db.transaction(async (tx) => {
      const antes = await this.carregarParaMudar(id, tx);
      await this.repo.update(id, { ativa: ativa ?? !antes.ativa, usuarioInternoGravou: ator.cpf, ipOrigemAlteracao: ator.ip }, tx);
      const depois = await this.carregar(id, tx);
      await this.auditar(ator, 'FORCA_TAREFA_ATIVA_ALTERADA', id, { antes: retrato(antes), depois: retrato(depois) }, tx);
      return depois;
    });
  }

  private async carregarParaMudar(id: number, tx: Executor): Promise<ForcaTarefa> {
    if (!(await this.repo.lockById(id, tx))) throw AppError.notFound(MENSAGENS_FORCA_TAREFA.naoEncontrada);
    return this.carregar(id, tx);
  }

  private auditar(ator: AuthContext, acao: string, id: number, detalhes: Record<string, unknown>, ex: Executor) {
    return this.auditoria.registrar({
      acao, ...doAtor(ator), recurso: 'forca-tarefa', recursoId: id, detalhes,
    }, ex);
  }
}

function retrato(f: ForcaTarefa) {
  return {
    titulo: f.titulo,
    atoNormativo: f.atoNormativo.id,
    ufAtendidas: f.ufAtendidas,
    dataLimite: f.dataLimite,
    ativa: f.ativa,
    servidores: f.forcaTarefaLotacao.map((l) => l.usuarioMapa.id),
  };
}
