export { enviarEdicaoRgp, useRgpPescador, ERRO_CONSULTAR_PESCADOR } from './rgp-api';
export { FormularioEdicaoRgp } from './formulario-edicao-rgp';
