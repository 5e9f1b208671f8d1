import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Categoria } from '../../shared/enums';
import { MENSAGENS_REAP } from '../../shared/regras/reap';
import { ROTA_REAP, ROTA_REAP_DECLARACAO } from '../../shared/rotas-web';
import type { Questionario } from '../../shared/schemas/reap';
import { AvisoRepresentacao } from '../components/aviso-representacao';
import { Loading } from '../components/loading';
import { Message } from '../components/message';
import { Pagina } from '../components/pagina';
import { RequireSession } from '../components/require-session';
import {
  chaveRascunhoReap, declaracaoAceita, DeclaracaoReap, fetchQuestionario, FormularioArtesanal, FormularioIndustrial, ObrigacoesPescador,
  type RascunhoArtesanal, type RascunhoIndustrial, reapKeys, type RegistroReap, rotaFormularioReap, VisualizacaoReap,
} from '../features/reap';
import { mensagemErro } from '../lib/api';
import { apagarDaCaixa, caixaDe, ehAdiavel, lerDaCaixa } from '../offline/caixa-de-saida';
import type { RegistroNoCelular } from '../offline/use-salvamento-offline';
import { ConflitoDoRascunho } from '../components/estado-salvamento';
import { useRepresentado } from '../lib/representacao';
import { useSession } from '../lib/session';
import { showToast } from '../lib/toast';

/** Spec point 8. */
const DURACAO_TOAST_REAP = 2000;

export function ReapRoute() {
  const session = useSession();
  const representado = useRepresentado();
  const idPescador = representado?.idPescador ?? session?.idPescador;
  const [params, setParams] = useSearchParams();
  const tratado = useRef(false);
  useEffect(() => {
    if (tratado.current || params.get('sucesso') !== 'true') return;
    tratado.current = true;
    showToast('success', MENSAGENS_REAP.salva, { autoClose: DURACAO_TOAST_REAP });
    setParams((p) => { const n = new URLSearchParams(p); n.delete('sucesso'); return n; }, { replace: true });
  }, [params, setParams]);
  return (
    <RequireSession>
      <Pagina titulo="REAP – Relatório de Exercício da Atividade Pesqueira">
        <p className="page-lead">Todo ano, declare a sua atividade de pesca do ano anterior. Veja abaixo o que falta fazer em cada ano.</p>
        <AvisoRepresentacao />
        {idPescador ? <ObrigacoesPescador idPescador={idPescador} /> : <Message kind="info" title="A REAP é declarada pelo pescador." />}
      </Pagina>
    </RequireSession>
  );
}

type Rascunho = RegistroReap<unknown, unknown> | null;

/** Without signal the REAP opens from this phone's copy, if any. */
function ComQuestionario({ titulo, children }: {
  titulo: (q: Questionario) => string; children: (q: Questionario, rascunho: Rascunho) => React.ReactNode;
}) {
  const [params] = useSearchParams();
  const dono = caixaDe(useSession()?.idCelular, useRepresentado()?.idPescador);
  const id = Number(params.get('idQuestionarioBasico') ?? '');
  const valido = Number.isInteger(id) && id > 0;
  const q = useQuery({ queryKey: reapKeys.questionario(id), queryFn: () => fetchQuestionario(id), enabled: valido });
  const local = useQuery({
    queryKey: ['neste-celular', dono, chaveRascunhoReap(id)],
    queryFn: () => lerDaCaixa<RegistroNoCelular<unknown, unknown, Questionario>>(dono, chaveRascunhoReap(id)),
    // A session without a phone id (an older token) keeps nothing on the phone.
    enabled: valido,
    networkMode: 'always',
    staleTime: Infinity,
    gcTime: 0,
  });
  const semSinal = (q.isPending && q.fetchStatus === 'paused') || (q.isError && ehAdiavel(q.error));
  const questionario = q.data ?? (semSinal ? local.data?.contexto : undefined);
  // The phone's copy wins only when it holds what the server has not taken or the server cannot be reached: a copy
  // already sent may be older than a change made elsewhere.
  const rascunho = local.data && (local.data.pendente || local.data.conflito || !q.data) ? local.data : null;
  let corpo;
  if (!valido) corpo = <Message kind="danger" title={MENSAGENS_REAP.naoEncontrada} />;
  else if (local.isPending) corpo = <Loading label="Carregando a REAP…" />;
  else if (questionario) corpo = children(questionario, rascunho);
  else if (q.isError) corpo = <Message kind="danger" title={mensagemErro(q.error, MENSAGENS_REAP.erroConsultar)} alert />;
  else if (semSinal) corpo = <Message kind="warning" title="Sem conexão com a internet." status>Esta REAP ainda não foi aberta neste celular: abra-a quando houver sinal.</Message>;
  else corpo = <Loading label="Carregando a REAP…" />;
  return (
    <RequireSession>
      <Pagina titulo={questionario ? titulo(questionario) : 'REAP'} voltarPara={ROTA_REAP} rotuloVoltar="Voltar para as minhas REAPs">
        {corpo}
      </Pagina>
    </RequireSession>
  );
}

