import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as c from '../../../shared/contratos/integracao';
import { formatarDataHora } from '../../../shared/datas';
import { SituacaoListaSinalizada, type ListaSinalizada } from '../../../shared/schemas/integracao';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { chamar, dados } from '../../lib/contrato';
import { showToast } from '../../lib/toast';
import { atosVigentes } from './lote-api';

const CHAVE = ['integracao', 'listas-recebidas'] as const;

const ROTULO: Record<string, string> = {
  [SituacaoListaSinalizada.PROPOSTA]: 'Aguardando análise',
  [SituacaoListaSinalizada.APROVADA]: 'Executada como lote',
  [SituacaoListaSinalizada.RECUSADA]: 'Recusada',
};

/** One proposed list: the GESTOR picks the act and, for a suspension, its end, then runs or refuses it. */
function Analise({ lista }: { lista: ListaSinalizada }) {
  const queryClient = useQueryClient();
  const atos = useQuery({ queryKey: ['atos-vigentes'], queryFn: atosVigentes });
  const [ato, setAto] = useState('');
  const [dataLimite, setDataLimite] = useState('');
  const [motivo, setMotivo] = useState('');
  const [enviando, setEnviando] = useState(false);
  const prefixo = `lista-${lista.id}`;

  async function agir(acao: () => Promise<unknown>, sucesso: string, falha: string) {
    setEnviando(true);
    try {
      await acao();
      showToast('success', sucesso);
      await queryClient.invalidateQueries({ queryKey: CHAVE });
    } catch (error) {
      showToast('error', mensagemErro(error, falha));
    } finally {
      setEnviando(false);
    }
  }

  return (
    <div className="mt-2">
      <SelectField id={`${prefixo}-ato`} label="Ato normativo do lote" value={ato} onChange={setAto}
        options={(atos.data ?? []).map((a) => ({ value: String(a.id), label: a.nome }))} />
      {lista.tipo === 'suspensao' && (
        <TextField id={`${prefixo}-data`} label="Suspenso até" type="date" value={dataLimite} onChange={(e) => setDataLimite(e.target.value)} />
      )}
      <button type="button" className="br-button primary small" disabled={enviando || !ato}
        onClick={() => void agir(() => chamar(c.aprovarListaRecebida, {
          params: { id: lista.id }, corpo: { atoNormativo: Number(ato), dataLimiteSuspensao: dataLimite || null },
        }), 'Lista aceita: o lote está sendo processado.', 'Não foi possível executar a lista.')}>
        Executar como lote
      </button>
      <TextField id={`${prefixo}-motivo`} label="Motivo da recusa" value={motivo} onChange={(e) => setMotivo(e.target.value)} />
      <button type="button" className="br-button secondary small" disabled={enviando || motivo.trim().length < 3}
        onClick={() => void agir(() => chamar(c.recusarListaRecebida, { params: { id: lista.id }, corpo: { motivo } }),
          'Lista recusada.', 'Não foi possível recusar a lista.')}>
        Recusar lista
      </button>
    </div>
  );
}

/** Lists of CPFs other agencies flagged (decision 0123): proposed batches, never sanctions until a GESTOR runs them. */
export function ListasRecebidas() {
  const query = useQuery({ queryKey: CHAVE, queryFn: async () => (await dados(c.listarListasRecebidas, {})).itens });
  return (
    <section aria-labelledby="titulo-listas-recebidas" className="mt-4">
      <h2 id="titulo-listas-recebidas">Listas recebidas de outros órgãos</h2>
      <p>CPFs apontados por outro órgão (por exemplo, fraude confirmada). Nada muda no registro até um gestor executar a lista como lote.</p>
      {query.isPending && <Loading label="Carregando as listas…" />}
      {query.isError && <Message kind="danger" title="Não foi possível consultar as listas recebidas." alert />}
      {query.data?.length === 0 && <p>Nenhuma lista recebida.</p>}
      {query.data?.map((l) => (
        <article key={l.id} className="br-card p-3 mb-3" aria-labelledby={`titulo-lista-${l.id}`}>
          <h3 id={`titulo-lista-${l.id}`}>Lista nº {l.id}: {l.tipo === 'suspensao' ? 'suspensão' : 'cancelamento'} de {l.total} CPFs</h3>
          <p>{l.cliente} ({l.orgao}), em {formatarDataHora(l.criadaEm)} · {l.ato}<br />Motivo: {l.motivo}</p>
          <p><strong>{ROTULO[l.situacao]}</strong>{l.lote && ` (lote nº ${l.lote.id}: ${l.lote.concluidos} de ${l.lote.total})`}
            {l.motivoRecusa && `: ${l.motivoRecusa}`}</p>
          {l.situacao === SituacaoListaSinalizada.PROPOSTA && <Analise lista={l} />}
        </article>
      ))}
    </section>
  );
}
