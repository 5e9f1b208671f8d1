import { Link } from 'react-router';
import { Perfil } from '../../shared/enums';
import { ROTA_ADMIN_ENTIDADES, ROTA_ADMIN_RELATORIO, ROTA_CONSULTA_CARTEIRA, ROTA_CONSULTA_PROTOCOLO, ROTA_FILA_RECURSOS, ROTA_FILA_TERMOS, ROTA_REAP_OBRIGACOES } from '../../shared/rotas-web';
import { Loading } from '../components/loading';
import { Message } from '../components/message';
import { LinkAcompanharAnalises } from '../features/analise';
import { LinkAdministracao } from '../features/administracao';
import { Contadores, contadoresServidor, ERRO_TOTALIZADORES, useTotalizadoresServidor } from '../features/totalizadores';

/* The staff's part of /home, loaded only for them: the fisher's /home does not carry it. */

/** Servants: the analysis counters and the ways to their work. */
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
      <LinkAcompanharAnalises />
      <p className="mt-3">
        <Link className="br-button secondary" to={ROTA_REAP_OBRIGACOES}>
          <i className="fas fa-file-alt" aria-hidden="true" /> Obrigações de REAP
        </Link>{' '}
        <Link className="br-button secondary" to={ROTA_ADMIN_RELATORIO}>
          <i className="fas fa-table" aria-hidden="true" /> Relatório de pescadores
        </Link>{' '}
        <Link className="br-button secondary" to={ROTA_FILA_RECURSOS}>
          <i className="fas fa-balance-scale" aria-hidden="true" /> Recursos
        </Link>{' '}
        <Link className="br-button secondary" to={ROTA_ADMIN_ENTIDADES}>
          <i className="fas fa-users" aria-hidden="true" /> Entidades representativas
        </Link>{' '}
        <Link className="br-button secondary" to={ROTA_FILA_TERMOS}>
          <i className="fas fa-file-signature" aria-hidden="true" /> Termos de consentimento
        </Link>
      </p>
      <LinkAdministracao />
    </section>
  );
}

function PainelConsultaExterna() {
  return (
    <section aria-labelledby="titulo-consulta" className="mt-4">
      <h2 id="titulo-consulta">Consulta externa</h2>
      <p>
        Seu perfil permite emitir o relatório de pescadores e consultar carteiras profissionais, com o CPF
        mascarado. O acompanhamento de análises não está disponível para este perfil.
      </p>
      <ul>
        <li>
          <Link to={ROTA_CONSULTA_CARTEIRA}>Consultar carteira de pescador profissional</Link>
        </li>
        <li>
          <Link to={ROTA_CONSULTA_PROTOCOLO}>Consultar protocolo de solicitação</Link>
        </li>
      </ul>
      <p>
        <Link className="br-button secondary" to={ROTA_ADMIN_RELATORIO}>
          <i className="fas fa-table" aria-hidden="true" /> Relatório de pescadores
        </Link>
      </p>
    </section>
  );
}

export function PainelDaEquipe({ perfil }: { perfil: Perfil }) {
  return perfil === Perfil.CONSULTA_EXTERNO ? <PainelConsultaExterna /> : <PainelServidor />;
}
