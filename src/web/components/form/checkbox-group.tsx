import { GrupoOpcoes, type GrupoOpcoesBase } from './grupo-opcoes';

export interface CheckboxGroupProps extends GrupoOpcoesBase {
  /** the values of the checked options */
  value: readonly string[];
  onChange: (value: string[]) => void;
}

/** A gov.br checkbox group ("select all that apply") in a fieldset, with its hint and inline error. */
export function CheckboxGroup({ value, onChange, options, ...grupo }: CheckboxGroupProps) {
  const toggle = (v: string, checked: boolean) => {
    const others = value.filter((x) => x !== v);
    // Keep the options' order, whatever the order of the clicks.
    const next = checked ? options.map((o) => o.value).filter((x) => x === v || others.includes(x)) : others;
    onChange(next);
  };
  return <GrupoOpcoes {...grupo} options={options} tipo="checkbox" marcado={(v) => value.includes(v)} aoMarcar={toggle} />;
}
