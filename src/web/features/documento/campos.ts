import { TipoDocumento, TipoSolicitacao, tipoDocumentoLabel, type TipoDocumento as TipoDoc } from '../../../shared/enums';
import { MAX_DOCUMENTOS_ADICIONAIS, MENSAGENS_ARQUIVO } from '../../../shared/regras/arquivos';
import { documentosObrigatorios } from '../../../shared/schemas/solicitacao';
import type { Documento } from '../../../shared/schemas/documento';

export const MAX_ADICIONAIS = MAX_DOCUMENTOS_ADICIONAIS;
export const MENSAGEM_MAX_ADICIONAIS = MENSAGENS_ARQUIVO.adicionais;

export interface CampoDocumento {
  /** A required group may be satisfied by any of them. */
  tipos: number[];
  tipoEnvio: number;
  rotulo: string;
  obrigatorio: boolean;
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

/** A first-RGP edit (type 7) asks only for the proof of the first RGP: the other documents are in the registry. */
export function camposDocumentos(p: {
  tipoSolicitacao: number;
  nacionalidadeBrasileira?: string | null | undefined;
  possuiEntidade?: boolean | undefined;
}): CampoDocumento[] {
  // An appeal carries only the fisher's evidence (docs/decisions/0088).
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
  // A documents edit replaces any of them, at least one: none is required alone.
  const exigidos = p.tipoSolicitacao !== TipoSolicitacao.EDICAO_DOCUMENTOS;
  return [
    ...obrigatorios.map((grupo) => campo(grupo, exigidos)),
    campo([TipoDocumento.TITULO_ELEITOR], false),
    campo([TipoDocumento.ADICIONAL], false),
  ];
}

export function documentosDoCampo(c: CampoDocumento, documentos: Documento[]): Documento[] {
  return documentos.filter((d) => c.tipos.includes(d.tipoDocumento));
}

/** Additional documents accumulate; any other replaces its type's (spec point 4). */
export function aplicarEnvio(documentos: Documento[], novo: Documento): Documento[] {
  const acumula = novo.tipoDocumento === TipoDocumento.ADICIONAL;
  const mantidos = documentos.filter((d) => d.id !== novo.id && (acumula || d.tipoDocumento !== novo.tipoDocumento));
  return [...mantidos, novo];
}

export function podeAdicionarAdicional(documentos: Documento[]): boolean {
  return documentos.filter((d) => d.tipoDocumento === TipoDocumento.ADICIONAL).length < MAX_ADICIONAIS;
}
