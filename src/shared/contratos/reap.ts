import { z } from 'zod';
import { CodigoErro } from '../codigos-erro';
import { contrato } from '../contrato';
import { documentosResposta } from '../schemas/documento';
import { idParam } from '../schemas/primitivos';
import {
  anoParam, documentoReapParams, envioDocumentoReapCampos, envioDocumentoReapIndustrialCampos, filtroObrigacoesPescador,
  filtroObrigacoesServidor, geracaoReapSchema, listaObrigacoesSchema, listaObrigacoesServidorSchema, obrigacaoSchema, prazoReapCorpo,
  prazoReapHistoricoSchema, prazoReapSchema, questionarioSchema, reapArtesanalCorpo, reapIndustrialCorpo, reapsPendentesSchema,
} from '../schemas/reap';
import { inadimplentesReapQuery, inadimplentesReapSchema, suspensaoReapCorpo } from '../schemas/reap-inadimplencia';
import { idPescadorParam } from './reap-situacao-verificacao';

/**
 * REAP (spec point 7). The fisher alone fills and sends; GESTOR and ADMIN set the windows. Those that pages outside
 * the REAP call live in reap-situacao-verificacao.ts, re-exported here.
 */
export { situacao, verificar } from './reap-situacao-verificacao';

export const pendentes = contrato({
  metodo: 'GET', caminho: '/api/reap/listar-reap-pendente-pescador/{idPescador}', permissao: 'pescador.ler', tag: 'reap',
  resumo: 'Anos de REAP devidos e não enviados (toCreate: ainda não gerada; pending: gerada e não enviada)',
  params: idPescadorParam,
  resposta: reapsPendentesSchema,
});
export const gerar = contrato({
  metodo: 'POST', caminho: '/api/reap/gerar-reap-pescador/{idPescador}', permissao: 'pescador.proprio', tag: 'reap',
  resumo: 'Gera as REAPs pendentes do pescador (os anos devidos sem REAP); gerar de novo não cria nada duas vezes',
  params: idPescadorParam,
  codigos: [CodigoErro.REAP_SEM_PENDENCIAS],
  resposta: geracaoReapSchema,
  idempotente: true,
});
export const obrigacoesPescador = contrato({
  metodo: 'GET', caminho: '/api/reap/pescador-consultar-obrigacoes/filtro', permissao: 'pescador.ler', tag: 'reap',
  resumo: 'Obrigações de REAP de um pescador, com filtros e paginação',
  query: filtroObrigacoesPescador,
  resposta: listaObrigacoesSchema,
});
export const reapsDoPescador = contrato({
  metodo: 'GET', caminho: '/api/reap/recuperar-reaps-pescador/{id}', permissao: 'pescador.ler', tag: 'reap',
  resumo: 'Todas as REAPs de um pescador (id do pescador)',
  params: idParam,
  resposta: z.array(obrigacaoSchema),
});
export const obrigacao = contrato({
  metodo: 'GET', caminho: '/api/reap/obter-obrigacao/{id}', permissao: 'pescador.ler', tag: 'reap',
  resumo: 'Uma obrigação de REAP',
  params: idParam,
  resposta: obrigacaoSchema,
});
export const questionario = contrato({
  metodo: 'GET', caminho: '/api/reap/questionario-basico/{id}', permissao: 'pescador.ler', tag: 'reap',
  resumo: 'O questionário de uma REAP, com os documentos',
  params: idParam,
  resposta: questionarioSchema,
});
export const salvarArtesanal = contrato({
  metodo: 'POST', caminho: '/api/reap/questionario-basico', permissao: 'pescador.proprio', tag: 'reap',
  resumo: 'Salva a REAP artesanal (rascunho com enviada=false; envio único com enviada=true)',
  corpo: reapArtesanalCorpo,
  codigos: [CodigoErro.REAP_JA_ENVIADA, CodigoErro.REAP_FORA_DO_PRAZO, CodigoErro.CIN_EXIGIDA],
  resposta: questionarioSchema,
  idempotente: 'envios',
});
export const salvarIndustrial = contrato({
  metodo: 'POST', caminho: '/api/reap/questionario-basico/industrial', permissao: 'pescador.proprio', tag: 'reap',
  resumo: 'Salva a REAP industrial (id, tipoPrestacaoServico 4 CTPS ou 5 contrato de parceria, realizouPesca, enviada)',
  corpo: reapIndustrialCorpo,
  codigos: [CodigoErro.REAP_JA_ENVIADA, CodigoErro.REAP_FORA_DO_PRAZO, CodigoErro.CIN_EXIGIDA],
  resposta: questionarioSchema,
  idempotente: 'envios',
});
export const comprovante = contrato({
  metodo: 'GET', caminho: '/api/reap/{id}/comprovante', permissao: 'pescador.ler', tag: 'reap',
  resumo: 'Comprovante (2ª via, PDF) de uma REAP enviada',
  params: idParam,
  resposta: { arquivo: ['application/pdf'], descricao: 'PDF (application/pdf)' },
  outrosErros: [406],
});
export const obrigacoesServidor = contrato({
  metodo: 'GET', caminho: '/api/reap/consultar-obrigacoes/filtro', permissao: 'servidor.ler', tag: 'reap',
  resumo: 'Obrigações de REAP (servidores; SFPA nas UFs do seu escopo), com filtros e paginação',
  query: filtroObrigacoesServidor,
  resposta: listaObrigacoesServidorSchema,
});
export const csvPendentes = contrato({
  metodo: 'GET', caminho: '/api/reap/consultar-obrigacoes/csv', permissao: 'servidor.ler', tag: 'reap',
  resumo: 'CSV das obrigações pendentes dos filtros (para o processamento em lote)',
  descricao: 'Responde text/csv (separador ;), lido do banco uma página por vez.',
  query: filtroObrigacoesServidor,
  resposta: { arquivo: ['text/csv'], descricao: 'CSV (text/csv)' },
});
export const prazos = contrato({
  metodo: 'GET', caminho: '/api/reap/prazos', permissao: 'pescador.ler', tag: 'reap',
  resumo: 'Prazos de preenchimento da REAP por ano de referência',
  resposta: z.array(prazoReapSchema),
});
export const historicoPrazos = contrato({
  metodo: 'GET', caminho: '/api/reap/prazos/historico', permissao: 'administracao.ler', tag: 'reap',
  resumo: 'Histórico dos prazos de preenchimento da REAP: cada prazo de cada ano, com o ato normativo que o definiu ou prorrogou',
  resposta: z.array(prazoReapHistoricoSchema),
});
export const salvarPrazo = contrato({
  metodo: 'PUT', caminho: '/api/reap/prazos/{ano}', permissao: 'administracao.gerir', tag: 'reap',
  resumo: 'Define (ou prorroga) o prazo de preenchimento da REAP de um ano de referência, citando o ato normativo (GESTOR, ADMIN)',
  descricao: 'Guardado no histórico e auditado. Um prazo já iniciado cria, em segundo plano, as obrigações do ano para todo pescador com RGP.',
  params: anoParam,
  corpo: prazoReapCorpo,
  codigos: [CodigoErro.PRAZO_REAP_ATO_REPETIDO],
  resposta: prazoReapSchema,
});
// Asked before the screen confirms (docs/decisions/0071).
export const inadimplentes = contrato({
  metodo: 'GET', caminho: '/api/reap/prazos/{ano}/inadimplentes', permissao: 'administracao.gerir', tag: 'reap',
  resumo: 'Quantos pescadores um aviso ou uma suspensão do ano alcançaria hoje, e se salvar o prazo com esse fim avisa na hora (GESTOR, ADMIN)',
  descricao: 'Conta as obrigações do ano não enviadas de registros não cancelados, a mesma regra do aviso e do lote de suspensão.',
  params: anoParam,
  query: inadimplentesReapQuery,
  resposta: inadimplentesReapSchema,
});
// Scheduled by an act (docs/decisions/0055); both answer the year's window.
export const agendarSuspensao = contrato({
  metodo: 'PUT', caminho: '/api/reap/prazos/{ano}/suspensao', permissao: 'administracao.gerir', tag: 'reap',
  resumo: 'Agenda (ou remarca) a suspensão dos pescadores que não enviaram a REAP do ano, citando o ato normativo (GESTOR, ADMIN)',
  descricao: 'Na data, um lote de suspensão citando o ato suspende cada pescador que ainda deve a REAP do ano. Auditado.',
  params: anoParam,
  corpo: suspensaoReapCorpo,
  codigos: [CodigoErro.INADIMPLENCIA_JA_EXECUTADA],
  resposta: prazoReapSchema,
});
export const cancelarSuspensao = contrato({
  metodo: 'DELETE', caminho: '/api/reap/prazos/{ano}/suspensao', permissao: 'administracao.gerir', tag: 'reap',
  resumo: 'Cancela a suspensão agendada dos pescadores que não enviaram a REAP do ano, enquanto ela não foi executada (GESTOR, ADMIN)',
  params: anoParam,
  codigos: [CodigoErro.INADIMPLENCIA_JA_EXECUTADA],
  resposta: prazoReapSchema,
});

