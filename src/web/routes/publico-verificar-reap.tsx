import { useSearchParams } from 'react-router';
import { PageTitle } from '../components/page-title';
import { VerificarReap } from '../features/consulta-publica/verificar-comprovante';

/** /verificar-reap?token=: the page the QR code of a REAP 2ª via opens (no sign-in, no captcha). */
export function VerificarReapRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <PageTitle title="Verificação do comprovante de envio da REAP" />
      <VerificarReap token={params.get('token') ?? ''} />
    </>
  );
}
