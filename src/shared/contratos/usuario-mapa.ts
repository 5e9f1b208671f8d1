import { CodigoErro } from '../codigos-erro';
import { contrato } from '../contrato';
import {
  cpfParam, filtrosUsuarioMapa, horarioAcessoUsuarioCorpo, listaUsuariosMapaSchema, pessoaBcpfSchema, usuarioMapaCorpo,
  usuarioMapaSchema,
} from '../schemas/usuario-mapa';

/** Map users (spec point 7 "Users"): GESTOR and ADMIN manage them, CONSULTA_INTERNO reads them. */
export const listar = contrato({
  metodo: 'GET', caminho: '/api/usuario-mapa', permissao: 'administracao.ler', tag: 'usuario-mapa',
  resumo: 'Servidores (usuários do mapa) com filtros e paginação; ?cpf consulta um servidor',
  query: filtrosUsuarioMapa,
  resposta: listaUsuariosMapaSchema,
});
export const salvar = contrato({
  metodo: 'POST', caminho: '/api/usuario-mapa', permissao: 'administracao.gerir', tag: 'usuario-mapa',
  resumo: 'Cadastra (sem id) ou altera (com id) um servidor',
  corpo: usuarioMapaCorpo,
  codigos: [CodigoErro.USUARIO_JA_CADASTRADO, CodigoErro.ULTIMO_GESTOR],
  resposta: usuarioMapaSchema,
  // Already registered; the last GESTOR of an agency would lose the profile.
  outrosErros: [409],
});
export const alterarHorario = contrato({
  metodo: 'PATCH', caminho: '/api/usuario-mapa/horario-acesso', permissao: 'administracao.gerir', tag: 'usuario-mapa',
  resumo: 'Horário de acesso personalizado de um servidor',
  corpo: horarioAcessoUsuarioCorpo,
  resposta: usuarioMapaSchema,
});
export const consultarBcpf = contrato({
  metodo: 'GET', caminho: '/api/dados-bcpf/{cpf}', permissao: 'administracao.gerir', tag: 'usuario-mapa',
  resumo: 'A pessoa do CPF no cadastro federal de CPF (para cadastrar um servidor)',
  params: cpfParam,
  resposta: pessoaBcpfSchema,
  // The CPF registry names more than one person for the CPF.
  outrosErros: [409],
});
