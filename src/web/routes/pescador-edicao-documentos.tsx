import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TipoSolicitacao } from '../../shared/enums';
import { ROTA_HOME, rotaDocumentos } from '../../shared/rotas-web';
import { MENSAGENS_SOLICITACAO } from '../../shared/schemas/solicitacao';
import { Message } from '../components/message';
import { PageTitle } from '../components/page-title';
import { iniciarEdicaoDocumentos } from '../features/documento';
import { mensagemErro } from '../lib/api';
import { showToast } from '../lib/toast';

/**
 * /pescador/edicao-documentos: says what a documents edit (type 9) is and opens it only when the fisher confirms
 * (decision 0033: the /home option never creates a draft by itself); then goes to its documents screen. A refusal
 * (406: registry not active, or an edit already open) is shown here.
 */
export function PescadorEdicaoDocumentosPage() {
  const navigate = useNavigate();
  const [abrindo, setAbrindo] = useState(false);
  const [erro, setErro] = useState<string | null>(null);

  async function iniciar() {
    setAbrindo(true);
    setErro(null);
    try {
      const { mensagem, dados } = await iniciarEdicaoDocumentos();
      showToast('info', mensagem);
      void navigate(rotaDocumentos(dados.id, TipoSolicitacao.EDICAO_DOCUMENTOS), { replace: true });
    } catch (err) {
      setErro(mensagemErro(err, MENSAGENS_SOLICITACAO.erroSalvar));
      setAbrindo(false);
    }
  }

  return (
    <>
      <PageTitle title="Edição de documentos" />
      <p>
        A edição de documentos substitui documentos do seu registro que estejam desatualizados (por exemplo, um novo
        comprovante de residência ou uma nova foto). Você envia pelo menos um documento novo, aceita a declaração e
        envia a solicitação; os novos documentos só passam a valer para o seu registro depois da análise.
      </p>
      <p>Deseja iniciar uma edição de documentos agora?</p>
      {erro && <Message kind="danger" title={erro} alert />}
      <div className="form-actions mt-3">
        <Link to={ROTA_HOME} className="br-button secondary">
          Cancelar
        </Link>
        <div className="form-actions-forward">
          <button type="button" className="br-button primary" disabled={abrindo} onClick={() => void iniciar()}>
            {abrindo ? 'Iniciando…' : 'Iniciar edição de documentos'}
          </button>
        </div>
      </div>
    </>
  );
}
