import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { TipoSolicitacao } from '../../shared/enums';
import { ROTA_HOME, rotaDocumentos } from '../../shared/rotas-web';
import { MENSAGENS_SOLICITACAO } from '../../shared/schemas/solicitacao';
import { Loading } from '../components/loading';
import { PageTitle } from '../components/page-title';
import { iniciarEdicaoDocumentos } from '../features/documentos';
import { mensagemErro } from '../lib/api';
import { showToast } from '../lib/toast';

/**
 * /pescador/edicao-documentos: opens a documents edit (type 9) for the signed-in fisher and goes to its
 * documents screen; a refusal (406: registry not active, or an edit already open) is shown and the fisher
 * returns home.
 */
export function PescadorEdicaoDocumentosPage() {
  const navigate = useNavigate();
  const iniciado = useRef(false);

  useEffect(() => {
    if (iniciado.current) return;
    iniciado.current = true;
    iniciarEdicaoDocumentos()
      .then(({ mensagem, dados }) => {
        showToast('info', mensagem);
        void navigate(rotaDocumentos(dados.id, TipoSolicitacao.EDICAO_DOCUMENTOS), { replace: true });
      })
      .catch((err: unknown) => {
        showToast('error', mensagemErro(err, MENSAGENS_SOLICITACAO.erroSalvar));
        void navigate(ROTA_HOME, { replace: true });
      });
  }, [navigate]);

  return (
    <>
      <PageTitle title="Edição de documentos" />
      <Loading label="Abrindo a edição de documentos…" />
    </>
  );
}
