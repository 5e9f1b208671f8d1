import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SituacaoRegistro } from '../../shared/enums';
import { MENSAGENS_SOLICITACAO_API } from '../../shared/schemas/solicitacao-api';
import { ROTA_HOME } from '../../shared/rotas-web';
import { Loading } from '../components/loading';
import { Message } from '../components/message';
import { Pagina } from '../components/pagina';
import { FormularioRegularizacao } from '../features/cancelamento';
import { ERRO_CONSULTAR_PESCADOR, useRgpPescador } from '../features/edicao-rgp';
import { formatDate } from '../lib/dates';
import { useSession } from '../lib/session';

/** /pescador/regularizacao: a fisher whose registry is SUSPENSO asks to have it active again. */
export function PescadorRegularizacaoPage() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rgp = useRgpPescador(session?.idPescador, { errorMessage: ERRO_CONSULTAR_PESCADOR });

  function onEnviado() {
    void queryClient.invalidateQueries();
    void navigate(ROTA_HOME);
  }

  let corpo;
  if (session?.idPescador === undefined) corpo = <Message kind="info" title={MENSAGENS_SOLICITACAO_API.regularizacaoIndisponivel} />;
  else if (rgp.isPending) corpo = <Loading label="Carregando o seu registro…" />;
  else if (rgp.isError) corpo = <Message kind="danger" title={ERRO_CONSULTAR_PESCADOR} alert />;
  else if (rgp.data?.situacao !== SituacaoRegistro.SUSPENSO) {
    corpo = <Message kind="info" title={MENSAGENS_SOLICITACAO_API.regularizacaoIndisponivel} />;
  } else {
    const desde = formatDate(rgp.data.dataSuspensoCancelado);
    corpo = (
      <>
        <Message kind="warning" title="O seu registro está suspenso">
          {desde ? `Suspenso desde ${desde}. ` : ''}Explique o que foi regularizado; o pedido será analisado.
        </Message>
        <FormularioRegularizacao onEnviado={onEnviado} />
      </>
    );
  }

  return <Pagina titulo="Solicitar regularização do registro">{corpo}</Pagina>;
}
