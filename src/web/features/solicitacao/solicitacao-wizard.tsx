import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SituacaoSolicitacao, TipoSolicitacao } from '../../../shared/enums';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import type { SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import { ConflitoDoRascunho, EstadoDoRascunho } from '../../components/estado-salvamento';
import { FalhaComNovaTentativa } from '../../components/falha-com-nova-tentativa';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { mensagemErro } from '../../lib/api';
import { celularGuarda } from '../../offline/neste-celular';
import { caixaDe, ehAdiavel } from '../../offline/caixa-de-saida';
import { useRepresentado } from '../../lib/representacao';
import { useSession } from '../../lib/session';
import { Passo1DadosPessoais } from './passo1-dados-pessoais';
import { Passo2AtividadePesqueira } from './passo2-atividade-pesqueira';
import { Passo3Socioeconomico } from './passo3-socioeconomico';
import { Passo4ApoioDocumentos } from './passo4-apoio-documentos';
import { Passo5Declaracao } from './passo5-declaracao';
import { ID_TITULO_PASSO, type PainelDocumentos, type PassoProps } from './passo-props';
import { Stepper, TOTAL_PASSOS, tituloDoPasso } from './stepper';
import { fetchProfissoes } from './solicitacao-api';
import { useRascunhoNoCelular, type CelularDoAssistente, type RascunhoSolicitacao } from './use-rascunho-no-celular';
import { solicitacaoKeys, UMA_HORA, useSolicitacao } from './use-solicitacao';
import './solicitacao.css';

export interface SolicitacaoWizardProps {
  /** A saved request's own type prevails. */
  tipo: number;
  idSolicitacao?: number | undefined;
  /** The analysis view. */
  somenteLeitura?: boolean;
  /** Without it no h1: the wizard is mounted inside another screen. */
  titulo?: string;
  Documentos: PainelDocumentos;
}

/** The step lives in the address, so back and reload work. */
export function SolicitacaoWizard({ tipo, idSolicitacao, somenteLeitura = false, titulo, Documentos }: SolicitacaoWizardProps) {
  const query = useSolicitacao(idSolicitacao);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessao = useSession();
  const representado = useRepresentado();
  const noCelular = useRascunhoNoCelular({
    dono: somenteLeitura ? '' : caixaDe(sessao?.idCelular, representado?.idPescador),
    tipo,
    idSolicitacao,
    solicitacao: query.data,
    aoCriar: (id) => {
      const p = new URLSearchParams(params);
      p.set('idSolicitacao', String(id));
      void navigate({ search: `?${p.toString()}` }, { replace: true });
    },
  });
  const semSinal = (query.isPending && query.fetchStatus === 'paused') || (query.isError && ehAdiavel(query.error));
  const doCelular = semSinal ? (noCelular.registro?.contexto.detalhe ?? undefined) : undefined;
  if (noCelular.carregando || (idSolicitacao !== undefined && query.isPending && !doCelular)) {
    return (
      <>
        {titulo && <PageTitle title={titulo} />}
        <Loading label="Carregando a solicitação…" />
      </>
    );
  }
  if (idSolicitacao !== undefined && query.isError && !doCelular) {
    return (
      <>
        {titulo && <PageTitle title={titulo} />}
        <FalhaComNovaTentativa titulo={MENSAGENS_SOLICITACAO.erroConsultar} onTentarNovamente={() => void query.refetch()}>
          {mensagemErro(query.error, '')}
        </FalhaComNovaTentativa>
      </>
    );
  }
  const solicitacao = query.data ?? doCelular;
  // A draft, or a request returned for update after a rejection.
  const editavel = !solicitacao || solicitacao.situacao === undefined
    || ([SituacaoSolicitacao.RASCUNHO, SituacaoSolicitacao.ATUALIZACAO_SFPA, SituacaoSolicitacao.ATUALIZACAO_MPA] as number[])
      .includes(solicitacao.situacao);
  return (
    <Assistente
      solicitacao={solicitacao}
      tipo={solicitacao?.tipo ?? tipo}
      somenteLeitura={somenteLeitura || !editavel}
      avisoNaoEditavel={!somenteLeitura && !editavel}
      titulo={titulo}
      Documentos={Documentos}
      registro={noCelular.registro}
      celular={noCelular.celular}
      descartar={noCelular.descartar}
    />
  );
}

function Assistente({
  solicitacao,
  tipo,
  somenteLeitura,
  avisoNaoEditavel,
  titulo,
  Documentos,
  registro,
  celular,
  descartar,
}: {
  solicitacao: SolicitacaoDetalheResposta | undefined;
  tipo: number;
  somenteLeitura: boolean;
  avisoNaoEditavel: boolean;
  titulo: string | undefined;
  Documentos: PainelDocumentos;
  registro: RascunhoSolicitacao | null;
  celular: CelularDoAssistente;
  descartar: () => Promise<void>;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const salvo = Math.min(Math.max(solicitacao?.passo ?? 0, registro?.contexto.passo ?? 0, 0), TOTAL_PASSOS);
  const alcancavel = somenteLeitura ? TOTAL_PASSOS : Math.min(salvo + 1, TOTAL_PASSOS);
  const pedido = Number(params.get('passo'));
  // A draft resumes at its first unsaved step.
  const inicial = somenteLeitura || tipo === TipoSolicitacao.EDICAO_REGISTRO ? 1 : alcancavel;
  const passo = Number.isInteger(pedido) && pedido >= 1 && pedido <= alcancavel ? pedido : inicial;
  const nome = tituloDoPasso(passo);

  const titleRef = useRef<HTMLHeadingElement>(null);
  const passoAnterior = useRef(passo);
  useEffect(() => {
    if (passoAnterior.current === passo) return;
    passoAnterior.current = passo;
    // Screen reader users hear where they are.
    titleRef.current?.focus();
    titleRef.current?.scrollIntoView?.({ block: 'start' });
  }, [passo]);

  const buscaCom = (mudancas: Record<string, string>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(mudancas)) p.set(k, v);
    return `?${p.toString()}`;
  };
  const irPara = (n: number) => void navigate({ search: buscaCom({ passo: String(n) }) });

  const onSalvo = (dados: SolicitacaoDetalheResposta) => {
    const proximo = String(Math.min(passo + 1, TOTAL_PASSOS));
    // Replacing the address: going back must not open an empty new request again.
    void navigate(
      { search: buscaCom({ idSolicitacao: String(dados.id), passo: proximo }) },
      { replace: solicitacao === undefined },
    );
  };

  const queryClient = useQueryClient();
  useEffect(() => {
    // Kept by the app's worker (docs/decisions/0061), so step 3 opens without signal too.
    if (!somenteLeitura && celularGuarda() && navigator.onLine) {
      void queryClient.prefetchQuery({ queryKey: solicitacaoKeys.profissoes(), queryFn: fetchProfissoes, staleTime: UMA_HORA });
    }
  }, [somenteLeitura, queryClient]);

  const props: PassoProps = {
    solicitacao,
    tipo,
    somenteLeitura,
    onSalvo,
    celular: {
      ...celular,
      guardar: async (n, valores, campos) => {
        const guardado = await celular.guardar(n, valores, campos);
        if (guardado) irPara(Math.min(n + 1, TOTAL_PASSOS));
        return guardado;
      },
    },
    onVoltar: passo > 1 ? () => irPara(passo - 1) : undefined,
    onAvancar: somenteLeitura && passo < TOTAL_PASSOS ? () => irPara(passo + 1) : undefined,
  };

  return (
    <div className="solicitacao-wizard">
      {titulo && <PageTitle title={`${titulo} — Passo ${passo} de ${TOTAL_PASSOS}: ${nome}`}>{titulo}</PageTitle>}
      {solicitacao && (
        <p className="page-lead">
          Solicitação nº {solicitacao.numeroProtocolo ?? solicitacao.id}
        </p>
      )}
      {avisoNaoEditavel && <Message kind="info" title={MENSAGENS_SOLICITACAO.naoEditavel} />}
      <Stepper atual={passo} salvo={salvo} alcancavel={alcancavel} linkPara={(n) => ({ search: buscaCom({ passo: String(n) }) })} />
      <h2 ref={titleRef} id={ID_TITULO_PASSO} tabIndex={-1} className="passo-titulo">
        <span className="passo-contador">
          Passo {passo} de {TOTAL_PASSOS}
          <span className="sr-only">: </span>
        </span>{' '}
        {nome}
      </h2>
      {registro?.conflito && (
        <ConflitoDoRascunho mensagem={registro.conflito.mensagem} onDescartar={() => void descartar()} />
      )}
      {!registro?.conflito && celular.aguardando && <EstadoDoRascunho estado={{ tipo: 'neste-celular', envio: false }} />}
      {!registro?.conflito && (
        <>
          {passo === 1 && <Passo1DadosPessoais key={1} {...props} />}
          {passo === 2 && <Passo2AtividadePesqueira key={2} {...props} />}
          {passo === 3 && <Passo3Socioeconomico key={3} {...props} />}
          {passo >= 4 && celular.aguardando && (
            <Message kind="info" title="Os documentos e o envio da solicitação precisam de internet.">
              Os passos já preenchidos estão salvos neste celular e serão enviados quando houver internet. Depois
              disso, continue por aqui.
            </Message>
          )}
          {passo === 4 && !celular.aguardando && <Passo4ApoioDocumentos key={4} {...props} Documentos={Documentos} />}
          {passo === 5 && !celular.aguardando && <Passo5Declaracao key={5} {...props} />}
        </>
      )}
    </div>
  );
}
