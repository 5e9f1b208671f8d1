// npm run bench:auth — the cost of an authenticated API call (token verification, session row, access
// window for staff) on the running product: N requests at a fixed concurrency, throughput and latency.
import { percentile, signIn, startProduct, stop, waitExit } from './lib';

const N = Number(process.env.BENCH_REQUESTS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const { child, base } = await startProduct({ port: 3211, pgPort: 5511, dataDir: '.test-data/bench-auth', fresh: true });
try {
  for (const [who, cpf, path] of [
    ['fisher', '40000000477', (s: { token: string }) => `/api/solicitacao/totalizadores/${JSON.parse(Buffer.from(s.token.split('.')[1]!, 'base64url').toString()).idPescador}`],
    ['staff', '30000000388', () => '/api/analise-solicitacao/totalizadores'],
  ] as const) {
    const s = await signIn(base, cpf);
    const url = `${base}${path(s)}`;
    const headers = { authorization: `Bearer ${s.token}` };
    for (let i = 0; i < 200; i++) await fetch(url, { headers }); // warm-up
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < N) {
        next++;
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        latencies.push(performance.now() - t0);
      }
    }));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(`${who} counters: ${N} requests, concurrency ${CONCURRENCY}: ${Math.round(N / seconds)} req/s, `
      + `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`);
  }
} finally {
  stop(child);
  await waitExit(child);
}