/** Sent from another phone, or its window closed: never dropped without the fisher's choice. */
function NaoEnviadoDoCelular({ q, mensagem }: { q: Questionario; mensagem: string }) {
  const dono = caixaDe(useSession()?.idCelular, useRepresentado()?.idPescador);
  const queryClient = useQueryClient();
  async function descartar() {
    await apagarDaCaixa(dono, chaveRascunhoReap(q.id));
    await queryClient.invalidateQueries({ queryKey: ['neste-celular'] });
  }
  return <ConflitoDoRascunho mensagem={mensagem} onDescartar={() => void descartar()} />;
}

function SeEditavel({ q, rascunho = null, children }: { q: Questionario; rascunho?: Rascunho; children: React.ReactNode }) {
  const naoEnviado = rascunho?.pendente !== null && rascunho?.pendente !== undefined;
  if (q.enviada) {
    return (
      <>
        {naoEnviado ? <NaoEnviadoDoCelular q={q} mensagem={MENSAGENS_REAP.jaEnviada} /> : <Message kind="info" title={MENSAGENS_REAP.jaEnviada} />}
        <VisualizacaoReap questionario={q} />
      </>
    );
  }
  if (!q.noPrazo) return naoEnviado ? <NaoEnviadoDoCelular q={q} mensagem={MENSAGENS_REAP.foraDoPrazo} /> : <Message kind="warning" title={MENSAGENS_REAP.foraDoPrazo} />;
  return <>{children}</>;
}

/** An address typed or bookmarked may name the other category's form, or skip the declaration. */
function FormularioDaCategoria({ q, industrial, rascunho = null, children }: {
  q: Questionario; industrial: boolean; rascunho?: Rascunho; children: React.ReactNode;
}) {
  if ((q.categoria === Categoria.INDUSTRIAL) !== industrial) return <Navigate to={rotaFormularioReap(q)} replace />;
  if (!q.enviada && q.noPrazo && !declaracaoAceita(q)) return <Navigate to={`${ROTA_REAP_DECLARACAO}?idQuestionarioBasico=${q.id}`} replace />;
  return <SeEditavel q={q} rascunho={rascunho}>{children}</SeEditavel>;
}

function useAoEnviar() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: reapKeys.all });
    void navigate(`${ROTA_REAP}?sucesso=true`);
  };
}

export function ReapDeclaracaoRoute() {
  return (
    <ComQuestionario titulo={(q) => `Declaração da REAP ${q.anoReferencia}`}>
      {(q) => <SeEditavel q={q}><DeclaracaoReap questionario={q} /></SeEditavel>}
    </ComQuestionario>
  );
}

export function ReapArtesanalRoute() {
  const aoEnviar = useAoEnviar();
  return (
    <ComQuestionario titulo={(q) => `REAP artesanal ${q.anoReferencia}`}>
      {(q, rascunho) => (
        <FormularioDaCategoria q={q} industrial={false} rascunho={rascunho}>
          <FormularioArtesanal questionario={q} rascunho={rascunho as RascunhoArtesanal | null} onEnviado={aoEnviar} />
        </FormularioDaCategoria>
      )}
    </ComQuestionario>
  );
}

export function ReapIndustrialRoute() {
  const aoEnviar = useAoEnviar();
  return (
    <ComQuestionario titulo={(q) => `REAP industrial ${q.anoReferencia}`}>
      {(q, rascunho) => (
        <FormularioDaCategoria q={q} industrial rascunho={rascunho}>
          <FormularioIndustrial questionario={q} rascunho={rascunho as RascunhoIndustrial | null} onEnviado={aoEnviar} />
        </FormularioDaCategoria>
      )}
    </ComQuestionario>
  );
}
