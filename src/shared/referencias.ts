import { z } from 'zod';
import {
  Categoria, categoriaLabel, Nacionalidade, Sexo, sexoLabel, TipoDocumento,
} from './enums';
import { id } from './schemas/primitivos';
import { UFS } from './ufs';

/** Ids are stable: requests store them. Seeded into `referencia`, where operators may add items. No Node or DOM. */

export interface ItemReferencia {
  readonly id: number;
  readonly descricao: string;
  readonly sigla?: string;
}

export const ESCOLARIDADES = [
  { id: 1, descricao: '1ª a 4ª série do ensino fundamental incompleta' },
  { id: 2, descricao: '1ª a 4ª série do ensino fundamental completa' },
  { id: 3, descricao: '5ª a 9ª série do ensino fundamental incompleta' },
  { id: 4, descricao: '5ª a 9ª série do ensino fundamental completa' },
  { id: 5, descricao: 'Ensino médio incompleto' },
  { id: 6, descricao: 'Ensino médio completo' },
  { id: 7, descricao: 'Ensino superior incompleto' },
  { id: 8, descricao: 'Ensino superior completo' },
  { id: 9, descricao: 'Ensino técnico incompleto' },
  { id: 10, descricao: 'Ensino técnico completo' },
  { id: 11, descricao: 'Sem escolaridade' },
  { id: 12, descricao: 'Não informado' },
] as const satisfies readonly ItemReferencia[];

export const ETNIAS = [
  { id: 1, descricao: 'Branca' },
  { id: 2, descricao: 'Preta' },
  { id: 3, descricao: 'Amarela' },
  { id: 4, descricao: 'Parda' },
  { id: 5, descricao: 'Indígena' },
  { id: 6, descricao: 'Não declarada' },
] as const satisfies readonly ItemReferencia[];

export const ORGAOS_EMISSORES = [
  { id: 1, sigla: 'SSP', descricao: 'Secretaria de Segurança Pública' },
  { id: 2, sigla: 'PC', descricao: 'Polícia Civil' },
  { id: 3, sigla: 'PF', descricao: 'Polícia Federal' },
  { id: 4, sigla: 'DETRAN', descricao: 'Departamento Estadual de Trânsito' },
  { id: 5, sigla: 'IFP', descricao: 'Instituto Félix Pacheco' },
  { id: 6, sigla: 'IGP', descricao: 'Instituto-Geral de Perícias' },
  { id: 7, sigla: 'II', descricao: 'Instituto de Identificação' },
  { id: 8, sigla: 'SEJUSP', descricao: 'Secretaria de Estado de Justiça e Segurança Pública' },
  { id: 9, sigla: 'SESP', descricao: 'Secretaria de Estado da Segurança Pública' },
  { id: 10, sigla: 'SDS', descricao: 'Secretaria de Defesa Social' },
  { id: 11, sigla: 'SJS', descricao: 'Secretaria da Justiça e Segurança' },
  { id: 12, sigla: 'SJTC', descricao: 'Secretaria da Justiça, Trabalho e Cidadania' },
  { id: 13, sigla: 'SPTC', descricao: 'Superintendência da Polícia Técnico-Científica' },
  { id: 14, sigla: 'POLITEC', descricao: 'Perícia Oficial e Identificação Técnica' },
  { id: 15, sigla: 'DIC', descricao: 'Diretoria de Identificação Civil' },
  { id: 16, sigla: 'DGPC', descricao: 'Diretoria-Geral da Polícia Civil' },
  { id: 17, sigla: 'ITEP', descricao: 'Instituto Técnico-Científico de Perícia' },
  { id: 18, sigla: 'MAER', descricao: 'Comando da Aeronáutica (Ministério da Aeronáutica)' },
  { id: 19, sigla: 'MEX', descricao: 'Comando do Exército (Ministério do Exército)' },
  { id: 20, sigla: 'MMA', descricao: 'Comando da Marinha (Ministério da Marinha)' },
  { id: 21, sigla: 'PM', descricao: 'Polícia Militar' },
  { id: 22, sigla: 'CBM', descricao: 'Corpo de Bombeiros Militar' },
  { id: 23, sigla: 'MTE', descricao: 'Ministério do Trabalho e Emprego (CTPS)' },
  { id: 24, sigla: 'OAB', descricao: 'Ordem dos Advogados do Brasil' },
  { id: 25, sigla: 'CREA', descricao: 'Conselho Regional de Engenharia e Agronomia' },
  { id: 26, sigla: 'CRM', descricao: 'Conselho Regional de Medicina' },
  { id: 27, sigla: 'CRC', descricao: 'Conselho Regional de Contabilidade' },
  { id: 28, sigla: 'CORECON', descricao: 'Conselho Regional de Economia' },
  { id: 29, sigla: 'CRO', descricao: 'Conselho Regional de Odontologia' },
  { id: 30, sigla: 'CRF', descricao: 'Conselho Regional de Farmácia' },
  { id: 31, sigla: 'CRMV', descricao: 'Conselho Regional de Medicina Veterinária' },
  { id: 32, sigla: 'CRP', descricao: 'Conselho Regional de Psicologia' },
  { id: 33, sigla: 'CREFITO', descricao: 'Conselho Regional de Fisioterapia e Terapia Ocupacional' },
  { id: 34, sigla: 'COREN', descricao: 'Conselho Regional de Enfermagem' },
  { id: 35, sigla: 'CRB', descricao: 'Conselho Regional de Biblioteconomia' },
  { id: 36, sigla: 'CRQ', descricao: 'Conselho Regional de Química' },
  { id: 37, sigla: 'CRECI', descricao: 'Conselho Regional de Corretores de Imóveis' },
  { id: 38, sigla: 'CRN', descricao: 'Conselho Regional de Nutricionistas' },
  { id: 39, sigla: 'CRA', descricao: 'Conselho Regional de Administração' },
  { id: 40, sigla: 'CRESS', descricao: 'Conselho Regional de Serviço Social' },
  { id: 41, sigla: 'CONRE', descricao: 'Conselho Regional de Estatística' },
  { id: 42, sigla: 'CRFa', descricao: 'Conselho Regional de Fonoaudiologia' },
  { id: 43, sigla: 'CREF', descricao: 'Conselho Regional de Educação Física' },
  { id: 44, sigla: 'CRBio', descricao: 'Conselho Regional de Biologia' },
  { id: 45, sigla: 'CRT', descricao: 'Conselho Regional dos Técnicos Industriais' },
  { id: 46, sigla: 'DPMAF', descricao: 'Divisão de Polícia Marítima, Aeroportuária e de Fronteiras' },
  { id: 47, sigla: 'MRE', descricao: 'Ministério das Relações Exteriores' },
  { id: 48, sigla: 'CARTORIO', descricao: 'Cartório de Registro Civil' },
  { id: 49, sigla: 'OUTROS', descricao: 'Outro órgão emissor' },
] as const satisfies readonly ItemReferencia[];

