import { cancelamento } from './cancelamento';
import { edicaoDocumentos } from './edicao-documentos';
import { edicaoRegistro } from './edicao-registro';
import { edicaoRgp } from './edicao-rgp';
import { reap } from './reap';
import { recurso } from './recurso';
import { recadastramento, registroInicial, registroProtocolo } from './registro';
import { regularizacao } from './regularizacao';
import type { DecisoesDoTipo, TipoAssistenteDef, TipoSolicitacaoDef } from './tipo';

/** Every request type the product knows, one definition each. A new type is one more line here. */
const DEFINICOES: readonly TipoSolicitacaoDef[] = [
  registroInicial, recadastramento, registroProtocolo, cancelamento, edicaoRgp, edicaoRegistro, edicaoDocumentos, regularizacao,
  reap, recurso,
];

const POR_TIPO = new Map<number, TipoSolicitacaoDef>(DEFINICOES.map((d) => [d.tipo, d]));

/** The definition of a request type (a type without one is a programming error). */
export function definicaoDe(tipo: number): TipoSolicitacaoDef {
  const def = POR_TIPO.get(tipo);
  if (!def) throw new Error(`Tipo de solicitação sem definição: ${tipo}`);
  return def;
}

/** What the decision of its analysis does to a request of `tipo` (a type that is not analysed has none). */
export function decisoesDe(tipo: number): DecisoesDoTipo {
  const { analise } = definicaoDe(tipo);
  if (!analise) throw new Error(`Tipo de solicitação sem análise: ${tipo}`);
  return analise;
}

/** The definition of a type filled in the wizard (types 1, 2, 3 and 8). */
export function definicaoDoAssistente(tipo: number): TipoAssistenteDef {
  const def = definicaoDe(tipo);
  if (def.abertura !== 'assistente') throw new Error(`Tipo de solicitação fora do assistente: ${tipo}`);
  return def as TipoAssistenteDef;
}

/** The types that open a certain way (e.g. the wizard's, whose data a registry edit may clone). */
export function tiposComAbertura(abertura: TipoSolicitacaoDef['abertura']): number[] {
  return DEFINICOES.filter((d) => d.abertura === abertura).map((d) => d.tipo);
}

export { cancelamento, edicaoDocumentos, edicaoRegistro, edicaoRgp, recurso, regularizacao };
export type {
  AberturaDeAnalise, ContextoAbertura, ContextoDecisao, ContextoEnvio, DecisoesDoTipo, NovaAnalise, Pedido, Recursos, TipoAssistenteDef, TipoPedidoDef,
  TipoSolicitacaoDef,
} from './tipo';
