import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Categoria } from '../../shared/enums';
import { MENSAGENS_REAP } from '../../shared/regras/reap';
import { ROTA_REAP, ROTA_REAP_DECLARACAO } from '../../shared/rotas-web';
import type { Questionario } from '../../shared/schemas/reap';
import { Loading } from '../components/loading';
import { Message } from '../components/message';
import { Pagina } from '../components/pagina';
import { RequireSession } from '../components/require-session';
import {
  declaracaoAceita, DeclaracaoReap, fetchQuestionario, FormularioArtesanal, FormularioIndustrial, ObrigacoesPescador, reapKeys,
  rotaFormularioReap, VisualizacaoReap,
} from '../features/reap';
import { mensagemErro } from '../lib/api';
import { useSession } from '../lib/session';
import { showToast } from '../lib/toast';

/** The REAP toast lasts 2 s (spec point 8). */
const DURACAO_TOAST_REAP = 2000;

/** /reap (?sucesso=true after a REAP is sent): the fisher's REAPs by year and the pending-REAP generation. */
export function ReapRoute() {
  const session = useSession();
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
        {session?.idPescador ? <ObrigacoesPescador idPescador={session.idPescador} /> : <Message kind="info" title="A REAP é declarada pelo pescador." />}
      </Pagina>
    </RequireSession>
  );
}

/** Loads the REAP named by ?idQuestionarioBasico and renders `children` with it. */
function ComQuestionario({ titulo, children }: { titulo: (q: Questionario) => string; children: (q: Questionario) => React.ReactNode }) {
  const [params] = useSearchParams();
  const id = Number(params.get('idQuestionarioBasico') ?? '');
  const q = useQuery({ queryKey: reapKeys.questionario(id), queryFn: () => fetchQuestionario(id), enabled: Number.isInteger(id) && id > 0 });
  let corpo;
  if (!(Number.isInteger(id) && id > 0)) corpo = <Message kind="danger" title={MENSAGENS_REAP.naoEncontrada} />;
  else if (q.isPending) corpo = <Loading label="Carregando a REAP…" />;
  else if (q.isError) corpo = <Message kind="danger" title={mensagemErro(q.error, MENSAGENS_REAP.erroConsultar)} alert />;
  else corpo = children(q.data);
  return (
    <RequireSession>
      <Pagina titulo={q.data ? titulo(q.data) : 'REAP'} voltarPara={ROTA_REAP} rotuloVoltar="Voltar para as minhas REAPs">
        {corpo}
      </Pagina>
    </RequireSession>
  );
}

/** A sent REAP is read-only; one outside its window cannot be filled. */
function SeEditavel({ q, children }: { q: Questionario; children: React.ReactNode }) {
  if (q.enviada) return <><Message kind="info" title={MENSAGENS_REAP.jaEnviada} /><VisualizacaoReap questionario={q} /></>;
  if (!q.noPrazo) return <Message kind="warning" title={MENSAGENS_REAP.foraDoPrazo} />;
  return <>{children}</>;
}

/**
 * The form of a REAP only at its own address and after its declaration: a REAP of the other category goes to its
 * form, one whose declaration was not accepted (an address typed or bookmarked) to the declaration.
 */
function FormularioDaCategoria({ q, industrial, children }: { q: Questionario; industrial: boolean; children: React.ReactNode }) {
  if ((q.categoria === Categoria.INDUSTRIAL) !== industrial) return <Navigate to={rotaFormularioReap(q)} replace />;
  if (!q.enviada && q.noPrazo && !declaracaoAceita(q)) return <Navigate to={`${ROTA_REAP_DECLARACAO}?idQuestionarioBasico=${q.id}`} replace />;
  return <SeEditavel q={q}>{children}</SeEditavel>;
}

function useAoEnviar() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: reapKeys.all });
    void navigate(`${ROTA_REAP}?sucesso=true`);
  };
}

/** /reap/declaracao?idQuestionarioBasico=…: the declaration before the form. */
export function ReapDeclaracaoRoute() {
  return (
    <ComQuestionario titulo={(q) => `Declaração da REAP ${q.anoReferencia}`}>
      {(q) => <SeEditavel q={q}><DeclaracaoReap questionario={q} /></SeEditavel>}
    </ComQuestionario>
  );
}

/** /reap/artesanal?idQuestionarioBasico=…: the artesanal form. */
export function ReapArtesanalRoute() {
  const aoEnviar = useAoEnviar();
  return (
    <ComQuestionario titulo={(q) => `REAP artesanal ${q.anoReferencia}`}>
      {(q) => <FormularioDaCategoria q={q} industrial={false}><FormularioArtesanal questionario={q} onEnviado={aoEnviar} /></FormularioDaCategoria>}
    </ComQuestionario>
  );
}

/** /reap/industrial?idQuestionarioBasico=…: the industrial form (category '1'). */
export function ReapIndustrialRoute() {
  const aoEnviar = useAoEnviar();
  return (
    <ComQuestionario titulo={(q) => `REAP industrial ${q.anoReferencia}`}>
      {(q) => <FormularioDaCategoria q={q} industrial><FormularioIndustrial questionario={q} onEnviado={aoEnviar} /></FormularioDaCategoria>}
    </ComQuestionario>
  );
}
