import { useSearchParams } from 'react-router';
import { PageTitle } from '../components/page-title';
import { ConsultaProtocolo } from '../features/consulta-publica';

/** /consulta-protocolo?protocolo=: public check of a registration protocol (the receipt's QR code opens it). */
export function ConsultaProtocoloRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <PageTitle title="Consultar protocolo" />
      <p className="page-lead">Confira a situação de uma solicitação de registro pelo número do protocolo.</p>
      <ConsultaProtocolo protocoloInicial={params.get('protocolo') ?? ''} />
    </>
  );
}
