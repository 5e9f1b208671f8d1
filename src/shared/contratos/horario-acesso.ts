import { CodigoErro } from '../codigos-erro';
import { contrato } from '../contrato';
import {
  aplicarHorarioCorpo, aplicarHorarioResposta, listaConfiguracoesSchema, salvarConfiguracoesCorpo,
} from '../schemas/horario-acesso';

/** Access hours of each agency (spec point 7 "Access hours"): GESTOR and ADMIN configure them, CONSULTA_INTERNO reads them. */
export const listar = contrato({
  metodo: 'GET', caminho: '/api/configuracao-horario-acesso', permissao: 'administracao.ler', tag: 'horario-acesso',
  resumo: 'Horários de acesso de cada órgão',
  resposta: listaConfiguracoesSchema,
});
export const salvar = contrato({
  metodo: 'POST', caminho: '/api/configuracao-horario-acesso', permissao: 'administracao.gerir', tag: 'horario-acesso',
  resumo: 'Salva os horários de acesso dos órgãos (configuracoes)',
  corpo: salvarConfiguracoesCorpo,
  resposta: listaConfiguracoesSchema,
});
export const aplicarAosServidores = contrato({
  metodo: 'PATCH', caminho: '/api/configuracao-horario-acesso/usuario-unidade-trabalho', permissao: 'administracao.gerir',
  tag: 'horario-acesso',
  resumo: 'Aplica o horário do órgão aos seus servidores (retira os horários personalizados)',
  corpo: aplicarHorarioCorpo,
  codigos: [CodigoErro.HORARIO_NADA_A_APLICAR],
  resposta: aplicarHorarioResposta,
});
