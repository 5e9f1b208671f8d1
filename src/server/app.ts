import '../shared/zod-pt';
import { CodigoErro } from '../shared/codigos-erro';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { FilaDeJobs } from './jobs/job';
import type { ServicosDosJobs } from './jobs/jobs';
import { injectFetch, registerDevIdp } from './adapters/identity/dev-idp';
import { OidcIdentityProvider, type IdentityProvider } from './adapters/identity/identity-provider';
import { storeLimitesPostgres } from './plugins/rate-limit-store';
import { envelopePlugin, erroDoRoteador } from './plugins/envelope';
import { authPlugin } from './plugins/auth';
import { opcoesOpenApi } from './plugins/openapi';
import { opcoesDeLog } from './plugins/redact';
import { securityPlugin } from './plugins/security';
import { cacheApiPlugin } from './plugins/cache-api';
import { comprimirRespostas } from './plugins/compressao';
import { opcoesDaWeb } from './plugins/web-estatica';
import { xsrfPlugin } from './plugins/xsrf';
import { AppError } from './lib/errors';
import { AuditoriaService } from './modules/auditoria/auditoria.service';
import { AuthRepository } from './modules/auth/auth.repository';
import { AuthService, chaveIdCelular } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { AnaliseRepository } from './modules/analise/analise.repository';
import { AnaliseService } from './modules/analise/analise.service';
import { analiseRoutes } from './modules/analise/analise.routes';
import { parecerRoutes } from './modules/analise/parecer.routes';
import { configuracaoRoutes } from './modules/configuracao/configuracao.routes';
import { referenciaRoutes } from './modules/referencia/referencia.routes';
import { ReferenciaService } from './modules/referencia/referencia.service';
import { saudeRoutes } from './modules/saude/saude.routes';
import { SolicitacaoRepository } from './modules/solicitacao/solicitacao.repository';
import { SolicitacaoService } from './modules/solicitacao/solicitacao.service';
import { edicaoDocumentosRoutes } from './modules/solicitacao/edicao-documentos.routes';
import { solicitacaoRoutes } from './modules/solicitacao/solicitacao.routes';
import { edicaoRegistroRoutes } from './modules/solicitacao/edicao-registro.routes';
import { edicaoRgpRoutes } from './modules/solicitacao/edicao-rgp.routes';
import { cancelamentoRoutes } from './modules/solicitacao/cancelamento.routes';
import { regularizacaoRoutes } from './modules/solicitacao/regularizacao.routes';
import { ReapRepository } from './modules/reap/reap.repository';
import { ReapComprovanteService } from './modules/reap/reap-comprovante.service';
import { ReapGeracaoService } from './modules/reap/reap-geracao.service';
import { ReapPendenciasService } from './modules/reap/reap-pendencias.service';
import { ReapPrazoService } from './modules/reap/reap-prazo.service';
import { ReapQuestionarioService } from './modules/reap/reap-questionario.service';
import { ReapService } from './modules/reap/reap.service';
import { ReapServidorService } from './modules/reap/reap-servidor.service';
import { ReapVerificacaoService } from './modules/reap/reap-verificacao.service';
import { InadimplenciaRepository } from './modules/reap/inadimplencia.repository';
import { InadimplenciaService } from './modules/reap/inadimplencia.service';
import { reapRoutes } from './modules/reap/reap.routes';
import { LocalFileStorage } from './adapters/storage/local-storage';
import { S3FileStorage } from './adapters/storage/s3-storage';
import { AssinadorArquivos, chaveAssinaturaArquivos, type FileStorage } from './adapters/storage/storage';
import { ArquivoService } from './modules/arquivo/arquivo.service';
import { arquivoRoutes } from './modules/arquivo/arquivo.routes';
import { DocumentoRepository } from './modules/documento/documento.repository';
import { DocumentoService } from './modules/documento/documento.service';
import { documentoRoutes } from './modules/documento/documento.routes';
import { EnvioEmPartesService } from './modules/documento/envio-em-partes.service';
import { NotificacaoRepository } from './modules/notificacao/notificacao.repository';
import { NotificacaoService } from './modules/notificacao/notificacao.service';
import { notificacaoRoutes } from './modules/notificacao/notificacao.routes';
import { PescadorRepository } from './modules/pescador/pescador.repository';
import { PescadorService } from './modules/pescador/pescador.service';
import { pescadorRoutes } from './modules/pescador/pescador.routes';
import { rgpRoutes } from './modules/pescador/rgp.routes';
import { criarCaptchaVerifier } from './adapters/captcha/criar-captcha';
import { AssinadorCarteira, chaveTokenCarteira } from './modules/carteira/carteira-token';
import { AssinadorProtocolo, AssinadorReap } from './lib/codigos-comprovantes';
import { CarteiraRepository } from './modules/carteira/carteira.repository';
import { CarteiraService } from './modules/carteira/carteira.service';
import { carteiraRoutes } from './modules/carteira/carteira.routes';
import { ConsultaPublicaRepository } from './modules/consulta-publica/consulta-publica.repository';
import { ConsultaPublicaService } from './modules/consulta-publica/consulta-publica.service';
import { consultaPublicaRoutes } from './modules/consulta-publica/consulta-publica.routes';
import { EstatisticaRepository } from './modules/estatistica/estatistica.repository';
import { EstatisticaService } from './modules/estatistica/estatistica.service';
import { estatisticaRoutes } from './modules/estatistica/estatistica.routes';
import { criarEnviadorEmail } from './adapters/email/criar-email';
import { LoteRepository } from './modules/lote/lote.repository';
import { LoteService } from './modules/lote/lote.service';
import { loteRoutes } from './modules/lote/lote.routes';
import { criarConsultaBcpf } from './adapters/bcpf/criar-bcpf';
import { UsuarioMapaRepository } from './modules/usuario-mapa/usuario-mapa.repository';
import { UsuarioMapaService } from './modules/usuario-mapa/usuario-mapa.service';
import { usuarioMapaRoutes } from './modules/usuario-mapa/usuario-mapa.routes';
import { HorarioAcessoRepository } from './modules/horario-acesso/horario-acesso.repository';
import { HorarioAcessoService } from './modules/horario-acesso/horario-acesso.service';
import { horarioAcessoRoutes } from './modules/horario-acesso/horario-acesso.routes';
import { AtoNormativoRepository } from './modules/ato-normativo/ato-normativo.repository';
import { AtoNormativoService } from './modules/ato-normativo/ato-normativo.service';
import { atoNormativoRoutes } from './modules/ato-normativo/ato-normativo.routes';
import { ForcaTarefaRepository } from './modules/forca-tarefa/forca-tarefa.repository';
import { ForcaTarefaService } from './modules/forca-tarefa/forca-tarefa.service';
import { forcaTarefaRoutes } from './modules/forca-tarefa/forca-tarefa.routes';
import { auditoriaRoutes } from './modules/auditoria/auditoria.routes';
import { LgpdService } from './modules/lgpd/lgpd.service';
import { lgpdRoutes } from './modules/lgpd/lgpd.routes';
import { RelatorioRepository } from './modules/relatorio/relatorio.repository';
import { RelatorioService } from './modules/relatorio/relatorio.service';
import { relatorioRoutes } from './modules/relatorio/relatorio.routes';
import { recursoRoutes, servicosRecurso } from './modules/recurso';
import { aceitarCorpoJsonVazio } from './plugins/corpo-json';
import { idRequisicaoPlugin, opcoesDeIdDeRequisicao } from './plugins/id-requisicao';
import { metricasPlugin } from './plugins/metricas';
import { sobrecargaPlugin } from './plugins/sobrecarga';
import { drenarCorpoAposRespostaAntecipada, erroDoCliente } from './erro-do-cliente';
import { ChavesIdempotencia, idempotenciaPlugin } from './plugins/idempotencia';

