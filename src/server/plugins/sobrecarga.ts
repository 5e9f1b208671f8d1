import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CodigoErro } from '../../shared/codigos-erro';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

export const MENSAGEM_SOBRECARREGADO = 'O serviço está sobrecarregado no momento. Tente novamente em alguns instantes.';

/**
 * Readiness says whether the instance can serve, not whether it is busy, or every busy instance would leave the
 * balancer.
 */
export const ROTAS_NUNCA_RECUSADAS: ReadonlySet<string> = new Set(['/api/health', '/api/health/vivo']);

export type MotivoSobrecarga = 'serverTime' | 'eventLoopDelay' | 'heapUsedBytes' | 'rssBytes';

/** Fewer requests in a window say nothing about the median (an idle server's one slow report). */
export const MINIMO_DE_AMOSTRAS = 10;

declare module 'fastify' {
  interface FastifyInstance {
    /** Decision 0070. */
    sobrecarga: {
      motivo(): MotivoSobrecarga | null;
      parte(): number;
      medida(): { medianaMs: number; amostras: number };
    };
  }
}

export function podeSerRecusada(req: Pick<FastifyRequest, 'url' | 'routeOptions'>): boolean {
  const rota = req.routeOptions.url;
  if (rota !== undefined) return rota.startsWith('/api/') && !ROTAS_NUNCA_RECUSADAS.has(rota);
  // No route: the raw path decides.
  const caminho = req.url.split('?', 1)[0]!;
  return caminho.startsWith('/api/') && !ROTAS_NUNCA_RECUSADAS.has(caminho.replace(/\/+$/, ''));
}

const mediana = (v: number[]): number => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export const PARTE = { INICIO: 0.5, SUBIDA: 0.25, DESCIDA: 0.25 } as const;

/**
 * Load shedding (decision 0070): a growing share of /api requests gets 503 while a median is over its threshold.
 * Server time excludes reading the body and sending the answer: a slow phone is not a slow server.
 */
export const sobrecargaPlugin = fp<Config['sobrecarga'] & { intervaloAmostraMs?: number }>(async (app: FastifyInstance, opts) => {
  const intervalo = opts.intervaloAmostraMs ?? 1000;
  const atraso = monitorEventLoopDelay({ resolution: 10 });
  atraso.enable();
  let tempos: number[] = [];
  // By when their server time started (undefined: body still arriving) and whether a sample counted them.
  const emCurso = new Map<FastifyRequest, { inicio: number | undefined; chegada: number; contada: boolean }>();
  let medida = { medianaMs: 0, amostras: 0 };
  let motivo: MotivoSobrecarga | null = null;
  let parte = 0;
  // Spread evenly: a request is refused each time the accumulated share reaches a whole one.
  let acumulado = 0;

  const medir = (): MotivoSobrecarga | null => {
    const mediaAtrasoMs = atraso.mean / 1e6;
    atraso.reset();
    const agora = performance.now();
    const objetivo = opts.tempoMaximoNoServidorMs;
    for (const [req, r] of emCurso) {
      if (agora - r.chegada > 600_000) emCurso.delete(req); // an answer never seen (a socket gone without events)
      else if (r.inicio !== undefined && !r.contada && objetivo > 0 && agora - r.inicio > objetivo) {
        r.contada = true;
        tempos.push(agora - r.inicio);
      }
    }
    medida = { medianaMs: tempos.length ? mediana(tempos) : 0, amostras: tempos.length };
    const mediaNoServidor = tempos.length >= MINIMO_DE_AMOSTRAS ? medida.medianaMs : 0;
    tempos = [];
    const mem = opts.heapMaximoBytes > 0 || opts.rssMaximoBytes > 0 ? process.memoryUsage() : undefined;
    return opts.tempoMaximoNoServidorMs > 0 && mediaNoServidor > opts.tempoMaximoNoServidorMs ? 'serverTime'
      : opts.atrasoMaximoMs > 0 && mediaAtrasoMs > opts.atrasoMaximoMs ? 'eventLoopDelay'
        : mem && opts.heapMaximoBytes > 0 && mem.heapUsed > opts.heapMaximoBytes ? 'heapUsedBytes'
          : mem && opts.rssMaximoBytes > 0 && mem.rss > opts.rssMaximoBytes ? 'rssBytes'
            : null;
  };
  const amostrar = () => {
    const agora = medir();
    if (agora) {
      parte = parte === 0 ? PARTE.INICIO : Math.min(1, parte + PARTE.SUBIDA);
      motivo = agora;
    } else {
      parte = Math.max(0, parte - PARTE.DESCIDA);
      if (parte === 0) {
        motivo = null;
        acumulado = 0;
      }
    }
  };
  const relogio = setInterval(amostrar, intervalo);
  relogio.unref();
  app.addHook('onClose', async () => {
    clearInterval(relogio);
    atraso.disable();
  });
  app.decorate('sobrecarga', { motivo: () => motivo, parte: () => parte, medida: () => medida });

  app.addHook('onRequest', (req, reply, done) => {
    if (!podeSerRecusada(req)) return done();
    acumulado += parte;
    if (motivo === null || acumulado < 1) {
      const agora = performance.now();
      emCurso.set(req, { inicio: temCorpo(req) ? undefined : agora, chegada: agora, contada: false });
      return done();
    }
    acumulado -= 1;
    if (app.hasDecorator('metricas')) app.metricas.recusadasPorSobrecarga.inc({ motivo });
    reply.header('retry-after', String(opts.retryAfterSegundos));
    done(new AppError(503, MENSAGEM_SOBRECARREGADO, { codigoErro: CodigoErro.SOBRECARREGADO }));
  });
  // The body has been read and parsed: from here on, the time is the server's.
  app.addHook('preValidation', (req, _reply, done) => {
    const r = emCurso.get(req);
    if (r && r.inicio === undefined) r.inicio = performance.now();
    done();
  });
  // Before the answer's bytes go out: a slow reader is not a slow server.
  const terminou = (req: FastifyRequest) => {
    const r = emCurso.get(req);
    if (r === undefined) return;
    emCurso.delete(req);
    if (r.inicio !== undefined && !r.contada && tempos.length < 10_000) tempos.push(performance.now() - r.inicio);
  };
  app.addHook('onSend', (req, _reply, payload, done) => {
    terminou(req);
    done(null, payload);
  });
  app.addHook('onRequestAbort', (req, done) => {
    terminou(req);
    done();
  });
  app.addHook('onResponse', (req, _reply, done) => {
    emCurso.delete(req);
    done();
  });
}, { name: 'rgp-sobrecarga' });

function temCorpo(req: FastifyRequest): boolean {
  const h = req.headers;
  return h['transfer-encoding'] !== undefined || (h['content-length'] !== undefined && h['content-length'] !== '0');
}
