import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SituacaoSolicitacao, TipoSolicitacao, situacaoSolicitacaoLabel, tipoSolicitacaoLabel, type TipoSolicitacao as Tipo } from '../../shared/enums';
import { ROTA_HOME } from '../../shared/rotas-web';
import { MENSAGENS_SOLICITACAO } from '../../shared/schemas/solicitacao';
import { ErrorSummary } from '../components/error-summary';
import { ListaDados } from '../components/lista-dados';
import { Loading } from '../components/loading';
import { Message } from '../components/message';
import { Pagina } from '../components/pagina';
import { DocumentosSolicitacao, enviarEdicaoDocumentos, RegistroIndeferimento } from '../features/documento';
import { enviarEdicaoRgp } from '../features/edicao-rgp';
import { ERRO_CONSULTAR_SOLICITACAO, rotaAssistente, temAssistente, useSolicitacao } from '../features/minhas-solicitacoes';
import { CienciaDeclaracao, useCiencia } from '../features/solicitacao/passo5-declaracao';
import '../styles/resumo.css';
import { mensagemErro } from '../lib/api';
import { queueToast, showToast } from '../lib/toast';

/** The server refuses a request without the documents its type requires. */
function EnviarParaAnalise({
  idSolicitacao,
  enviarSolicitacao,
  comDeclaracao = false,
}: {
  idSolicitacao: number;
  enviarSolicitacao: (id: number) => Promise<string>;
  comDeclaracao?: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [enviando, setEnviando] = useState(false);
  const ciencia = useCiencia();
  async function enviar() {
    if (comDeclaracao && !ciencia.exigir()) return;
    setEnviando(true);
    try {
      queueToast('success', await enviarSolicitacao(idSolicitacao));
      await queryClient.invalidateQueries();
      void navigate(`${ROTA_HOME}?sucesso=true`);
    } catch (err) {
      showToast('error', mensagemErro(err, MENSAGENS_SOLICITACAO.erroAtualizar));
      setEnviando(false);
    }
  }
  const botao = (
    <p className="mt-4">
      <button type="button" className="br-button primary" onClick={() => void enviar()} disabled={enviando}>
        {enviando ? 'Enviando…' : 'Enviar para análise'}
      </button>
    </p>
  );
  if (!comDeclaracao) return botao;
  return (
    <section aria-labelledby="titulo-declaracao" className="mt-4">
      <ErrorSummary errors={ciencia.resumo} attempt={ciencia.tentativa} />
      <h2 id="titulo-declaracao">Declaração</h2>
      <CienciaDeclaracao ciencia={ciencia} />
      {botao}
    </section>
  );
}

function inteiroPositivo(valor: string | null): number | null {
  if (!valor || !/^\d+$/.test(valor)) return null;
  const n = Number(valor);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

const EDITAVEIS: readonly number[] = [
  SituacaoSolicitacao.RASCUNHO,
  SituacaoSolicitacao.ATUALIZACAO_SFPA,
  SituacaoSolicitacao.ATUALIZACAO_MPA,
];


/** The documents may change only while the request is a draft or being updated, as the server decides. */
export function PescadorDocumentosPage() {
  const [params] = useSearchParams();
  const idSolicitacao = inteiroPositivo(params.get('idSolicitacao'));
  const tipoPedido = inteiroPositivo(params.get('tipoSolicitacao'));
  const query = useSolicitacao(idSolicitacao);
  const edicaoDocumentos = tipoPedido === TipoSolicitacao.EDICAO_DOCUMENTOS;
  const titulo = edicaoDocumentos ? 'Edição de documentos' : 'Documentos da solicitação';

  let corpo;
  if (idSolicitacao === null) {
    corpo = <Message kind="danger" title="Solicitação não informada.">Abra esta página a partir de Minhas solicitações.</Message>;
  } else if (query.isPending) {
    corpo = <Loading label="Carregando a solicitação…" />;
  } else if (query.isError) {
    corpo = <Message kind="danger" title={ERRO_CONSULTAR_SOLICITACAO} alert />;
  } else {
    const s = query.data;
    const tipo = s.tipo === TipoSolicitacao.EDICAO_DOCUMENTOS || edicaoDocumentos ? TipoSolicitacao.EDICAO_DOCUMENTOS : s.tipo;
    const editavel = EDITAVEIS.includes(s.situacao);
    const emAtualizacao = s.situacao === SituacaoSolicitacao.ATUALIZACAO_SFPA || s.situacao === SituacaoSolicitacao.ATUALIZACAO_MPA;
    corpo = (
      <>
        <ListaDados
          className="resumo-solicitacao"
          dados={[
            { termo: 'Tipo', valor: tipoSolicitacaoLabel[s.tipo as Tipo] ?? s.tipo },
            { termo: 'Situação', valor: situacaoSolicitacaoLabel(s.situacao) },
            { termo: 'Protocolo', valor: s.numeroProtocolo },
          ]}
        />
        {edicaoDocumentos && (
          <p>
            Substitua os documentos do seu registro que estiverem desatualizados. Os novos documentos passam por
            análise antes de valer para o seu registro.
          </p>
        )}
        {!editavel && (
          <Message kind="info">Esta solicitação não pode mais ser alterada: os documentos estão disponíveis apenas para consulta.</Message>
        )}
        <RegistroIndeferimento idSolicitacao={s.id} situacao={s.situacao} />
        <DocumentosSolicitacao
          nivelTitulo={2}
          idSolicitacao={s.id}
          tipoSolicitacao={tipo}
          nacionalidadeBrasileira={typeof s.nacionalidadeBrasileira === 'string' ? s.nacionalidadeBrasileira : null}
          possuiEntidade={s.possuiInstituicaoRepresentante === true}
          somenteLeitura={!editavel}
        />
        {editavel && s.tipo === TipoSolicitacao.EDICAO_DOCUMENTOS && <EnviarParaAnalise idSolicitacao={s.id} enviarSolicitacao={enviarEdicaoDocumentos} comDeclaracao />}
        {editavel && s.tipo === TipoSolicitacao.EDICAO_RGP && <EnviarParaAnalise idSolicitacao={s.id} enviarSolicitacao={enviarEdicaoRgp} />}
        {emAtualizacao && temAssistente(s.tipo) && (
          <p className="mt-4">
            <Link className="br-button primary" to={rotaAssistente(s.tipo, s.id)}>
              Revisar e reenviar a solicitação
            </Link>
          </p>
        )}
      </>
    );
  }

  return (
    <Pagina titulo={titulo} voltarPara="/pescador/solicitacoes" rotuloVoltar="Voltar para Minhas solicitações">
      {corpo}
    </Pagina>
  );
}
