import { Link } from 'react-router';
import { ROTA_HOME } from '../../shared/rotas-web';
import { PageTitle } from '../components/page-title';
import { useSession } from '../lib/session';

export function NotFoundPage() {
  const session = useSession();
  return (
    <>
      <PageTitle title="Página não encontrada" />
      <p>O endereço pode ter sido digitado errado, ou a página pode ter mudado de lugar.</p>
      <p>
        <Link to={session ? ROTA_HOME : '/'}>Voltar para a página inicial</Link>
      </p>
    </>
  );
}
