import { ExigirPerfil } from '../components/exigir-perfil';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { FormularioLote } from '../features/lote';

/** /administracao/processamento-lote?tipoSituacao=…: cancel, suspend or reactivate fishers in a batch. */
export function AdministracaoLoteRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="lote.processar">
        <PageTitle title="Processamento em lote de pescadores" />
        <p className="page-lead">Cancele, suspenda ou reative registros de muitos pescadores de uma vez, com base em um ato normativo.</p>
        <FormularioLote />
      </ExigirPerfil>
    </RequireSession>
  );
}
