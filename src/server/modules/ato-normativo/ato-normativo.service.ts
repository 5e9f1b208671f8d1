import { hojeSaoPaulo } from '../../../shared/datas';
import {
  MENSAGENS_ATO_NORMATIVO, type AtoNormativo, type AtoNormativoCriacao, type AtoNormativoEdicao, type FiltrosAtoNormativo,
  type ListaAtosNormativos,
} from '../../../shared/schemas/ato-normativo';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { AtoNormativoLinha, AtoNormativoRepository } from './ato-normativo.repository';

export interface AtoNormativoServiceOptions {
  now?: () => Date;
}

/** drizzle wraps the driver's error: found on the error or one of its causes. */
export function violaChaveEstrangeira(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/** What the audit keeps of an act, before and after a change. */
function retrato(a: AtoNormativoLinha) {
  return {
    nome: a.nome, descricao: a.descricao, dataInicioVigencia: a.dataInicioVigencia, dataTerminoVigencia: a.dataTerminoVigencia,
    prazoRecursoDias: a.prazoRecursoDias, prazoDecisaoRecursoDias: a.prazoDecisaoRecursoDias,
  };
}

/**
 * Normative acts (decision 0030): "the act in force" is the one that started last. An act still cited cannot be
 * deleted (409). Every change is audited.
 */
export class AtoNormativoService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly repo: AtoNormativoRepository,
    private readonly auditoria: AuditoriaService,
    opts: AtoNormativoServiceOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  private hoje(): string {
    return hojeSaoPaulo(this.now());
  }

  private paraResposta(a: AtoNormativoLinha): AtoNormativo {
    const hoje = this.hoje();
    return {
      id: a.id,
      nome: a.nome,
      descricao: a.descricao,
      dataInicioVigencia: a.dataInicioVigencia,
      dataTerminoVigencia: a.dataTerminoVigencia,
      prazoRecursoDias: a.prazoRecursoDias,
      prazoDecisaoRecursoDias: a.prazoDecisaoRecursoDias,
      vigente: a.dataInicioVigencia <= hoje && (a.dataTerminoVigencia === null || a.dataTerminoVigencia >= hoje),
      dataCriacao: a.criadoEm.toISOString(),
      dataAtualizacao: a.dataAtualizacao.toISOString(),
    };
  }

  /** The act in force today, or null. */
  async vigente(): Promise<AtoNormativo | null> {
    const a = await this.repo.findVigente(this.hoje());
    return a ? this.paraResposta(a) : null;
  }

  async listar(filtros: FiltrosAtoNormativo): Promise<ListaAtosNormativos> {
    const { total, linhas } = await this.repo.listar(filtros, this.hoje());
    return { total, atosNormativos: linhas.map((l) => this.paraResposta(l)) };
  }

  async obter(id: number): Promise<AtoNormativo> {
    const a = await this.repo.findById(id);
    if (!a) throw AppError.notFound(MENSAGENS_ATO_NORMATIVO.naoEncontrado);
    return this.paraResposta(a);
  }

  /** Inside the caller's transaction, so it cannot vanish before the commit. */
  async exigirExistente(id: number, ex: Executor = this.db): Promise<{ id: number; nome: string }> {
    const a = await this.repo.lockById(id, ex);
    if (!a) throw AppError.badRequest(MENSAGENS_ATO_NORMATIVO.naoEncontrado, [`atoNormativo: ${MENSAGENS_ATO_NORMATIVO.naoEncontrado}`]);
    return { id: a.id, nome: a.nome };
  }

  async criar(ator: AuthContext, corpo: AtoNormativoCriacao): Promise<AtoNormativo> {
    return this.db.transaction(async (tx) => {
      const a = await this.repo.insert({ ...corpo, usuarioInternoGravou: ator.cpf, ipOrigemAlteracao: ator.ip }, tx);
      await this.auditar(ator, 'ATO_NORMATIVO_CRIADO', a.id, { depois: retrato(a) }, tx);
      return this.paraResposta(a);
    });
  }

  async atualizar(ator: AuthContext, corpo: AtoNormativoEdicao): Promise<AtoNormativo> {
    const { id, ...campos } = corpo;
    return this.db.transaction(async (tx) => {
      const antes = await this.repo.lockById(id, tx);
      if (!antes) throw AppError.notFound(MENSAGENS_ATO_NORMATIVO.naoEncontrado);
      const depois = (await this.repo.update(id, { ...campos, usuarioInternoGravou: ator.cpf, ipOrigemAlteracao: ator.ip }, tx))!;
      await this.auditar(ator, 'ATO_NORMATIVO_ATUALIZADO', id, { antes: retrato(antes), depois: retrato(depois) }, tx);
      return this.paraResposta(depois);
    });
  }

  /** Every table that references ato_normativo has a foreign key without cascade: 23503 becomes 409, with no list to keep. */
  async excluir(ator: AuthContext, id: number): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        const antes = await this.repo.lockById(id, tx);
        if (!antes) throw AppError.notFound(MENSAGENS_ATO_NORMATIVO.naoEncontrado);
        await this.repo.delete(id, tx);
        await this.auditar(ator, 'ATO_NORMATIVO_EXCLUIDO', id, { antes: retrato(antes) }, tx);
      });
    } catch (err) {
      if (!violaChaveEstrangeira(err)) throw err;
      await this.auditoria.tentarRegistrar({
        acao: 'ATO_NORMATIVO_EXCLUSAO_RECUSADA', ...doAtor(ator),
        recurso: 'ato-normativo', recursoId: id, sucesso: false, detalhes: { motivo: 'referenciado' },
      });
      throw new AppError(409, MENSAGENS_ATO_NORMATIVO.emUso, { cause: err });
    }
  }

  private auditar(ator: AuthContext, acao: string, id: number, detalhes: Record<string, unknown>, ex: Executor) {
    return this.auditoria.registrar({
      acao, ...doAtor(ator), recurso: 'ato-normativo', recursoId: id, detalhes,
    }, ex);
  }
}
