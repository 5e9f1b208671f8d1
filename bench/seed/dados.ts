// The lists the national synthetic data set draws from. Names are common Brazilian first names and surnames,
// combined at random (first name + two surnames): the combinations are synthetic, no list names a person.
// Weights are approximate shares of Brazil's registered professional fishers (public RGP panels: the North and
// Northeast hold most of them; Pará and Maranhão lead), rounded; they make the data look national, nothing more.

export const NOMES_MASCULINOS = [
  'JOSE', 'ANTONIO', 'FRANCISCO', 'JOAO', 'RAIMUNDO', 'MANOEL', 'PEDRO', 'LUIZ', 'PAULO', 'CARLOS', 'SEBASTIAO',
  'MARCOS', 'EDSON', 'BENEDITO', 'JOAQUIM', 'MIGUEL', 'DOMINGOS', 'VALDIR', 'OSVALDO', 'GERALDO', 'RAIMUNDO NONATO',
  'JOSIEL', 'ADEMIR', 'CLAUDIO', 'MARCELO', 'ROBERTO', 'JORGE', 'LUCAS', 'GABRIEL', 'RAFAEL', 'DANIEL', 'ANDERSON',
  'EDIVALDO', 'ERIVALDO', 'JOSINALDO', 'NATANAEL', 'ELIAS', 'ISAIAS', 'MOISES', 'DAVI', 'SAMUEL', 'TIAGO',
  'RONALDO', 'REGINALDO', 'CICERO', 'AGNALDO', 'VALDEMIR', 'ZACARIAS', 'ALCIDES', 'ARLINDO',
] as const;

export const NOMES_FEMININOS = [
  'MARIA', 'ANA', 'FRANCISCA', 'ANTONIA', 'RAIMUNDA', 'JOSEFA', 'LUCIA', 'MARIA DE FATIMA', 'MARIA JOSE', 'SANDRA',
  'ROSA', 'TEREZINHA', 'CONCEICAO', 'BENEDITA', 'EDILEUZA', 'MARLENE', 'ROSANGELA', 'CLAUDIA', 'ELIANE', 'JOANA',
  'LUZIA', 'SEBASTIANA', 'VERA', 'ROSILENE', 'ADRIANA', 'JULIANA', 'PATRICIA', 'FERNANDA', 'ALINE', 'JESSICA',
  'DAIANE', 'ELIZABETE', 'MARINALVA', 'CLEONICE', 'IVONETE', 'NAZARE', 'DORALICE', 'IRACEMA', 'JACIARA', 'LUCINEIDE',
] as const;

export const SOBRENOMES = [
  'SILVA', 'SANTOS', 'OLIVEIRA', 'SOUZA', 'RODRIGUES', 'FERREIRA', 'ALVES', 'PEREIRA', 'LIMA', 'GOMES', 'COSTA',
  'RIBEIRO', 'MARTINS', 'CARVALHO', 'ALMEIDA', 'LOPES', 'SOARES', 'FERNANDES', 'VIEIRA', 'BARBOSA', 'ROCHA',
  'DIAS', 'NASCIMENTO', 'ANDRADE', 'MOREIRA', 'NUNES', 'MARQUES', 'MACHADO', 'MENDES', 'FREITAS', 'CARDOSO',
  'RAMOS', 'GONCALVES', 'SANTANA', 'TEIXEIRA', 'MOURA', 'CORREIA', 'PINTO', 'ARAUJO', 'CAVALCANTE', 'MONTEIRO',
  'BARROS', 'BATISTA', 'SALES', 'PINHEIRO', 'FARIAS', 'BRITO', 'QUEIROZ', 'MIRANDA', 'AGUIAR', 'PANTOJA', 'MAIA',
  'CASTRO', 'CUNHA', 'REIS', 'BEZERRA', 'TAVARES', 'AMARAL', 'LEAL', 'PACHECO', 'XAVIER', 'FONSECA', 'SIQUEIRA',
] as const;

export const LOGRADOUROS = [
  'RUA DA PRAIA', 'RUA DO PORTO', 'TRAVESSA DOS PESCADORES', 'RUA BEIRA RIO', 'AVENIDA BEIRA MAR', 'RUA DA COLONIA',
  'PASSAGEM SAO PEDRO', 'RUA DO IGARAPE', 'VILA DOS PESCADORES', 'RUA SAO JOSE', 'ESTRADA DO MANGUE', 'RUA DA MATRIZ',
] as const;

export const BAIRROS = ['CENTRO', 'BEIRA RIO', 'VILA NOVA', 'PORTO', 'COLONIA', 'SAO PEDRO', 'PRAIA', 'INTERIOR'] as const;

/** Share (per thousand) of the registered fishers per state. Sums to 1000. */
export const PESO_UF: Readonly<Record<string, number>> = {
  PA: 230, MA: 165, BA: 95, AM: 90, PI: 45, CE: 45, PE: 35, AP: 20, PB: 25, RN: 20, AL: 25, SE: 20, TO: 15, AC: 10,
  RO: 10, RR: 5, MT: 20, MS: 10, GO: 5, DF: 2, MG: 25, ES: 13, RJ: 20, SP: 20, PR: 15, SC: 20, RS: 15,
};

/** Weighted choices: [value, weight]. */
export const PESO_SEXO: readonly [number, number][] = [[1, 600], [2, 395], [3, 5]];
/** Schooling (ESCOLARIDADES ids): most fishers did not finish primary school. */
export const PESO_ESCOLARIDADE: readonly [number, number][] = [
  [1, 240], [2, 120], [3, 190], [4, 90], [5, 70], [6, 130], [7, 10], [8, 10], [9, 5], [10, 5], [11, 100], [12, 30],
];
/** Colour or race (ETNIAS ids): mostly parda. */
export const PESO_ETNIA: readonly [number, number][] = [[1, 200], [2, 120], [3, 10], [4, 580], [5, 40], [6, 50]];
/** Registry situation (SituacaoRegistro): most active. */
export const PESO_SITUACAO_REGISTRO: readonly [number, number][] = [[1, 850], [6, 50], [2, 60], [4, 30], [3, 10]];
/** Vessel ownership (PROPRIEDADES_EMBARCACAO ids) of those who fish on board. */
export const PESO_PROPRIEDADE: readonly [number, number][] = [[1, 550], [2, 250], [3, 200]];
/** Target groups (GRUPOS_ALVO ids): fish almost always, then crustaceans and molluscs. */
export const PESO_GRUPO_ALVO: readonly [number, number][] = [[1, 700], [2, 180], [3, 80], [4, 5], [5, 5], [6, 10], [7, 20]];

/** A table of `slots` entries where each value appears in proportion to its weight: O(1) weighted choice in SQL. */
export function fatias(pesos: readonly [number | string, number][], slots = 1000): (number | string)[] {
  const total = pesos.reduce((s, [, p]) => s + p, 0);
  const out: (number | string)[] = [];
  let acumulado = 0;
  for (const [valor, peso] of pesos) {
    acumulado += peso;
    const ate = Math.round((acumulado / total) * slots);
    while (out.length < ate) out.push(valor);
  }
  return out;
}
