import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Perfil, TipoSolicitacao } from '../../shared/enums';
import { ROTA_HOME } from '../../shared/rotas-web';
import { Message } from '../components/message';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { DocumentosSolicitacao } from '../features/documento';
import { SolicitacaoWizard } from '../features/solicitacao';
import { useSession } from '../lib/session';

/** The wizard's h1 per request type. */
const TITULOS: Record<number, string> = {
  [TipoSolicitacao.REGISTRO_INICIAL]: 'Solicitação de registro inicial',
  [TipoSolicitacao.RECADASTRAMENTO]: 'Solicitação de recadastramento',
  [TipoSolicitacao.REGISTRO_PROTOCOLO]: 'Solicitação de registro inicial com protocolo',
  [TipoSolicitacao.EDICAO_REGISTRO]: 'Edição de registro',
};

const TIPOS_DA_SOLICITACAO: readonly number[] = [
  TipoSolicitacao.REGISTRO_INICIAL,
  TipoSolicitacao.RECADASTRAMENTO,
  TipoSolicitacao.REGISTRO_PROTOCOLO,
];

function idDaBusca(valor: string | null): number | undefined {
  return valor && /^\d{1,15}$/.test(valor) && Number(valor) > 0 ? Number(valor) : undefined;
}

function Problema({ titulo, mensagem }: { titulo: string; mensagem: string }) {
  return (
    <>
      <PageTitle title={titulo} />
      <Message kind="warning" title={mensagem} />
      <p className="mt-3">
        <Link to={ROTA_HOME}>Voltar para a página inicial</Link>
      </p>
    </>
  );
}

/** Signed-in fishers only: anyone else signs in first, and other profiles are told the screen is not theirs. */
function SomentePescador({ titulo, children }: { titulo: string; children: ReactNode }) {
  const session = useSession();
  if (session && session.perfil !== Perfil.INTERESSADO) {
    return <Problema titulo={titulo} mensagem="Esta tela é destinada a pescadores. Acesse com um perfil de pescador." />;
  }
  return <>{children}</>;
}

/**
 * /pescador/solicitacao?tipoSolicitacao=1|2|3[&idSolicitacao=N][&passo=1..5]: initial registration,
 * re-registration and registration with protocol.
 */
function SolicitacaoPage() {
  const [params] = useSearchParams();
  const tipo = Number(params.get('tipoSolicitacao'));
  if (!TIPOS_DA_SOLICITACAO.includes(tipo)) {
    return <Problema titulo="Solicitação" mensagem="Tipo de solicitação inválido." />;
  }
  return (
    <SolicitacaoWizard
      tipo={tipo}
      idSolicitacao={idDaBusca(params.get('idSolicitacao'))}
      titulo={TITULOS[tipo]}
      Documentos={DocumentosSolicitacao}
    />
  );
}

/**
 * /pescador/edicao-registro/edicao/?idSolicitacao=N&tipoSolicitacao=8: the registry edit, reached after the
 * registry is cloned into a request.
 */
function EdicaoRegistroPage() {
  const [params] = useSearchParams();
  const tipoInformado = params.get('tipoSolicitacao');
  const id = idDaBusca(params.get('idSolicitacao'));
  const titulo = TITULOS[TipoSolicitacao.EDICAO_REGISTRO]!;
  if (tipoInformado !== null && Number(tipoInformado) !== TipoSolicitacao.EDICAO_REGISTRO) {
    return <Problema titulo={titulo} mensagem="Tipo de solicitação inválido." />;
  }
  if (id === undefined) {
    return <Problema titulo={titulo} mensagem="Solicitação de edição não informada." />;
  }
  return (
    <SolicitacaoWizard
      tipo={TipoSolicitacao.EDICAO_REGISTRO}
      idSolicitacao={id}
      titulo={titulo}
      Documentos={DocumentosSolicitacao}
    />
  );
}

export function SolicitacaoRoute() {
  return (
    <RequireSession>
      <SomentePescador titulo="Solicitação">
        <SolicitacaoPage />
      </SomentePescador>
    </RequireSession>
  );
}

export function EdicaoRegistroRoute() {
  return (
    <RequireSession>
      <SomentePescador titulo={TITULOS[TipoSolicitacao.EDICAO_REGISTRO]!}>
        <EdicaoRegistroPage />
      </SomentePescador>
    </RequireSession>
  );
}
