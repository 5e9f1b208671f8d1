import type { z } from 'zod';
import { CodigoErro } from '../../../shared/codigos-erro';
import { hojeSaoPaulo } from '../../../shared/datas';
import {
  type agenteCorpo, type entidadeCorpo, MENSAGENS_ENTIDADE, type Entidade, recusaDaValidade, SituacaoEntidade,
} from '../../../shared/schemas/entidade';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { AgenteRow, EntidadeRepository, EntidadeRow } from './entidade.repository';

type CorpoEntidade = z.output<typeof entidadeCorpo>;
type CorpoAgente = z.output<typeof agenteCorpo>;

export interface DepsEntidade {
  db: Database;
  repo: EntidadeRepository;
  auditoria: AuditoriaService;
  now: () => Date;
}

export function entidadeParaResposta(e: EntidadeRow, contagens = { agentesAtivos: 0, delegacoesAtivas: 0 }): Entidade {
  return {
    id: e.id, tipo: e.tipo, cnpj: e.cnpj, nome: e.nome, ufs: e.ufs, municipios: e.municipios, atoCooperacao: e.atoCooperacao,
    vigenciaInicio: e.vigenciaInicio, vigenciaFim: e.vigenciaFim, situacao: e.situacao, motivoSuspensao: e.motivoSuspensao, ...contagens,
  };
}

export function agenteParaResposta(a: AgenteRow) {
  return { id: a.id, idEntidade: a.entidadeId, cpf: a.cpf, nome: a.nome, validade: a.validade, ativo: a.desligadoEm === null };
}

/** Managers (GESTOR, ADMIN) keep the entities and link their agents; each change is audited. */
export class EntidadeService {
  constructor(private readonly deps: DepsEntidade) {}

  async listar(): Promise<Entidade[]> {
    return (await this.deps.repo.listar()).map((e) => entidadeParaResposta(e, e));
  }

  async criar(ator: AuthContext, corpo: CorpoEntidade): Promise<Entidade> {
    return this.deps.db.transaction(async (tx) => {
      await this.#municipiosNasUfs(corpo, tx);
      if (await this.deps.repo.findByCnpj(corpo.cnpj, tx)) throw AppError.recusa(CodigoErro.ENTIDADE_JA_CADASTRADA, MENSAGENS_ENTIDADE.cnpjJaCadastrado);
      const e = await this.deps.repo.inserir({ ...corpo, cpfAtualizou: ator.cpf }, tx);
      await this.#auditar(ator, 'ENTIDADE_CRIADA', e.id, { cnpj: e.cnpj }, tx);
      return entidadeParaResposta(e);
    });
  }

  async atualizar(ator: AuthContext, id: number, corpo: CorpoEntidade): Promise<Entidade> {
    return this.deps.db.transaction(async (tx) => {
      await this.#obter(id, tx);
      await this.#municipiosNasUfs(corpo, tx);
      const outra = await this.deps.repo.findByCnpj(corpo.cnpj, tx);
      if (outra && outra.id !== id) throw AppError.recusa(CodigoErro.ENTIDADE_JA_CADASTRADA, MENSAGENS_ENTIDADE.cnpjJaCadastrado);
      const e = (await this.deps.repo.atualizar(id, { ...corpo, cpfAtualizou: ator.cpf }, tx))!;
      await this.#auditar(ator, 'ENTIDADE_ALTERADA', id, null, tx);
      return entidadeParaResposta(e);
    });
  }

  /** Takes effect at the agents' next request: the representation check reads the status every time. */
  async suspender(ator: AuthContext, id: number, motivo: string): Promise<Entidade> {
    return this.deps.db.transaction(async (tx) => {
      const atual = await this.#obter(id, tx);
      if (atual.situacao === SituacaoEntidade.SUSPENSA) throw AppError.recusa(CodigoErro.ENTIDADE_INDISPONIVEL, MENSAGENS_ENTIDADE.jaSuspensa);
      const e = (await this.deps.repo.atualizar(id, { situacao: SituacaoEntidade.SUSPENSA, motivoSuspensao: motivo, cpfAtualizou: ator.cpf }, tx))!;
      await this.#auditar(ator, 'ENTIDADE_SUSPENSA', id, { motivo }, tx);
      return entidadeParaResposta(e);
    });
  }

