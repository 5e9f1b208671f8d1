import { SituacaoSolicitacao as S } from '../../../../shared/enums';
import type { TipoPedidoDef } from './tipo';

/**
 * A type filed and sent in one call: what it requires is checked when it is filed (`pedido`, `exigirAbertura`),
 * so sending requires nothing more.
 */
export function tipoDePedido<C>(
  def: Omit<TipoPedidoDef<C>, 'abertura' | 'situacaoEnviada' | 'exigirEnvio'>,
): TipoPedidoDef<C> {
  return { ...def, abertura: 'pedido', situacaoEnviada: S.ENVIADA, exigirEnvio: async () => undefined };
}
