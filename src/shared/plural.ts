/**
 * A count with its noun agreeing in number (decision 0071): `contar(1, 'criada', 'criadas')` is "1 criada",
 * `contar(0, …)` "0 criadas", `contar(956217, …)` "956.217 criadas" (Brazilian digit grouping). Portuguese takes
 * the singular for 1 only (0 is plural).
 */
export function contar(n: number, singular: string, plural: string): string {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? singular : plural}`;
}
