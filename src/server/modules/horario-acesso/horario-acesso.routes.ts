import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import {
  aplicarHorarioCorpo, aplicarHorarioResposta, listaConfiguracoesSchema, MENSAGENS_HORARIO_ACESSO, salvarConfiguracoesCorpo,
} from '../../../shared/schemas/horario-acesso';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { HorarioAcessoService } from './horario-acesso.service';

const seguranca = [{ bearer: [] }];

/** Product guide, "Who may do what": GESTOR and ADMIN configure access hours; CONSULTA_INTERNO reads them. */
const GESTORES = [Perfil.GESTOR, Perfil.ADMIN] as const;
const LEITORES = [...GESTORES, Perfil.CONSULTA_INTERNO] as const;

export const horarioAcessoRoutes: FastifyPluginAsyncZod<{ horarioAcesso: HorarioAcessoService }> = async (app, { horarioAcesso }) => {
  app.get('/api/configuracao-horario-acesso', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      tags: ['horario-acesso'], summary: 'Horários de acesso de cada órgão', security: seguranca,
      response: { 200: envelopeOf(listaConfiguracoesSchema) },
    },
  }, async () => ok(await horarioAcesso.listar()));

  app.post('/api/configuracao-horario-acesso', {
    preValidation: app.autorizar(...GESTORES),
    schema: {
      tags: ['horario-acesso'], summary: 'Salva os horários de acesso dos órgãos (configuracoes)', security: seguranca,
      body: salvarConfiguracoesCorpo,
      response: { 200: envelopeOf(listaConfiguracoesSchema) },
    },
  }, async (req) => ok(await horarioAcesso.salvar(atorDe(req), req.body), MENSAGENS_HORARIO_ACESSO.salvos));

  app.patch('/api/configuracao-horario-acesso/usuario-unidade-trabalho', {
    preValidation: app.autorizar(...GESTORES),
    schema: {
      tags: ['horario-acesso'], summary: 'Aplica o horário do órgão aos seus servidores (retira os horários personalizados)', security: seguranca,
      body: aplicarHorarioCorpo,
      response: { 200: envelopeOf(aplicarHorarioResposta) },
    },
  }, async (req) => {
    const r = await horarioAcesso.aplicarAosServidores(atorDe(req), req.body.orgao);
    return ok(r, MENSAGENS_HORARIO_ACESSO.aplicado(r.servidoresAtualizados));
  });
};
