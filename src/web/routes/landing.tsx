import { Link } from 'react-router';
import { ROTA_CONSULTA_CARTEIRA, ROTA_CONSULTA_PROTOCOLO, ROTA_ESTATISTICAS, ROTA_HOME, ROTA_LISTA_DO_ATO } from '../../shared/rotas-web';
import { PageTitle } from '../components/page-title';
import { SignInButton } from '../components/sign-in-button';
import { useSession } from '../lib/session';

/** Public landing page (/): what the system is for, and the GOV.BR sign-in. */
export function LandingPage() {
  const session = useSession();
  return (
    <>
      <PageTitle title="Início">Registro Geral da Atividade Pesqueira</PageTitle>
      <p className="page-lead">
        O RGP é o cadastro nacional de pescadoras e pescadores profissionais, mantido pelo Ministério da Pesca e
        Aquicultura. Por aqui você pede e acompanha o seu registro e, se for servidor, analisa as solicitações.
      </p>

      <div className="sign-in-cta">
        {session ? (
          <Link className="br-button primary" to={ROTA_HOME}>
            Ir para a minha página
          </Link>
        ) : (
          <>
            <p>Para entrar, use a sua conta gov.br.</p>
            <SignInButton variant="primary" />
          </>
        )}
      </div>

      <div className="audiences">
        <section className="br-card" aria-labelledby="para-pescadores">
          <div className="card-content">
            <h2 id="para-pescadores">Para pescadoras e pescadores</h2>
            <p>Com a sua conta gov.br, você pode:</p>
            <ul className="feature-list">
              <li>pedir o registro inicial, com ou sem protocolo, ou o recadastramento;</li>
              <li>atualizar os seus dados e documentos do registro;</li>
              <li>acompanhar as suas solicitações: rascunhos, enviadas, em análise, deferidas e indeferidas;</li>
              <li>preencher o Relatório de Exercício da Atividade Pesqueira (REAP), artesanal ou industrial;</li>
              <li>pedir o cancelamento ou a regularização do registro.</li>
            </ul>
          </div>
        </section>
        <section className="br-card" aria-labelledby="para-servidores">
          <div className="card-content">
            <h2 id="para-servidores">Para servidoras e servidores</h2>
            <p>Com o perfil atribuído pelo Ministério, você pode:</p>
            <ul className="feature-list">
              <li>analisar solicitações, conferindo os documentos e registrando a justificativa;</li>
              <li>gerenciar usuários, horários de acesso, atos normativos e forças-tarefa;</li>
              <li>processar lotes de pescadores e emitir relatórios.</li>
            </ul>
          </div>
        </section>
      </div>

      <section className="br-card mt-4" aria-labelledby="consultas-publicas">
        <div className="card-content">
          <h2 id="consultas-publicas">Consultas públicas</h2>
          <p>Sem entrar no sistema, qualquer pessoa pode:</p>
          <ul className="feature-list">
            <li>
              <Link className="link-sublinhado" to={ROTA_CONSULTA_CARTEIRA}>Verificar uma carteira profissional</Link>, pelo CPF e pelo número do RGP;
            </li>
            <li>
              <Link className="link-sublinhado" to={ROTA_CONSULTA_PROTOCOLO}>Consultar protocolo</Link> de uma solicitação de registro.
            </li>
            <li>
              <Link className="link-sublinhado" to={ROTA_LISTA_DO_ATO}>Estou na lista?</Link> Veja se uma portaria suspendeu ou cancelou o seu registro e até quando recorrer.
            </li>
            <li>
              Ver as <Link className="link-sublinhado" to={ROTA_ESTATISTICAS}>estatísticas do registro</Link>: pescadores por UF, município, categoria, sexo e idade.
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}
