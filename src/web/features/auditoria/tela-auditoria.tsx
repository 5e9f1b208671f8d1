import { useState } from 'react';
import { formatarDataHora } from '../../../shared/datas';
import { MENSAGENS_AUDITORIA, type RegistroAuditoria } from '../../../shared/schemas/auditoria';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { TabelaCartoes, type Coluna } from '../../components/tabela-cartoes';
import { mensagemErro } from '../../lib/api';
import { rotuloAcao, rotuloRecurso } from '../../../shared/auditoria-rotulos';
import { useAuditoria, type FiltrosAuditoriaWeb } from './auditoria-api';
import { DetalhesAuditoria } from './detalhes-auditoria';
import { FiltrosAuditoria } from './filtros-auditoria';
import './auditoria.css';

function registro(r: RegistroAuditoria): string {
  return [r.recurso ? rotuloRecurso(r.recurso) : null, r.recursoId ? `nº ${r.recursoId}` : null].filter(Boolean).join(' · ') || '—';
}

const COLUNAS: Coluna<RegistroAuditoria>[] = [
  { titulo: 'Quando', classe: 'auditoria-nowrap', celula: (r) => formatarDataHora(r.criadoEm) },
  {
    titulo: 'Ação',
    celula: (r) => (
      <>
        {rotuloAcao(r.acao)}
        {!r.sucesso && <span className="auditoria-recusa"> (recusada)</span>}
      </>
    ),
  },
  { titulo: 'Quem', celula: (r) => (r.cpfAtor ? <span className="numero-inteiro">{r.cpfAtor}</span> : 'Anônimo') },
  { titulo: 'Perfil e órgão', celula: (r) => [r.perfilAtor?.descricao, r.orgaoAtor].filter(Boolean).join(' · ') || '—' },
  { titulo: 'Registro', classe: 'auditoria-quebra', celula: registro },
  { titulo: 'Pescador', celula: (r) => r.idPescador ?? '—' },
  { titulo: 'Origem (IP)', classe: 'auditoria-nowrap', celula: (r) => r.ip ?? '—' },
  { titulo: 'Detalhes', classe: 'auditoria-quebra auditoria-detalhes', celula: (r) => <DetalhesAuditoria detalhes={r.detalhes} /> },
];

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
        <TabelaCartoes
          legenda={
            <>
              {registros.length} {registros.length === 1 ? 'evento' : 'eventos'}
              {consulta.hasNextPage ? ' (há mais)' : ''}, dos mais recentes aos mais antigos
            </>
          }
          compacta
          colunas={COLUNAS}
          linhas={registros}
          chave={(r) => r.id}
        />
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
