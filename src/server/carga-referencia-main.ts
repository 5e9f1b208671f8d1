import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { connect, TEMPOS_POOL_PADRAO } from './db/client';
import { AuditoriaService } from './modules/auditoria/auditoria.service';
import { CargaRecusada, CargaReferenciaService, type TipoCarga } from './modules/referencia/carga-referencia.service';

/**
 * Loads the reference data the signals read (decision 0113):
 *   npm run carga:receita -- arquivo.csv --operador <CPF> [--data AAAA-MM-DD] [--aceitar-reducao]
 *   npm run carga:ibge -- arquivo.csv --operador <CPF> [--ano AAAA] [--aceitar-reducao]
 * In the image, `node dist/server/carga-referencia.mjs receita|ibge …` with DATABASE_URL. Without DATABASE_URL and
 * outside production it loads the local embedded database, as `npm run db:seed` does.
 */
const USO = 'uso: carga-referencia receita|ibge <arquivo> --operador <CPF> [--data AAAA-MM-DD] [--ano AAAA] [--aceitar-reducao]';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      operador: { type: 'string' }, ano: { type: 'string' }, data: { type: 'string' }, 'aceitar-reducao': { type: 'boolean' },
    },
  });
  const [tipo, arquivo] = positionals;
  if ((tipo !== 'receita' && tipo !== 'ibge') || !arquivo || positionals.length !== 2) {
    console.error(USO);
    return 2;
  }
  if (!fs.existsSync(arquivo)) {
    console.error(`Arquivo não encontrado: ${arquivo}`);
    return 2;
  }
  if (values.ano !== undefined && !/^\d{4}$/.test(values.ano)) {
    console.error('--ano: use o ano com 4 dígitos.');
    return 2;
  }
  // Only what this command uses (as the migrate step): it needs no session, OIDC or signing secret.
  const e = process.env;
  const config = loadConfig({ DATABASE_URL: e.DATABASE_URL, DATA_DIR: e.DATA_DIR, EMBEDDED_PG_PORT: e.EMBEDDED_PG_PORT });
  let url = config.database.url;
  let parar: (() => Promise<void>) | undefined;
  if (!url) {
    if (e.NODE_ENV === 'production') {
      console.error('DATABASE_URL é obrigatório em produção (nenhuma carga vai para um banco local).');
      return 2;
    }
    const { startEmbeddedPostgres } = await import('./db/embedded');
    const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.database.embeddedPort, persistent: true });
    url = embedded.url;
    parar = () => embedded.stop();
  }
  // No statement or idle limit of the server's (120 s, 60 s): the Receita's file has millions of lines, and one
  // statement makes the table equal to it. The load is one transaction, so stopping it leaves the previous data.
  const handle = connect(url, 2, { tempos: { ...TEMPOS_POOL_PADRAO, consultaMs: 0, ociosoEmTransacaoMs: 0 } });
  const inicio = performance.now();
  try {
    const servico = new CargaReferenciaService(handle.db, new AuditoriaService(handle.db));
    const r = await servico.carregar(tipo as TipoCarga, fs.createReadStream(arquivo, { highWaterMark: 1 << 20 }), {
      arquivo: path.basename(arquivo),
      cpfOperador: (values.operador ?? '').replace(/\D/g, ''),
      ano: values.ano === undefined ? undefined : Number(values.ano),
      data: values.data,
      aceitarReducao: values['aceitar-reducao'] ?? false,
    });
    const s = ((performance.now() - inicio) / 1000).toFixed(1);
    process.stdout.write(
      `Carga ${r.id} (${tipo}) concluída em ${s} s: ${qtd(r.linhas, 'linha lida', 'linhas lidas')}, `
      + `${qtd(r.mantidas, 'registro mantido', 'registros mantidos')} (${qtd(r.inseridas, 'novo', 'novos')}, `
      + `${qtd(r.atualizadas, 'alterado', 'alterados')}, ${qtd(r.removidas, 'removido', 'removidos')}). SHA-256 ${r.sha256}.\n`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof CargaRecusada)) throw err;
    console.error(err.message);
    for (const e of err.erros) console.error(`  Linha ${e.linha}: ${e.mensagem}`);
    return 1;
  } finally {
    await handle.close();
    await parar?.();
  }
}

main().then((codigo) => process.exit(codigo), (err: unknown) => {
  console.error(`Carga falhou: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

/** "1 linha lida", "2 linhas lidas". */
function qtd(n: number, um: string, varios: string): string {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? um : varios}`;
}
