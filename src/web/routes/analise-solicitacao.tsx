import { ExigirPerfil } from '../components/exigir-perfil';
import { useSearchParams } from 'react-router';
import { TipoSolicitacao } from '../../shared/enums';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { TelaAnalise, type SolicitacaoEmAnalise } from '../features/analise';
import { DocumentosSolicitacao } from '../features/documento';
import { EnviosDoPescador } from '../features/notificacoes/canais';
import { SolicitacaoWizard } from '../features/solicitacao';

/** The request types the wizard files; the others (cancellation, first-RGP edit, …) show their key fields. */
const TIPOS_DO_ASSISTENTE: readonly number[] = [
  TipoSolicitacao.REGISTRO_INICIAL,
  TipoSolicitacao.RECADASTRAMENTO,
  TipoSolicitacao.REGISTRO_PROTOCOLO,
  TipoSolicitacao.EDICAO_REGISTRO,
];

function idDaBusca(valor: string | null): number {
  return valor && /^\d{1,15}$/.test(valor) ? Number(valor) : 0;
}

/** The fisher's data as filed: the request wizard in read-only mode, its documents panel read-only too. */
function dadosDoAssistente({ idSolicitacao, tipoSolicitacao }: SolicitacaoEmAnalise) {
  if (!TIPOS_DO_ASSISTENTE.includes(tipoSolicitacao)) return null;
  return (
    <SolicitacaoWizard tipo={tipoSolicitacao} idSolicitacao={idSolicitacao} somenteLeitura Documentos={DocumentosSolicitacao} />
  );
}

function avisosDoPescador(idPescador: number) {
  return <EnviosDoPescador idPescador={idPescador} />;
}

function AnaliseSolicitacaoPage() {
  const [params] = useSearchParams();
  return (
    <>
      <PageTitle title="Análise da solicitação" />
      <TelaAnalise
        idAnalise={idDaBusca(params.get('idAnalise'))}
        tipoSolicitacao={idDaBusca(params.get('tipoSolicitacao'))}
        idSolicitacao={idDaBusca(params.get('idSolicitacao'))}
        dadosSolicitacao={dadosDoAssistente}
        avisosPescador={avisosDoPescador}
      />
    </>
  );
}

/** /analise/solicitacao?idAnalise&tipoSolicitacao&idSolicitacao: the analysis screen (staff). */
export function AnaliseSolicitacaoRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="servidor.ler">
        <AnaliseSolicitacaoPage />
      </ExigirPerfil>
    </RequireSession>
  );
}
