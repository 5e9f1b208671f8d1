import { ExigirPerfil } from '../components/exigir-perfil';
import { Pagina } from '../components/pagina';
import { RequireSession } from '../components/require-session';
import { PreferenciasCanais } from '../features/notificacoes/canais';

/** The fisher's channels for notices (decision 0156). */
export function PescadorAvisosRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="pescador.proprio">
        <Pagina titulo="Como receber avisos">
          <p className="page-lead">
            Escolha por onde quer receber os avisos do registro, como prazos da REAP e resultados de solicitações. Um SMS
            nunca traz o seu CPF: ele só diz onde ver o aviso.
          </p>
          <PreferenciasCanais />
        </Pagina>
      </ExigirPerfil>
    </RequireSession>
  );
}
