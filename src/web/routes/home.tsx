import { Perfil, perfilLabel } from '../../shared/enums';
import { Loading } from '../components/loading';
import { Message } from '../components/message';
import { PageTitle } from '../components/page-title';
import {
  Contadores,
  contadoresPescador,
  contadoresServidor,
} from '../features/totalizadores/contadores';
import {
  ERRO_TOTALIZADORES,
  useTotalizadoresPescador,
  useTotalizadoresServidor,
} from '../features/totalizadores/use-totalizadores';
import type { Session } from '../lib/session';
import { useSession } from '../lib/session';

const ZERO_PESCADOR = {
  rascunhos: 0,
  enviadas: 0,
  deferidas: 0,
  finalizadas: 0,
  emAnalise: 0,
  emAtualizacao: 0,
  todas: 0,
};

function PainelPescador({ idPescador }: { idPescador: number | undefined }) {
  const query = useTotalizadoresPescador(idPescador);
  let body;
  if (idPescador === undefined) body = <Contadores contadores={contadoresPescador(ZERO_PESCADOR)} />;
  else if (query.isPending) body = <Loading label="Carregando o total de solicitações…" />;
  else if (query.isError) body = <Message kind="danger" title={ERRO_TOTALIZADORES} alert />;
  else body = <Contadores contadores={contadoresPescador(query.data)} />;
  return (
    <section aria-labelledby="titulo-solicitacoes" className="mt-4">
      <h2 id="titulo-solicitacoes">Minhas solicitações</h2>
      {body}
    </section>
  );
}

function PainelServidor() {
  const query = useTotalizadoresServidor();
  let body;
  if (query.isPending) body = <Loading label="Carregando o total de análises…" />;
  else if (query.isError) body = <Message kind="danger" title={ERRO_TOTALIZADORES} alert />;
  else body = <Contadores contadores={contadoresServidor(query.data)} />;
  return (
    <section aria-labelledby="titulo-analises" className="mt-4">
      <h2 id="titulo-analises">Análises de solicitações</h2>
      {body}
    </section>
  );
}

/** External read-only users see no analyses: their profile reads the fisher report and verifies cards. */
function PainelConsultaExterna() {
  return (
    <section aria-labelledby="titulo-consulta" className="mt-4">
      <h2 id="titulo-consulta">Consulta externa</h2>
      <p>
        Seu perfil permite emitir o relatório de pescadores e consultar carteiras profissionais, com o CPF
        mascarado. O acompanhamento de análises não está disponível para este perfil.
      </p>
    </section>
  );
}

function orgaoDe(session: Session): string | null {
  if (!session.siglaOrgao) return null;
  return session.ufOrgao ? `${session.siglaOrgao}/${session.ufOrgao}` : session.siglaOrgao;
}

/** /home: greeting and the counters of the user's side (fisher or servant). Signed-in users only. */
export function HomePage() {
  const session = useSession();
  if (!session) return null; // RequireSession redirects before this renders.
  const orgao = orgaoDe(session);
  return (
    <>
      <PageTitle title="Página inicial">Olá, {session.nome}</PageTitle>
      <p className="page-lead">
        Perfil: {perfilLabel[session.perfil]}
        {orgao && <> · Órgão: {orgao}</>}
      </p>
      {session.perfil === Perfil.INTERESSADO && <PainelPescador idPescador={session.idPescador} />}
      {session.perfil === Perfil.CONSULTA_EXTERNO && <PainelConsultaExterna />}
      {session.perfil !== Perfil.INTERESSADO && session.perfil !== Perfil.CONSULTA_EXTERNO && <PainelServidor />}
    </>
  );
}
