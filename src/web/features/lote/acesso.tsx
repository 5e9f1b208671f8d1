import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Perfil } from '../../../shared/enums';
import { ROTA_HOME } from '../../../shared/rotas-web';
import { Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useSession } from '../../lib/session';

/** Batch processing is for GESTOR and ADMIN (the server refuses anyone else anyway). */
export function ExigirPerfilLote({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session && (session.perfil === Perfil.GESTOR || session.perfil === Perfil.ADMIN)) return <>{children}</>;
  return (
    <>
      <PageTitle title="Acesso não permitido" />
      <Message kind="warning" title="Seu perfil não tem acesso ao processamento em lote.">
        <Link to={ROTA_HOME}>Voltar para a página inicial</Link>
      </Message>
    </>
  );
}
