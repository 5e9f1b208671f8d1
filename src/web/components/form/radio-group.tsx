import { GrupoOpcoes, type GrupoOpcoesBase } from './grupo-opcoes';

export interface RadioGroupProps extends GrupoOpcoesBase {
  value: string;
  onChange: (value: string) => void;
}

/** A gov.br radio group in a fieldset whose legend is the question, with its hint and inline error. */
export function RadioGroup({ value, onChange, ...grupo }: RadioGroupProps) {
  return <GrupoOpcoes {...grupo} tipo="radio" marcado={(v) => value === v} aoMarcar={(v) => onChange(v)} />;
}
