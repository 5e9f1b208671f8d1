import { useState } from 'react';
import { formatarDataHora } from '../../../shared/datas';
import { MENSAGENS_AUDITORIA, type RegistroAuditoria } from '../../../shared/schemas/auditoria';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { rotuloAcao, rotuloRecurso } from '../../../shared/auditoria-rotulos';
import { useAuditoria, type FiltrosAuditoriaWeb } from './auditoria-api';
import { DetalhesAuditoria } from './detalhes-auditoria';
import { FiltrosAuditoria } from './filtros-auditoria';
import './auditoria.css';

function Linha({ r }: { r: RegistroAuditoria }) {
  const registro = [r.recurso ? rotuloRecurso(r.recurso) : null, r.recursoId ? `nº ${r.recursoId}` : null].filter(Boolean).join(' · ') || '—';
  return (
    <tr role="row">
      <th scope="row" role="rowheader" data-rotulo="Quando" className="auditoria-nowrap">{formatarDataHora(r.criadoEm)}</th>
      <td role="cell" data-rotulo="Ação">
        {rotuloAcao(r.acao)}
        {!r.sucesso && <span className="auditoria-recusa"> (recusada)</span>}
      </td>
      <td role="cell" data-rotulo="Quem">{r.cpfAtor ? <span className="numero-inteiro">{r.cpfAtor}</span> : 'Anônimo'}</td>
      <td role="cell" data-rotulo="Perfil e órgão">{[r.perfilAtor?.descricao, r.orgaoAtor].filter(Boolean).join(' · ') || '—'}</td>
      <td role="cell" data-rotulo="Registro" className="auditoria-quebra">{registro}</td>
      <td role="cell" data-rotulo="Pescador">{r.idPescador ?? '—'}</td>
      <td role="cell" data-rotulo="Origem (IP)" className="auditoria-nowrap">{r.ip ?? '—'}</td>
      <td role="cell" data-rotulo="Detalhes" className="auditoria-quebra auditoria-detalhes"><DetalhesAuditoria detalhes={r.detalhes} /></td>
    </tr>
  );
}

const COLUNAS = ['Quando', 'Ação', 'Quem', 'Perfil e órgão', 'Registro', 'Pescador', 'Origem (IP)', 'Detalhes'] as const;

/** The audit trail for GESTOR and ADMIN: filters, then the events newest first, one page after another. */
export function TelaAuditoria() {
  const [filtros, setFiltros] = useState<FiltrosAuditoriaWeb | null>(null);
  const consulta = useAuditoria(filtros);
  const registros = consulta.data?.pages.flatMap((p) => p.registros) ?? [];
  let resultado;
  if (filtros === null) resultado = <p>Informe os filtros e clique em Pesquisar. Sem filtros, a pesquisa mostra os eventos mais recentes.</p>;
  else if (consulta.isPending) resultado = <Loading label="Consultando a auditoria…" />;
  else if (consulta.isError) resultado = <Message kind="danger" title={mensagemErro(consulta.error, MENSAGENS_AUDITORIA.erroConsultar)} alert />;
  else if (registros.length === 0) resultado = <Message kind="info" title={MENSAGENS_AUDITORIA.nenhumRegistro} alert />;
  else {
    resultado = (
      <>
        <table className="tabela-cartoes tabela-cartoes-compacta" role="table">
          <caption>
            {registros.length} {registros.length === 1 ? 'evento' : 'eventos'}
            {consulta.hasNextPage ? ' (há mais)' : ''}, dos mais recentes aos mais antigos
          </caption>
          <thead role="rowgroup">
            <tr role="row">
              {COLUNAS.map((c) => <th key={c} scope="col" role="columnheader">{c}</th>)}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {registros.map((r) => <Linha key={r.id} r={r} />)}
          </tbody>
        </table>
        {consulta.hasNextPage && (
          <button type="button" className="br-button secondary mt-2" disabled={consulta.isFetchingNextPage} onClick={() => void consulta.fetchNextPage()}>
            {consulta.isFetchingNextPage ? 'Carregando…' : 'Carregar mais eventos'}
          </button>
        )}
      </>
    );
  }
  return (
    <>
      <FiltrosAuditoria onPesquisar={setFiltros} />
      <section aria-labelledby="titulo-resultado-auditoria" className="mt-4">
        <h2 id="titulo-resultado-auditoria">Eventos</h2>
        <div aria-live="polite">{resultado}</div>
      </section>
    </>
  );
}
