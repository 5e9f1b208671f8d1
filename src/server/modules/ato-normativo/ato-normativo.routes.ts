import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/ato-normativo';
import { MENSAGENS_ATO_NORMATIVO } from '../../../shared/schemas/ato-normativo';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { AtoNormativoService } from './ato-normativo.service';

export const atoNormativoRoutes: FastifyPluginAsync<{ atoNormativo: AtoNormativoService }> = async (app, { atoNormativo }) => {
  rota(app, c.vigente, async () => {
    const vigente = await atoNormativo.vigente();
    return ok(vigente, vigente ? undefined : MENSAGENS_ATO_NORMATIVO.semVigente);
  });
  rota(app, c.listar, async (req) => ok(await atoNormativo.listar(req.query)));
  rota(app, c.criar, async (req) => ok(await atoNormativo.criar(atorDe(req), req.body), MENSAGENS_ATO_NORMATIVO.criado));
  rota(app, c.atualizar, async (req) => ok(await atoNormativo.atualizar(atorDe(req), req.body), MENSAGENS_ATO_NORMATIVO.atualizado));
  rota(app, c.obter, async (req) => ok(await atoNormativo.obter(req.params.id)));
  rota(app, c.excluir, async (req) => {
    await atoNormativo.excluir(atorDe(req), req.params.id);
    return ok(null, MENSAGENS_ATO_NORMATIVO.removido);
  });
};
