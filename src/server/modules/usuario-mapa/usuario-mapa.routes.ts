import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import {
  cpfParam, filtrosUsuarioMapa, horarioAcessoUsuarioCorpo, listaUsuariosMapaSchema, MENSAGENS_USUARIO_MAPA, pessoaBcpfSchema,
  usuarioMapaCorpo, usuarioMapaSchema,
} from '../../../shared/schemas/usuario-mapa';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { UsuarioMapaService } from './usuario-mapa.service';

const seguranca = [{ bearer: [] }];

/** Product guide, "Who may do what": GESTOR and ADMIN manage map users; CONSULTA_INTERNO reads them. */
export const GESTORES_USUARIOS = [Perfil.GESTOR, Perfil.ADMIN] as const;
export const LEITORES_USUARIOS = [...GESTORES_USUARIOS, Perfil.CONSULTA_INTERNO] as const;

export const usuarioMapaRoutes: FastifyPluginAsyncZod<{ usuarioMapa: UsuarioMapaService }> = async (app, { usuarioMapa }) => {
  app.get('/api/usuario-mapa', {
    preValidation: app.autorizar(...LEITORES_USUARIOS),
    schema: {
      tags: ['usuario-mapa'], summary: 'Servidores (usuários do mapa) com filtros e paginação; ?cpf consulta um servidor', security: seguranca,
      querystring: filtrosUsuarioMapa,
      response: { 200: envelopeOf(listaUsuariosMapaSchema) },
    },
  }, async (req) => {
    const r = await usuarioMapa.listar(atorDe(req), req.query);
    return ok(r.dados, r.mensagem);
  });

  app.post('/api/usuario-mapa', {
    preValidation: app.autorizar(...GESTORES_USUARIOS),
    schema: {
      tags: ['usuario-mapa'], summary: 'Cadastra (sem id) ou altera (com id) um servidor', security: seguranca,
      body: usuarioMapaCorpo,
      response: { 200: envelopeOf(usuarioMapaSchema) },
      // Already registered; the last GESTOR of an agency would lose the profile.
      outrosErros: [409],
    },
  }, async (req) => ok(await usuarioMapa.salvar(atorDe(req), req.body), MENSAGENS_USUARIO_MAPA.salvo));

  app.patch('/api/usuario-mapa/horario-acesso', {
    preValidation: app.autorizar(...GESTORES_USUARIOS),
    schema: {
      tags: ['usuario-mapa'], summary: 'Horário de acesso personalizado de um servidor', security: seguranca,
      body: horarioAcessoUsuarioCorpo,
      response: { 200: envelopeOf(usuarioMapaSchema) },
    },
  }, async (req) => ok(await usuarioMapa.alterarHorario(atorDe(req), req.body), MENSAGENS_USUARIO_MAPA.horarioSalvo));

  app.get('/api/dados-bcpf/:cpf', {
    preValidation: app.autorizar(...GESTORES_USUARIOS),
    schema: {
      tags: ['usuario-mapa'], summary: 'A pessoa do CPF no cadastro federal de CPF (para cadastrar um servidor)', security: seguranca,
      params: cpfParam,
      response: { 200: envelopeOf(pessoaBcpfSchema) },
      // The CPF registry names more than one person for the CPF.
      outrosErros: [409],
    },
  }, async (req) => ok(await usuarioMapa.consultarBcpf(atorDe(req), req.params.cpf)));
};
