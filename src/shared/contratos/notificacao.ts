import { contrato } from '../contrato';
import * as leituras from '../leituras-pescador';
import { leituraNotificacaoResposta, notificacoesResposta } from '../schemas/notificacao';
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
