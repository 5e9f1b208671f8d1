import { sexoLabel, tipoDocumentoLabel, type Sexo, type TipoDocumento } from '../../../shared/enums';
import {
  AMBIENTES_PESCA, CATEGORIAS, ENTIDADES_APOIO, ESCOLARIDADES, ETNIAS, FAIXAS_RENDA, FORMAS_ATUACAO, GRUPOS_ALVO,
  INFRAESTRUTURAS_PUBLICAS, MEMBROS_FAMILIA, ORGAOS_EMISSORES, PETRECHOS_PESCA, PROPRIEDADES_EMBARCACAO, PROPULSOES,
  TIPOS_COMPRADOR, TIPOS_DOCUMENTO_SOCIAL, TIPOS_EMBARCACAO, TIPOS_LOCAL_PESCA, TIPOS_RESIDENCIA, UNIDADES_MEDIDA,
  type ItemReferencia,
} from '../../../shared/referencias';
import {
  JUSTIFICATIVAS_NAO_PESCA, NOMES_MESES, TIPOS_PRESTACAO_ARTESANAL, TIPOS_PRESTACAO_INDUSTRIAL,
} from '../../../shared/regras/reap';

type Rotulador = (codigo: number) => string | undefined;

const lista = (...listas: (readonly ItemReferencia[])[]): Rotulador => (codigo) => {
  for (const l of listas) {
    const item = l.find((i) => i.id === codigo);
    if (item) return item.descricao;
  }
  return undefined;
};

/** Notification types of the spec (point 3, "Notification"). */
const TIPOS_NOTIFICACAO: Record<number, string> = {
  1: 'Indeferimento',
  2: 'Cancelamento',
  3: 'Suspensão',
  4: 'Pendência',
  5: 'Migração',
  7: 'Edição de data ou órgão do primeiro RGP',
};

/** Field name → its list. Codes that need the database keep their name field instead (`municipioNome`). */
const POR_CAMPO: Record<string, Rotulador> = {
  sexo: (c) => sexoLabel[c as Sexo],
  escolaridade: lista(ESCOLARIDADES),
  etnia: lista(ETNIAS),
  orgaoEmissor: lista(ORGAOS_EMISSORES),
  categoria: lista(CATEGORIAS),
  formaAtuacao: lista(FORMAS_ATUACAO),
  propriedadeEmbarcacao: lista(PROPRIEDADES_EMBARCACAO),
  tipoEmbarcacao: lista(TIPOS_EMBARCACAO),
  propulsao: lista(PROPULSOES),
  ambientePesca: lista(AMBIENTES_PESCA),
  gruposAlvosPesca: lista(GRUPOS_ALVO),
  grupoAlvo: lista(GRUPOS_ALVO),
  petrechoPesca: lista(PETRECHOS_PESCA),
  tipoLocalPesca: lista(TIPOS_LOCAL_PESCA),
  tipoComprador: lista(TIPOS_COMPRADOR),
  tipoUnidadeMedida: lista(UNIDADES_MEDIDA),
  membroFamilia: lista(MEMBROS_FAMILIA),
  faixaRenda: lista(FAIXAS_RENDA),
  tipoResidencia: lista(TIPOS_RESIDENCIA),
  infraestruturasPublicas: lista(INFRAESTRUTURAS_PUBLICAS),
  entidadeApoioPescador: lista(ENTIDADES_APOIO),
  tipoDocumento: (c) => tipoDocumentoLabel[c as TipoDocumento],
  tipoPrestacaoServico: lista(TIPOS_PRESTACAO_ARTESANAL, TIPOS_PRESTACAO_INDUSTRIAL),
  justificativaNaoDeclaracao: lista(JUSTIFICATIVAS_NAO_PESCA),
  mesReferencia: (c) => NOMES_MESES[c - 1],
};

/** `tipo` means something else in each place: named by the field (or list) that holds the object. */
const TIPO_POR_PAI: Record<string, Rotulador> = {
  notificacoes: (c) => TIPOS_NOTIFICACAO[c],
  documentoSocial: lista(TIPOS_DOCUMENTO_SOCIAL),
};

function descrever(valor: unknown, rotular: Rotulador): string | string[] | undefined {
  const um = (v: unknown): string | undefined => {
    const codigo = typeof v === 'number' ? v
      : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'number' ? (v as { id: number }).id : undefined;
    if (codigo === undefined) return undefined;
    return rotular(codigo) ?? 'Código não reconhecido';
  };
  if (Array.isArray(valor)) {
    const rotulos = valor.map(um);
    return rotulos.length > 0 && rotulos.every((r) => r !== undefined) ? rotulos as string[] : undefined;
  }
  return um(valor);
}

/** A label beside every code of a known list (decision 0044); nothing is removed or renamed. */
export function comRotulos<T>(valor: T): T {
  return rotular(valor, null) as T;
}

function rotular(valor: unknown, pai: string | null): unknown {
  if (Array.isArray(valor)) return valor.map((v) => rotular(v, pai));
  if (!valor || typeof valor !== 'object') return valor;
  const original = valor as Record<string, unknown>;
  const saida: Record<string, unknown> = {};
  for (const [chave, v] of Object.entries(original)) {
    saida[chave] = rotular(v, chave);
    const campoRotulo = `${chave}Descricao`;
    const rotulador = chave === 'tipo' ? (pai ? TIPO_POR_PAI[pai] : undefined) : POR_CAMPO[chave];
    if (!rotulador || campoRotulo in original) continue;
    const d = descrever(v, rotulador);
    if (d !== undefined) saida[campoRotulo] = d;
  }
  return saida;
}
