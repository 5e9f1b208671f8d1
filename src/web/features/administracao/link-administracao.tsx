import { Link } from 'react-router';
import { ROTA_ADMINISTRACAO } from '../../../shared/rotas-web';
import { useSession } from '../../lib/session';
import { pode } from '../../../shared/permissoes';

/** On the staff's /home: the way to /administracao, for the profiles that may open it. */
export function LinkAdministracao() {
  const session = useSession();
  if (!pode(session?.perfil, 'administracao.ler')) return null;
  return (
    <p className="mt-3">
      <Link to={ROTA_ADMINISTRACAO} className="br-button secondary">
        <i className="fas fa-cogs" aria-hidden="true" /> Administração
      </Link>
    </p>
  );
}