/** Vessel fields are omitted for 2 (spec point 5, step 2). */
export const FormaAtuacao = { EMBARCADO: 1, DESEMBARCADO: 2 } as const;
export const FORMAS_ATUACAO = [
  { id: FormaAtuacao.EMBARCADO, descricao: 'Embarcado' },
  { id: FormaAtuacao.DESEMBARCADO, descricao: 'Desembarcado' },
] as const satisfies readonly ItemReferencia[];

export const AMBIENTES_PESCA = [
  { id: 1, descricao: 'Continental (água doce)' },
  { id: 2, descricao: 'Marinho ou estuarino (água salgada ou salobra)' },
] as const satisfies readonly ItemReferencia[];

export const INFRAESTRUTURAS_PUBLICAS = [
  { id: 1, descricao: 'Água encanada' },
  { id: 2, descricao: 'Energia elétrica' },
  { id: 3, descricao: 'Rede de esgoto' },
  { id: 4, descricao: 'Coleta de lixo' },
  { id: 5, descricao: 'Posto de saúde' },
] as const satisfies readonly ItemReferencia[];

/** Member 1 is the fisher, the default first member. */
export const MEMBROS_FAMILIA = [
  { id: 1, descricao: 'O(a) próprio(a) pescador(a)' },
  { id: 2, descricao: 'Cônjuge ou companheiro(a)' },
  { id: 3, descricao: 'Filho(a)' },
  { id: 4, descricao: 'Enteado(a)' },
  { id: 5, descricao: 'Pai' },
  { id: 6, descricao: 'Mãe' },
  { id: 7, descricao: 'Irmão(ã)' },
  { id: 8, descricao: 'Avô ou avó' },
  { id: 9, descricao: 'Neto(a)' },
  { id: 10, descricao: 'Sogro(a)' },
  { id: 11, descricao: 'Genro ou nora' },
  { id: 12, descricao: 'Outro parente' },
  { id: 13, descricao: 'Agregado(a) (não parente)' },
] as const satisfies readonly ItemReferencia[];

