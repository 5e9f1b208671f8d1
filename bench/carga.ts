// npm run bench:carga — a load test of the whole product (issue 14, point 4): BENCH_USUARIOS simulated users
// (default 500) at once for BENCH_DURACAO seconds (default 300) over the national synthetic data set
// (bench/seed, BENCH_PESCADORES fishers, default 2,000,000), first against one server instance, then against two
// instances on the same database (each user talks to one of them, as behind a load balancer).
//
// Each simulated user is a loop: one action, then a pause ("think time", exponential, mean BENCH_PAUSA_MS, default
// 2,000 ms), as a person at a screen. The users:
// - fishers reading (60 % of the fishers): their last request, their notifications, their request counters;
// - fishers writing (40 %): saving step 1 of their draft registration (PUT /api/solicitacao);
// - analysts reading: the follow-up list, a random page of the waiting ones, and the counters;
// - analysts deciding: open a waiting analysis, start it (bloquear), and return it to the fisher with a
//   justification (atualizar-analise-solicitacao), the whole decision as the analysis screen sends it;
// - visitors: the public check of a printed card's QR code (GET /api/carteira-profissional/verificar/{token}).
// Each user has its own client address (X-Forwarded-For from a trusted local address, as behind the real proxy), so the
// per-address rate limits see people, not the load generator. Everything goes to 127.0.0.1 only, bounded in time.
//
// Prints, per kind: requests, req/s, p50/p95/p99 (ms), errors; the server's RSS (max per instance); and the
// baseline of the same run: GET /api/health (one SELECT 1) under the same load.
//
// BENCH_REUSE is implicit: the data set lives in .test-data/bench-seed and is reused by every benchmark.
import { AssinadorCarteira, chaveTokenCarteira } from '../src/server/modules/carteira/carteira-token';
import { passo1 } from '../src/server/modules/solicitacao/passos.fixtures';
import { cpfComDigitos } from '../src/shared/cpf';
import { construirServidorComThreads } from '../scripts/servidor-esbuild.mjs';
import { iniciarServidorEmpacotado, pararServidor, percentile, rssMb, signIn } from './lib';
import { abrirBancoDeBench } from './seed/banco';
import { semearNacional } from './seed/nacional';

const PESCADORES = Number(process.env.BENCH_PESCADORES ?? 2_000_000);
const USUARIOS = Number(process.env.BENCH_USUARIOS ?? 500);
const DURACAO_S = Number(process.env.BENCH_DURACAO ?? 300);
const PAUSA_MS = Number(process.env.BENCH_PAUSA_MS ?? 2000);
const INSTANCIAS = (process.env.BENCH_INSTANCIAS ?? '1,2').split(',').map(Number);
const PORTA_BASE = 3230;

// Shares of the simulated users.
const PARTES = { pescadorLeitura: 0.3, pescadorEscrita: 0.2, analistaLeitura: 0.08, analistaDecisao: 0.02, visitante: 0.4 };

// Secrets shared by the instances (a token signed by one is checked by the other), for this benchmark only.
const JWT_SECRET = 'bench-carga-jwt-secret-0123456789abcdef';
const CARTEIRA_TOKEN_SECRET = 'bench-carga-carteira-secret-0123456789abcdef';

type Tipo = 'pescador: leitura' | 'pescador: escrita' | 'analista: leitura' | 'analista: decisão' | 'visitante: carteira' | 'base: /api/health';

interface Medidas { ms: number[]; erros: number; amostraErro?: string }

const banco = await abrirBancoDeBench({ url: process.env.DATABASE_URL });
const db = banco.cliente;
console.log(`data set: up to ${PESCADORES.toLocaleString('en')} fishers (bench/seed) …`);
const semente = await semearNacional(db, { pescadores: PESCADORES });
console.log(semente.adicionados ? `  seeded ${semente.adicionados.toLocaleString('en')} fishers` : '  reused');

// Cards to verify: fishers with an RGP number and an issued card, spread over the registry.
const { rows: cartoes } = await db.query<{ id: number; numero_rgp: string; data_emissao_carteira: Date }>(`
  SELECT id, numero_rgp, data_emissao_carteira FROM pescador TABLESAMPLE SYSTEM (1)
  WHERE numero_rgp IS NOT NULL AND data_emissao_carteira IS NOT NULL LIMIT 5000`);
