import { Link } from 'react-router';
import { ROTA_MESA_AGENTE } from '../../shared/rotas-web';
import { useRepresentado } from '../lib/representacao';
import { Message } from './message';

/** While an agent acts for a fisher, every screen of the fisher's services says for whom (docs/decisions/0110). */
export function AvisoRepresentacao() {
  const r = useRepresentado();
  if (!r) return null;
  return (
    <Message kind="warning" title={`Você está atuando em nome de ${r.nome}, pela ${r.entidade}.`}>
      <Link to={ROTA_MESA_AGENTE}>Voltar à mesa do agente</Link>
    </Message>
  );
}
