import type { ReactNode } from 'react';

export interface Dado {
  termo: string;
  /** The value; an item without one (null, undefined, false or '') is left out. */
  valor: ReactNode;
  /** The value's class (e.g. `texto-livre`, for text written with line breaks). */
  classe?: string;
}

/**
 * Data as a description list: each term beside its value (a screen reader reads "Situação, Enviada"). The look is
 * the caller's class: `resumo-solicitacao` (styles/resumo.css), `analise-resumo`, `consulta-campos`, `dados-leitura`.
 */
export function ListaDados({ dados, className }: { dados: readonly Dado[]; className: string }) {
  return (
    <dl className={className}>
      {dados
        .filter((d) => d.valor !== null && d.valor !== undefined && d.valor !== false && d.valor !== '')
        .map((d) => (
          <div key={d.termo}>
            <dt>{d.termo}</dt>
            <dd className={d.classe}>{d.valor}</dd>
          </div>
        ))}
    </dl>
  );
}