export const FAIXAS_RENDA = [
  { id: 1, descricao: 'Até 1 salário mínimo' },
  { id: 2, descricao: 'Mais de 1 até 2 salários mínimos' },
  { id: 3, descricao: 'Mais de 2 até 3 salários mínimos' },
  { id: 4, descricao: 'Mais de 3 até 5 salários mínimos' },
  { id: 5, descricao: 'Mais de 5 salários mínimos' },
] as const satisfies readonly ItemReferencia[];

export const TIPOS_RESIDENCIA = [
  { id: 1, descricao: 'Própria' },
  { id: 2, descricao: 'Alugada' },
  { id: 3, descricao: 'Cedida' },
  { id: 4, descricao: 'Outra' },
] as const satisfies readonly ItemReferencia[];

export const ENTIDADES_APOIO = [
  { id: 1, descricao: 'Colônia de pescadores' },
  { id: 2, descricao: 'Associação de pescadores' },
  { id: 3, descricao: 'Sindicato' },
  { id: 4, descricao: 'Cooperativa' },
  { id: 5, descricao: 'Federação de pescadores' },
  { id: 6, descricao: 'Confederação de pescadores' },
  { id: 7, descricao: 'Prefeitura' },
  { id: 8, descricao: 'Órgão estadual de assistência técnica e extensão rural (EMATER)' },
  { id: 9, descricao: 'Superintendência Federal de Pesca e Aquicultura (SFPA/MPA)' },
  { id: 10, descricao: 'Organização não governamental (ONG)' },
  { id: 11, descricao: 'Familiar ou amigo' },
  { id: 12, descricao: 'Outro' },
] as const satisfies readonly ItemReferencia[];

export const TIPOS_EMBARCACAO = [
  { id: 1, descricao: 'Canoa' },
  { id: 2, descricao: 'Jangada' },
  { id: 3, descricao: 'Bote' },
  { id: 4, descricao: 'Baleeira' },
  { id: 5, descricao: 'Saveiro' },
  { id: 6, descricao: 'Lancha' },
  { id: 7, descricao: 'Voadeira' },
  { id: 8, descricao: 'Rabeta' },
  { id: 9, descricao: 'Catraia' },
  { id: 10, descricao: 'Bateira' },
  { id: 11, descricao: 'Barco de pesca artesanal' },
  { id: 12, descricao: 'Barco de pesca industrial' },
  { id: 13, descricao: 'Traineira' },
  { id: 14, descricao: 'Navio pesqueiro' },
  { id: 15, descricao: 'Outro' },
] as const satisfies readonly ItemReferencia[];

export const PROPRIEDADES_EMBARCACAO = [
  { id: 1, descricao: 'Própria' },
  { id: 2, descricao: 'Arrendada ou em parceria' },
  { id: 3, descricao: 'De terceiros' },
] as const satisfies readonly ItemReferencia[];

export const PROPULSOES = [
  { id: 1, descricao: 'Remo' },
  { id: 2, descricao: 'Vela' },
  { id: 3, descricao: 'Motor de centro' },
  { id: 4, descricao: 'Motor de popa' },
  { id: 5, descricao: 'Sem propulsão' },
  { id: 6, descricao: 'Motor de rabeta' },
] as const satisfies readonly ItemReferencia[];

export const TIPOS_LOCAL_PESCA = [
  { id: 1, descricao: 'Rio' },
  { id: 2, descricao: 'Lago ou lagoa' },
  { id: 3, descricao: 'Represa ou açude' },
  { id: 4, descricao: 'Estuário ou mangue' },
  { id: 5, descricao: 'Mar costeiro' },
  { id: 6, descricao: 'Mar aberto (oceano)' },
  { id: 7, descricao: 'Canal' },
  { id: 8, descricao: 'Igarapé' },
  { id: 9, descricao: 'Baía' },
  { id: 10, descricao: 'Praia' },
  { id: 11, descricao: 'Outro' },
] as const satisfies readonly ItemReferencia[];