const assinador = new AssinadorCarteira(chaveTokenCarteira(CARTEIRA_TOKEN_SECRET, new Uint8Array()));
const tokensCarteira = cartoes.map((c) => assinador.assinar({ idPescador: c.id, numeroRgp: c.numero_rgp, emitidaEm: c.data_emissao_carteira }));
if (tokensCarteira.length === 0) throw new Error('the data set has no issued card to verify');

const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pausa = () => dormir(-Math.log(1 - Math.random()) * PAUSA_MS);
const ipDe = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

// The server as production runs it (decision 0015): one bundled file, no TypeScript transpiled at load. Built
// here to a file of its own, so that a concurrent `npm start` elsewhere in the checkout is not disturbed.
const SERVIDOR = '.test-data/carga-servidor/main.mjs';
await construirServidorComThreads(SERVIDOR.slice(0, -'/main.mjs'.length)); // with its worker threads' bundles

const iniciarInstancia = (porta: number) => iniciarServidorEmpacotado(SERVIDOR, porta, {
  DATA_DIR: `.test-data/carga-${porta}`,
  DATABASE_URL: banco.url,
  JWT_SECRET,
  CARTEIRA_TOKEN_SECRET,
  TRUST_PROXY: 'loopback',
  NODE_ENV: 'development',
});

