import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tornarAtivo } from '../carteira/carteira.test-utils';
import { BELEM, novoPescador, type Pescador } from '../solicitacao/passos.test-utils';
import type { TestApp } from '../../test/helpers';

/** Test helpers of REAP (not a test file). */

/** A fisher signed in, with an active registry (RGP number) since `dataPrimeiroRgp`, in Pará or São Paulo. */
export async function pescadorComRgp(
  t: TestApp, n: number, o: { dataPrimeiroRgp?: string; uf?: 'PA' | 'SP'; categoria?: number } = {},
): Promise<Pescador> {
  const p = await novoPescador(t, n);
  await tornarAtivo(t.db, p.id, {
    numeroRgp: `${o.uf ?? 'PA'}PA${String(n).padStart(11, '0')}`,
    uf: o.uf ?? 'PA',
    municipioId: o.uf === 'SP' ? 3550308 : BELEM,
    categoria: o.categoria ?? 2,
    dataPrimeiroRgp: o.dataPrimeiroRgp ?? '2023-06-15',
  });
  return p;
}

/** Sets a reference year's filling window directly. */
export async function definirPrazo(db: Database, ano: number, inicio: string, fim: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO reap_prazo (ano_referencia, inicio_preenchimento, fim_preenchimento) VALUES (${ano}, ${inicio}, ${fim})
    ON CONFLICT (ano_referencia) DO UPDATE SET inicio_preenchimento = EXCLUDED.inicio_preenchimento, fim_preenchimento = EXCLUDED.fim_preenchimento`);
}

/** The fisher's questionnaire of a year (after the generation). */
export async function idDoAno(db: Database, pescadorId: number, ano: number): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT id FROM reap_questionario WHERE pescador_id = ${pescadorId} AND ano_referencia = ${ano}`);
  if (!rows[0]) throw new Error(`no REAP of ${ano} for fisher ${pescadorId}`);
  return rows[0].id;
}

/** A complete artesanal REAP body: fished, two species, twelve months. */
export function artesanalCompleto(id: number, anoReferencia: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    anoReferencia,
    categoria: 2,
    realizouPesca: true,
    tipoPrestacaoServico: 1,
    houveComercializacao: true,
    reapsArtesanais: Array.from({ length: 12 }, (_, i) => ({ mesReferencia: i + 1, quantidadeDiasTrabalhados: 10 })),
    totalDiasTrabalhadoAno: 120,
    resultadosOperacaoPesca: [
      { especiePescado: { id: 1 }, tipoUnidadeMedida: { id: 1 }, totalPescado: 1234.567, precoQuilo: 12.5 },
      { especiePescado: { id: 2 }, tipoUnidadeMedida: { id: 2 }, totalPescado: 300, precoQuilo: 2 },
    ],
    gruposAlvosPescado: [{ grupoAlvo: 1 }],
    locaisPescaPetrecho: [{
      ambientePesca: 1, petrechoPesca: 2, areaPretendidaPesca: { idMunicipio: BELEM, tipoLocalPesca: 1, nomePopularLocalPesca: 'Baía do Guajará' },
    }],
    ufsComercializacao: [{ uf: 'PA', comercializacoesPescado: [{ tipoComprador: 2 }] }],
    justificativasSolicitacao: [],
    enviada: false,
    ...extra,
  };
}
