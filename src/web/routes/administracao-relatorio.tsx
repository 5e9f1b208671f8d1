import { Perfil } from '../../shared/enums';
import { ExigirPerfil } from '../components/exigir-perfil';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { RelatorioPescadores } from '../features/relatorio';
import { useSession } from '../lib/session';

/** /administracao/relatorio-pescadores: the fisher report by characteristics (staff and CONSULTA_EXTERNO). */
export function AdministracaoRelatorioRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="relatorio.emitir">
        <TelaRelatorio />
      </ExigirPerfil>
    </RequireSession>
  );
}

function TelaRelatorio() {
  const session = useSession();
  return (
    <>
      <PageTitle title="Relatório de pescadores por características" />
      <p className="page-lead">
        Filtre os pescadores do registro e emita a lista em planilha (CSV ou XLSX).
        {session?.perfil === Perfil.SFPA && ' Seu perfil vê apenas os pescadores da UF do seu órgão e das forças-tarefa ativas das quais participa.'}
      </p>
      <RelatorioPescadores />
    </>
  );
}
