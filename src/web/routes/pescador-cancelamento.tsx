import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Perfil, situacaoSolicitacaoLabel } from '../../shared/enums';
import { MENSAGENS_SOLICITACAO } from '../../shared/schemas/solicitacao';
import { MENSAGENS_SOLICITACAO_API } from '../../shared/schemas/solicitacao-api';
import { ROTA_HOME } from '../../shared/rotas-web';
import { ListaDados } from '../components/lista-dados';
import { Loading } from '../components/loading';
import { Message } from '../components/message';
import { Pagina } from '../components/pagina';
import { cancelamentoKeys, consultarCancelamento, FormularioCancelamento } from '../features/cancelamento';
import { formatDate } from '../lib/dates';
import { useSession } from '../lib/session';
import '../styles/resumo.css';

/**
 * /pescador/cancelamento: the cancellation request. A fisher files it for their own registry; a manager
 * (profile 1, exempt from the justification) or other staff open it with ?idPescador=. When a cancellation is
 * already open, it is shown instead of the form.
 */
export function PescadorCancelamentoPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const perfil = session?.perfil;
  const doParametro = Number(params.get('idPescador'));
  const idPescador = perfil === Perfil.INTERESSADO
    ? session?.idPescador
    : Number.isInteger(doParametro) && doParametro > 0 ? doParametro : undefined;
  const query = useQuery({
    queryKey: cancelamentoKeys.aberto(idPescador ?? 0),
    queryFn: () => consultarCancelamento(idPescador as number),
    enabled: idPescador !== undefined,
    meta: { errorMessage: MENSAGENS_SOLICITACAO.erroConsultar },
  });

  function onEnviado() {
    void queryClient.invalidateQueries();
    void navigate(ROTA_HOME);
  }

  let corpo;
  if (idPescador === undefined) {
    corpo = <Message kind="warning" title={MENSAGENS_SOLICITACAO_API.cancelamentoIndisponivel} />;
  } else if (query.isPending) {
    corpo = <Loading label="Verificando pedidos de cancelamento…" />;
  } else if (query.isError) {
    corpo = <Message kind="danger" title={MENSAGENS_SOLICITACAO.erroConsultar} alert />;
  } else if (query.data) {
    const c = query.data;
    corpo = (
      <section aria-labelledby="titulo-cancelamento-aberto">
        <h2 id="titulo-cancelamento-aberto">Pedido de cancelamento em andamento</h2>
        <Message kind="info">{MENSAGENS_SOLICITACAO_API.cancelamentoEmAndamento}</Message>
        <ListaDados
          className="resumo-solicitacao"
          dados={[
            { termo: 'Situação', valor: situacaoSolicitacaoLabel(c.situacao) },
            { termo: 'Protocolo', valor: c.numeroProtocolo },
            { termo: 'Pedido em', valor: formatDate(c.dataEnvio ?? c.dataCriacao) || '—' },
            { termo: 'Justificativa', valor: c.justificativaDeclaracaoSolicitacaoCancelamento || 'Não informada.', classe: 'texto-livre' },
          ]}
        />
      </section>
    );
  } else {
    corpo = (
      <>
        <p className="page-lead">
          Use esta página para pedir o cancelamento do registro de pescador profissional. O pedido é analisado e, se
          deferido, o registro é cancelado.
        </p>
        <FormularioCancelamento
          idPescador={idPescador}
          justificativaObrigatoria={perfil !== Perfil.GESTOR}
          onEnviado={onEnviado}
        />
      </>
    );
  }

  return <Pagina titulo="Solicitar cancelamento do registro">{corpo}</Pagina>;
}