/**
 * Services that background jobs, tests and scripts call (the same instances the routes use). It extends what the
 * jobs declare they call, so a service that stops offering a job's method fails here; the jobs never import this.
 */
export interface Servicos extends ServicosDosJobs {
  analise: AnaliseService;
  documento: DocumentoService;
  lote: LoteService;
  /** The creation of every fisher's REAP obligations (the REAP jobs'). */
  reap: ReapGeracaoService;
  inadimplencia: InadimplenciaService;
  relatorio: RelatorioService;
  idempotencia: ChavesIdempotencia;
}

declare module 'fastify' {
  interface FastifyInstance {
    servicos: Servicos;
  }
}

export interface AppDeps {
  config: Config;
  db: Database;
  /**
   * A standby (DATABASE_REPLICA_URL) for the heavy reads that tolerate a little lag: the fisher report and its
   * preview, the open statistics, the audit reading, the REAP obligations list. Everything else, and everything
   * when absent, goes to `db` (issue 23, point 3).
   */
  dbLeitura?: Database;
  jwtSecret: Uint8Array;
  /** Replaces the identity provider (tests of a failing provider). */
  identityProvider?: IdentityProvider;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the file storage (tests); by default a local folder under DATA_DIR. */
  storage?: FileStorage;
  /**
   * The job queue services enqueue on, inside their transactions (`iniciarJobs` creates it before the app, and its
   * workers start after, with `app.servicos`).
   */
  fila: FilaDeJobs;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const dbLeitura = deps.dbLeitura ?? db;
  const https = config.publicUrl.startsWith('https://');
  const app = Fastify({
    logger: deps.logger ?? opcoesDeLog(config.logLevel),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: erroDoRoteador,
    // A request Node's parser refuses gets the envelope, and its connection is not reset under the answer.
    clientErrorHandler: erroDoCliente,
    ...opcoesDeIdDeRequisicao,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // An empty JSON body is no body, so that authorisation answers before parsing could (decision 0046).
  aceitarCorpoJsonVazio(app);
  // An answer sent before its body was read (413, 401, 503…) drains the body rather than resetting the connection.
  drenarCorpoAposRespostaAntecipada(app);

  await app.register(envelopePlugin);
  // Request id, metrics and load shedding (decision 0048): first, so a shed request costs no more than this.
  await app.register(idRequisicaoPlugin);
  await app.register(metricasPlugin, { pool: db.$client, poolLeitura: deps.dbLeitura?.$client, ...config.metricas });
  await app.register(securityPlugin, { https, hcaptcha: Boolean(config.captcha.hcaptchaSecret) });
  // Before the routes, so that a route's own onSend (reference lists: public) comes after it (decision 0067).
  await app.register(cacheApiPlugin);
  await app.register(sobrecargaPlugin, config.sobrecarga);
  await app.register(xsrfPlugin, { secure: https });
  await app.register(rateLimit, {
    global: false,
    // Counted in PostgreSQL, shared by every instance (decision 0041), unless RATE_LIMIT_STORE=memoria.
    ...(config.rateLimitStore === 'postgres'
      ? { store: storeLimitesPostgres(db, (err) => app.log.warn({ err }, 'limite_requisicao purge failed')) }
      : {}),
    errorResponseBuilder: (_req, ctx) => new AppError(429, `Muitas requisições. Tente novamente em ${Math.ceil(ctx.ttl / 1000)} segundos.`),
  });

  // The OpenAPI document, made correct for a generated client in one place (decision 0058).
  await app.register(swagger, opcoesOpenApi());
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Services: one instance each, built here and handed to the routes and jobs that use them.
  const agora = deps.now ?? (() => new Date());
  const auditoria = new AuditoriaService(db, (err, acao) => app.log.error({ err, acao }, 'audit write failed'), dbLeitura);
  // Audit writes are grouped (decision 0040): none in flight is cut short by a shutdown.
  app.addHook('onClose', async () => auditoria.esvaziar());
  // Notifications are created by other modules (analysis, requests, batches) inside their transactions.
  const notificacoes = new NotificacaoService(new NotificacaoRepository(db), { now: agora });
  const assinador = new AssinadorArquivos(chaveAssinaturaArquivos(config.files.signingSecret, deps.jwtSecret), agora);
  const storage = deps.storage ?? criarArmazenamento(config, assinador);
  if (storage instanceof S3FileStorage) app.addHook('onClose', async () => storage.close());
  // Deletes the files of removed documents through the job queue, after the commit (survives a crash).
  const documento = new DocumentoService(db, new DocumentoRepository(db), storage, auditoria, deps.fila, {
    now: agora,
    onArquivoOrfao: (chave, err) => app.log.warn({ err, chave }, 'stored file left behind (delete failed)'),
  });
  const enviosEmPartes = new EnvioEmPartesService(db, documento, { now: agora });
  // The key of every printed QR code (card, protocol receipt, REAP 2ª via), each kind under its own derived key
  // (decision 0044).
  const chaveDocumentosImpressos = chaveTokenCarteira(config.carteira.tokenSecret, deps.jwtSecret);
  const assinadorProtocolo = new AssinadorProtocolo(chaveDocumentosImpressos);
  // The only writer of the fisher's tables: sign-in, requests, analyses and the card ask it.
  const pescador = new PescadorService(db, new PescadorRepository(db), auditoria, documento, notificacoes, {
    publicUrl: config.publicUrl, assinadorProtocolo, now: agora,
  });
  let identity = deps.identityProvider;
  if (!identity) {
    if (config.oidc) {
      identity = new OidcIdentityProvider({
        ...config.oidc,
        redirectUri: `${config.publicUrl}/login`,
        postLogoutRedirectUri: `${config.publicUrl}/`,
      });
    } else {
      const authRepoForIdp = new AuthRepository(db);
      const devIdp = await registerDevIdp(app, {
        publicUrl: config.publicUrl,
        findName: (cpf) => authRepoForIdp.findNomeByCpf(cpf),
      });
      identity = new OidcIdentityProvider({
        issuer: devIdp.issuer,
        clientId: devIdp.clientId,
        clientSecret: devIdp.clientSecret,
        redirectUri: `${config.publicUrl}/login`,
        postLogoutRedirectUri: `${config.publicUrl}/`,
        fetch: injectFetch(app, config.publicUrl),
      });
    }
  }
  const auth = new AuthService(new AuthRepository(db), identity, auditoria, pescador, {
    jwtSecret: deps.jwtSecret,
    chaveIdCelular: chaveIdCelular(config.auth.phoneIdSecret, deps.jwtSecret),
    tokenTtlSeconds: config.auth.tokenTtlSeconds,
    sessionTtlHours: config.auth.sessionTtlHours,
    janelaPadrao: config.workday,
    publicUrl: config.publicUrl,
    ...(deps.now ? { now: deps.now } : {}),
  });
  await app.register(authPlugin, { auth, auditoria });
  // Idempotency keys of the fishers' saves and sends (decision 0060): before the routes whose contracts ask for them.
  const idempotencia = new ChavesIdempotencia(db, deps.jwtSecret);
  await app.register(idempotenciaPlugin, { chaves: idempotencia });

  // A submission opens an analysis and a decision changes the request: the two services ask each other. The
  // request service reaches the analysis service through this port, which resolves once both are built.
  const solicitacao: SolicitacaoService = new SolicitacaoService(db, new SolicitacaoRepository(db), auditoria, pescador, notificacoes, {
    abrir: (nova, ex) => analise.abrir(nova, ex),
  }, { now: agora, cinObrigatoriaDesde: config.regras.cinObrigatoriaDesde });
  const analise: AnaliseService = new AnaliseService(db, new AnaliseRepository(db), auditoria, documento, solicitacao, {
    ...config.analise,
    // A registry made active owes the REAPs of the open years: their creation is enqueued with the decision.
    aoAtivarRegistro: (pescadorId, tx) => reapGeracao.agendarObrigacoesDoPescador(pescadorId, tx),
    ...(deps.now ? { now: deps.now } : {}),
  });
  // The card reads the 3x4 photo through the storage.
  const carteira = new CarteiraService(new CarteiraRepository(db), pescador, storage, auditoria,
    new AssinadorCarteira(chaveDocumentosImpressos), { publicUrl: config.publicUrl, now: agora });
  const captcha = criarCaptchaVerifier({
    hcaptchaSecret: config.captcha.hcaptchaSecret, hmacSecret: config.captcha.hmacSecret, jwtSecret: deps.jwtSecret, db, log: app.log,
  });
  // Batches of fishers (issue 12); the result e-mail goes through SMTP when configured, else to DATA_DIR/email-saida.
  const email = criarEnviadorEmail(config.email, config.dataDir);
  app.addHook('onClose', async () => email.close());
  const lote = new LoteService(db, new LoteRepository(db), pescador, notificacoes, auditoria, deps.fila, email, {
    ...config.lote, now: agora,
  });
  // The fisher report (issue 13): its files in a storage of their own, apart from the documents' (decision 0036).
  const storageRelatorios = criarArmazenamentoRelatorios(config, assinador);
  if (storageRelatorios instanceof S3FileStorage) app.addHook('onClose', async () => storageRelatorios.close());
  const relatorio = new RelatorioService(db, new RelatorioRepository(db, dbLeitura), auditoria, storageRelatorios,
    assinador, deps.fila, {
      limiteSincrono: config.relatorio.limiteSincrono, ttlEnderecoSegundos: config.files.signedUrlTtlSeconds, now: agora,
      // A job's file in a thread with a capped heap, reading the standby when there is one (decision 0050).
      thread: { url: String(dbLeitura.$client.options.connectionString), heapMb: config.relatorio.heapMb },
    });
  // REAP (issue 7; every fisher's obligations created by jobs, decision 0051): a service per concern.
  const reapRepository = new ReapRepository(db, dbLeitura);
  const assinadorReap = new AssinadorReap(chaveDocumentosImpressos);
  const reapGeracao = new ReapGeracaoService(db, reapRepository, deps.fila, {
    tamanhoBlocoObrigacoes: config.reap.tamanhoBlocoObrigacoes, retomarAposSegundos: config.reap.retomarAposSegundos, now: agora,
  });
  const reapPendencias = new ReapPendenciasService(db, reapRepository, auditoria, solicitacao, agora);
  const reapQuestionarios = new ReapQuestionarioService(db, reapRepository, auditoria, solicitacao, documento, agora);
  // The warning and suspension of the REAP defaulters (decision 0055).
  const inadimplencia = new InadimplenciaService(db, new InadimplenciaRepository(db), reapRepository, notificacoes, lote, auditoria,
    deps.fila, email, {
    tamanhoBloco: config.reap.tamanhoBlocoObrigacoes, retomarAposSegundos: config.reap.retomarAposSegundos, now: agora,
  });
  app.decorate('servicos', { analise, documento, enviosDocumento: enviosEmPartes, lote, reap: reapGeracao, inadimplencia, relatorio, idempotencia } satisfies Servicos);

  // Routes, module by module.
  await app.register(saudeRoutes, { db, auditoria });
  await app.register(authRoutes, { auth, secure: https });
  await app.register(referenciaRoutes, { referencia: new ReferenciaService(db) });
  await app.register(configuracaoRoutes, { regras: config.regras, now: agora });
  await app.register(solicitacaoRoutes, { solicitacao });
  await app.register(edicaoRegistroRoutes, { solicitacao });
  await app.register(edicaoRgpRoutes, { solicitacao });
  await app.register(cancelamentoRoutes, { solicitacao });
  await app.register(regularizacaoRoutes, { solicitacao });
  await app.register(edicaoDocumentosRoutes, { solicitacao });
  await app.register(analiseRoutes, { analise });
  await app.register(parecerRoutes, { analise });
  await app.register(documentoRoutes, { documento, envios: enviosEmPartes });
  await app.register(arquivoRoutes, { arquivo: new ArquivoService(storage, assinador, documento, config.files.signedUrlTtlSeconds) });
  await app.register(pescadorRoutes, { pescador });
  await app.register(rgpRoutes, { pescador });
  await app.register(notificacaoRoutes, { notificacao: notificacoes });
  await app.register(carteiraRoutes, { carteira });
  await app.register(consultaPublicaRoutes, {
    consultaPublica: new ConsultaPublicaService(captcha, carteira, new ConsultaPublicaRepository(db), auditoria, assinadorProtocolo,
      config.captcha.hcaptchaSiteKey),
  });

  // -- REAP routes --
  await app.register(reapRoutes, {
    pendencias: reapPendencias,
    questionarios: reapQuestionarios,
    comprovantes: new ReapComprovanteService(reapRepository, auditoria, documento, { publicUrl: config.publicUrl, assinador: assinadorReap, now: agora }),
    verificacoes: new ReapVerificacaoService(reapRepository, auditoria, assinadorReap),
    servidor: new ReapServidorService(reapRepository, auditoria, agora),
    prazos: new ReapPrazoService(db, reapRepository, auditoria, deps.fila, reapGeracao, agora),
    inadimplencia,
  });
  // -- administration routes --
  // Map users and the federal CPF registry (the real service when BCPF_URL is set, else the seeded table).
  const usuarioMapa = new UsuarioMapaService(db, new UsuarioMapaRepository(db), criarConsultaBcpf(config.bcpf, db), auditoria, {
    now: agora,
    onBcpfIndisponivel: (err) => app.log.warn({ err }, 'CPF registry (BCPF) unavailable'),
  });
  await app.register(usuarioMapaRoutes, { usuarioMapa });
  await app.register(horarioAcessoRoutes, {
    horarioAcesso: new HorarioAcessoService(db, new HorarioAcessoRepository(db), usuarioMapa, auditoria),
  });
  // Normative acts and task forces (decisions 0030, 0031).
  const atoNormativo = new AtoNormativoService(db, new AtoNormativoRepository(db), auditoria, { now: agora });
  await app.register(atoNormativoRoutes, { atoNormativo });
  await app.register(forcaTarefaRoutes, {
    forcaTarefa: new ForcaTarefaService(db, new ForcaTarefaRepository(db), atoNormativo, auditoria, { now: agora }),
  });
  // -- batch processing routes --
  await app.register(loteRoutes, { lote });
  await app.register(recursoRoutes, servicosRecurso({
    db, solicitacoes: solicitacao, pescadores: pescador, notificacoes, analises: analise, auditoria, now: agora,
    tempoBloqueioMinutos: config.analise.tempoBloqueioMinutos,
  }));
  // -- report and statistics routes --
  await app.register(relatorioRoutes, { relatorio });
  await app.register(estatisticaRoutes, { estatistica: new EstatisticaService(new EstatisticaRepository(dbLeitura), { now: agora }) });
  // -- audit reading routes --
  await app.register(auditoriaRoutes, { auditoria });
  await app.register(lgpdRoutes, { lgpd: new LgpdService(auditoria, pescador, solicitacao, documento, notificacoes,
    new ReapService(reapPendencias, reapQuestionarios), idempotencia, agora) });
  await registerWeb(app, config.webDistDir);
  return app;
}

/**
 * The built web app, served on the same port. Any GET outside /api that is not a file answers index.html, so
 * the browser's router handles /home, /login and the rest. Unknown /api addresses answer the envelope's 404.
 */
async function registerWeb(app: FastifyInstance, dir: string) {
  const index = path.join(dir, 'index.html');
  const built = fs.existsSync(index);
  const paginas = paginasPrecarregadas(dir);
  if (built) {
    await app.register(fastifyStatic, opcoesDaWeb(dir));
  }
  comprimirRespostas(app);
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    // A hashed file that is not there (an old release's, asked by a page left open) is a 404, not index.html.
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/assets/') || req.method !== 'GET') {
      return reply.status(404).send({
        codigo: 404, mensagem: 'Recurso não encontrado.', erros: ['Recurso não encontrado.'], codigoErro: CodigoErro.NAO_ENCONTRADO,
      });
    }
    if (!built) {
      return reply.status(503).type('text/plain; charset=utf-8')
        .send('A interface web ainda não foi construída. Rode "npm run build" (o "npm start" faz isso) e recarregue.');
    }
    return reply.sendFile(paginas.get(url.length > 1 ? url.replace(/\/+$/, '') : url) ?? 'index.html');
  });
}

