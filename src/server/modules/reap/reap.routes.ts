import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { MENSAGENS_REAP } from '../../../shared/regras/reap';
import { documentosResposta, MENSAGENS_DOCUMENTO } from '../../../shared/schemas/documento';
import { idParam } from '../../../shared/schemas/primitivos';
import { MENSAGENS_INADIMPLENCIA_REAP, suspensaoReapCorpo } from '../../../shared/schemas/reap-inadimplencia';
import { tokenComprovanteParam, verificacaoReapSchema } from '../../../shared/schemas/verificacao';
import {
  anoParam, documentoReapParams, envioDocumentoReapCampos, envioDocumentoReapIndustrialCampos, filtroObrigacoesPescador,
  filtroObrigacoesServidor, geracaoReapSchema, listaObrigacoesSchema, listaObrigacoesServidorSchema, MENSAGENS_PREFERIDAS_REAP,
  obrigacaoSchema, prazoReapCorpo, prazoReapHistoricoSchema, prazoReapSchema, questionarioSchema, reapArtesanalCorpo, reapIndustrialCorpo, reapsPendentesSchema,
  situacaoReapPescadorSchema,
} from '../../../shared/schemas/reap';
import { enviarArquivo, lerEnvio, LIMITES_MULTIPART } from '../../lib/arquivos-http';
import { exigirCorpoValido } from '../../lib/validacao';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { LEEM_ADMINISTRACAO, LEITORES, SERVIDORES_LEITORES } from '../escopo';
import type { InadimplenciaService } from './inadimplencia.service';
import type { ReapService } from './reap.service';

const base = { tags: ['reap'], security: [{ bearer: [] }] };
/** Who sets the filling windows (product guide: GESTOR manages; ADMIN everything). */
const GESTORES = [Perfil.GESTOR, Perfil.ADMIN] as const;
/** Checks of a 2ª via's QR code per client address and minute: the card's limit (carteira.routes.ts). */
export const LIMITE_VERIFICACAO_REAP_POR_MINUTO = 30;

