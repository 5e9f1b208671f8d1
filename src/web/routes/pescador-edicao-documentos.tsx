import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { TipoSolicitacao } from '../../shared/enums';
import { Loading } from '../components/loading';
import { PageTitle } from '../components/page-title';
import { rotaDocumentos } from '../features/minhas-solicitacoes';
import { api, mensagemErro } from '../lib/api';
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
    api.post<{ dados: { id: number }; mensagem: string }>('/api/solicitacao-edicao-documentos')
      .then((res) => {
        showToast('info', res.data.mensagem);
        void navigate(rotaDocumentos(res.data.dados.id, TipoSolicitacao.EDICAO_DOCUMENTOS), { replace: true });
      })
      .catch((err: unknown) => {
        showToast('error', mensagemErro(err, 'Erro ao salvar solicitação'));
        void navigate('/home', { replace: true });
      });
  }, [navigate]);

  return (
    <>
      <PageTitle title="Edição de documentos" />
      <Loading label="Abrindo a edição de documentos…" />
    </>
  );
}
