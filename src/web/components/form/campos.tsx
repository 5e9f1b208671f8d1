import type { ComponentType, ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { CheckboxGroup } from './checkbox-group';
import { fieldId } from './form-errors';
import type { MaskedFieldProps } from './masked-field';
import { RadioGroup } from './radio-group';
import { SelectField, type Option } from './select-field';
import { TextField, type TextFieldProps } from './text-field';

/**
 * The form controls bound to react-hook-form: each takes the form's `control` and a field path, and gets its
 * value, its inline error and its id (the path with dashes: the error summary's link target) from there.
 */

interface Ligacao<T extends FieldValues, S> {
  control: Control<T, unknown, S>;
  name: Path<T>;
  /** the element id; by default derived from the path */
  id?: string;
}

/**
 * What every bound control passes to its field: id, name, value, change and blur handlers, error; and, apart (the
 * React compiler treats an object holding a ref as a ref), the ref react-hook-form focuses on error.
 */
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

export function CampoTexto<T extends FieldValues, S = T>({
  control,
  name,
  id,
  ...props
}: Ligacao<T, S> & Omit<TextFieldProps, 'id' | 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'ref'>) {
  const [c, ref] = useLigacao({ control, name, id });
  return (
    <TextField
      {...props}
      id={c.id}
      name={c.name}
      ref={ref}
      value={c.texto}
      onChange={(e) => c.mudar(e.target.value)}
      onBlur={c.onBlur}
      error={c.error}
    />
  );
}

export function CampoSelect<T extends FieldValues, S = T>({
  control,
  name,
  id,
  aoMudar,
  ...props
}: Ligacao<T, S> & {
  label: ReactNode;
  options: readonly Option[];
  hint?: ReactNode;
  optional?: boolean;
  disabled?: boolean;
  placeholder?: string;
  describedBy?: string | undefined;
  className?: string;
  /** called after the value changes (e.g. to clear what depends on it) */
  aoMudar?: (value: string) => void;
}) {
  const [c, ref] = useLigacao({ control, name, id }, aoMudar);
  return (
    <SelectField {...props} id={c.id} name={c.name} ref={ref} value={c.texto} onChange={c.mudar} onBlur={c.onBlur} error={c.error} />
  );
}

export function CampoRadio<T extends FieldValues, S = T>({
  control,
  name,
  id,
  aoMudar,
  ...props
}: Ligacao<T, S> & {
  legend: ReactNode;
  options: readonly Option[];
  hint?: ReactNode;
  inline?: boolean;
  disabled?: boolean;
  aoMudar?: (value: string) => void;
}) {
  const [c, ref] = useLigacao({ control, name, id }, aoMudar);
  return (
    <RadioGroup {...props} id={c.id} name={c.name} ref={ref} value={c.texto} onChange={c.mudar} onBlur={c.onBlur} error={c.error} />
  );
}

export function CampoCheckboxes<T extends FieldValues, S = T>({
  control,
  name,
  id,
  ...props
}: Ligacao<T, S> & { legend: ReactNode; options: readonly Option[]; hint?: ReactNode; inline?: boolean; disabled?: boolean }) {
  const [c, ref] = useLigacao({ control, name, id });
  return (
    <CheckboxGroup
      {...props}
      id={c.id}
      name={c.name}
      ref={ref}
      value={(c.value as string[] | undefined) ?? []}
      onChange={c.onChange}
      onBlur={c.onBlur}
      error={c.error}
    />
  );
}

/** A field with one of the specification's masks (CepField, TelefoneField, CnpjField, PesoField, CpfField …). */
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
  return <Componente {...props} id={c.id} name={c.name} value={c.texto} onChange={c.mudar} onBlur={c.onBlur} error={c.error} />;
}
