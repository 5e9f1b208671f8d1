import { useNavigate } from 'react-router';
import { ROTA_MESA_AGENTE } from '../../shared/rotas-web';
import { ExigirPerfil } from '../components/exigir-perfil';
import { Pagina } from '../components/pagina';
import { RequireSession } from '../components/require-session';
import { FilaTermos, FormularioTermo } from '../features/entidade/termo-consentimento';

/** The consent term of a fisher without gov.br (docs/decisions/0110): the agent's filing form and the analyst's queue. */

export function TermoConsentimentoRoute() {
  const navigate = useNavigate();
  return (
    <RequireSession>
      <ExigirPerfil permissao="representacao.agente">
        <Pagina titulo="Registrar termo de consentimento" voltarPara={ROTA_MESA_AGENTE} rotuloVoltar="Voltar para a mesa do agente">
          <FormularioTermo aoRegistrar={() => void navigate(ROTA_MESA_AGENTE)} />
        </Pagina>
      </ExigirPerfil>
    </RequireSession>
  );
}

export function FilaTermosRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="analise.analisar">
        <Pagina titulo="Termos de consentimento">
          <p className="page-lead">Termos assinados por pescadores sem gov.br, registrados por agentes de entidades do seu estado. Valide ou recuse com o motivo.</p>
          <FilaTermos />
        </Pagina>
      </ExigirPerfil>
    </RequireSession>
  );
}
