import { useSearchParams } from 'react-router';
import { PageTitle } from '../components/page-title';
import { VerificarCarteira } from '../features/consulta-publica';

/** /verificar-carteira?token=: the page the QR code of a printed card opens (no sign-in, no captcha). */
export function VerificarCarteiraRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <PageTitle title="Verificação da carteira profissional" />
      <VerificarCarteira token={params.get('token') ?? ''} />
    </>
  );
}
