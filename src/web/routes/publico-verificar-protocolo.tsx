import { useSearchParams } from 'react-router';
import { PageTitle } from '../components/page-title';
import { VerificarProtocolo } from '../features/consulta-publica/verificar-comprovante';

/** /verificar-protocolo?token=: the page the QR code of a protocol receipt opens (no sign-in, no captcha). */
export function VerificarProtocoloRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <PageTitle title="Verificação do comprovante de protocolo" />
      <VerificarProtocolo token={params.get('token') ?? ''} />
    </>
  );
}
