import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  SituacaoSolicitacao,
  situacaoSolicitacaoLabel,
  TipoSolicitacao as TipoSolicitacaoCodigo,
  tipoSolicitacaoLabel,
  type TipoSolicitacao,
} from '../../../shared/enums';
import { ROTA_HOME, ROTA_RECURSOS, rotaDocumentos } from '../../../shared/rotas-web';
import { MENSAGENS_SOLICITACAO_API, type SolicitacaoResumo } from '../../../shared/schemas/solicitacao-api';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { Paginacao } from '../../components/paginacao';
import { colunaDeAcoes, TabelaCartoes, type Coluna } from '../../components/tabela-cartoes';
import { mensagemErro } from '../../lib/api';
import { confirmar } from '../../lib/confirm';
import { formatDate } from '../../lib/dates';
import { showToast } from '../../lib/toast';
import { abrirEmNovaAba } from '../../lib/nova-aba';
import { rotaAssistente, temAssistente } from './rotas';
import {
  descartarRascunho,
  ERRO_CONSULTAR_PROTOCOLO,
  ERRO_CONSULTAR_SOLICITACAO,
  obterProtocoloPdf,
  solicitacoesKeys,
} from './solicitacoes-api';
import { useSolicitacoes } from './use-solicitacoes';
import './minhas-solicitacoes.css';

export const TAMANHO_PAGINA = 10;
const RASCUNHO_DESCARTADO = MENSAGENS_SOLICITACAO_API.rascunhoInativado;
const ERRO_DESCARTAR = 'Erro ao descartar o rascunho.';

function rotuloTipo(s: SolicitacaoResumo): string {
  return tipoSolicitacaoLabel[s.tipo as TipoSolicitacao] ?? s.tipoDescricao ?? `Tipo ${s.tipo}`;
}

/** The columns of a request, before its actions. */
const COLUNAS: Coluna<SolicitacaoResumo>[] = [
  {
    titulo: 'Tipo',
    celula: (s) => (
      <span>
        {rotuloTipo(s)} <span className="solicitacao-numero">nº {s.id}</span>
      </span>
    ),
  },
  { titulo: 'Situação', celula: (s) => situacaoSolicitacaoLabel(s.situacao) },
  { titulo: 'Protocolo', celula: (s) => s.numeroProtocolo ?? '—' },
  { titulo: 'Criada em', celula: (s) => formatDate(s.dataCriacao) || '—' },
  { titulo: 'Enviada em', celula: (s) => formatDate(s.dataEnvio) || '—' },
];

