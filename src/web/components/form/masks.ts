import type { ReactMaskOpts } from 'react-imask';

/**
 * The masks of spec point 5. Each is a constant object (react-imask re-applies options when their identity
 * changes). `inputMode` picks the right on-screen keyboard.
 */
export interface MaskPreset {
  options: ReactMaskOpts;
  inputMode: 'numeric' | 'decimal' | 'tel';
}

export const MASKS = {
  cpf: { options: { mask: '000.000.000-00' }, inputMode: 'numeric' },
  processo: { options: { mask: '00000.000000/0000-00' }, inputMode: 'numeric' },
  telefone: { options: { mask: '(00) 00000-0000' }, inputMode: 'tel' },
  /** The specification's "CEP-like" mask, exactly as written: 00 000-000. */
  cep: { options: { mask: '00 000-000' }, inputMode: 'numeric' },
  cnpj: { options: { mask: '00.000.000/0000-00' }, inputMode: 'numeric' },
  /** Money: R$, comma decimal, dot thousands, 2 decimals. */
  dinheiro: {
    options: {
      mask: 'R$ num',
      blocks: {
        num: {
          mask: Number,
          scale: 2,
          radix: ',',
          thousandsSeparator: '.',
          mapToRadix: ['.'],
          padFractionalZeros: true,
          normalizeZeros: true,
          min: 0,
        },
      },
    },
    inputMode: 'decimal',
  },
  /** Weight: 3 decimals, comma. */
  peso: {
    options: {
      mask: Number,
      scale: 3,
      radix: ',',
      thousandsSeparator: '',
      mapToRadix: ['.'],
      padFractionalZeros: false,
      normalizeZeros: true,
      min: 0,
    },
    inputMode: 'decimal',
  },
} as const satisfies Record<string, MaskPreset>;

export type MaskName = keyof typeof MASKS;

/** Digits only (CPF and CNPJ are sent to the server as digits). */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}
