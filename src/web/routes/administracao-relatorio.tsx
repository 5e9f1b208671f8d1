import { Link } from 'react-router';
import { Perfil } from '../../shared/enums';
import { ROTA_HOME } from '../../shared/rotas-web';
import { Message } from '../components/message';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { podeEmitirRelatorio, RelatorioPescadores } from '../features/relatorio';
import { useSession } from '../lib/session';

/** /administracao/relatorio-pescadores: the fisher report by characteristics (staff and CONSULTA_EXTERNO). */
export function AdministracaoRelatorioRoute() {
  return (
    <RequireSession>
      <TelaRelatorio />
    </RequireSession>
  );
}

function TelaRelatorio() {
  const session = useSession();
  if (!session || !podeEmitirRelatorio(session.perfil)) {
    return (
      <>
        <PageTitle title="Acesso não permitido" />
        <Message kind="warning" title="Seu perfil não tem acesso ao relatório de pescadores.">
          <Link to={ROTA_HOME}>Voltar para a página inicial</Link>
        </Message>
      </>
    );
  }
  return (
    <>
      <PageTitle title="Relatório de pescadores por características" />
      <p className="page-lead">
        Filtre os pescadores do registro e emita a lista em planilha (CSV ou XLSX).
        {session.perfil === Perfil.SFPA && ' Seu perfil vê apenas os pescadores da UF do seu órgão e das forças-tarefa ativas das quais participa.'}
      </p>
      <RelatorioPescadores />
    </>
  );
}
