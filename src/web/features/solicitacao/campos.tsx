import type { ComponentType, ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { CheckboxGroup } from '../../components/form/checkbox-group';
import { fieldId } from '../../components/form/form-errors';
import type { MaskedFieldProps } from '../../components/form/masked-field';
import { RadioGroup } from '../../components/form/radio-group';
import { SelectField, type Option } from '../../components/form/select-field';
import { TextField, type TextFieldProps } from '../../components/form/text-field';

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

export function CampoTexto<T extends FieldValues, S = T>({
  control,
  name,
  id,
  ...props
}: Ligacao<T, S> & Omit<TextFieldProps, 'id' | 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'ref'>) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  return (
    <TextField
      {...props}
      id={id ?? fieldId(name)}
      name={name}
      ref={ref}
      value={(value as string | undefined) ?? ''}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function CampoSelect<T extends FieldValues, S = T>({
  control,
  name,
  id,
  label,
  options,
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
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  return (
    <SelectField
      {...props}
      id={id ?? fieldId(name)}
      name={name}
      label={label}
      options={options}
      ref={ref}
      value={(value as string | undefined) ?? ''}
      onChange={(v) => {
        onChange(v);
        aoMudar?.(v);
      }}
      onBlur={onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function CampoRadio<T extends FieldValues, S = T>({
  control,
  name,
  id,
  legend,
  options,
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
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  return (
    <RadioGroup
      {...props}
      id={id ?? fieldId(name)}
      name={name}
      legend={legend}
      options={options}
      ref={ref}
      value={(value as string | undefined) ?? ''}
      onChange={(v) => {
        onChange(v);
        aoMudar?.(v);
      }}
      onBlur={onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function CampoCheckboxes<T extends FieldValues, S = T>({
  control,
  name,
  id,
  legend,
  options,
  ...props
}: Ligacao<T, S> & { legend: ReactNode; options: readonly Option[]; hint?: ReactNode; inline?: boolean; disabled?: boolean }) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  return (
    <CheckboxGroup
      {...props}
      id={id ?? fieldId(name)}
      name={name}
      legend={legend}
      options={options}
      ref={ref}
      value={(value as string[] | undefined) ?? []}
      onChange={onChange}
      onBlur={onBlur}
      error={fieldState.error?.message}
    />
  );
}

/** A field with one of the specification's masks (CepField, TelefoneField, CnpjField, PesoField …). */
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
  const {
    field: { value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  return (
    <Componente
      {...props}
      id={id ?? fieldId(name)}
      name={name}
      value={(value as string | undefined) ?? ''}
      onChange={(masked) => onChange(masked)}
      onBlur={onBlur}
      error={fieldState.error?.message}
    />
  );
}