function Acoes({ s, idPescador, onDescartado }: { s: SolicitacaoResumo; idPescador: number | undefined; onDescartado: () => void }) {
  const [ocupado, setOcupado] = useState(false);
  // Each action is named with its request ("Continuar Registro inicial nº 5"), starting with the visible words.
  const nome = (acao: string) => `${acao} ${rotuloTipo(s)} nº ${s.id}`;
  const rascunho = s.situacao === SituacaoSolicitacao.RASCUNHO;
  const emAtualizacao = s.situacao === SituacaoSolicitacao.ATUALIZACAO_SFPA || s.situacao === SituacaoSolicitacao.ATUALIZACAO_MPA;

  async function onDescartar() {
    const ok = await confirmar({
      title: 'Descartar o rascunho?',
      text: `O rascunho de ${rotuloTipo(s)} nº ${s.id} e os documentos enviados nele serão excluídos. Você não será capaz de reverter esta ação!`,
      confirmButtonText: 'Sim, descartar.',
    });
    if (!ok) return;
    setOcupado(true);
    try {
      await descartarRascunho(s.id);
      showToast('success', RASCUNHO_DESCARTADO);
      onDescartado();
    } catch (error) {
      showToast('error', mensagemErro(error, ERRO_DESCARTAR));
    } finally {
      setOcupado(false);
    }
  }

  async function onImprimir() {
    if (idPescador === undefined) return;
    try {
      await abrirEmNovaAba(() => obterProtocoloPdf(idPescador, s.id));
    } catch {
      showToast('error', ERRO_CONSULTAR_PROTOCOLO);
    }
  }

  // A refused request may be appealed (decision 0088); an appeal is not appealed from this list.
  const recorrivel = s.situacao === SituacaoSolicitacao.FINALIZADA && s.tipo !== TipoSolicitacaoCodigo.RECURSO && s.tipo !== TipoSolicitacaoCodigo.REAP;

  return (
    <div className="botoes-em-linha">
      {recorrivel && (
        <Link className="br-button secondary small" to={ROTA_RECURSOS} aria-label={nome('Recorrer de')}>
          Recorrer
        </Link>
      )}
      {rascunho && temAssistente(s.tipo) && (
        <Link className="br-button primary small" to={rotaAssistente(s.tipo, s.id)} aria-label={nome('Continuar')}>
          Continuar
        </Link>
      )}
      {rascunho && (
        <button
          type="button"
          className="br-button secondary small"
          onClick={() => void onDescartar()}
          disabled={ocupado}
          aria-busy={ocupado || undefined}
          aria-label={nome('Descartar')}
        >
          Descartar
        </button>
      )}
      <Link
        className={`br-button ${emAtualizacao ? 'primary' : 'secondary'} small`}
        to={rotaDocumentos(s.id, s.tipo)}
        aria-label={nome(emAtualizacao ? 'Corrigir documentos' : 'Documentos')}
      >
        {emAtualizacao ? 'Corrigir documentos' : 'Documentos'}
      </Link>
      {!rascunho && s.numeroProtocolo && idPescador !== undefined && (
        <button type="button" className="br-button secondary small" onClick={() => void onImprimir()} aria-label={nome('Imprimir protocolo')}>
          Imprimir protocolo
        </button>
      )}
    </div>
  );
}

/**
 * The explicit table roles keep the table's semantics when the phone layout changes the cells' display (some
 * browsers drop them otherwise).
 *
 * The fisher's requests, paginated (1-based pages), as an accessible table (caption, column and row headers).
 * Below 640 px each row becomes a card, its cells labelled by their column (no page-level horizontal scroll).
 */
export function TabelaSolicitacoes({
  idPescador,
  pagina,
  onPagina,
}: {
  idPescador: number | undefined;
  pagina: number;
  onPagina: (pagina: number) => void;
}) {
  const queryClient = useQueryClient();
  const query = useSolicitacoes({ pagina, tamanhoPagina: TAMANHO_PAGINA });

  function onDescartado() {
    void queryClient.invalidateQueries({ queryKey: solicitacoesKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['totalizadores'] });
  }

  if (query.isPending) return <Loading label="Carregando as suas solicitações…" />;
  if (query.isError) return <Message kind="danger" title={ERRO_CONSULTAR_SOLICITACAO} alert />;
  const { total, solicitacoes } = query.data;
  const paginas = Math.max(1, Math.ceil(total / TAMANHO_PAGINA));
  if (total === 0) {
    return (
      <Message kind="info">
        Você ainda não tem solicitações. Para começar, escolha uma opção na <Link to={ROTA_HOME}>página inicial</Link>.
      </Message>
    );
  }

  return (
    <>
      <div className="tabela-solicitacoes" aria-busy={query.isFetching || undefined}>
        <TabelaCartoes
          legenda={
            <>
              Minhas solicitações{' '}
              <span className="tabela-resumo">
                ({total} {total === 1 ? 'solicitação' : 'solicitações'}, página {pagina} de {paginas})
              </span>
            </>
          }
          colunas={[...COLUNAS, colunaDeAcoes<SolicitacaoResumo>((s) => <Acoes s={s} idPescador={idPescador} onDescartado={onDescartado} />, 'solicitacao-celula-acoes')]}
          linhas={solicitacoes}
          chave={(s) => s.id}
        />
      </div>
      <Paginacao
        rotulo="Paginação das solicitações"
        pagina={pagina}
        totalPaginas={paginas}
        onIr={onPagina}
        className="solicitacoes-paginacao"
      />
    </>
  );
}
