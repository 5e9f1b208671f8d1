import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { CampoRadio, type CampoRadioProps } from '../../components/form/campos';
import { OPCOES_SIM_NAO } from './valores';

/** The steps' layout on the gov.br grid: full-width fields on phones, `md` twelfths from 768 px up. */

export function Col({ md, children }: { md?: 4 | 6 | 8; children: ReactNode }) {
  return <div className={md ? `col-12 col-md-${md}` : 'col-12'}>{children}</div>;
}

export interface SecaoPassoProps {
  titulo: string;
  /** What stands above the row (a notice, a statement). */
  antes?: ReactNode;
  /** What stands below the row (a hint, an action on the whole section). */
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

/** A yes/no question ("Sim" and "Não" side by side), bound to the step's form. */
export function CampoSimNao<T extends FieldValues, S = T>(props: Omit<CampoRadioProps<T, S>, 'options' | 'inline'>) {
  return <CampoRadio {...props} options={OPCOES_SIM_NAO} inline />;
}

/** "Adicionar …" under a repeatable list, or "Remover …" in one of its items. */
export function BotaoRepeticao({ acao, rotulo, onClick }: { acao: 'Adicionar' | 'Remover'; rotulo: string; onClick: () => void }) {
  const adicionar = acao === 'Adicionar';
  return (
    <button type="button" className={adicionar ? 'br-button secondary' : 'br-button secondary small'} onClick={onClick}>
      <i className={adicionar ? 'fas fa-plus' : 'fas fa-minus'} aria-hidden="true" /> {acao} {rotulo}
    </button>
  );
}

export interface ItemRepetidoProps {
  /** The item's name and number ("Membro da família 2"): the legend, and what "Remover" names. */
  titulo: string;
  /** Takes the item out; absent while the list keeps its last item. */
  onRemover?: (() => void) | undefined;
  /** The item's id (the error summary's target for a message about the whole item). */
  id?: string;
  /** A message about the whole item, shown above its fields and tied to the fieldset. */
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
