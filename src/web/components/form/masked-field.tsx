import { IMaskInput } from 'react-imask';
import type { ComponentType, FocusEvent } from 'react';
import { CampoRotulado } from './field-parts';
import { MASKS, type MaskName } from './masks';

export interface MaskedFieldProps {
  id: string;
  label: string;
  mask: MaskName;
  /** the masked value, as shown */
  value: string;
  onChange: (value: string, unmasked: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  error?: string | undefined;
  hint?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  autoComplete?: string;
  placeholder?: string;
}

interface MaskRef {
  unmaskedValue: string;
}

// react-imask's props are a union over every mask kind, too wide for TypeScript to check a spread of preset
// options; the presets are typed in masks.ts, so the input is used through a plain props type here.
const MaskInput = IMaskInput as unknown as ComponentType<
  Record<string, unknown> & {
    onAccept?: (value: string, mask: MaskRef) => void;
  }
>;

export function MaskedField({
  id,
  label,
  mask,
  value,
  onChange,
  onBlur,
  error,
  hint,
  name,
  required,
  disabled,
  readOnly,
  autoComplete,
  placeholder,
}: MaskedFieldProps) {
  const preset = MASKS[mask];
  return (
    <CampoRotulado id={id} label={label} required={required} hint={hint} error={error}>
      {(aria) => (
        <MaskInput
          {...preset.options}
          id={id}
          name={name ?? id}
          type="text"
          inputMode={preset.inputMode}
          value={value}
          unmask={false}
          onAccept={(masked: string, maskRef: MaskRef) => {
            // The mask also "accepts" the value it is given when it mounts: that is no change of the user's.
            if (masked !== value) onChange(masked, maskRef.unmaskedValue);
          }}
          onBlur={onBlur}
          {...aria}
          aria-required={required || undefined}
          disabled={disabled}
          readOnly={readOnly}
          autoComplete={autoComplete ?? 'off'}
          placeholder={placeholder}
        />
      )}
    </CampoRotulado>
  );
}

type PresetFieldProps = Omit<MaskedFieldProps, 'mask'>;

export const CpfField = (props: PresetFieldProps) => <MaskedField {...props} mask="cpf" />;
export const ProcessoField = (props: PresetFieldProps) => <MaskedField {...props} mask="processo" />;
export const TelefoneField = (props: PresetFieldProps) => <MaskedField {...props} mask="telefone" />;
export const CepField = (props: PresetFieldProps) => <MaskedField {...props} mask="cep" />;
export const CnpjField = (props: PresetFieldProps) => <MaskedField {...props} mask="cnpj" />;
export const PesoField = (props: PresetFieldProps) => <MaskedField {...props} mask="peso" />;
