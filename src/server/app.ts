import '../shared/zod-pt';
import type { FastifyInstance } from 'fastify';
import { analiseModulo } from './modules/analise';
import { arquivoModulo } from './modules/arquivo';
import { atoNormativoModulo } from './modules/ato-normativo';
import { auditoriaModulo } from './modules/auditoria';
import { authModulo } from './modules/auth';
import { carteiraModulo } from './modules/carteira';
import { configuracaoModulo } from './modules/configuracao';
import { consultaPublicaModulo } from './modules/consulta-publica';
import { documentoModulo } from './modules/documento';
import { entidadeModulo } from './modules/entidade';
import { estatisticaModulo } from './modules/estatistica';
import { forcaTarefaModulo } from './modules/forca-tarefa';
import { horarioAcessoModulo } from './modules/horario-acesso';
import { idempotenciaModulo } from './modules/idempotencia';
import { integracaoModulo } from './modules/integracao';
import { lgpdModulo } from './modules/lgpd';
import { loteModulo } from './modules/lote';
import { listarModulos, type ServicosDe } from './modules/modulo';
import { notificacaoModulo } from './modules/notificacao';
import { pescadorModulo } from './modules/pescador';
import { reapModulo } from './modules/reap';
import { recursoModulo } from './modules/recurso';
import { referenciaModulo } from './modules/referencia';
import { relatorioModulo } from './modules/relatorio';
import { saudeModulo } from './modules/saude';
import { solicitacaoModulo } from './modules/solicitacao';
import { usuarioMapaModulo } from './modules/usuario-mapa';
import { montarApp, type AppDeps } from './plataforma';

export type { AppDeps } from './plataforma';

/**
 * The modules of the server, in the order they are built: each finds the services it needs among those of the
 * modules above it (the compiler checks it), then every module's routes are registered, then the jobs of all of
 * them run on the workers (jobs/jobs.ts). A new module is one line here (decision 0084).
 */
export const MODULOS = listarModulos([
  auditoriaModulo,
  saudeModulo,
  referenciaModulo,
  configuracaoModulo,
  notificacaoModulo,
  documentoModulo,
  arquivoModulo,
  pescadorModulo,
  authModulo,
  idempotenciaModulo,
  solicitacaoModulo,
  loteModulo,
  reapModulo,
  analiseModulo,
  recursoModulo,
  entidadeModulo,
  carteiraModulo,
  consultaPublicaModulo,
  relatorioModulo,
  estatisticaModulo,
  usuarioMapaModulo,
  horarioAcessoModulo,
  atoNormativoModulo,
  forcaTarefaModulo,
  lgpdModulo,
  integracaoModulo,
]);

/** Every service the modules offer, by name: what background jobs, tests and scripts call (`app.servicos`). */
export type Servicos = ServicosDe<typeof MODULOS>;

declare module 'fastify' {
  interface FastifyInstance {
    servicos: Servicos;
  }
}

export function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  return montarApp(deps, MODULOS);
}