async function rodada(instancias: number) {
  const servidores: Awaited<ReturnType<typeof iniciarInstancia>>[] = [];
  for (let i = 0; i < instancias; i++) servidores.push(await iniciarInstancia(PORTA_BASE + i));
  const baseDe = (n: number) => servidores[n % servidores.length]!.base;

  const n = (parte: number) => Math.max(1, Math.round(USUARIOS * parte));
  const quantos = {
    pescadorLeitura: n(PARTES.pescadorLeitura), pescadorEscrita: n(PARTES.pescadorEscrita),
    analistaLeitura: n(PARTES.analistaLeitura), analistaDecisao: n(PARTES.analistaDecisao),
  };
  const visitantes = Math.max(1, USUARIOS - Object.values(quantos).reduce((a, b) => a + b, 0));

  // Fishers: CPFs outside the data set's range (fresh sign-ins create them), each with a draft registration.
  console.log(`  signing in ${quantos.pescadorLeitura + quantos.pescadorEscrita} fishers and ${quantos.analistaLeitura + quantos.analistaDecisao} analysts …`);
  const pescadores: { base: string; h: Record<string, string>; token: string; cpf: string; idSolicitacao: number; idPescador: number }[] = [];
  for (let i = 0; i < quantos.pescadorLeitura + quantos.pescadorEscrita; i++) {
    const base = baseDe(i);
    const ip = ipDe(1000 + i);
    const cpf = cpfComDigitos(750_000_000 + i);
    const { token, cookie, xsrf } = await signIn(base, cpf, { 'x-forwarded-for': ip });
    // As the browser sends them: the session token, the XSRF cookie and its header, the client's address.
    const h = { authorization: `Bearer ${token}`, cookie, 'x-xsrf-token': xsrf, 'x-forwarded-for': ip };
    const hj = { ...h, 'content-type': 'application/json' };
    const ultima = await fetch(`${base}/api/solicitacao/ultima/solicitacao`, { headers: h });
    let idSolicitacao = ultima.ok ? ((await ultima.json()) as { dados: { id: number } | null }).dados?.id : undefined;
    if (!idSolicitacao) {
      const res = await fetch(`${base}/api/solicitacao`, { method: 'POST', headers: hj, body: JSON.stringify({ tipo: 1, passo: 1, ...passo1(cpf) }) });
      const corpo = (await res.json()) as { dados: { id: number } };
      if (!res.ok) throw new Error(`draft of fisher ${i}: ${res.status} ${JSON.stringify(corpo)}`);
      idSolicitacao = corpo.dados.id;
    }
    const idPescador = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).idPescador as number;
    pescadores.push({ base, h, token, cpf, idSolicitacao, idPescador });
  }
  // Analysts: the GESTOR (national) and the SFPA of Pará, one session per simulated analyst.
  const analistas: { base: string; h: Record<string, string> }[] = [];
  for (let i = 0; i < quantos.analistaLeitura + quantos.analistaDecisao; i++) {
    const base = baseDe(i);
    const ip = ipDe(50_000 + i);
    const cpf = i % 2 === 0 ? '10000000108' : '30000000388';
    const s = await signIn(base, cpf, { 'x-forwarded-for': ip });
    analistas.push({ base, h: { authorization: `Bearer ${s.token}`, cookie: s.cookie, 'x-xsrf-token': s.xsrf, 'x-forwarded-for': ip } });
  }
  // Waiting analyses for the deciding analysts (GESTOR scope: any state; SFPA: Pará), disjoint per analyst.
  const { rows: espera } = await db.query<{ id: number; uf: string }>(`
    SELECT a.id, a.uf_pescador AS uf FROM analise_solicitacao a
    WHERE a.situacao_analise = 1 AND a.tipo_solicitacao <> 9 ORDER BY a.id DESC LIMIT 20000`);
  const filaGestor = espera.filter((a) => a.uf !== 'PA').map((a) => a.id);
  const filaPara = espera.filter((a) => a.uf === 'PA').map((a) => a.id);

  const medidas = new Map<Tipo, Medidas>();
  const medir = async (tipo: Tipo, f: () => Promise<Response>) => {
    const m = medidas.get(tipo) ?? { ms: [], erros: 0 };
    medidas.set(tipo, m);
    const t0 = performance.now();
    try {
      const res = await f();
      const corpo = await res.text();
      m.ms.push(performance.now() - t0);
      if (!res.ok) {
        m.erros++;
        m.amostraErro ??= `${res.status} ${corpo.slice(0, 200)}`;
      }
      return { ok: res.ok, corpo };
    } catch (err) {
      m.erros++;
      m.amostraErro ??= String(err);
      return { ok: false, corpo: '' };
    }
  };

  const fim = performance.now() + DURACAO_S * 1000;
  const rss = servidores.map(() => ({ max: 0, soma: 0, n: 0 }));
  const amostrador = setInterval(() => servidores.forEach((s, i) => {
    const v = rssMb(s.filho.pid!);
    rss[i]!.max = Math.max(rss[i]!.max, v);
    rss[i]!.soma += v;
    rss[i]!.n++;
  }), 1000);

  const usuarios: Promise<void>[] = [];
  const laco = (corpo: () => Promise<void>) => usuarios.push((async () => {
    await dormir(Math.random() * PAUSA_MS); // arrivals spread over the first pause
    while (performance.now() < fim) {
      await corpo();
      await pausa();
    }
  })());

  pescadores.forEach((p, i) => {
    const { h } = p;
    if (i < quantos.pescadorLeitura) {
      let k = 0;
      laco(async () => {
        const caminho = [
          '/api/solicitacao/ultima/solicitacao', '/api/notificacao', `/api/solicitacao/totalizadores/${p.idPescador}`,
        ][k++ % 3]!;
        await medir('pescador: leitura', () => fetch(`${p.base}${caminho}`, { headers: h }));
      });
    } else {
      const corpo = JSON.stringify({ id: p.idSolicitacao, tipo: 1, passo: 1, ...passo1(p.cpf) });
      laco(async () => {
        await medir('pescador: escrita', () => fetch(`${p.base}/api/solicitacao`, {
          method: 'PUT', headers: { ...h, 'content-type': 'application/json' }, body: corpo,
        }));
      });
    }
  });
  analistas.forEach((a, i) => {
    const { h } = a;
    if (i < quantos.analistaLeitura) {
      let k = 0;
      laco(async () => {
        const caminho = [
          '/api/analise-solicitacao', `/api/analise-solicitacao?situacao=1&pagina=${1 + Math.floor(Math.random() * 50)}`,
          '/api/analise-solicitacao/totalizadores',
        ][k++ % 3]!;
        await medir('analista: leitura', () => fetch(`${a.base}${caminho}`, { headers: h }));
      });
    } else {
      // Even analysts are the GESTOR, odd ones the SFPA of Pará (see the sign-in above).
      const fila = i % 2 === 0 ? filaGestor : filaPara;
      const hj = { ...h, 'content-type': 'application/json' };
      laco(async () => {
        const id = fila.pop();
        if (id === undefined) return;
        const t0 = performance.now();
        const detalhe = await fetch(`${a.base}/api/analise-solicitacao/${id}`, { headers: h });
        const d = (await detalhe.json()) as { dados: { solicitacao: { id: number }; documentos: { id: number; tipoDocumento: number }[] } };
        const bloqueio = await fetch(`${a.base}/api/analise-solicitacao/bloquear`, {
          method: 'POST', headers: hj, body: JSON.stringify({ idAnaliseSolicitacao: id }),
        });
        await bloqueio.text();
        const decisao = await fetch(`${a.base}/api/analise-solicitacao/atualizar-analise-solicitacao`, {
          method: 'POST', headers: hj,
          body: JSON.stringify({
            id, solicitacao: d.dados.solicitacao.id,
            documentos: d.dados.documentos.map((doc) => ({ id: doc.id, aprovado: false, tipoDocumento: doc.tipoDocumento })),
            justificativa: 'Documento ilegível: envie uma nova foto, com boa luz e sem cortes.',
          }),
        });
        const texto = await decisao.text();
        const m = medidas.get('analista: decisão') ?? { ms: [], erros: 0 };
        medidas.set('analista: decisão', m);
        m.ms.push(performance.now() - t0);
        for (const [res, corpo] of [[detalhe, ''], [bloqueio, ''], [decisao, texto]] as const) {
          if (!res.ok) {
            m.erros++;
            m.amostraErro ??= `${res.url.replace(a.base, '')} ${res.status} ${corpo.slice(0, 200)}`;
            break;
          }
        }
      });
    }
  });
  // Each card check is another person (an employer, an inspector, a buyer) from an address of their own: the
  // per-address limit (30 a minute) is for one person, and a person checks a card or two, not thirty a minute.
  let visita = 0;
  for (let i = 0; i < visitantes; i++) {
    const base = baseDe(i);
    laco(async () => {
      const token = tokensCarteira[Math.floor(Math.random() * tokensCarteira.length)]!;
      const h = { 'x-forwarded-for': ipDe(100_000 + (visita++ % 1_000_000)) };
      await medir('visitante: carteira', () => fetch(`${base}/api/carteira-profissional/verificar/${token}`, { headers: h }));
    });
  }
  // The baseline of the same run: one more user asking /api/health (one SELECT 1) at the same pace.
  laco(async () => {
    await medir('base: /api/health', () => fetch(`${baseDe(0)}/api/health`));
  });

  const t0 = performance.now();
  await Promise.all(usuarios);
  const segundos = (performance.now() - t0) / 1000;
  clearInterval(amostrador);
  for (const s of servidores) await pararServidor(s.filho);

  console.log(`\n${instancias} instance(s), ${USUARIOS} users (${visitantes} visitors), ${segundos.toFixed(0)} s, think time mean ${PAUSA_MS} ms`);
  console.log('kind                   requests    req/s   p50 ms   p95 ms   p99 ms  errors');
  let total = 0;
  for (const [tipo, m] of [...medidas].sort(([a], [b]) => a.localeCompare(b))) {
    const ms = m.ms.sort((a, b) => a - b);
    total += ms.length;
    const r = (v: number) => v.toFixed(0).padStart(8);
    console.log(`${tipo.padEnd(22)} ${String(ms.length).padStart(8)} ${(ms.length / segundos).toFixed(1).padStart(8)} `
      + `${r(percentile(ms, 50))} ${r(percentile(ms, 95))} ${r(percentile(ms, 99))} ${String(m.erros).padStart(7)}`
      + (m.amostraErro ? `  e.g. ${m.amostraErro}` : ''));
  }
  console.log(`total ${total} requests, ${(total / segundos).toFixed(1)} req/s`);
  rss.forEach((r, i) => console.log(`instance ${i + 1} RSS: max ${r.max.toFixed(0)} MB, mean ${(r.soma / Math.max(1, r.n)).toFixed(0)} MB`));
}

try {
  for (const k of INSTANCIAS) await rodada(k);
} finally {
  await banco.fechar();
}