// REAP documents

export const enviarDocumento = contrato({
  metodo: 'POST', caminho: '/api/documentos/reap', permissao: 'pescador.proprio', tag: 'reap',
  resumo: 'Envia um documento de justificativa da REAP artesanal (multipart: tipo, arquivos, idQuestionarioBasico); até 3',
  formulario: { campos: envioDocumentoReapCampos },
  codigos: [CodigoErro.REAP_JA_ENVIADA, CodigoErro.REAP_FORA_DO_PRAZO, CodigoErro.ARQUIVO_INVALIDO],
  resposta: documentosResposta,
  idempotente: true,
});
export const enviarDocumentoIndustrial = contrato({
  metodo: 'POST', caminho: '/api/documentos/reap-industrial', permissao: 'pescador.proprio', tag: 'reap',
  resumo: 'Envia um documento da relação de trabalho da REAP industrial (multipart: tipo, arquivos, idReapIndustrial)',
  formulario: { campos: envioDocumentoReapIndustrialCampos },
  codigos: [CodigoErro.REAP_JA_ENVIADA, CodigoErro.REAP_FORA_DO_PRAZO, CodigoErro.ARQUIVO_INVALIDO],
  resposta: documentosResposta,
  idempotente: true,
});
export const removerDocumento = contrato({
  metodo: 'DELETE', caminho: '/api/documentos/reap/{idReap}/documento/{id}', permissao: 'pescador.proprio', tag: 'reap',
  resumo: 'Remove um documento de justificativa da REAP (HTTP 204)',
  params: documentoReapParams,
  codigos: [CodigoErro.REAP_JA_ENVIADA, CodigoErro.REAP_FORA_DO_PRAZO],
  resposta: { vazia: 'Documento removido com sucesso (sem corpo)' },
});
export const removerDocumentoIndustrial = contrato({
  metodo: 'DELETE', caminho: '/api/documentos/reap-industrial/{idReap}/documento/{id}', permissao: 'pescador.proprio', tag: 'reap',
  resumo: 'Remove um documento da relação de trabalho da REAP industrial (HTTP 204)',
  params: documentoReapParams,
  codigos: [CodigoErro.REAP_JA_ENVIADA, CodigoErro.REAP_FORA_DO_PRAZO],
  resposta: { vazia: 'Documento removido com sucesso (sem corpo)' },
});