/** REAP (spec point 7, "REAP"): obligations, questionnaires, receipt, staff list, windows, and the REAP documents. */
export const reapRoutes: FastifyPluginAsyncZod<{ reap: ReapService; inadimplencia: InadimplenciaService }> = async (app, { reap, inadimplencia }) => {
  await app.register(multipart, { limits: LIMITES_MULTIPART, throwFileSizeLimit: true });

  app.get('/api/reap/listar-reap-pendente-pescador/:idPescador', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      ...base, summary: 'Anos de REAP devidos e não enviados (toCreate: ainda não gerada; pending: gerada e não enviada)',
      params: z.object({ idPescador: idParam.shape.id }), response: { 200: envelopeOf(reapsPendentesSchema) },
    },
  }, async (req) => ok(await reap.pendentes(atorDe(req), req.params.idPescador)));

  app.get('/api/reap/situacao-pescador/:idPescador', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      ...base, summary: 'REAPs devidas e não enviadas, cada uma com o fim do seu prazo, e, quando não há nenhuma, o motivo',
      params: z.object({ idPescador: idParam.shape.id }), response: { 200: envelopeOf(situacaoReapPescadorSchema) },
    },
  }, async (req) => ok(await reap.situacaoDoPescador(atorDe(req), req.params.idPescador)));

  app.post('/api/reap/gerar-reap-pescador/:idPescador', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: {
      ...base, summary: 'Gera as REAPs pendentes do pescador (os anos devidos sem REAP); gerar de novo não cria nada duas vezes',
      params: z.object({ idPescador: idParam.shape.id }), response: { 200: envelopeOf(geracaoReapSchema) },
    },
  }, async (req) => ok({ criadas: await reap.gerar(atorDe(req), req.params.idPescador) }, MENSAGENS_REAP.geradas));

  app.get('/api/reap/pescador-consultar-obrigacoes/filtro', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      ...base, summary: 'Obrigações de REAP de um pescador, com filtros e paginação',
      querystring: filtroObrigacoesPescador, response: { 200: envelopeOf(listaObrigacoesSchema) },
    },
  }, async (req) => ok(await reap.obrigacoesDoPescador(atorDe(req), req.query)));

  app.get('/api/reap/recuperar-reaps-pescador/:id', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      ...base, summary: 'Todas as REAPs de um pescador (id do pescador)', params: idParam, response: { 200: envelopeOf(z.array(obrigacaoSchema)) },
    },
  }, async (req) => ok(await reap.reapsDoPescador(atorDe(req), req.params.id)));

  app.get('/api/reap/obter-obrigacao/:id', {
    preValidation: app.autorizar(...LEITORES),
    schema: { ...base, summary: 'Uma obrigação de REAP', params: idParam, response: { 200: envelopeOf(obrigacaoSchema) } },
  }, async (req) => ok(await reap.obrigacao(atorDe(req), req.params.id)));

  app.get('/api/reap/questionario-basico/:id', {
    preValidation: app.autorizar(...LEITORES),
    schema: { ...base, summary: 'O questionário de uma REAP, com os documentos', params: idParam, response: { 200: envelopeOf(questionarioSchema) } },
  }, async (req) => ok(await reap.questionario(atorDe(req), req.params.id)));

  app.post('/api/reap/questionario-basico', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    attachValidation: true,
    schema: {
      ...base, summary: 'Salva a REAP artesanal (rascunho com enviada=false; envio único com enviada=true)',
      body: reapArtesanalCorpo, response: { 200: envelopeOf(questionarioSchema) },
    },
  }, async (req) => {
    exigirCorpoValido(req, MENSAGENS_PREFERIDAS_REAP);
    const r = await reap.salvarArtesanal(atorDe(req), req.body);
    return ok(r.questionario, r.mensagem);
  });

  app.post('/api/reap/questionario-basico/industrial', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    attachValidation: true,
    schema: {
      ...base, summary: 'Salva a REAP industrial (id, tipoPrestacaoServico 4 CTPS ou 5 contrato de parceria, realizouPesca, enviada)',
      body: reapIndustrialCorpo, response: { 200: envelopeOf(questionarioSchema) },
    },
  }, async (req) => {
    exigirCorpoValido(req, MENSAGENS_PREFERIDAS_REAP);
    const r = await reap.salvarIndustrial(atorDe(req), req.body);
    return ok(r.questionario, r.mensagem);
  });

  app.get('/api/reap/:id/comprovante', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      ...base, summary: 'Comprovante (2ª via, PDF) de uma REAP enviada', params: idParam, produces: ['application/pdf'],
      response: { 200: z.string().describe('PDF (application/pdf)') }, outrosErros: [406],
    },
  }, async (req, reply) => {
    const { pdf, anoReferencia } = await reap.comprovante(atorDe(req), req.params.id);
    const nome = `reap-${anoReferencia}-2via.pdf`;
    return enviarArquivo(reply, { bytes: pdf, mime: 'application/pdf', nomeArquivo: nome }, `inline; filename="${nome}"`);
  });

  app.get('/api/reap/verificar/:token', {
    // Public: the code is signed (HMAC), so no captcha; the limit and the audit trail bound its use (decision 0044).
    config: { rateLimit: { max: LIMITE_VERIFICACAO_REAP_POR_MINUTO, timeWindow: '1 minute' } },
    // The code names a REAP: the access log of this address is not written (warnings and errors only).
    logLevel: 'warn',
    schema: {
      tags: ['reap'],
      summary: 'Verifica a 2ª via de uma REAP pelo código do QR (sem login)',
      description: 'Ano, categoria, situação, nome mascarado e data de envio; nada do que foi declarado, nem CPF. '
        + 'Código adulterado: 400 "Código de verificação inválido.".',
      params: tokenComprovanteParam,
      response: { 200: envelopeOf(verificacaoReapSchema) },
    },
  }, async (req, reply) => {
    const { verificacao, mensagem } = await reap.verificar(req.params.token, req.ip);
    reply.header('cache-control', 'no-store');
    return ok(verificacao, mensagem);
  });

  app.get('/api/reap/consultar-obrigacoes/filtro', {
    preValidation: app.autorizar(...SERVIDORES_LEITORES),
    schema: {
      ...base, summary: 'Obrigações de REAP (servidores; SFPA nas UFs do seu escopo), com filtros e paginação',
      querystring: filtroObrigacoesServidor, response: { 200: envelopeOf(listaObrigacoesServidorSchema) },
    },
  }, async (req) => ok(await reap.obrigacoesServidor(atorDe(req), req.query)));

  app.get('/api/reap/consultar-obrigacoes/csv', {
    preValidation: app.autorizar(...SERVIDORES_LEITORES),
    schema: {
      ...base, summary: 'CSV das obrigações pendentes dos filtros (para o processamento em lote)',
      description: 'Responde text/csv (separador ;), lido do banco uma página por vez.',
      querystring: filtroObrigacoesServidor, produces: ['text/csv'],
    },
  }, async (req, reply) => reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="reap-pendentes.csv"')
    .header('cache-control', 'private, no-store')
    .send(Readable.from(reap.csvPendentes(atorDe(req), req.query))));

  app.get('/api/reap/prazos', {
    preValidation: app.autorizar(...LEITORES),
    schema: { ...base, summary: 'Prazos de preenchimento da REAP por ano de referência', response: { 200: envelopeOf(z.array(prazoReapSchema)) } },
  }, async () => ok(await reap.prazos()));

  app.get('/api/reap/prazos/historico', {
    preValidation: app.autorizar(...LEEM_ADMINISTRACAO),
    schema: {
      ...base, summary: 'Histórico dos prazos de preenchimento da REAP: cada prazo de cada ano, com o ato normativo que o definiu ou prorrogou',
      response: { 200: envelopeOf(z.array(prazoReapHistoricoSchema)) },
    },
  }, async () => ok(await reap.historicoPrazos()));

  app.put('/api/reap/prazos/:ano', {
    preValidation: app.autorizar(...GESTORES),
    schema: {
      ...base, summary: 'Define (ou prorroga) o prazo de preenchimento da REAP de um ano de referência, citando o ato normativo (GESTOR, ADMIN)',
      description: 'Guardado no histórico e auditado. Um prazo já iniciado cria, em segundo plano, as obrigações do ano para todo pescador com RGP.',
      params: anoParam, body: prazoReapCorpo, response: { 200: envelopeOf(prazoReapSchema) },
    },
  }, async (req) => {
    const { inicioPreenchimento, fimPreenchimento, idAtoNormativo } = req.body;
    return ok(await reap.salvarPrazo(atorDe(req), req.params.ano, inicioPreenchimento, fimPreenchimento, idAtoNormativo ?? null), MENSAGENS_REAP.prazoSalvo);
  });

  // The suspension of a year's defaulters, scheduled by an act (decision 0055); both answer the year's window.
  app.put('/api/reap/prazos/:ano/suspensao', {
    preValidation: app.autorizar(...GESTORES),
    schema: {
      ...base, summary: 'Agenda (ou remarca) a suspensão dos pescadores que não enviaram a REAP do ano, citando o ato normativo (GESTOR, ADMIN)',
      description: 'Na data, um lote de suspensão citando o ato suspende cada pescador que ainda deve a REAP do ano. Auditado.',
      params: anoParam, body: suspensaoReapCorpo, response: { 200: envelopeOf(prazoReapSchema) },
    },
  }, async (req) => {
    await inadimplencia.agendarSuspensao(atorDe(req), req.params.ano, req.body);
    return ok(await reap.prazo(req.params.ano), MENSAGENS_INADIMPLENCIA_REAP.agendada);
  });

  app.delete('/api/reap/prazos/:ano/suspensao', {
    preValidation: app.autorizar(...GESTORES),
    schema: {
      ...base, summary: 'Cancela a suspensão agendada dos pescadores que não enviaram a REAP do ano, enquanto ela não foi executada (GESTOR, ADMIN)',
      params: anoParam, response: { 200: envelopeOf(prazoReapSchema) },
    },
  }, async (req) => {
    await inadimplencia.cancelarSuspensao(atorDe(req), req.params.ano);
    return ok(await reap.prazo(req.params.ano), MENSAGENS_INADIMPLENCIA_REAP.cancelada);
  });

  // ---------------------------------------------------------------- REAP documents (spec point 7, "Documents")

  app.post('/api/documentos/reap', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: {
      ...base, summary: 'Envia um documento de justificativa da REAP artesanal (multipart: tipo, arquivos, idQuestionarioBasico); até 3',
      consumes: ['multipart/form-data'], formulario: { campos: envioDocumentoReapCampos }, response: { 200: envelopeOf(documentosResposta) },
    },
  }, async (req) => {
    const { campos, arquivo } = await lerEnvio(req, envioDocumentoReapCampos);
    return ok({ documentos: [await reap.enviarDocumento(atorDe(req), campos.idQuestionarioBasico, 'artesanal', arquivo)] }, MENSAGENS_DOCUMENTO.salvo);
  });

  app.post('/api/documentos/reap-industrial', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: {
      ...base, summary: 'Envia um documento da relação de trabalho da REAP industrial (multipart: tipo, arquivos, idReapIndustrial)',
      consumes: ['multipart/form-data'], formulario: { campos: envioDocumentoReapIndustrialCampos }, response: { 200: envelopeOf(documentosResposta) },
    },
  }, async (req) => {
    const { campos, arquivo } = await lerEnvio(req, envioDocumentoReapIndustrialCampos);
    return ok({ documentos: [await reap.enviarDocumento(atorDe(req), campos.idReapIndustrial, 'industrial', arquivo)] }, MENSAGENS_DOCUMENTO.salvo);
  });

  app.delete('/api/documentos/reap/:idReap/documento/:id', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: { ...base, summary: 'Remove um documento de justificativa da REAP (HTTP 204)', params: documentoReapParams, response: { 204: z.null() } },
  }, async (req, reply) => {
    await reap.removerDocumento(atorDe(req), req.params.idReap, req.params.id, 'artesanal');
    return reply.status(204).send(null);
  });

  app.delete('/api/documentos/reap-industrial/:idReap/documento/:id', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: { ...base, summary: 'Remove um documento da relação de trabalho da REAP industrial (HTTP 204)', params: documentoReapParams, response: { 204: z.null() } },
  }, async (req, reply) => {
    await reap.removerDocumento(atorDe(req), req.params.idReap, req.params.id, 'industrial');
    return reply.status(204).send(null);
  });
};
