import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatarDataHora } from '../../../shared/datas';
import {
  MENSAGENS_LOTE, resultadoLoteLabel, SituacaoLote, situacaoLoteLabel, TipoLote, tipoLoteLabel, type LoteResumo, type ResultadoLote,
} from '../../../shared/schemas/lote';
import { UFS } from '../../../shared/ufs';
import { Message } from '../../components/message';
import { Paginacao } from '../../components/paginacao';
import { mensagemErro } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { baixarAnexo, baixarResultadoCsv, listarLotes } from './lote-api';
import './lote.css';

/** While a batch runs its progress is read again every 2 s. */
const INTERVALO_PROGRESSO_MS = 2000;

function Progresso({ lote }: { lote: LoteResumo }) {
  const pct = lote.total === 0 ? 100 : Math.floor((lote.concluidos / lote.total) * 100);
  return (
    <div className="lote-progresso">
      <progress max={lote.total} value={lote.concluidos} aria-label={`Progresso do lote nº ${lote.id}`} />
      <span>{lote.concluidos.toLocaleString('pt-BR')} de {lote.total.toLocaleString('pt-BR')} ({pct}%)</span>
    </div>
  );
}

/** The batch history (ROTA_ADMIN_LOTE_HISTORICO): progress while running, per-CPF results, CSV download. */
export function HistoricoLotes() {
  const [pagina, setPagina] = useState(1);
  const [aberto, setAberto] = useState<number | null>(null);
  const lotes = useQuery({
    queryKey: ['lotes', pagina],
    queryFn: () => listarLotes({ pagina, tamanhoPagina: 10 }),
    refetchInterval: (q) => (q.state.data?.lotes.some((l) => l.situacao === SituacaoLote.EM_PROCESSAMENTO) ? INTERVALO_PROGRESSO_MS : false),
  });
  const itens = useQuery({
    queryKey: ['lote-itens', aberto],
    queryFn: () => listarLotes({ idLote: aberto!, tamanhoPaginaItens: 500 }),
    enabled: aberto !== null,
  });

  if (lotes.isError) return <Message kind="danger" title={MENSAGENS_LOTE.erroConsultar}>{mensagemErro(lotes.error, MENSAGENS_LOTE.erroConsultar)}</Message>;
  if (!lotes.data) return <p role="status">Carregando lotes…</p>;
  if (lotes.data.total === 0) return <Message kind="info" title="Nenhum lote processado ainda.">Os lotes enviados aparecem aqui.</Message>;
  const paginas = Math.ceil(lotes.data.total / 10);
  return (
    <>
      <ul className="lote-lista">
        {lotes.data.lotes.map((l) => (
          <li key={l.id} className="br-card lote-card">
            <div className="card-content">
              <h2>Lote nº {l.id}: {tipoLoteLabel[l.tipo as 1 | 2 | 3]}</h2>
              <p>
                <strong>{situacaoLoteLabel[l.situacao as 1 | 2]}</strong> · {l.formaProcessamento ? `Arquivo ${l.nomeArquivo ?? ''}` : 'Lista manual'}
                {' · '}{formatarDataHora(l.criadoEm)}
              </p>
              <p>Ato normativo: {l.atoNormativo.nome} · Órgão solicitante: {l.orgaoSolicitante}</p>
              <Progresso lote={l} />
              <p className="lote-totais">
                Processados: {l.totais.processados} · Não encontrados: {l.totais.naoEncontrados} · Inválidos: {l.totais.invalidos}
                {' · '}Já na situação: {l.totais.jaNaSituacao} · Não permitidos: {l.totais.naoPermitidos} · Repetidos: {l.totais.repetidos}
              </p>
              <div className="lote-acoes">
                <button type="button" className="br-button secondary small" aria-expanded={aberto === l.id}
                  onClick={() => setAberto(aberto === l.id ? null : l.id)}>
                  {aberto === l.id ? 'Ocultar resultado por CPF' : 'Ver resultado por CPF'}
                </button>
                <button type="button" className="br-button secondary small"
                  onClick={() => void baixarResultadoCsv(l.id).catch((e: unknown) => showToast('error', mensagemErro(e, MENSAGENS_LOTE.erroConsultar)))}>
                  Baixar resultado (CSV){' '}<span className="sr-only">do lote nº {l.id}</span>
                </button>
              </div>
              {l.tipo !== TipoLote.REATIVACAO && <AnexoDoAto idLote={l.id} />}
              {aberto === l.id && itens.data && (
                <div className="lote-tabela">
                  <table className="br-table">
                    <caption>Resultado por CPF do lote nº {l.id}{(itens.data.totalItens ?? 0) > 500 ? ' (primeiros 500; todos no CSV)' : ''}</caption>
                    <thead><tr><th scope="col">Linha</th><th scope="col">CPF</th><th scope="col">Resultado</th></tr></thead>
                    <tbody>
                      {(itens.data.itens ?? []).map((i) => (
                        <tr key={i.linha}>
                          <td>{i.linha}</td><td><span className="numero-inteiro">{i.cpf}</span></td>
                          <td>{i.resultado === null ? 'Pendente' : resultadoLoteLabel[i.resultado as ResultadoLote]}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Paginacao rotulo="Páginas de lotes" pagina={pagina} totalPaginas={paginas} onIr={setPagina} compacta />
    </>
  );
}

/** The act's annex: the fishers this batch sanctioned, per state, to attach to the portaria. */
function AnexoDoAto({ idLote }: { idLote: number }) {
  const [uf, setUf] = useState('');
  const baixar = (formato: 'csv' | 'pdf') => void baixarAnexo(idLote, formato, uf)
    .catch((e: unknown) => showToast('error', mensagemErro(e, MENSAGENS_LOTE.erroConsultar)));
  return (
    <div className="lote-acoes mt-2">
      <div className="br-select">
        <label htmlFor={`anexo-uf-${idLote}`}>UF do anexo do ato</label>
        <select id={`anexo-uf-${idLote}`} value={uf} onChange={(e) => setUf(e.target.value)}>
          <option value="">Todas (só CSV)</option>
          {UFS.map((u) => <option key={u.sigla} value={u.sigla}>{u.sigla}</option>)}
        </select>
      </div>
      <button type="button" className="br-button secondary small" onClick={() => baixar('csv')}>
        Baixar anexo (CSV){' '}<span className="sr-only">do lote nº {idLote}</span>
      </button>
      <button type="button" className="br-button secondary small" disabled={!uf} onClick={() => baixar('pdf')}>
        Baixar anexo (PDF){' '}<span className="sr-only">do lote nº {idLote}{uf ? `, UF ${uf}` : ''}</span>
      </button>
    </div>
  );
}
