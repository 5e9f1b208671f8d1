import { useSearchParams } from 'react-router';
import { Pagina } from '../components/pagina';
import { TabelaSolicitacoes } from '../features/minhas-solicitacoes';
import { useSession } from '../lib/session';

/** /pescador/solicitacoes[?pagina=N]: the fisher's requests. The page is in the address (back button, links). */
export function PescadorSolicitacoesPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const lida = Number(params.get('pagina'));
  const pagina = Number.isInteger(lida) && lida > 0 ? lida : 1;
  return (
    <Pagina titulo="Minhas solicitações">
      <TabelaSolicitacoes
        idPescador={session?.idPescador}
        pagina={pagina}
        onPagina={(p) => setParams(p > 1 ? { pagina: String(p) } : {})}
      />
    </Pagina>
  );
}
