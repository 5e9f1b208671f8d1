import { PageTitle } from '../components/page-title';
import { ConsultaCarteira } from '../features/consulta-publica';

/** /consulta-carteira: public check of a professional card by CPF and RGP number (no sign-in; captcha). */
export function ConsultaCarteiraRoute() {
  return (
    <>
      <PageTitle title="Verificar uma carteira profissional" />
      <p className="page-lead">
        Confira se uma carteira de pescador profissional é autêntica e se o registro está ativo. Informe o CPF e o
        número do RGP impressos na carteira.
      </p>
      <ConsultaCarteira />
    </>
  );
}
