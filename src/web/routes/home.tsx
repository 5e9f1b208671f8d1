import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Perfil, perfilLabel, SituacaoSolicitacao, TipoSolicitacao, tipoSolicitacaoLabel, type TipoSolicitacao as Tipo } from '../../shared/enums';
import { MENSAGENS_SOLICITACAO } from '../../shared/mensagens/solicitacao';
import type { TotalizadoresPescador } from '../../shared/schemas/totalizadores';
import { exibirRgp } from '../../shared/rgp';
import { ROTA_AVISOS, ROTA_MESA_AGENTE, ROTA_QUEM_ME_REPRESENTA, ROTA_REAP, ROTA_RECURSOS, rotaDocumentos } from '../../shared/rotas-web';
import { ListaDados } from '../components/lista-dados';
import { Loading } from '../components/loading';
import { Message } from '../components/message';
import { PageTitle } from '../components/page-title';
import { ImprimirCarteiraSeAtivo } from '../features/carteira';
import { useConsultaEdicaoRegistro } from '../features/edicao-registro';
import { useRgpPescador } from '../features/edicao-rgp';
import { AvisoReapDevidas } from '../features/reap/situacao-reap';
import { CondicoesSeguroDefeso } from '../features/seguro-defeso';
import { rotaAssistente, useSolicitacoes } from '../features/minhas-solicitacoes';
import { ModalNotificacoes } from '../features/notificacoes';
import { OpcoesPescador, opcoesPescador } from '../features/opcoes';
import { QuemAcessouMeusDados } from '../features/transparencia';
import { Contadores, contadoresPescador, ERRO_TOTALIZADORES, useTotalizadoresPescador } from '../features/totalizadores';
import { formatDate } from '../lib/dates';
import type { Session } from '../lib/session';
import { useSession } from '../lib/session';
import { showToast } from '../lib/toast';

export const MENSAGEM_ATUALIZACAO =
  'A sua solicitação não foi enviada porque já existe outra solicitação sua aguardando análise ou em análise. Acompanhe o andamento em Minhas solicitações.';

const ZERO_PESCADOR = {
  rascunhos: 0,
  enviadas: 0,
  deferidas: 0,
  finalizadas: 0,
  emAnalise: 0,
  emAtualizacao: 0,
  todas: 0,
};

/** The flags are removed from the address after showing, so a reload does not repeat them (spec point 2). */
function useAvisoDeEnvio(): 'atualizacao' | null {
  const [params, setParams] = useSearchParams();
  const [aviso] = useState(() =>
    params.get('atualizacao') === 'true' ? 'atualizacao' : params.get('sucesso') === 'true' ? 'sucesso' : null,
  );
  const tratado = useRef(false);
  useEffect(() => {
    if (tratado.current || aviso === null) return;
    tratado.current = true;
    if (aviso === 'sucesso') showToast('success', MENSAGENS_SOLICITACAO.enviada);
    setParams(
      (atual) => {
        const novo = new URLSearchParams(atual);
        novo.delete('sucesso');
        novo.delete('atualizacao');
        return novo;
      },
      { replace: true },
    );
  }, [aviso, setParams]);
  return aviso === 'atualizacao' ? 'atualizacao' : null;
}

/** What each option depends on is read here; the options feature applies the shared enabling rules. */
function OpcoesDoPescador({ idPescador, totalizadores }: { idPescador: number | undefined; totalizadores: TotalizadoresPescador }) {
  const rgp = useRgpPescador(idPescador);
  const edicao = useConsultaEdicaoRegistro(idPescador);
  const rascunhos = useSolicitacoes(
    { pagina: 1, tamanhoPagina: 1, situacao: [SituacaoSolicitacao.RASCUNHO] },
    { enabled: idPescador === undefined || totalizadores.rascunhos > 0, silencioso: true },
  );
  const edicoesDocumentos = useSolicitacoes(
    {
      pagina: 1,
      tamanhoPagina: 1,
      situacao: [SituacaoSolicitacao.RASCUNHO, SituacaoSolicitacao.ATUALIZACAO_SFPA, SituacaoSolicitacao.ATUALIZACAO_MPA],
      tipo: [TipoSolicitacao.EDICAO_DOCUMENTOS],
    },
    { enabled: idPescador !== undefined && totalizadores.deferidas > 0, silencioso: true },
  );
  if (idPescador !== undefined && rgp.isPending) return <Loading label="Carregando as opções…" />;

  const rascunho = rascunhos.data?.solicitacoes[0];
  const edicaoDocumentos = edicoesDocumentos.data?.solicitacoes[0];
  const opcoes = opcoesPescador({
    totalizadores,
    numeroRGP: rgp.data?.numeroRGP ?? null,
    situacaoRegistro: rgp.data?.situacao ?? null,
    rascunho: rascunho
      ? {
          descricao: `${tipoSolicitacaoLabel[rascunho.tipo as Tipo] ?? rascunho.tipoDescricao} iniciado em ${formatDate(rascunho.dataCriacao)}.`,
          href: rotaAssistente(rascunho.tipo, rascunho.id),
        }
      : null,
    edicaoRegistro: idPescador === undefined
      ? { podeEditar: false, motivo: null }
      : edicao.isError ? { podeEditar: false, motivo: 'Não foi possível verificar agora. Tente novamente mais tarde.' } : edicao.data,
    edicaoDocumentos: edicaoDocumentos ? rotaDocumentos(edicaoDocumentos.id, TipoSolicitacao.EDICAO_DOCUMENTOS) : null,
  });
  return <OpcoesPescador opcoes={opcoes} />;
}

