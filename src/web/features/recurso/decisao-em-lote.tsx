import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  decisaoEmLoteCorpo, RESULTADOS_EM_LOTE, resultadoRecursoLabel, type DecisaoEmLoteCorpo, type FiltroDecisaoEmLote,
} from '../../../shared/schemas/recurso';
import { CampoRotulado } from '../../components/form/field-parts';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { decidirEmLote, lerDecisaoEmLote, recursoKeys } from './recurso-api';

/** What the manager chose: the rows ticked, or every appeal the queue's filter matches (counted by the queue). */
export type SelecaoEmLote = { ids: number[] } | { filtro: FiltroDecisaoEmLote; total: number };

const quantos = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'recurso' : 'recursos'}`;

/**
 * The manager's batch decision (decisions 0100 and 0103): the appeals chosen in the queue, of one act, with one
 * result and one justification. A confirmation names how many; a job then decides them, and this panel follows its
 * progress and lists, page by page, those not decided and why.
 */
export function DecisaoEmLote({ ato, nomeAto, selecao, aoConcluir }: {
  ato: number; nomeAto: string; selecao: SelecaoEmLote; aoConcluir: () => void;
}) {
  const queryClient = useQueryClient();
  const [resultado, setResultado] = useState<number | null>(null);
  const [justificativa, setJustificativa] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const [confirmar, setConfirmar] = useState<DecisaoEmLoteCorpo | null>(null);
  const [iniciada, setIniciada] = useState<number | null>(null);
  const total = 'ids' in selecao ? selecao.ids.length : selecao.total;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const escolha = 'ids' in selecao ? { ids: selecao.ids } : { filtro: selecao.filtro, totalConfirmado: selecao.total };
    const v = decisaoEmLoteCorpo.safeParse({ ato, ...escolha, resultado: resultado ?? 0, justificativa });
    if (!v.success) {
      setErro(resultado === null ? 'Escolha o resultado.' : (v.error.issues[0]?.message ?? 'Verifique os dados.'));
      return;
    }
    setErro(null);
    setConfirmar(v.data);
  }

  async function enviar(corpo: DecisaoEmLoteCorpo) {
    setOcupado(true);
    try {
      const res = await decidirEmLote(corpo);
      setIniciada(res.dados.id);
      setConfirmar(null);
      showToast('success', res.mensagem);
      aoConcluir();
    } catch (err) {
      setConfirmar(null);
      setErro(mensagemErro(err, 'Não foi possível decidir os recursos. Tente novamente.'));
    } finally {
      setOcupado(false);
    }
  }

  return (
    <section aria-labelledby="titulo-lote" className="br-card p-3 mt-3">
      <h2 id="titulo-lote" className="h4 mt-0">Decidir em lote</h2>
      <p>
        {total === 0
          ? 'Selecione na tabela os recursos deste ato que terão a mesma decisão.'
          : `${quantos(total)} de ${nomeAto} ${'ids' in selecao ? (total === 1 ? 'selecionado' : 'selecionados') : 'no filtro escolhido'}.`}
        {' '}Cada recurso é conferido pelas mesmas regras da decisão individual e fica registrado um a um.
      </p>
      {erro && <Message kind="danger" title={erro} alert />}
      <form onSubmit={onSubmit} noValidate>
        <fieldset className="br-fieldset">
          <legend>Resultado</legend>
          {RESULTADOS_EM_LOTE.map((o) => (
            <div key={o} className="br-radio">
              <input id={`lote-resultado-${o}`} type="radio" name="lote-resultado" value={o} checked={resultado === o} onChange={() => setResultado(o)} />
              <label htmlFor={`lote-resultado-${o}`}>{resultadoRecursoLabel[o]}</label>
            </div>
          ))}
        </fieldset>
        <CampoRotulado id="lote-justificativa" tipo="br-textarea" label="Justificativa (a mesma para todos)">
          {(aria) => <textarea rows={6} id="lote-justificativa" value={justificativa} onChange={(e) => setJustificativa(e.target.value)} {...aria} />}
        </CampoRotulado>
        {!confirmar && (
          <div className="form-actions mt-3">
            <button type="submit" className="br-button primary" disabled={ocupado || total === 0}>Decidir os selecionados</button>
          </div>
        )}
      </form>
      {confirmar && (
        <div role="alertdialog" aria-labelledby="confirmar-lote" className="mt-3">
          <p id="confirmar-lote">
            <strong>Decidir {quantos(total)} de {nomeAto} como “{resultadoRecursoLabel[confirmar.resultado as 1]}”?</strong>
          </p>
          <div className="form-actions">
            <button type="button" className="br-button primary" disabled={ocupado} onClick={() => void enviar(confirmar)} autoFocus>
              {ocupado ? 'Enviando…' : `Confirmar a decisão de ${quantos(total)}`}
            </button>
            <button type="button" className="br-button secondary" disabled={ocupado} onClick={() => setConfirmar(null)}>Voltar</button>
          </div>
        </div>
      )}
      {iniciada !== null && <AndamentoEmLote id={iniciada} aoTerminar={() => void queryClient.invalidateQueries({ queryKey: recursoKeys.all })} />}
    </section>
  );
}

/** The job's progress, read every second until it ends, then the refusals page by page. */
function AndamentoEmLote({ id, aoTerminar }: { id: number; aoTerminar: () => void }) {
  const [apos, setApos] = useState<number | undefined>(undefined);
  const query = useQuery({
    queryKey: recursoKeys.decisaoEmLote(id, apos),
    queryFn: async () => {
      const r = await lerDecisaoEmLote(id, apos);
      if (r.concluida) aoTerminar();
      return r;
    },
    refetchInterval: (q) => (q.state.data?.concluida ? false : 1000),
  });
  if (query.isError) return <Message kind="danger" title={mensagemErro(query.error, 'Não foi possível ler o andamento da decisão em lote.')} />;
  const d = query.data;
  if (!d) return <p role="status" className="mt-3">Decisão em lote iniciada…</p>;
  return (
    <div className="mt-3">
      <p role="status">
        {d.concluida ? 'Decisão em lote concluída: ' : 'Decidindo: '}
        {d.processados.toLocaleString('pt-BR')} de {quantos(d.total)} processados, {d.decididos.toLocaleString('pt-BR')} decididos
        {d.recusados > 0 ? `, ${d.recusados.toLocaleString('pt-BR')} não decididos` : ''}.
      </p>
      {d.recusas.length > 0 && (
        <>
          <h3 className="h5">Não decididos</h3>
          <ul>{d.recusas.map((r) => <li key={r.id}>Recurso {r.id}: {r.mensagem}</li>)}</ul>
          {d.proximo !== null && (
            <button type="button" className="br-button secondary small" onClick={() => setApos(d.proximo ?? undefined)}>Próximos não decididos</button>
          )}
        </>
      )}
    </div>
  );
}
