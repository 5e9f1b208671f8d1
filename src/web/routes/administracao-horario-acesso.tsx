import { ExigirPerfil } from '../components/exigir-perfil';
import { pode } from '../../shared/permissoes';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { ConfiguracaoHorarios } from '../features/horario-acesso';
import { useSession } from '../lib/session';

/** /administracao/horario-acesso: working hours per agency (GESTOR and ADMIN edit; CONSULTA_INTERNO reads). */
export function AdministracaoHorarioAcessoRoute() {
  const session = useSession();
  return (
    <RequireSession>
      <ExigirPerfil permissao="administracao.ler">
        <PageTitle title="Horários de acesso" />
        <p className="page-lead">O horário de expediente de cada órgão vale para os seus servidores sem horário personalizado.</p>
        <ConfiguracaoHorarios podeEditar={pode(session?.perfil, 'administracao.gerir')} />
      </ExigirPerfil>
    </RequireSession>
  );
}
