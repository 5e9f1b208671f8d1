export { ListaUsuarios, enderecoEdicao } from './lista-usuarios';
export { FormularioUsuario, payloadDe } from './formulario-usuario';
