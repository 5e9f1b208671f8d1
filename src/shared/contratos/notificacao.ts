import { contrato } from '../contrato';
import * as leituras from '../leituras-pescador';
import {
  enviosNotificacaoResposta, leituraNotificacaoResposta, notificacoesResposta, preferenciasNotificacaoCorpo, preferenciasNotificacaoResposta,
} from '../schemas/notificacao';
import { idParam } from '../schemas/primitivos';

/** Notifications of the signed-in fisher (product guide: GET /api/notificacao, POST /api/notificacao/{id}/leitura). */
export const naoLidas = contrato({
  metodo: 'GET', caminho: leituras.notificacoesNaoLidas.caminho, permissao: 'pescador.proprio', tag: 'notificacao',
  resumo: 'Notificações não lidas do pescador autenticado',
  resposta: notificacoesResposta,
});
export const confirmarLeitura = contrato({
  metodo: 'POST', caminho: '/api/notificacao/{id}/leitura', permissao: 'pescador.proprio', tag: 'notificacao',
  resumo: 'Confirma a leitura de uma notificação do próprio pescador',
  params: idParam,
  resposta: leituraNotificacaoResposta,
});
export const preferencias = contrato({
  metodo: 'GET', caminho: '/api/notificacao/preferencias', permissao: 'pescador.proprio', tag: ['lgpd', 'notificacao'],
  resumo: 'Por onde o pescador autenticado recebe avisos (e-mail, SMS, caixa postal gov.br)',
  resposta: preferenciasNotificacaoResposta,
});
export const salvarPreferencias = contrato({
  metodo: 'PUT', caminho: '/api/notificacao/preferencias', permissao: 'pescador.proprio', tag: ['lgpd', 'notificacao'],
  resumo: 'Liga ou desliga cada canal de avisos do pescador autenticado (a tela do sistema fica sempre ligada)',
  corpo: preferenciasNotificacaoCorpo,
  resposta: preferenciasNotificacaoResposta,
});
export const enviosDoPescador = contrato({
  metodo: 'GET', caminho: '/api/pescador/{id}/envios-notificacao', permissao: 'pescador.ler', tag: 'notificacao',
  resumo: 'Situação da entrega dos avisos de um pescador por canal (os 50 mais recentes)',
  params: idParam,
  resposta: enviosNotificacaoResposta,
});
