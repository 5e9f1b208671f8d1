export { consultarRgp, rgpKeys, useRgpPescador, ERRO_CONSULTAR_PESCADOR, type RgpPescador } from './rgp-api';
export { FormularioEdicaoRgp, edicaoRgpFormSchema, paraCampoData } from './formulario-edicao-rgp';
