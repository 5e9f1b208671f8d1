import './listas.css';

export interface PaginacaoProps {
  /** The navigation's accessible name ("Paginação dos servidores"). */
  rotulo: string;
  /** The page shown, from 1. */
  pagina: number;
  totalPaginas: number;
  onIr: (pagina: number) => void;
  /** Smaller buttons (a list inside a panel). */
  compacta?: boolean;
  /** The list's own placement of the bar (alignment, margins). */
  className?: string;
}

/**
 * The pages of a list: "Página anterior", "Página N de M" (announced when it changes) and "Próxima página".
 * Nothing when the list fits in one page.
 */
export function Paginacao({ rotulo, pagina, totalPaginas, onIr, compacta = false, className }: PaginacaoProps) {
  if (totalPaginas <= 1) return null;
  const botao = `br-button secondary${compacta ? ' small' : ''}`;
  return (
    <nav className={`paginacao${className ? ` ${className}` : ''}`} aria-label={rotulo}>
      <button type="button" className={botao} disabled={pagina <= 1} onClick={() => onIr(pagina - 1)}>
        <i className="fas fa-angle-left" aria-hidden="true" /> Página anterior
      </button>
      <span aria-live="polite">
        Página {pagina} de {totalPaginas}
      </span>
      <button type="button" className={botao} disabled={pagina >= totalPaginas} onClick={() => onIr(pagina + 1)}>
        Próxima página <i className="fas fa-angle-right" aria-hidden="true" />
      </button>
    </nav>
  );
}
