import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatarDataHora } from '../../../shared/datas';
import { SituacaoSinal, type Sinal } from '../../../shared/schemas/sinal';
import { ERRO_DESCONHECIDO, mensagemErro } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { analiseKeys, fetchSinais, marcarSinal } from './analise-api';

/**
 * The signals raised at the request's submission (decision 0112), beside the request: what each one saw, and for
 * an analyst the marking of each as reviewed or confirmed. A signal never decides anything; nothing shows without one.
 */
export function SinaisDaAnalise({ idAnalise, podeMarcar }: { idAnalise: number; podeMarcar: boolean }) {
  const query = useQuery({ queryKey: analiseKeys.sinais(idAnalise), queryFn: () => fetchSinais(idAnalise) });
  if (query.isError) {
    return <p className="analise-sinais-erro">Não foi possível consultar os sinais desta solicitação.</p>;
  }
  if (!query.data || query.data.length === 0) return null;
  const pendentes = query.data.filter((s) => s.situacao === SituacaoSinal.PENDENTE).length;
  return (
    <section aria-labelledby="titulo-sinais" className="analise-bloco analise-sinais-bloco">
      <h2 id="titulo-sinais">Sinais para conferir</h2>
      <p className="field-hint">
        Sinais não são motivo de indeferimento: indicam onde olhar com atenção.{' '}
        {pendentes > 0 ? `${pendentes === 1 ? '1 sinal aguarda' : `${pendentes} sinais aguardam`} conferência.` : 'Todos foram conferidos.'}
      </p>
      <ul className="analise-sinais-lista">
        {query.data.map((s) => <ItemSinal key={s.id} idAnalise={idAnalise} sinal={s} podeMarcar={podeMarcar} />)}
      </ul>
    </section>
  );
}

function ItemSinal({ idAnalise, sinal, podeMarcar }: { idAnalise: number; sinal: Sinal; podeMarcar: boolean }) {
  const queryClient = useQueryClient();
  const [observacao, setObservacao] = useState('');
  const idObservacao = useId();
  const marcar = useMutation({
    mutationFn: (situacao: typeof SituacaoSinal.REVISADO | typeof SituacaoSinal.CONFIRMADO) =>
      marcarSinal(idAnalise, sinal.id, { situacao, ...(observacao.trim() ? { observacao: observacao.trim() } : {}) }),
    onSuccess: (mensagem) => {
      showToast('success', mensagem);
      void queryClient.invalidateQueries({ queryKey: analiseKeys.all });
    },
    onError: (error) => showToast('error', mensagemErro(error, ERRO_DESCONHECIDO)),
  });
  const pendente = sinal.situacao === SituacaoSinal.PENDENTE;
  return (
    <li className="analise-sinal">
      <h3>{sinal.tipoDescricao}</h3>
      <p>{sinal.explicacao}</p>
      <p className="analise-sinal-situacao">
        Situação: <strong>{sinal.situacaoDescricao}</strong>
        {sinal.marcadoPor && sinal.marcadoEm ? ` por ${sinal.marcadoPor} em ${formatarDataHora(new Date(sinal.marcadoEm))}` : ''}
        {sinal.observacao ? ` — ${sinal.observacao}` : ''}
      </p>
      {pendente && podeMarcar && (
        <div className="analise-sinal-marcacao">
          <div className="br-input">
            <label htmlFor={idObservacao}>Observação (opcional)</label>
            <textarea id={idObservacao} maxLength={500} rows={2} value={observacao} onChange={(e) => setObservacao(e.target.value)} />
          </div>
          <div className="analise-acoes">
            <button type="button" className="br-button secondary" disabled={marcar.isPending} onClick={() => marcar.mutate(SituacaoSinal.REVISADO)}>
              Marcar como revisado
            </button>
            <button type="button" className="br-button primary" disabled={marcar.isPending} onClick={() => marcar.mutate(SituacaoSinal.CONFIRMADO)}>
              Confirmar sinal
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
