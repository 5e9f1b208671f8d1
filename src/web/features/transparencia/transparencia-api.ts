import { useInfiniteQuery } from '@tanstack/react-query';
import * as c from '../../../shared/contratos/lgpd';
import { NOME_ARQUIVO_EXPORTACAO, type AcessosAosMeusDados } from '../../../shared/schemas/auditoria';
import { dados } from '../../lib/contrato';

/** Calls of the fisher's LGPD rights (src/server/modules/lgpd/lgpd.routes.ts), answers checked with the shared schemas. */

export function buscarAcessos(apos: string | null): Promise<AcessosAosMeusDados> {
  return dados(c.acessos, { query: { apos: apos ?? undefined } });
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

/** Downloads the fisher's data as a JSON file (LGPD art. 18). */
export async function baixarMeusDados(): Promise<void> {
  const meusDados = await dados(c.meusDados, {});
  const blob = new Blob([JSON.stringify(meusDados, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = NOME_ARQUIVO_EXPORTACAO;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Revoked after the click has been handled (a synchronous revoke can cancel the download in some browsers).
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
