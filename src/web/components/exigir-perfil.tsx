import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pode, type Permissao } from '../../shared/permissoes';
import { ROTA_HOME } from '../../shared/rotas-web';
import { MENSAGENS_AUDITORIA } from '../../shared/schemas/auditoria';
import { useSession } from '../lib/session';
import { Message } from './message';
import { PageTitle } from './page-title';

const SEM_ACESSO_ADMINISTRACAO = 'Seu perfil não tem acesso a esta área da administração.';

/** What a caller without the permission reads, by permission. */
const SEM_ACESSO: Partial<Record<Permissao, string>> = {
  'administracao.ler': SEM_ACESSO_ADMINISTRACAO,
  'administracao.gerir': SEM_ACESSO_ADMINISTRACAO,
  'servidor.ler': 'Seu perfil não tem acesso às análises de solicitações.',
  'lote.processar': 'Seu perfil não tem acesso ao processamento em lote.',
  'auditoria.ler': MENSAGENS_AUDITORIA.semPermissao,
  'relatorio.emitir': 'Seu perfil não tem acesso ao relatório de pescadores.',
};

/**
 * The one access guard of the screens: renders `children` only for a signed-in caller who holds `permissao` in the
 * permission table (src/shared/permissoes.ts, the one the server's routes are guarded by); anyone else reads why
 * and the way home. The server refuses them anyway: this only spares them a screen of errors.
 */
export function ExigirPerfil({ permissao, semAcesso, children }: {
  permissao: Permissao;
  /** What is refused, when the permission's own sentence names another area (it is shared by several screens). */
  semAcesso?: string;
  children: ReactNode;
}) {
  const session = useSession();
  if (session && pode(session.perfil, permissao)) return <>{children}</>;
  return (
    <>
      <PageTitle title="Acesso não permitido" />
      <Message kind="warning" title={semAcesso ?? SEM_ACESSO[permissao] ?? 'Seu perfil não tem acesso a esta página.'}>
        <Link to={ROTA_HOME}>Voltar para a página inicial</Link>
      </Message>
    </>
  );
}