export const PETRECHOS_PESCA = [
  { id: 1, descricao: 'Rede de emalhe' },
  { id: 2, descricao: 'Tarrafa' },
  { id: 3, descricao: 'Linha de mão' },
  { id: 4, descricao: 'Espinhel' },
  { id: 5, descricao: 'Vara ou caniço' },
  { id: 6, descricao: 'Rede de arrasto' },
  { id: 7, descricao: 'Rede de cerco' },
  { id: 8, descricao: 'Covo ou armadilha' },
  { id: 9, descricao: 'Puçá' },
  { id: 10, descricao: 'Zangaria' },
  { id: 11, descricao: 'Mergulho' },
  { id: 12, descricao: 'Coleta manual' },
  { id: 13, descricao: 'Curral' },
  { id: 14, descricao: 'Gaiola ou manzuá' },
  { id: 15, descricao: 'Arpão' },
  { id: 16, descricao: 'Caniço com molinete ou carretilha' },
  { id: 17, descricao: 'Rede de lance' },
  { id: 18, descricao: 'Redinha' },
  { id: 19, descricao: 'Jereré' },
  { id: 20, descricao: 'Outro' },
] as const satisfies readonly ItemReferencia[];

export const GRUPOS_ALVO = [
  { id: 1, descricao: 'Peixes' },
  { id: 2, descricao: 'Crustáceos (camarão, caranguejo, lagosta, siri)' },
  { id: 3, descricao: 'Moluscos (ostra, mexilhão, sururu, polvo, lula)' },
  { id: 4, descricao: 'Algas' },
  { id: 5, descricao: 'Anfíbios (rã)' },
  { id: 6, descricao: 'Peixes ornamentais' },
  { id: 7, descricao: 'Outros' },
] as const satisfies readonly ItemReferencia[];

export const TIPOS_COMPRADOR = [
  { id: 1, descricao: 'Atravessador' },
  { id: 2, descricao: 'Peixaria ou mercado' },
  { id: 3, descricao: 'Consumidor final' },
  { id: 4, descricao: 'Cooperativa ou associação' },
  { id: 5, descricao: 'Indústria ou frigorífico' },
  { id: 6, descricao: 'Feira livre' },
  { id: 7, descricao: 'Restaurante' },
  { id: 8, descricao: 'Governo (PAA, PNAE)' },
  { id: 9, descricao: 'Outro' },
] as const satisfies readonly ItemReferencia[];

/** Unit 1 gets the weight formatting. */
export const UnidadeMedida = { QUILOGRAMA: 1 } as const;
export const UNIDADES_MEDIDA = [
  { id: UnidadeMedida.QUILOGRAMA, sigla: 'kg', descricao: 'Quilograma' },
  { id: 2, sigla: 'un', descricao: 'Unidade' },
  { id: 3, sigla: 'dz', descricao: 'Dúzia' },
  { id: 4, sigla: 'cento', descricao: 'Cento' },
  { id: 5, sigla: 'milheiro', descricao: 'Milheiro' },
  { id: 6, sigla: 'L', descricao: 'Litro' },
] as const satisfies readonly ItemReferencia[];

export const TIPOS_DOCUMENTO_SOCIAL = [
  { id: TipoDocumento.PIS, sigla: 'PIS', descricao: 'PIS – Programa de Integração Social' },
  { id: TipoDocumento.PASEP, sigla: 'PASEP', descricao: 'PASEP – Programa de Formação do Patrimônio do Servidor Público' },
  { id: TipoDocumento.NIS, sigla: 'NIS', descricao: 'NIS – Número de Identificação Social' },
  { id: TipoDocumento.NIT, sigla: 'NIT', descricao: 'NIT – Número de Identificação do Trabalhador' },
] as const satisfies readonly ItemReferencia[];

export const SEXOS = [
  { id: Sexo.MASCULINO, descricao: sexoLabel[Sexo.MASCULINO] },
  { id: Sexo.FEMININO, descricao: sexoLabel[Sexo.FEMININO] },
  { id: Sexo.OUTROS, descricao: sexoLabel[Sexo.OUTROS] },
] as const satisfies readonly ItemReferencia[];

export const CATEGORIAS = [
  { id: Categoria.INDUSTRIAL, descricao: categoriaLabel[Categoria.INDUSTRIAL] },
  { id: Categoria.ARTESANAL, descricao: categoriaLabel[Categoria.ARTESANAL] },
] as const satisfies readonly ItemReferencia[];

export const NACIONALIDADES = [
  { id: 1, sigla: Nacionalidade.BRASILEIRA, descricao: 'Brasileira' },
  { id: 2, sigla: Nacionalidade.ESTRANGEIRA, descricao: 'Estrangeira' },
] as const satisfies readonly ItemReferencia[];

export const UFS_REFERENCIA: readonly ItemReferencia[] = UFS.map((u) => ({ id: u.codigo, sigla: u.sigla, descricao: u.nome }));

