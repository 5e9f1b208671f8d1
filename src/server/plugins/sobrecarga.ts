import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CodigoErro } from '../../shared/codigos-erro';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

export const MENSAGEM_SOBRECARREGADO = 'O serviço está sobrecarregado no momento. Tente novamente em alguns instantes.';

/**
 * API routes answered even while shedding: liveness (`/api/health/vivo`) and readiness (`/api/health`). Shedding
 * readiness took every instance out of the balancer at once when all were busy (issue 33, point 4); readiness says
 * whether the instance can serve (its database), not whether it is busy. Anything outside /api (the web app's
 * index.html and hashed files) is never shed either: a page whose script got a 503 could not even say "try again".
 */
export const ROTAS_NUNCA_RECUSADAS: ReadonlySet<string> = new Set(['/api/health', '/api/health/vivo']);

/** Why the server sheds, as the `motivo` label of `rgp_sobrecarga_recusadas_total`. */
export type MotivoSobrecarga = 'serverTime' | 'eventLoopDelay' | 'heapUsedBytes' | 'rssBytes';

/** Requests completed in a window below this count say nothing about the median (an idle server's one slow report). */
export const MINIMO_DE_AMOSTRAS = 10;

declare module 'fastify' {
  interface FastifyInstance {
    /** The load shedding's state (decision 0070): why it sheds now, or null. */
    sobrecarga: {
      motivo(): MotivoSobrecarga | null;
      parte(): number;
      /** The last interval's measure: the median time in the server (ms) over `amostras` requests (metrics, tests). */
      medida(): { medianaMs: number; amostras: number };
    };
  }
}

/** Whether a request may be shed: an /api route other than the health probes. */
export function podeSerRecusada(req: Pick<FastifyRequest, 'url' | 'routeOptions'>): boolean {
  const rota = req.routeOptions.url;
  if (rota !== undefined) return rota.startsWith('/api/') && !ROTAS_NUNCA_RECUSADAS.has(rota);
  // No route (an unknown address): the raw path decides; /api/… answers a cheap 404, but is API traffic all the same.
  const caminho = req.url.split('?', 1)[0]!;
  return caminho.startsWith('/api/') && !ROTAS_NUNCA_RECUSADAS.has(caminho.replace(/\/+$/, ''));
}

const mediana = (v: number[]): number => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The share of sheddable requests refused: from `INICIO`, up by `SUBIDA` each overloaded interval, down by `DESCIDA` each calm one. */
export const PARTE = { INICIO: 0.5, SUBIDA: 0.25, DESCIDA: 0.25 } as const;

/**
 * Load shedding (decision 0070, replacing 0048's event-loop utilisation): every `intervaloAmostraMs` the plugin
 * looks at what users feel over the interval just ended — the median time the /api requests it could shed spent
 * in the server (see below) and the event loop's mean delay — and, while either is over its threshold (or the
 * optional heap/RSS ones), refuses a share of such requests at once with 503, `Retry-After` and the envelope with `codigoErro: SOBRECARREGADO`. The share starts at half, grows
 * while the overload lasts (the requests let through keep measuring) and falls back step by step once the
 * measures are calm or absent (everything refused), so a flood is not let in all at once. A loop that is merely
 * busy (utilisation near 1 with fast answers, or a process waiting for a CPU beside a noisy neighbour) is not
 * overloaded. A threshold of 0 is off. Shed answers are not measured: they would pull the median down.
 *
 * Time in the server is the server's own, not the client's link: it runs from when the request's body has been
 * read (arrival for a request without a body; preValidation, after the body parser, for one with) to onSend,
 * before the answer's bytes go out. A phone uploading over a slow link, or reading a large answer slowly, is not
 * the server being slow (issue 33 review: ten uploads in flight from phones shed half of /api). Waiting for the
 * database pool still counts. Each request counts once: when it answers, or, if it is still in the server past the
 * objective at a sample (a queue that has not answered yet), then, with its age so far — not again at every sample.
 */
export const sobrecargaPlugin = fp<Config['sobrecarga'] & { intervaloAmostraMs?: number }>(async (app: FastifyInstance, opts) => {
  const intervalo = opts.intervaloAmostraMs ?? 1000;
  const atraso = monitorEventLoopDelay({ resolution: 10 });
  atraso.enable();
  let tempos: number[] = [];
  // Requests let through, by when their server time started (undefined: body still arriving) and whether a sample
  // already counted them (in the server past the objective).
  const emCurso = new Map<FastifyRequest, { inicio: number | undefined; chegada: number; contada: boolean }>();
  let medida = { medianaMs: 0, amostras: 0 };
  let motivo: MotivoSobrecarga | null = null;
  let parte = 0;
  // The share, spread evenly: a request is refused each time the accumulated share reaches a whole one.
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

  app.addHook('onRequest', async (req, reply) => {
    if (!podeSerRecusada(req)) return;
    acumulado += parte;
    if (motivo === null || acumulado < 1) {
      const agora = performance.now();
      emCurso.set(req, { inicio: temCorpo(req) ? undefined : agora, chegada: agora, contada: false });
      return;
    }
    acumulado -= 1;
    if (app.hasDecorator('metricas')) app.metricas.recusadasPorSobrecarga.inc({ motivo });
    reply.header('retry-after', String(opts.retryAfterSegundos));
    throw new AppError(503, MENSAGEM_SOBRECARREGADO, { codigoErro: CodigoErro.SOBRECARREGADO });
  });
  // The body has been read and parsed: from here on, the time is the server's.
  app.addHook('preValidation', async (req) => {
    const r = emCurso.get(req);
    if (r && r.inicio === undefined) r.inicio = performance.now();
  });
  // Before the answer's bytes go out (a slow reader is not a slow server); an abort after the body counts as well.
  const terminou = (req: FastifyRequest) => {
    const r = emCurso.get(req);
    if (r === undefined) return;
    emCurso.delete(req);
    if (r.inicio !== undefined && !r.contada && tempos.length < 10_000) tempos.push(performance.now() - r.inicio);
  };
  app.addHook('onSend', async (req, _reply, payload) => {
    terminou(req);
    return payload;
  });
  app.addHook('onRequestAbort', async (req) => terminou(req));
  // A request whose body never finished (an early answer: 413, 401 in a guard) is not measured; its entry goes.
  app.addHook('onResponse', async (req) => {
    emCurso.delete(req);
  });
}, { name: 'rgp-sobrecarga' });

/** Whether a request comes with a body to read (declared length above 0, or chunked). */
function temCorpo(req: FastifyRequest): boolean {
  const h = req.headers;
  return h['transfer-encoding'] !== undefined || (h['content-length'] !== undefined && h['content-length'] !== '0');
}
