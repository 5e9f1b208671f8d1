export { ListaAtos } from './lista-atos';
export { FormularioAto } from './formulario-ato';
export { useAtoVigente } from './aviso-sem-ato';
export { atoKeys, fetchAtos } from './ato-normativo-api';
