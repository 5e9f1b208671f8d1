import { Link, useSearchParams } from 'react-router';
import { ROTA_HOME } from '../../shared/rotas-web';
import { PageTitle } from '../components/page-title';
import { TabelaSolicitacoes } from '../features/minhas-solicitacoes';
import { useSession } from '../lib/session';

/** /pescador/solicitacoes[?pagina=N]: the fisher's requests. The page is in the address (back button, links). */
export function PescadorSolicitacoesPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const lida = Number(params.get('pagina'));
  const pagina = Number.isInteger(lida) && lida > 0 ? lida : 1;
  return (
    <>
      <PageTitle title="Minhas solicitações" />
      <TabelaSolicitacoes
        idPescador={session?.idPescador}
        pagina={pagina}
        onPagina={(p) => setParams(p > 1 ? { pagina: String(p) } : {})}
      />
      <p className="mt-4">
        <Link to={ROTA_HOME}>Voltar para a página inicial</Link>
      </p>
    </>
  );
}
