export { ListaForcas } from './lista-forcas';
export { FormularioForca } from './formulario-forca';
