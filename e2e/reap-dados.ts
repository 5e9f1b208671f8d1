import pg from 'pg';
import { onlyDigits } from '../src/shared/cpf';

/**
 * Test data of the REAP journey that the product makes only through a long registration and analysis: a signed-in
 * fisher given an active registry (RGP number, first RGP date, state, category) directly in the journey's own
 * embedded database (the same credentials `npm start` gives it). Every call of the journey itself goes through the
 * browser.
 */
const PG_PORT = Number(process.env.E2E_PG_PORT ?? 5499);

export async function darRegistroAtivo(cpf: string, o: { categoria: 1 | 2; dataPrimeiroRgp: string }): Promise<void> {
  const db = new pg.Client({ connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp` });
  await db.connect();
  try {
    const digitos = onlyDigits(cpf);
    const r = await db.query(
      `UPDATE pescador SET numero_rgp = $2, uf = 'PA', municipio_id = 1501402, categoria = $3, situacao_registro = 1,
         data_primeiro_rgp = $4 WHERE cpf = $1`,
      [digitos, `PA${o.categoria === 1 ? 'PI' : 'PA'}${digitos}`, o.categoria, o.dataPrimeiroRgp],
    );
    if (r.rowCount !== 1) throw new Error(`no fisher with CPF ${cpf}`);
  } finally {
    await db.end();
  }
}
