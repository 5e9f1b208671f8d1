import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SituacaoSolicitacao, TipoDocumento, TipoSolicitacao } from '../../shared/enums';
import { exibirRgp } from '../../shared/rgp';
import { documentosFaltantes, MENSAGENS_SOLICITACAO } from '../../shared/schemas/solicitacao';
import type { Documento } from '../../shared/schemas/documento';
import { DOCUMENTOS_EDICAO_RGP, MENSAGENS_SOLICITACAO_API } from '../../shared/schemas/solicitacao-api';
import { ROTA_HOME, rotaDocumentos } from '../../shared/rotas-web';
import { ErrorSummary, type FieldError } from '../components/error-summary';
import { ListaDados } from '../components/lista-dados';
import { Loading } from '../components/loading';
import { Message } from '../components/message';
import { Pagina } from '../components/pagina';
import { DocumentosSolicitacao } from '../features/documento';
import { enviarEdicaoRgp, ERRO_CONSULTAR_PESCADOR, FormularioEdicaoRgp, useRgpPescador } from '../features/edicao-rgp';
import { useSolicitacoes } from '../features/minhas-solicitacoes';
import { formatDate } from '../lib/dates';
import { useSession } from '../lib/session';
import { mensagemErro } from '../lib/api';
import { queueToast } from '../lib/toast';
import '../styles/resumo.css';


/**
 * Step 2: the proof of the first RGP (required) and its additional document, uploaded to the type-7 draft, which is
 * then sent for analysis (the server refuses it without the proof, decision 0020).
 */
