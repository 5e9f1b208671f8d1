import type { FormEvent, ReactNode } from 'react';
import './listas.css';

export interface FormularioFiltrosProps {
  /** id of the form's heading ("Filtros"), which names the form. */
  idTitulo: string;
  /** The list's own placement of the form. */
  className?: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** "Limpar filtros", where the list offers it. */
  onLimpar?: () => void;
  /** What stands between the heading and the fields: the error summary. */
  resumo?: ReactNode;
  children: ReactNode;
}

/**
 * A list's filters: the heading "Filtros", the fields on a grid (one column on phones, as many 16rem columns as
 * fit on wider screens), "Limpar filtros" (when given) and "Pesquisar". The fields are the caller's; the form
 * checks them itself (noValidate), with the error summary in `resumo`.
 */
export function FormularioFiltros({ idTitulo, className, onSubmit, onLimpar, resumo, children }: FormularioFiltrosProps) {
  return (
    <form className={className} aria-labelledby={idTitulo} noValidate onSubmit={onSubmit}>
      <h2 id={idTitulo}>Filtros</h2>
      {resumo}
      <div className="filtros-campos">{children}</div>
      <div className="form-actions">
        {onLimpar && (
          <button type="button" className="br-button secondary" onClick={onLimpar}>
            Limpar filtros
          </button>
        )}
        <div className="form-actions-forward">
          <button type="submit" className="br-button primary">
            <i className="fas fa-search" aria-hidden="true" /> Pesquisar
          </button>
        </div>
      </div>
    </form>
  );
}
