import { cinExigida, MENSAGENS_CIN } from '../../shared/regras/cin';
import { useConfiguracaoPublica } from '../lib/configuracao-publica';
import { Message } from './message';

/** Where the fisher gives their identity document: step 1, the documents of step 4, the REAP send. */
export type ContextoCin = 'registroInicial' | 'anexo' | 'reap';

/**
 * Says beforehand, with the server's words, that the CIN is (or will be) required from the configured date
 * (CIN_OBRIGATORIA_DESDE, decision 0053); nothing while no date is set. A warning once the date has come, a
 * notice before it.
 */
export function AvisoCin({ contexto }: { contexto: ContextoCin }) {
  const config = useConfiguracaoPublica();
  const desde = config?.cinObrigatoriaDesde;
  if (!config || !desde) return null;
  return (
    <div className="aviso-cin">
      <Message kind={cinExigida(desde, config.hoje) ? 'warning' : 'info'}>{MENSAGENS_CIN[contexto](desde)}</Message>
    </div>
  );
}