function MeuRegistro({ idPescador }: { idPescador: number }) {
  const rgp = useRgpPescador(idPescador);
  const r = rgp.data;
  if (!r?.numeroRGP) return null;
  return (
    <section aria-labelledby="titulo-meu-registro" className="mt-3">
      <h2 id="titulo-meu-registro">Meu registro</h2>
      <ListaDados
        className="resumo-solicitacao"
        dados={[
          { termo: 'Número do RGP', valor: exibirRgp(r.numeroRGP) },
          { termo: 'Situação do registro', valor: r.situacaoDescricao ?? 'Não informada' },
        ]}
      />
    </section>
  );
}

function PainelPescador({ idPescador }: { idPescador: number | undefined }) {
  const aviso = useAvisoDeEnvio();
  const query = useTotalizadoresPescador(idPescador);
  let body;
  let opcoes;
  if (idPescador === undefined) {
    body = <Contadores contadores={contadoresPescador(ZERO_PESCADOR)} />;
    opcoes = <OpcoesDoPescador idPescador={undefined} totalizadores={ZERO_PESCADOR} />;
  } else if (query.isPending) body = <Loading label="Carregando o total de solicitações…" />;
  else if (query.isError) body = <Message kind="danger" title={ERRO_TOTALIZADORES} alert />;
  else {
    body = <Contadores contadores={contadoresPescador(query.data)} />;
    opcoes = <OpcoesDoPescador idPescador={idPescador} totalizadores={query.data} />;
  }
  return (
    <>
      {aviso === 'atualizacao' && (
        <div className="mt-3">
          <Message kind="info" title="Solicitação não enviada" alert>
            {MENSAGEM_ATUALIZACAO}
          </Message>
        </div>
      )}
      {idPescador !== undefined && <MeuRegistro idPescador={idPescador} />}
      {idPescador !== undefined && <AvisoReapDevidas idPescador={idPescador} />}
      {idPescador !== undefined && <CondicoesSeguroDefeso idPescador={idPescador} />}
      {idPescador !== undefined && <ImprimirCarteiraSeAtivo idPescador={idPescador} />}
      {opcoes}
      <p className="mt-3">
        <Link to="/pescador/solicitacoes" className="br-button secondary">
          <i className="fas fa-list" aria-hidden="true" /> Minhas solicitações
        </Link>{' '}
        <Link to={ROTA_REAP} className="br-button secondary">
          <i className="fas fa-file-alt" aria-hidden="true" /> REAP
        </Link>{' '}
        <Link to={ROTA_RECURSOS} className="br-button secondary">
          <i className="fas fa-balance-scale" aria-hidden="true" /> Recorrer de uma decisão
        </Link>{' '}
        <Link to={ROTA_QUEM_ME_REPRESENTA} className="br-button secondary">
          <i className="fas fa-user-friends" aria-hidden="true" /> Quem me representa
        </Link>{' '}
        <Link to={ROTA_AVISOS} className="br-button secondary">
          <i className="fas fa-bell" aria-hidden="true" /> Como receber avisos
        </Link>{' '}
        <Link to={ROTA_MESA_AGENTE} className="br-button secondary">
          <i className="fas fa-briefcase" aria-hidden="true" /> Mesa do agente de entidade
        </Link>
      </p>
      <section aria-labelledby="titulo-solicitacoes" className="mt-4">
        <h2 id="titulo-solicitacoes">Minhas solicitações</h2>
        {body}
      </section>
      {idPescador !== undefined && <QuemAcessouMeusDados />}
      <ModalNotificacoes />
    </>
  );
}

/** Loaded only for staff: the fisher's /home does not carry them. */
const PainelDaEquipe = lazy(() => import('./home-servidor').then((m) => ({ default: m.PainelDaEquipe })));

const carregandoPainel = (
  <div className="mt-4">
    <Loading />
  </div>
);

function orgaoDe(session: Session): string | null {
  if (!session.siglaOrgao) return null;
  return session.ufOrgao ? `${session.siglaOrgao}/${session.ufOrgao}` : session.siglaOrgao;
}

export function HomePage() {
  const session = useSession();
  if (!session) return null; // RequireSession redirects before this renders.
  const orgao = orgaoDe(session);
  return (
    <>
      <PageTitle title="Página inicial">Olá, {session.nome}</PageTitle>
      <p className="page-lead">
        Perfil: {perfilLabel[session.perfil]}
        {orgao && <> · Órgão: {orgao}</>}
      </p>
      {session.perfil === Perfil.INTERESSADO && <PainelPescador idPescador={session.idPescador} />}
      {session.perfil !== Perfil.INTERESSADO && (
        <Suspense fallback={carregandoPainel}>
          <PainelDaEquipe perfil={session.perfil} />
        </Suspense>
      )}
    </>
  );
}
