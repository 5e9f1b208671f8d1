import type { ComponentType, ReactNode } from 'react';
import { pode } from '../../shared/permissoes';
import { useSession } from '../lib/session';
import { ExigirPerfil } from './exigir-perfil';
import { PageTitle } from './page-title';
import { RequireSession } from './require-session';

export interface PaginaAdministracaoProps {
  titulo: string;
  /** The lead paragraph under the title. */
  descricao: ReactNode;
  /** The list of the page; `gerenciar` shows its create, edit and remove actions to those who may manage. */
  Lista: ComponentType<{ gerenciar: boolean }>;
}

function Conteudo({ titulo, descricao, Lista }: PaginaAdministracaoProps) {
  const session = useSession();
  return (
    <>
      <PageTitle title={titulo} />
      <p className="page-lead">{descricao}</p>
      <Lista gerenciar={pode(session?.perfil, 'administracao.gerir')} />
    </>
  );
}

/**
 * A list page of the administration (normative acts, task forces): signed in, readable by whoever may read the
 * administration (GESTOR, ADMIN, CONSULTA_INTERNO), managed by whoever may manage it (GESTOR, ADMIN).
 */
export function PaginaAdministracao(props: PaginaAdministracaoProps) {
  return (
    <RequireSession>
      <ExigirPerfil permissao="administracao.ler">
        <Conteudo {...props} />
      </ExigirPerfil>
    </RequireSession>
  );
}
