import { TipoDocumento, TipoSolicitacao, tipoDocumentoLabel, type TipoDocumento as TipoDoc } from '../../../shared/enums';
import { MAX_DOCUMENTOS_ADICIONAIS, MENSAGENS_ARQUIVO } from '../../../shared/regras/arquivos';
import { documentosObrigatorios } from '../../../shared/schemas/solicitacao';
import type { Documento } from '../../../shared/schemas/documento';

/** At most 10 additional documents per request (spec points 5 and 9). */
export const MAX_ADICIONAIS = MAX_DOCUMENTOS_ADICIONAIS;
export const MENSAGEM_MAX_ADICIONAIS = MENSAGENS_ARQUIVO.adicionais;

/** One upload field of the documents panel. */
export interface CampoDocumento {
  /** The types whose documents this field shows (a required group may be satisfied by any of them). */
  tipos: number[];
  /** The type a new file is sent as. */
  tipoEnvio: number;
  rotulo: string;
  obrigatorio: boolean;
  /** Additional documents accumulate (up to MAX_ADICIONAIS); every other type keeps one document. */
  acumula: boolean;
}

export function rotuloTipoDocumento(tipo: number): string {
  return tipoDocumentoLabel[tipo as TipoDoc] ?? `Documento tipo ${tipo}`;
}

function campo(tipos: number[], obrigatorio: boolean): CampoDocumento {
  const tipoEnvio = tipos[0] as number;
  return {
    tipos,
    tipoEnvio,
    rotulo: rotuloTipoDocumento(tipoEnvio),
    obrigatorio,
    acumula: tipoEnvio === TipoDocumento.ADICIONAL,
  };
}

/**
 * The upload fields of a request: the required groups of `documentosObrigatorios` (spec point 5, Step 4),
 * then the optional voter card and additional documents. A first-RGP edit (type 7) asks only for the proof of
 * the first RGP (required: it is what the analyst checks) and the optional additional first-RGP document; the
 * fisher's other documents are already in the registry.
 */
export function camposDocumentos(p: {
  tipoSolicitacao: number;
  nacionalidadeBrasileira?: string | null | undefined;
  possuiEntidade?: boolean | undefined;
}): CampoDocumento[] {
  // An appeal (type 11) carries only the fisher's evidence: fish-sale invoices, CAF, other proof (decision 0088).
  if (p.tipoSolicitacao === TipoSolicitacao.RECURSO) {
    return [{ ...campo([TipoDocumento.ADICIONAL], false), rotulo: 'Provas (notas fiscais de venda de pescado, CAF, outros documentos)' }];
  }
  if (p.tipoSolicitacao === TipoSolicitacao.EDICAO_RGP) {
    return [campo([TipoDocumento.COMPROVANTE_PRIMEIRO_RGP], true), campo([TipoDocumento.ADICIONAL_PRIMEIRO_RGP], false)];
  }
  const obrigatorios = documentosObrigatorios({
    tipo: p.tipoSolicitacao,
    nacionalidadeBrasileira: p.nacionalidadeBrasileira,
    possuiEntidade: p.possuiEntidade ?? false,
  });
  // A documents edit (type 9) replaces any of them, at least one (as the server requires): none is required alone.
  const exigidos = p.tipoSolicitacao !== TipoSolicitacao.EDICAO_DOCUMENTOS;
  return [
    ...obrigatorios.map((grupo) => campo(grupo, exigidos)),
    campo([TipoDocumento.TITULO_ELEITOR], false),
    campo([TipoDocumento.ADICIONAL], false),
  ];
}

/** The documents a field shows. */
export function documentosDoCampo(c: CampoDocumento, documentos: Documento[]): Documento[] {
  return documentos.filter((d) => c.tipos.includes(d.tipoDocumento));
}

/**
 * The list after the server stored `novo` (spec point 4, "Document upload"): it replaces the document of the
 * same type, except additional documents (types 6), which accumulate.
 */
export function aplicarEnvio(documentos: Documento[], novo: Documento): Documento[] {
  const acumula = novo.tipoDocumento === TipoDocumento.ADICIONAL;
  const mantidos = documentos.filter((d) => d.id !== novo.id && (acumula || d.tipoDocumento !== novo.tipoDocumento));
  return [...mantidos, novo];
}

/** Whether one more additional document is allowed. */
export function podeAdicionarAdicional(documentos: Documento[]): boolean {
  return documentos.filter((d) => d.tipoDocumento === TipoDocumento.ADICIONAL).length < MAX_ADICIONAIS;
}
