import { useInfiniteQuery } from '@tanstack/react-query';
import { acessosAosMeusDados } from '../../../shared/leituras-pescador';
import { NOME_ARQUIVO_EXPORTACAO, NOME_ARQUIVO_EXPORTACAO_PDF } from '../../../shared/mensagens/auditoria';
import type { AcessosAosMeusDados } from '../../../shared/schemas/auditoria';
import { lerDados } from '../../lib/leitura';
import { salvarArquivo } from '../../lib/salvar-arquivo';

/** The export's contracts load on the click: /home lists the accesses without zod (decision 0130). */
const contratos = () => Promise.all([import('../../../shared/contratos/lgpd'), import('../../lib/contrato')]);

/** Calls of the fisher's LGPD rights. */

export function buscarAcessos(apos: string | null): Promise<AcessosAosMeusDados> {
  return lerDados(acessosAosMeusDados, { query: { apos: apos ?? undefined } });
}

/** Who among the staff viewed or changed the signed-in fisher's data, page after page (keyset). */
export function useAcessosAosMeusDados() {
  return useInfiniteQuery({
    queryKey: ['lgpd', 'acessos'],
    queryFn: ({ pageParam }) => buscarAcessos(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (ultima) => ultima.proximo,
  });
}

/** Downloads the fisher's data as a JSON file (LGPD art. 18): for another system, or to keep every code. */
export async function baixarMeusDados(): Promise<void> {
  const [c, { dados }] = await contratos();
  const meusDados = await dados(c.meusDados, {});
  salvarArquivo(new Blob([JSON.stringify(meusDados, null, 2)], { type: 'application/json' }), NOME_ARQUIVO_EXPORTACAO);
}

/** Downloads the same data as a PDF, to read on a phone. */
export async function baixarMeusDadosPdf(): Promise<void> {
  const [c, { chamar }] = await contratos();
  const pdf = await chamar(c.meusDadosPdf, { headers: { Accept: 'application/pdf, application/json' } });
  salvarArquivo(pdf instanceof Blob ? pdf : new Blob([pdf], { type: 'application/pdf' }), NOME_ARQUIVO_EXPORTACAO_PDF);
}
