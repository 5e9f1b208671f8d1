/**
 * The 27 Brazilian federative units (spec point 3: "The 27 Brazilian states by code and name"), with the IBGE
 * code, the postal abbreviation and the name. Pure data: the server seeds the `uf` table from it and the web
 * uses it for selects and checks.
 */
export const UFS = [
  { codigo: 11, sigla: 'RO', nome: 'Rondônia' },
  { codigo: 12, sigla: 'AC', nome: 'Acre' },
  { codigo: 13, sigla: 'AM', nome: 'Amazonas' },
  { codigo: 14, sigla: 'RR', nome: 'Roraima' },
  { codigo: 15, sigla: 'PA', nome: 'Pará' },
  { codigo: 16, sigla: 'AP', nome: 'Amapá' },
  { codigo: 17, sigla: 'TO', nome: 'Tocantins' },
  { codigo: 21, sigla: 'MA', nome: 'Maranhão' },
  { codigo: 22, sigla: 'PI', nome: 'Piauí' },
  { codigo: 23, sigla: 'CE', nome: 'Ceará' },
  { codigo: 24, sigla: 'RN', nome: 'Rio Grande do Norte' },
  { codigo: 25, sigla: 'PB', nome: 'Paraíba' },
  { codigo: 26, sigla: 'PE', nome: 'Pernambuco' },
  { codigo: 27, sigla: 'AL', nome: 'Alagoas' },
  { codigo: 28, sigla: 'SE', nome: 'Sergipe' },
  { codigo: 29, sigla: 'BA', nome: 'Bahia' },
  { codigo: 31, sigla: 'MG', nome: 'Minas Gerais' },
  { codigo: 32, sigla: 'ES', nome: 'Espírito Santo' },
  { codigo: 33, sigla: 'RJ', nome: 'Rio de Janeiro' },
  { codigo: 35, sigla: 'SP', nome: 'São Paulo' },
  { codigo: 41, sigla: 'PR', nome: 'Paraná' },
  { codigo: 42, sigla: 'SC', nome: 'Santa Catarina' },
  { codigo: 43, sigla: 'RS', nome: 'Rio Grande do Sul' },
  { codigo: 50, sigla: 'MS', nome: 'Mato Grosso do Sul' },
  { codigo: 51, sigla: 'MT', nome: 'Mato Grosso' },
  { codigo: 52, sigla: 'GO', nome: 'Goiás' },
  { codigo: 53, sigla: 'DF', nome: 'Distrito Federal' },
] as const;

export type Uf = (typeof UFS)[number];
export type UfSigla = Uf['sigla'];

/** The 27 abbreviations, in IBGE code order. */
export const UF_SIGLAS = UFS.map((u) => u.sigla) as readonly UfSigla[];

const siglas: ReadonlySet<string> = new Set(UF_SIGLAS);

/** True for one of the 27 abbreviations, exactly as written ('SP'; not 'sp', not ' SP'). */
export function isUf(s: unknown): s is UfSigla {
  return typeof s === 'string' && siglas.has(s);
}

/** The state of an abbreviation, or undefined. */
export function ufPorSigla(sigla: string): Uf | undefined {
  return UFS.find((u) => u.sigla === sigla);
}

/** The state of an IBGE code (the first two digits of a municipality's code), or undefined. */
export function ufPorCodigo(codigo: number): Uf | undefined {
  return UFS.find((u) => u.codigo === codigo);
}