/** Agencies that issued first RGPs over the registry's history (docs/decisions/0021). */
export const ORGAOS_PRIMEIRO_RGP: readonly ItemReferencia[] = [
  { id: 1, sigla: 'SUDEPE', descricao: 'Superintendência do Desenvolvimento da Pesca (até 1989)' },
  { id: 2, sigla: 'IBAMA', descricao: 'Instituto Brasileiro do Meio Ambiente e dos Recursos Naturais Renováveis (1989–2003)' },
  { id: 3, sigla: 'MAPA', descricao: 'Ministério da Agricultura, Pecuária e Abastecimento (1998–2003)' },
  { id: 4, sigla: 'SEAP/PR', descricao: 'Secretaria Especial de Aquicultura e Pesca da Presidência da República (2003–2009)' },
  { id: 5, sigla: 'MPA', descricao: 'Ministério da Pesca e Aquicultura' },
  { id: 6, sigla: 'SEAP', descricao: 'Secretaria Especial de Aquicultura e Pesca (2017–2018)' },
  { id: 7, sigla: 'SAP/MAPA', descricao: 'Secretaria de Aquicultura e Pesca do Ministério da Agricultura (2019–2022)' },
  ...UFS.map((u) => ({ id: 100 + u.codigo, sigla: `SFPA-${u.sigla}`, descricao: `Superintendência Federal de Pesca e Aquicultura – ${u.nome}` })),
];

export function isOrgaoPrimeiroRgp(sigla: string): boolean {
  const s = sigla.trim().toUpperCase();
  return ORGAOS_PRIMEIRO_RGP.some((o) => o.sigla === s);
}

export const listasReferencia = {
  'escolaridades': ESCOLARIDADES,
  'etnias': ETNIAS,
  'orgaos-emissores': ORGAOS_EMISSORES,
  'orgaos-primeiro-rgp': ORGAOS_PRIMEIRO_RGP,
  'formas-atuacao': FORMAS_ATUACAO,
  'ambientes-pesca': AMBIENTES_PESCA,
  'infraestruturas-publicas': INFRAESTRUTURAS_PUBLICAS,
  'membros-familia': MEMBROS_FAMILIA,
  'faixas-renda': FAIXAS_RENDA,
  'tipos-residencia': TIPOS_RESIDENCIA,
  'entidades-apoio': ENTIDADES_APOIO,
  'tipos-embarcacao': TIPOS_EMBARCACAO,
  'propriedades-embarcacao': PROPRIEDADES_EMBARCACAO,
  'propulsoes': PROPULSOES,
  'tipos-local-pesca': TIPOS_LOCAL_PESCA,
  'petrechos-pesca': PETRECHOS_PESCA,
  'grupos-alvo': GRUPOS_ALVO,
  'tipos-comprador': TIPOS_COMPRADOR,
  'unidades-medida': UNIDADES_MEDIDA,
  'tipos-documento-social': TIPOS_DOCUMENTO_SOCIAL,
  'ufs': UFS_REFERENCIA,
  'sexos': SEXOS,
  'categorias': CATEGORIAS,
  'nacionalidades': NACIONALIDADES,
} as const satisfies Record<string, readonly ItemReferencia[]>;

export type NomeListaReferencia = keyof typeof listasReferencia;

export const NOMES_LISTAS_REFERENCIA = Object.keys(listasReferencia) as NomeListaReferencia[];

export function isListaReferencia(nome: string): nome is NomeListaReferencia {
  return Object.hasOwn(listasReferencia, nome);
}

export function descricaoDe(lista: NomeListaReferencia, id: number): string | undefined {
  return (listasReferencia[lista] as readonly ItemReferencia[]).find((i) => i.id === id)?.descricao;
}

export const itemReferenciaSchema = z.object({
  id: z.number().int(),
  descricao: z.string(),
  sigla: z.string().optional(),
});

export const municipioSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  uf: z.string().length(2),
});
export type Municipio = z.infer<typeof municipioSchema>;

export const MAX_IDS_FILTRO_MUNICIPIOS = 500;

export const filtroMunicipiosSchema = z.object({
  ids: z.array(id()).min(1).max(MAX_IDS_FILTRO_MUNICIPIOS),
});

export const profissaoSchema = z.object({
  id: z.number().int(),
  descricao: z.string(),
});
export type Profissao = z.infer<typeof profissaoSchema>;

export const especieSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  nomeCientifico: z.string(),
});
export type Especie = z.infer<typeof especieSchema>;

export const MENSAGEM_UF_INVALIDA = 'UF inválida';
export const MENSAGEM_LISTA_NAO_ENCONTRADA = 'Lista de referência não encontrada';
