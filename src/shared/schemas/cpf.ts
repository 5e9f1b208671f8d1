import { isValidCpf, onlyDigits } from '../cpf';
import { texto } from './primitivos';

/**
 * A CPF on the wire: any mask accepted, read as its 11 digits with valid check digits. A module of its own, so that
 * a schema that needs only this (the public card lookup's query, src/shared/schemas/carteira.ts) does not bring the
 * request wizard's schemas into a page's code.
 */
export const cpfSchema = texto({ error: 'Campo obrigatório' }).transform(onlyDigits).refine(isValidCpf, 'CPF inválido');
