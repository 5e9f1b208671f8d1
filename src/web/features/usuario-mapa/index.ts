export { ListaUsuarios, enderecoEdicao } from './lista-usuarios';
export { FormularioUsuario } from './formulario-usuario';
