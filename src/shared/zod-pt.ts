import { z } from 'zod';

/**
 * Zod's own messages in Brazilian Portuguese, for both sides. Schemas that the specification gives a message
 * for carry that message themselves; this covers the rest (types, sizes, formats).
 */
const unidade: Record<string, [string, string]> = {
  string: ['caractere', 'caracteres'],
  array: ['item', 'itens'],
  set: ['item', 'itens'],
  file: ['byte', 'bytes'],
};

function plural(n: number | bigint, origin: string): string {
  const [um, varios] = unidade[origin] ?? ['', ''];
  return um ? `${String(n)} ${Number(n) === 1 ? um : varios}` : String(n);
}

z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null ? 'Campo obrigatório' : 'Valor inválido';
      case 'too_small':
        if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'Campo obrigatório';
        return ['string', 'array', 'set'].includes(issue.origin)
          ? `Deve ter no mínimo ${plural(issue.minimum, issue.origin)}`
          : `Deve ser maior ou igual a ${String(issue.minimum)}`;
      case 'too_big':
        return ['string', 'array', 'set'].includes(issue.origin)
          ? `Deve ter no máximo ${plural(issue.maximum, issue.origin)}`
          : `Deve ser menor ou igual a ${String(issue.maximum)}`;
      case 'invalid_format':
        return issue.format === 'email' ? 'E-mail inválido' : 'Formato inválido';
      case 'invalid_value':
        return 'Valor não permitido';
      case 'unrecognized_keys':
        return `Campo não reconhecido: ${issue.keys.join(', ')}`;
      case 'invalid_union':
        return 'Valor inválido';
      default:
        return 'Valor inválido';
    }
  },
});

export { z };