  async reativar(ator: AuthContext, id: number): Promise<Entidade> {
    return this.deps.db.transaction(async (tx) => {
      const atual = await this.#obter(id, tx);
      if (atual.situacao === SituacaoEntidade.ATIVA) throw AppError.recusa(CodigoErro.ENTIDADE_INDISPONIVEL, MENSAGENS_ENTIDADE.jaAtiva);
      const e = (await this.deps.repo.atualizar(id, { situacao: SituacaoEntidade.ATIVA, motivoSuspensao: null, cpfAtualizou: ator.cpf }, tx))!;
      await this.#auditar(ator, 'ENTIDADE_REATIVADA', id, null, tx);
      return entidadeParaResposta(e);
    });
  }

  async agentes(id: number) {
    await this.#obter(id);
    return (await this.deps.repo.agentes(id)).map(agenteParaResposta);
  }

  async vincularAgente(ator: AuthContext, id: number, corpo: CorpoAgente) {
    const invalida = recusaDaValidade(corpo.validade, hojeSaoPaulo(this.deps.now()));
    if (invalida) throw AppError.badRequest(invalida, [`validade: ${invalida}`]);
    return this.deps.db.transaction(async (tx) => {
      await this.#obter(id, tx);
      // Staff would then act for fishers with their own powers mixed in: a link is for the entity's people only.
      if (await this.deps.repo.ehServidor(corpo.cpf, tx)) throw AppError.recusa(CodigoErro.ENTIDADE_INDISPONIVEL, MENSAGENS_ENTIDADE.agenteServidor);
      if (await this.deps.repo.agenteAtivo(id, corpo.cpf, tx)) throw AppError.recusa(CodigoErro.ENTIDADE_JA_CADASTRADA, MENSAGENS_ENTIDADE.agenteJaVinculado);
      const a = await this.deps.repo.inserirAgente({ entidadeId: id, cpf: corpo.cpf, nome: corpo.nome, validade: corpo.validade, cpfAtualizou: ator.cpf }, tx);
      await this.#auditar(ator, 'AGENTE_VINCULADO', id, { idAgente: a.id }, tx);
      return agenteParaResposta(a);
    });
  }

  async desligarAgente(ator: AuthContext, id: number, idAgente: number) {
    return this.deps.db.transaction(async (tx) => {
      const a = await this.deps.repo.desligarAgente(id, idAgente, this.deps.now(), tx);
      if (!a) throw AppError.notFound(MENSAGENS_ENTIDADE.agenteNaoEncontrado);
      await this.#auditar(ator, 'AGENTE_DESLIGADO', id, { idAgente }, tx);
      return agenteParaResposta(a);
    });
  }

  async #obter(id: number, ex?: Parameters<EntidadeRepository['findById']>[1]): Promise<EntidadeRow> {
    const e = await this.deps.repo.findById(id, ex);
    if (!e) throw AppError.notFound(MENSAGENS_ENTIDADE.naoEncontrada);
    return e;
  }

  async #municipiosNasUfs(corpo: CorpoEntidade, ex: Parameters<EntidadeRepository['ufsDosMunicipios']>[1]): Promise<void> {
    const ufs = await this.deps.repo.ufsDosMunicipios(corpo.municipios, ex);
    if (ufs.length !== new Set(corpo.municipios).size || ufs.some((uf) => !(corpo.ufs as string[]).includes(uf))) {
      throw AppError.badRequest(MENSAGENS_ENTIDADE.municipioForaDasUfs, [`municipios: ${MENSAGENS_ENTIDADE.municipioForaDasUfs}`]);
    }
  }

  async #auditar(ator: AuthContext, acao: string, id: number, detalhes: Record<string, unknown> | null, tx: Parameters<AuditoriaService['registrar']>[1]) {
    await this.deps.auditoria.registrar({ acao, ...doAtor(ator), recurso: 'entidade', recursoId: id, detalhes }, tx);
  }
}
