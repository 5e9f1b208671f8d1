import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  isListaReferencia, MENSAGEM_LISTA_NAO_ENCONTRADA, MENSAGEM_UF_INVALIDA,
  type Especie, type ItemReferencia, type Municipio, type Profissao,
} from '../../../shared/referencias';
import { isUf } from '../../../shared/ufs';
import { ReferenciaRepository } from './referencia.repository';

/** Reference data for the forms: municipalities, occupations, species and the fixed lists. Public. */
export class ReferenciaService {
  private readonly repo: ReferenciaRepository;

  constructor(db: Database) {
    this.repo = new ReferenciaRepository(db);
  }

  /** The municipalities of a state by name; the abbreviation may come in any case ('sp'). */
  async municipiosPorUf(sigla: string): Promise<Municipio[]> {
    const normalizada = sigla.trim().toUpperCase();
    if (!isUf(normalizada)) throw AppError.badRequest(MENSAGEM_UF_INVALIDA);
    return this.repo.listMunicipiosByUf(normalizada);
  }

  /** The municipalities of the given IBGE codes; codes that name no municipality are left out. */
  async municipiosPorIds(ids: readonly number[]): Promise<Municipio[]> {
    return this.repo.listMunicipiosByIds([...new Set(ids)]);
  }

  profissoes(): Promise<Profissao[]> {
    return this.repo.listProfissoes();
  }

  especies(): Promise<Especie[]> {
    return this.repo.listEspecies();
  }

  /** One of the lists of `listasReferencia`, as the database holds it (operators may have added items). */
  async lista(nome: string): Promise<ItemReferencia[]> {
    if (!isListaReferencia(nome)) throw AppError.notFound(MENSAGEM_LISTA_NAO_ENCONTRADA);
    return nome === 'ufs' ? this.repo.listUfs() : this.repo.listItens(nome);
  }
}