function DocumentosEdicaoRgp({ idSolicitacao, retomada = false }: { idSolicitacao: number; retomada?: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [documentos, setDocumentos] = useState<Documento[] | null>(null);
  const [erros, setErros] = useState<FieldError[]>([]);
  const [tentativa, setTentativa] = useState(0);
  const [enviando, setEnviando] = useState(false);
  const onDocumentosChange = useCallback((d: Documento[]) => setDocumentos(d), []);
  const campoComprovante = `documento-tipo-${TipoDocumento.COMPROVANTE_PRIMEIRO_RGP}`;

  async function onEnviar() {
    const faltando = documentosFaltantes(DOCUMENTOS_EDICAO_RGP, (documentos ?? []).map((d) => d.tipoDocumento));
    if (faltando.length > 0) {
      setErros([{ field: campoComprovante, message: MENSAGENS_SOLICITACAO.documentos }]);
      setTentativa((n) => n + 1);
      return;
    }
    setEnviando(true);
    try {
      queueToast('success', await enviarEdicaoRgp(idSolicitacao));
      await queryClient.invalidateQueries();
      void navigate(`${ROTA_HOME}?sucesso=true`);
    } catch (err) {
      setErros([{ field: campoComprovante, message: mensagemErro(err, MENSAGENS_SOLICITACAO.erroAtualizar) }]);
      setTentativa((n) => n + 1);
      setEnviando(false);
    }
  }

  return (
    <>
      <ErrorSummary errors={erros} attempt={tentativa} />
      <Message kind={retomada ? 'info' : 'success'} title={retomada ? 'Você tem uma edição do primeiro RGP ainda não enviada.' : 'Solicitação registrada.'}>
        Agora anexe o comprovante do primeiro RGP (obrigatório) e, se quiser, um documento adicional. A solicitação só
        vai para análise quando você a enviar com o comprovante.
      </Message>
      <DocumentosSolicitacao
        nivelTitulo={2}
        idSolicitacao={idSolicitacao}
        tipoSolicitacao={TipoSolicitacao.EDICAO_RGP}
        onDocumentosChange={onDocumentosChange}
      />
      <p className="mt-3">
        <button type="button" className="br-button primary" onClick={() => void onEnviar()} disabled={documentos === null || enviando}>
          {enviando ? 'Enviando…' : 'Enviar para análise'}
        </button>
      </p>
    </>
  );
}

/**
 * /pescador/edicao-rgp: the first-RGP edit. The form opens the type-7 draft (POST /api/solicitacao-edicao-rgp);
 * then the proof documents 14 and 15 are uploaded to it and it is sent (POST …/{id}/enviar). A draft or a request
 * returned for update is resumed; one waiting for analysis is pointed to instead.
 */
const SITUACOES_EDITAVEIS_EDICAO_RGP: readonly number[] = [
  SituacaoSolicitacao.RASCUNHO, SituacaoSolicitacao.ATUALIZACAO_SFPA, SituacaoSolicitacao.ATUALIZACAO_MPA,
];
const SITUACOES_ABERTAS_EDICAO_RGP = [...SITUACOES_EDITAVEIS_EDICAO_RGP, SituacaoSolicitacao.ENVIADA, SituacaoSolicitacao.EM_ANALISE];

export function PescadorEdicaoRgpPage() {
  const session = useSession();
  const idPescador = session?.idPescador;
  const rgp = useRgpPescador(idPescador, { errorMessage: ERRO_CONSULTAR_PESCADOR });
  const abertas = useSolicitacoes(
    { pagina: 1, tamanhoPagina: 1, tipo: [TipoSolicitacao.EDICAO_RGP], situacao: SITUACOES_ABERTAS_EDICAO_RGP },
    { enabled: idPescador !== undefined, silencioso: true },
  );
  const [criada, setCriada] = useState<number | null>(null);

  let corpo;
  if (criada !== null) corpo = <DocumentosEdicaoRgp idSolicitacao={criada} />;
  else if (idPescador === undefined) corpo = <Message kind="info" title={MENSAGENS_SOLICITACAO_API.edicaoRgpSemRgp} />;
  else if (rgp.isPending || abertas.isPending) corpo = <Loading label="Carregando o seu registro…" />;
  else if (rgp.isError) corpo = <Message kind="danger" title={ERRO_CONSULTAR_PESCADOR} alert />;
  else if (!rgp.data?.numeroRGP) corpo = <Message kind="info" title={MENSAGENS_SOLICITACAO_API.edicaoRgpSemRgp} />;
  else {
    const aberta = abertas.data?.solicitacoes[0];
    const r = rgp.data;
    corpo = aberta && SITUACOES_EDITAVEIS_EDICAO_RGP.includes(aberta.situacao) ? (
      <DocumentosEdicaoRgp idSolicitacao={aberta.id} retomada />
    ) : aberta ? (
      <Message kind="info" title={MENSAGENS_SOLICITACAO_API.edicaoRgpEmAndamento}>
        <Link to={rotaDocumentos(aberta.id, TipoSolicitacao.EDICAO_RGP)}>Ver os documentos da solicitação nº {aberta.id}</Link>
      </Message>
    ) : (
      <>
        <section aria-labelledby="titulo-rgp-atual">
          <h2 id="titulo-rgp-atual">Dados atuais</h2>
          <ListaDados
            className="resumo-solicitacao"
            dados={[
              { termo: 'Número do RGP', valor: exibirRgp(r.numeroRGP) },
              { termo: 'Número do primeiro RGP', valor: exibirRgp(r.numeroPrimeiroRGP) || 'Não informado' },
              { termo: 'Data do primeiro RGP', valor: formatDate(r.dataPrimeiroRgp) || 'Não informada' },
              { termo: 'Órgão', valor: r.orgao || 'Não informado' },
            ]}
          />
        </section>
        <section aria-labelledby="titulo-rgp-novo">
          <h2 id="titulo-rgp-novo">Dados corretos</h2>
          <p>Informe a data e o órgão corretos do seu primeiro registro. Depois, envie o comprovante.</p>
          <FormularioEdicaoRgp rgp={r} onCriada={setCriada} />
        </section>
      </>
    );
  }

  return <Pagina titulo="Editar primeiro RGP">{corpo}</Pagina>;
}
