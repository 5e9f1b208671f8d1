import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TipoSolicitacao } from '../../shared/enums';
import { MENSAGENS_SOLICITACAO_API } from '../../shared/schemas/solicitacao-api';
import { ROTA_HOME } from '../../shared/rotas-web';
import { Message } from '../components/message';
import { PageTitle } from '../components/page-title';
import { iniciarEdicaoRegistro } from '../features/edicao-registro';
import { rotaAssistente, temAssistente } from '../features/minhas-solicitacoes';
import { Declaracao } from '../features/opcoes';
import { useSession } from '../lib/session';
import { showToast } from '../lib/toast';

/**
 * /pescador/declaracao?tipoSolicitacao=1|2|3|8: the declaration and acceptance screen before requesting
 * (types 1, 2, 3 → the wizard) or editing the registry (type 8 → the registry is cloned into a new request and
 * the wizard opens on it; a refusal shows the server's message and, for a 406, goes home).
 */
export function PescadorDeclaracaoPage() {
  const [params] = useSearchParams();
  const tipo = Number(params.get('tipoSolicitacao'));
  const session = useSession();
  const navigate = useNavigate();
  const [ocupado, setOcupado] = useState(false);

  async function onAceita() {
    if (tipo !== TipoSolicitacao.EDICAO_REGISTRO) {
      await navigate(rotaAssistente(tipo));
      return;
    }
    const idPescador = session?.idPescador;
    if (idPescador === undefined) {
      showToast('error', MENSAGENS_SOLICITACAO_API.edicaoRegistroSemRegistroAtivo);
      await navigate(ROTA_HOME);
      return;
    }
    setOcupado(true);
    const resultado = await iniciarEdicaoRegistro(idPescador);
    setOcupado(false);
    if (resultado.ok) {
      await navigate(rotaAssistente(TipoSolicitacao.EDICAO_REGISTRO, resultado.idSolicitacao));
      return;
    }
    showToast('error', resultado.mensagem);
    if (resultado.paraHome) await navigate(ROTA_HOME);
  }

  const valido = Number.isInteger(tipo) && temAssistente(tipo);
  return (
    <>
      <PageTitle title="Declaração e aceite" />
      {valido ? (
        <>
          <p className="page-lead">Leia a declaração com atenção. Para continuar, marque “Li e concordo”.</p>
          <Declaracao tipoSolicitacao={tipo} onAceita={onAceita} ocupado={ocupado} />
        </>
      ) : (
        <Message kind="danger" title="Tipo de solicitação inválido">
          Escolha a solicitação na página inicial.
        </Message>
      )}
      <p className="mt-4">
        <Link to={ROTA_HOME}>Voltar para a página inicial</Link>
      </p>
    </>
  );
}
