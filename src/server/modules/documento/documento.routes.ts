import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/documento';
import { envioDocumentoCampos, MENSAGENS_DOCUMENTO, parteEnvioCampos } from '../../../shared/schemas/documento';
import { ENVIO_PARTE, lerEnvio, LIMITES_MULTIPART } from '../../lib/arquivos-http';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { DocumentoService } from './documento.service';
import type { EnvioEmPartesService } from './envio-em-partes.service';

/** Documents of requests (spec point 7, "Documents"). */
export const documentoRoutes: FastifyPluginAsync<{ documento: DocumentoService; envios: EnvioEmPartesService }> = async (app, { documento, envios }) => {
  // Multipart parsing belongs to this plugin's routes only.
  await app.register(multipart, { limits: LIMITES_MULTIPART, throwFileSizeLimit: true });

  rota(app, c.enviar, async (req) => {
    const { campos, arquivo } = await lerEnvio(req, envioDocumentoCampos);
    const documentos = await documento.enviar(atorDe(req), campos, arquivo);
    return ok({ documentos }, MENSAGENS_DOCUMENTO.salvo);
  });

  // Uploads in parts, for a weak link (decision 0064). Their answers change with every part: never cached.
  rota(app, c.iniciarEnvio, async (req) => ok(await envios.iniciar(atorDe(req), req.body)));
  rota(app, c.consultarEnvio, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await envios.consultar(atorDe(req), req.params.id));
  });
  rota(app, c.enviarParte, async (req) => {
    const { campos, arquivo } = await lerEnvio(req, parteEnvioCampos, ENVIO_PARTE);
    return ok(await envios.acrescentar(atorDe(req), req.params.id, campos.inicio, arquivo.bytes));
  });
  rota(app, c.concluirEnvio, async (req) => {
    const documentos = await envios.concluir(atorDe(req), req.params.id);
    return ok({ documentos }, MENSAGENS_DOCUMENTO.salvo);
  });

  // A 204 carries no body on the wire (the contract's note).
  rota(app, c.remover, async (req, reply) => {
    await documento.remover(atorDe(req), req.params.id);
    return reply.status(204).send(null);
  });

  rota(app, c.listarPorSolicitacao, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok({ documentos: await documento.listarPorSolicitacao(atorDe(req), req.params.id) });
  });
};
