import type {
  TotalizadoresPescador,
  TotalizadoresServidor,
} from '../../../shared/schemas/totalizadores';

export interface Contador {
  label: string;
  value: number;
}

/** Labels of the fisher's counters, in display order. */
export const ROTULOS_PESCADOR: ReadonlyArray<readonly [keyof TotalizadoresPescador, string]> = [
  ['rascunhos', 'Rascunhos'],
  ['enviadas', 'Enviadas'],
  ['emAnalise', 'Em análise'],
  ['emAtualizacao', 'Em atualização'],
  ['deferidas', 'Deferidas'],
  ['finalizadas', 'Finalizadas (indeferidas)'],
  ['todas', 'Todas'],
];

/** Labels of the servant's counters, in display order. */
export const ROTULOS_SERVIDOR: ReadonlyArray<readonly [keyof TotalizadoresServidor, string]> = [
  ['aguardandoAnalise', 'Aguardando análise'],
  ['emAnalise', 'Em análise'],
  ['analisadas', 'Analisadas'],
];

export function contadoresPescador(t: TotalizadoresPescador): Contador[] {
  return ROTULOS_PESCADOR.map(([key, label]) => ({ label, value: t[key] }));
}

export function contadoresServidor(t: TotalizadoresServidor): Contador[] {
  return ROTULOS_SERVIDOR.map(([key, label]) => ({ label, value: t[key] }));
}

const numberFormat = new Intl.NumberFormat('pt-BR');

/**
 * Counters as cards: one description list, each card a term/value pair, so a screen reader reads
 * "Rascunhos, 3" and the list announces how many counters there are.
 */
export function Contadores({ contadores }: { contadores: Contador[] }) {
  return (
    <dl className="counters">
      {contadores.map((c) => (
        <div key={c.label} className="br-card counter">
          <dt>{c.label}</dt>
          <dd>{numberFormat.format(c.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
