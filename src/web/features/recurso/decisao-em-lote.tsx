import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  decisaoEmLoteCorpo, RESULTADOS_EM_LOTE, resultadoRecursoLabel, type ResultadoDecisaoEmLote,
} from '../../../shared/schemas/recurso';
import { CampoRotulado } from '../../components/form/field-parts';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { decidirEmLote, recursoKeys } from './recurso-api';

/**
 * The manager's batch decision (decision 0100): the appeals selected in the queue, of one act, with one result and
 * one justification; the answer lists those not decided and why.
 */
export function DecisaoEmLote({ ato, nomeAto, ids, aoConcluir }: { ato: number; nomeAto: string; ids: number[]; aoConcluir: () => void }) {
  const queryClient = useQueryClient();
  const [resultado, setResultado] = useState<number | null>(null);
  const [justificativa, setJustificativa] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const [resposta, setResposta] = useState<ResultadoDecisaoEmLote | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const v = decisaoEmLoteCorpo.safeParse({ ato, ids, resultado: resultado ?? 0, justificativa });
    if (!v.success) {
      setErro(resultado === null ? 'Escolha o resultado.' : (v.error.issues[0]?.message ?? 'Verifique os dados.'));
      return;
    }
    setErro(null);
    setOcupado(true);
    try {
      const res = await decidirEmLote(v.data);
      setResposta(res.dados);
      showToast(res.dados.recusados > 0 ? 'warning' : 'success', res.mensagem);
      void queryClient.invalidateQueries({ queryKey: recursoKeys.all });
      aoConcluir();
    } catch (err) {
      setErro(mensagemErro(err, 'Não foi possível decidir os recursos. Tente novamente.'));
    } finally {
      setOcupado(false);
    }
  }

  const recusados = resposta?.resultados.filter((r) => !r.decidido) ?? [];
  return (
    <section aria-labelledby="titulo-lote" className="br-card p-3 mt-3">
      <h2 id="titulo-lote" className="h4 mt-0">Decidir em lote</h2>
      <p>
        {ids.length === 0
          ? 'Selecione na tabela os recursos deste ato que terão a mesma decisão.'
          : `${ids.length} ${ids.length === 1 ? 'recurso selecionado' : 'recursos selecionados'} de ${nomeAto}.`}
        {' '}Cada recurso é conferido pelas mesmas regras da decisão individual e fica registrado um a um.
      </p>
      {erro && <Message kind="danger" title={erro} alert />}
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
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
        <div className="form-actions mt-3">
          <button type="submit" className="br-button primary" disabled={ocupado || ids.length === 0}>
            {ocupado ? 'Decidindo…' : 'Decidir os selecionados'}
          </button>
        </div>
      </form>
      {resposta && (
        <div role="status" className="mt-3">
          <p>{resposta.decididos} de {resposta.total} decididos.</p>
          {recusados.length > 0 && (
            <>
              <h3 className="h5">Não decididos</h3>
              <ul>{recusados.map((r) => <li key={r.id}>Recurso {r.id}: {r.mensagem}</li>)}</ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
