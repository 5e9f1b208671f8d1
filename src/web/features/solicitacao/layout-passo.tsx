import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { CampoRadio, type CampoRadioProps } from '../../components/form/campos';
import { OPCOES_SIM_NAO } from './valores';

/** Full-width fields on phones, `md` twelfths from 768 px up. */

export function Col({ md, children }: { md?: 4 | 6 | 8; children: ReactNode }) {
  return <div className={md ? `col-12 col-md-${md}` : 'col-12'}>{children}</div>;
}

export interface SecaoPassoProps {
  titulo: string;
  antes?: ReactNode;
  depois?: ReactNode;
  children: ReactNode;
}

export function SecaoPasso({ titulo, antes, depois, children }: SecaoPassoProps) {
  return (
    <fieldset className="form-section">
      <legend className="form-section-title">{titulo}</legend>
      {antes}
      <div className="row">{children}</div>
      {depois}
    </fieldset>
  );
}

export function CampoSimNao<T extends FieldValues, S = T>(props: Omit<CampoRadioProps<T, S>, 'options' | 'inline'>) {
  return <CampoRadio {...props} options={OPCOES_SIM_NAO} inline />;
}

export function BotaoRepeticao({ acao, rotulo, onClick }: { acao: 'Adicionar' | 'Remover'; rotulo: string; onClick: () => void }) {
  const adicionar = acao === 'Adicionar';
  return (
    <button type="button" className={adicionar ? 'br-button secondary' : 'br-button secondary small'} onClick={onClick}>
      <i className={adicionar ? 'fas fa-plus' : 'fas fa-minus'} aria-hidden="true" /> {acao} {rotulo}
    </button>
  );
}

export interface ItemRepetidoProps {
  /** The legend, and what "Remover" names. */
  titulo: string;
  /** Absent while the list keeps its last item. */
  onRemover?: (() => void) | undefined;
  /** The error summary's target for a message about the whole item. */
  id?: string;
  erro?: string | undefined;
  children: ReactNode;
}

export function ItemRepetido({ titulo, onRemover, id, erro, children }: ItemRepetidoProps) {
  const idErro = erro && id ? `${id}-erro` : undefined;
  return (
    <fieldset
      id={id}
      tabIndex={id ? -1 : undefined}
      className={`repeatable-item field${erro ? ' danger' : ''}`}
      aria-describedby={idErro}
    >
      <legend>{titulo}</legend>
      {erro && (
        <span id={idErro} className="feedback danger">
          <i className="fas fa-times-circle" aria-hidden="true" />
          {erro}
        </span>
      )}
      <div className="row">{children}</div>
      {onRemover && <BotaoRepeticao acao="Remover" rotulo={titulo.charAt(0).toLowerCase() + titulo.slice(1)} onClick={onRemover} />}
    </fieldset>
  );
}
