import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { pode } from '../../../shared/permissoes';
import { ROTA_ACOMPANHAR_ANALISES, ROTA_PAINEL_ANALISES } from './formatos';

/**
 * The way from /home to the analysis follow-up, for the profiles that see analyses (GESTOR, MPA, SFPA, ADMIN and
 * CONSULTA_INTERNO), and to the manager's page for those who see it; renders nothing for anyone else.
 */
export function LinkAcompanharAnalises() {
  const session = useSession();
  if (!session || !pode(session.perfil, 'servidor.ler')) return null;
  return (
    <p className="mt-3">
      <Link className="br-button primary" to={ROTA_ACOMPANHAR_ANALISES}>
        <i className="fas fa-tasks" aria-hidden="true" /> Acompanhar análises
      </Link>
      {pode(session.perfil, 'analise.painel') && (
        <>
          {' '}
          <Link className="br-button secondary" to={ROTA_PAINEL_ANALISES}>
            <i className="fas fa-chart-bar" aria-hidden="true" /> Painel de análises
          </Link>
        </>
      )}
    </p>
  );
}
