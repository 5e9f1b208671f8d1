import { isUf } from './ufs';

/** The RGP number rule of spec point 5, for both sides. Input may carry hyphens, spaces and lower case. */
export const MENSAGEM_RGP_INVALIDO = 'RGP inválido';

const RGP = /^([A-Z]{2})(PA|PI)([0-9A-Z]{11})$/;

export function normalizarRgp(valor: string): string {
  return valor.toUpperCase().replace(/[\s-]/g, '');
}

export function isRgpValido(valor: string): boolean {
  const m = RGP.exec(normalizarRgp(valor));
  return m !== null && isUf(m[1]);
}

/** 'sppa00000000123' → 'SP-PA-00000000123'; throws for an invalid number. */
export function formatarRgp(valor: string): string {
  const n = normalizarRgp(valor);
  const m = RGP.exec(n);
  if (!m || !isUf(m[1])) throw new Error(MENSAGEM_RGP_INVALIDO);
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** The one way an RGP number is shown; an old number of another format is trimmed in upper case. */
export function exibirRgp(valor: string | null | undefined): string {
  const v = (valor ?? '').trim();
  if (!v) return '';
  return isRgpValido(v) ? formatarRgp(v) : v.toUpperCase();
}

/** A number as stored: a valid RGP without separators, anything else trimmed in upper case. */
export function guardarRgp(valor: string): string {
  const v = valor.trim();
  return isRgpValido(v) ? normalizarRgp(v) : v.toUpperCase();
}

/** A new RGP number: the state, PA for artesanal (categoria 2) or PI for industrial (1), the sequence value. */
export function montarRgp(uf: string, categoria: number, sequencia: number | bigint): string {
  const tipo = categoria === 1 ? 'PI' : 'PA';
  const numero = String(sequencia).padStart(11, '0');
  if (numero.length !== 11) throw new Error('RGP sequence exhausted');
  const rgp = `${uf.toUpperCase()}${tipo}${numero}`;
  if (!isRgpValido(rgp)) throw new Error(MENSAGEM_RGP_INVALIDO);
  return rgp;
}
