import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/reap';
import { MENSAGENS_REAP } from '../../../shared/regras/reap';
import { MENSAGENS_DOCUMENTO } from '../../../shared/schemas/documento';
import { MENSAGENS_INADIMPLENCIA_REAP } from '../../../shared/schemas/reap-inadimplencia';
import { envioDocumentoReapCampos, envioDocumentoReapIndustrialCampos, MENSAGENS_PREFERIDAS_REAP } from '../../../shared/schemas/reap';
import { enviarPdf, lerEnvio, LIMITES_MULTIPART } from '../../lib/arquivos-http';
import { exigirCorpoValido } from '../../lib/validacao';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import { rotaDeVerificacao } from '../../plugins/verificacao-publica';
import type { InadimplenciaService } from './inadimplencia.service';
import type { ReapComprovanteService } from './reap-comprovante.service';
import type { ReapPendenciasService } from './reap-pendencias.service';
import type { ReapPrazoService } from './reap-prazo.service';
import type { ReapQuestionarioService } from './reap-questionario.service';
import type { ReapServidorService } from './reap-servidor.service';
import type { ReapVerificacaoService } from './reap-verificacao.service';

/** Checks of a 2ª via's QR code per client address and minute: the card's limit (carteira.routes.ts). */
export const LIMITE_VERIFICACAO_REAP_POR_MINUTO = 30;

/** The REAP's services, one per concern (built by `buildApp`). */
export interface ServicosReap {
  pendencias: ReapPendenciasService;
  questionarios: ReapQuestionarioService;
  comprovantes: ReapComprovanteService;
  verificacoes: ReapVerificacaoService;
  servidor: ReapServidorService;
  prazos: ReapPrazoService;
  inadimplencia: InadimplenciaService;
}

/** REAP (spec point 7, "REAP"): obligations, questionnaires, receipt, staff list, windows, and the REAP documents. */
export const reapRoutes: FastifyPluginAsync<ServicosReap> = async (app, {
  pendencias, questionarios, comprovantes, verificacoes, servidor, prazos, inadimplencia,
}) => {
  await app.register(multipart, { limits: LIMITES_MULTIPART, throwFileSizeLimit: true });

  rota(app, c.pendentes, async (req) => ok(await pendencias.pendentes(atorDe(req), req.params.idPescador)));

  rota(app, c.situacao, async (req) => ok(await pendencias.situacaoDoPescador(atorDe(req), req.params.idPescador)));

  rota(app, c.gerar, async (req) => ok({ criadas: await pendencias.gerar(atorDe(req), req.params.idPescador) }, MENSAGENS_REAP.geradas));

  rota(app, c.obrigacoesPescador, async (req) => ok(await pendencias.obrigacoesDoPescador(atorDe(req), req.query)));

  rota(app, c.reapsDoPescador, async (req) => ok(await pendencias.reapsDoPescador(atorDe(req), req.params.id)));

  rota(app, c.obrigacao, async (req) => ok(await pendencias.obrigacao(atorDe(req), req.params.id)));

  rota(app, c.questionario, async (req) => ok(await questionarios.questionario(atorDe(req), req.params.id)));

  rota(app, c.salvarArtesanal, async (req) => {
    exigirCorpoValido(req, MENSAGENS_PREFERIDAS_REAP);
    const r = await questionarios.salvarArtesanal(atorDe(req), req.body);
    return ok(r.questionario, r.mensagem);
  }, { attachValidation: true });

  rota(app, c.salvarIndustrial, async (req) => {
    exigirCorpoValido(req, MENSAGENS_PREFERIDAS_REAP);
    const r = await questionarios.salvarIndustrial(atorDe(req), req.body);
    return ok(r.questionario, r.mensagem);
  }, { attachValidation: true });

  rota(app, c.comprovante, async (req, reply) => {
    const { pdf, anoReferencia } = await comprovantes.comprovante(atorDe(req), req.params.id);
    return enviarPdf(reply, pdf, `reap-${anoReferencia}-2via.pdf`);
  });

  rotaDeVerificacao(app, c.verificar, async (token, ip) => {
    const { verificacao, mensagem } = await verificacoes.verificar(token, ip);
    return { dados: verificacao, mensagem };
  }, LIMITE_VERIFICACAO_REAP_POR_MINUTO);

  rota(app, c.obrigacoesServidor, async (req) => ok(await servidor.obrigacoesServidor(atorDe(req), req.query)));

  rota(app, c.csvPendentes, async (req, reply) => reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="reap-pendentes.csv"')
    .header('cache-control', 'private, no-store')
    .send(Readable.from(servidor.csvPendentes(atorDe(req), req.query))));

  rota(app, c.prazos, async () => ok(await prazos.prazos()));

  rota(app, c.historicoPrazos, async () => ok(await prazos.historicoPrazos()));

  rota(app, c.salvarPrazo, async (req) => {
    const { inicioPreenchimento, fimPreenchimento, idAtoNormativo } = req.body;
    return ok(await prazos.salvarPrazo(atorDe(req), req.params.ano, inicioPreenchimento, fimPreenchimento, idAtoNormativo ?? null), MENSAGENS_REAP.prazoSalvo);
  });

  rota(app, c.inadimplentes, async (req) => ok(await inadimplencia.inadimplentes(req.params.ano, req.query.fimPreenchimento)));

  // The suspension of a year's defaulters, scheduled by an act (decision 0055); both answer the year's window.
  rota(app, c.agendarSuspensao, async (req) => {
    await inadimplencia.agendarSuspensao(atorDe(req), req.params.ano, req.body);
    return ok(await prazos.prazo(req.params.ano), MENSAGENS_INADIMPLENCIA_REAP.agendada);
  });

  rota(app, c.cancelarSuspensao, async (req) => {
    await inadimplencia.cancelarSuspensao(atorDe(req), req.params.ano);
    return ok(await prazos.prazo(req.params.ano), MENSAGENS_INADIMPLENCIA_REAP.cancelada);
  });

  // ---------------------------------------------------------------- REAP documents (spec point 7, "Documents")

  rota(app, c.enviarDocumento, async (req) => {
    const { campos, arquivo } = await lerEnvio(req, envioDocumentoReapCampos);
    return ok({ documentos: [await questionarios.enviarDocumento(atorDe(req), campos.idQuestionarioBasico, 'artesanal', arquivo)] }, MENSAGENS_DOCUMENTO.salvo);
  });

  rota(app, c.enviarDocumentoIndustrial, async (req) => {
    const { campos, arquivo } = await lerEnvio(req, envioDocumentoReapIndustrialCampos);
    return ok({ documentos: [await questionarios.enviarDocumento(atorDe(req), campos.idReapIndustrial, 'industrial', arquivo)] }, MENSAGENS_DOCUMENTO.salvo);
  });

  rota(app, c.removerDocumento, async (req, reply) => {
    await questionarios.removerDocumento(atorDe(req), req.params.idReap, req.params.id, 'artesanal');
    return reply.status(204).send(null);
  });

  rota(app, c.removerDocumentoIndustrial, async (req, reply) => {
    await questionarios.removerDocumento(atorDe(req), req.params.idReap, req.params.id, 'industrial');
    return reply.status(204).send(null);
  });
};
