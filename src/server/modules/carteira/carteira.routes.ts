import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/carteira';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { rotaDeVerificacao } from '../../plugins/verificacao-publica';
import { enviarPdf } from '../../lib/arquivos-http';
import type { CarteiraService } from './carteira.service';

/** Checks of a card's QR code per client address and minute. */
export const LIMITE_VERIFICACAO_POR_MINUTO = 30;

/** The professional card: the printable PDF and the check of its QR code. */
export const carteiraRoutes: FastifyPluginAsync<{ carteira: CarteiraService }> = async (app, { carteira }) => {
  rota(app, c.imprimir, async (req, reply) => {
    const { numeroRgp, pdf } = await carteira.imprimir(atorDe(req), req.params.id);
    return enviarPdf(reply, pdf, `carteira-${numeroRgp}.pdf`);
  });

  rotaDeVerificacao(app, c.verificar, async (token, ip) => {
    const { verificacao, mensagem } = await carteira.verificar(token, ip);
    return { dados: verificacao, mensagem };
  }, LIMITE_VERIFICACAO_POR_MINUTO);
};
