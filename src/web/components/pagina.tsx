import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ROTA_HOME } from '../../shared/rotas-web';
import { PageTitle } from './page-title';

export interface PaginaProps {
  titulo: string;
  /** Where the link under the content leads (the home page by default) … */
  voltarPara?: string;
  /** … and what it says. */
  rotuloVoltar?: string;
  children: ReactNode;
}

/** A page of the fisher's area: its title (h1), its content and, under it, the way back. */
export function Pagina({ titulo, voltarPara = ROTA_HOME, rotuloVoltar = 'Voltar para a página inicial', children }: PaginaProps) {
  return (
    <>
      <PageTitle title={titulo} />
      {children}
      <p className="mt-4">
        <Link to={voltarPara}>{rotuloVoltar}</Link>
      </p>
    </>
  );
}
