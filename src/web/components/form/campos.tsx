import type { ComponentType } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { CheckboxGroup, type CheckboxGroupProps } from './checkbox-group';
import { fieldId } from './form-errors';
import type { MaskedFieldProps } from './masked-field';
import { RadioGroup, type RadioGroupProps } from './radio-group';
import { SelectField, type SelectFieldProps } from './select-field';
import { TextField, type TextFieldProps } from './text-field';

/** Form controls bound to react-hook-form: value, inline error and id come from the field path. */

interface Ligacao<T extends FieldValues, S> {
  control: Control<T, unknown, S>;
  name: Path<T>;
  /** the element id; by default derived from the path */
  id?: string;
}

/** The ref goes apart: the React compiler treats an object holding a ref as a ref. */
function useLigacao<T extends FieldValues, S>({ control, name, id }: Ligacao<T, S>, aoMudar?: (value: string) => void) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const campo = {
    id: id ?? fieldId(name),
    name,
    value: value as unknown,
    texto: (value as string | undefined) ?? '',
    mudar: (v: string) => {
      onChange(v);
      aoMudar?.(v);
    },
    onChange,
    onBlur,
    error: fieldState.error?.message,
  };
  return [campo, ref] as const;
}

type Ligados = 'id' | 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'ref';
type Ligado<T extends FieldValues, S, P> = Ligacao<T, S> & Omit<P, Ligados>;

/** A single choice may tell the caller it changed (e.g. to clear what depends on it). */
interface AoMudar {
  /** called after the value changes */
  aoMudar?: (value: string) => void;
}

function umValor(c: ReturnType<typeof useLigacao>[0]) {
  return { id: c.id, name: c.name, value: c.texto, onBlur: c.onBlur, error: c.error };
}

export function CampoTexto<T extends FieldValues, S = T>({ control, name, id, ...props }: Ligado<T, S, TextFieldProps>) {
  const [c, ref] = useLigacao({ control, name, id });
  return <TextField {...props} {...umValor(c)} ref={ref} onChange={(e) => c.mudar(e.target.value)} />;
}

export function CampoSelect<T extends FieldValues, S = T>({ control, name, id, aoMudar, ...props }: Ligado<T, S, SelectFieldProps> & AoMudar) {
  const [c, ref] = useLigacao({ control, name, id }, aoMudar);
  return <SelectField {...props} {...umValor(c)} ref={ref} onChange={c.mudar} />;
}

export type CampoRadioProps<T extends FieldValues, S = T> = Ligado<T, S, RadioGroupProps> & AoMudar;

export function CampoRadio<T extends FieldValues, S = T>({ control, name, id, aoMudar, ...props }: CampoRadioProps<T, S>) {
  const [c, ref] = useLigacao({ control, name, id }, aoMudar);
  return <RadioGroup {...props} {...umValor(c)} ref={ref} onChange={c.mudar} />;
}

export function CampoCheckboxes<T extends FieldValues, S = T>({ control, name, id, ...props }: Ligado<T, S, CheckboxGroupProps>) {
  const [c, ref] = useLigacao({ control, name, id });
  return <CheckboxGroup {...props} {...umValor(c)} ref={ref} value={(c.value as string[] | undefined) ?? []} onChange={c.onChange} />;
}

export function CampoMascara<T extends FieldValues, S = T>({
  control,
  name,
  id,
  Componente,
  ...props
}: Ligacao<T, S> & {
  Componente: ComponentType<Omit<MaskedFieldProps, 'mask'>>;
  label: string;
  hint?: string;
  readOnly?: boolean;
  disabled?: boolean;
  autoComplete?: string;
}) {
  const [c] = useLigacao({ control, name, id });
  return <Componente {...props} {...umValor(c)} onChange={c.mudar} />;
}
