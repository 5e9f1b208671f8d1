import { PageTitle } from '../components/page-title';
import { ConsultaListaDoAto } from '../features/consulta-publica/consulta-lista-ato';

/** /estou-na-lista: whether an act's list names the fisher, and the last day to appeal (no sign-in; captcha). */
export function ListaDoAtoRoute() {
  return (
    <>
      <PageTitle title="Estou na lista?" />
      <p className="page-lead">
        Confira se o seu registro está na lista de uma portaria que suspendeu ou cancelou registros de pescadores, e até
        quando você pode recorrer. Informe o seu CPF e o número do seu RGP.
      </p>
      <ConsultaListaDoAto />
    </>
  );
}
