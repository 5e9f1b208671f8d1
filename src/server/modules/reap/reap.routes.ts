import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/reap';
import { MENSAGENS_REAP } from '../../../shared/regras/reap';
import { MENSAGENS_DOCUMENTO } from '../../../shared/schemas/documento';
import { MENSAGENS_INADIMPLENCIA_REAP } from '../../../shared/schemas/reap-inadimplencia';
import { envioDocumentoReapCampos, envioDocumentoReapIndustrialCampos, MENSAGENS_PREFERIDAS_REAP } from '../../../shared/schemas/reap';
import { enviarArquivo, lerEnvio, LIMITES_MULTIPART } from '../../lib/arquivos-http';
import { exigirCorpoValido } from '../../lib/validacao';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { InadimplenciaService } from './inadimplencia.service';
import type { ReapService } from './reap.service';

/** Checks of a 2ª via's QR code per client address and minute: the card's limit (carteira.routes.ts). */
export const LIMITE_VERIFICACAO_REAP_POR_MINUTO = 30;

/** REAP (spec point 7, "REAP"): obligations, questionnaires, receipt, staff list, windows, and the REAP documents. */
export const reapRoutes: FastifyPluginAsync<{ reap: ReapService; inadimplencia: InadimplenciaService }> = async (app, { reap, inadimplencia }) => {
  await app.register(multipart, { limits: LIMITES_MULTIPART, throwFileSizeLimit: true });

  rota(app, c.pendentes, async (req) => ok(await reap.pendentes(atorDe(req), req.params.idPescador)));

  rota(app, c.situacao, async (req) => ok(await reap.situacaoDoPescador(atorDe(req), req.params.idPescador)));

  rota(app, c.gerar, async (req) => ok({ criadas: await reap.gerar(atorDe(req), req.params.idPescador) }, MENSAGENS_REAP.geradas));

  rota(app, c.obrigacoesPescador, async (req) => ok(await reap.obrigacoesDoPescador(atorDe(req), req.query)));

  rota(app, c.reapsDoPescador, async (req) => ok(await reap.reapsDoPescador(atorDe(req), req.params.id)));

  rota(app, c.obrigacao, async (req) => ok(await reap.obrigacao(atorDe(req), req.params.id)));

  rota(app, c.questionario, async (req) => ok(await reap.questionario(atorDe(req), req.params.id)));

  rota(app, c.salvarArtesanal, async (req) => {
    exigirCorpoValido(req, MENSAGENS_PREFERIDAS_REAP);
    const r = await reap.salvarArtesanal(atorDe(req), req.body);
    return ok(r.questionario, r.mensagem);
  }, { attachValidation: true });

  rota(app, c.salvarIndustrial, async (req) => {
    exigirCorpoValido(req, MENSAGENS_PREFERIDAS_REAP);
    const r = await reap.salvarIndustrial(atorDe(req), req.body);
    return ok(r.questionario, r.mensagem);
  }, { attachValidation: true });

  rota(app, c.comprovante, async (req, reply) => {
    const { pdf, anoReferencia } = await reap.comprovante(atorDe(req), req.params.id);
    const nome = `reap-${anoReferencia}-2via.pdf`;
    return enviarArquivo(reply, { bytes: pdf, mime: 'application/pdf', nomeArquivo: nome }, `inline; filename="${nome}"`);
  });

  rota(app, c.verificar, async (req, reply) => {
    const { verificacao, mensagem } = await reap.verificar(req.params.token, req.ip);
    reply.header('cache-control', 'no-store');
    return ok(verificacao, mensagem);
  }, {
    // Public: the code is signed (HMAC), so no captcha; the limit and the audit trail bound its use (decision 0044).
    config: { rateLimit: { max: LIMITE_VERIFICACAO_REAP_POR_MINUTO, timeWindow: '1 minute' } },
    // The code names a REAP: the access log of this address is not written (warnings and errors only).
    logLevel: 'warn',
  });

  rota(app, c.obrigacoesServidor, async (req) => ok(await reap.obrigacoesServidor(atorDe(req), req.query)));

  rota(app, c.csvPendentes, async (req, reply) => reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="reap-pendentes.csv"')
    .header('cache-control', 'private, no-store')
    .send(Readable.from(reap.csvPendentes(atorDe(req), req.query))));

  rota(app, c.prazos, async () => ok(await reap.prazos()));

  rota(app, c.historicoPrazos, async () => ok(await reap.historicoPrazos()));

  rota(app, c.salvarPrazo, async (req) => {
    const { inicioPreenchimento, fimPreenchimento, idAtoNormativo } = req.body;
    return ok(await reap.salvarPrazo(atorDe(req), req.params.ano, inicioPreenchimento, fimPreenchimento, idAtoNormativo ?? null), MENSAGENS_REAP.prazoSalvo);
  });

  // The suspension of a year's defaulters, scheduled by an act (decision 0055); both answer the year's window.
  rota(app, c.agendarSuspensao, async (req) => {
    await inadimplencia.agendarSuspensao(atorDe(req), req.params.ano, req.body);
    return ok(await reap.prazo(req.params.ano), MENSAGENS_INADIMPLENCIA_REAP.agendada);
  });

  rota(app, c.cancelarSuspensao, async (req) => {
    await inadimplencia.cancelarSuspensao(atorDe(req), req.params.ano);
    return ok(await reap.prazo(req.params.ano), MENSAGENS_INADIMPLENCIA_REAP.cancelada);
  });

  // ---------------------------------------------------------------- REAP documents (spec point 7, "Documents")

  rota(app, c.enviarDocumento, async (req) => {
    const { campos, arquivo } = await lerEnvio(req, envioDocumentoReapCampos);
    return ok({ documentos: [await reap.enviarDocumento(atorDe(req), campos.idQuestionarioBasico, 'artesanal', arquivo)] }, MENSAGENS_DOCUMENTO.salvo);
  });

  rota(app, c.enviarDocumentoIndustrial, async (req) => {
    const { campos, arquivo } = await lerEnvio(req, envioDocumentoReapIndustrialCampos);
    return ok({ documentos: [await reap.enviarDocumento(atorDe(req), campos.idReapIndustrial, 'industrial', arquivo)] }, MENSAGENS_DOCUMENTO.salvo);
  });

  rota(app, c.removerDocumento, async (req, reply) => {
    await reap.removerDocumento(atorDe(req), req.params.idReap, req.params.id, 'artesanal');
    return reply.status(204).send(null);
  });

  rota(app, c.removerDocumentoIndustrial, async (req, reply) => {
    await reap.removerDocumento(atorDe(req), req.params.idReap, req.params.id, 'industrial');
    return reply.status(204).send(null);
  });
};