/**
 * Decision 0065: the copies of index.html the build wrote for the pages a phone opens first (`paginas/<page>.html`,
 * src/web/paginas-precarregadas.ts), each naming its screen's scripts: by address, `/consulta-carteira` →
 * `paginas/consulta-carteira.html`. Every other address answers index.html.
 */
function paginasPrecarregadas(dir: string): Map<string, string> {
  const pasta = path.join(dir, 'paginas');
  if (!fs.existsSync(pasta)) return new Map();
  // `paginas/index.html` is the landing page rendered at build time (decision 0066): `/` only.
  const endereco = (nome: string) => (nome === 'index' ? '/' : `/${nome}`);
  return new Map(fs.readdirSync(pasta).filter((f) => f.endsWith('.html')).map((f) => [endereco(f.slice(0, -'.html'.length)), `paginas/${f}`]));
}

/** Documents in the S3-compatible bucket when one is configured, else in a folder under DATA_DIR. */
function criarArmazenamento(config: Config, assinador: AssinadorArquivos): FileStorage {
  if (config.files.s3) return new S3FileStorage(config.files.s3);
  return new LocalFileStorage(path.join(config.dataDir, 'arquivos'), assinador);
}

/** Report files (decision 0036): the folder DATA_DIR/relatorios, or the bucket under `<prefix>relatorios/`. */
function criarArmazenamentoRelatorios(config: Config, assinador: AssinadorArquivos): FileStorage {
  if (config.files.s3) return new S3FileStorage({ ...config.files.s3, prefix: `${config.files.s3.prefix}relatorios/` });
  return new LocalFileStorage(path.join(config.dataDir, 'relatorios'), assinador);
}
