import { useInfiniteQuery } from '@tanstack/react-query';
import type { QueryDe } from '../../../shared/contrato';
import * as c from '../../../shared/contratos/auditoria';
import type { PaginaAuditoria } from '../../../shared/schemas/auditoria';
import { dados } from '../../lib/contrato';

/** The audit screen's filters as the API reads them (the contract's query but the page); empty values are left out. */
export type FiltrosAuditoriaWeb = Omit<QueryDe<typeof c.listar>, 'apos' | 'tamanhoPagina'>;

export function buscarAuditoria(f: FiltrosAuditoriaWeb, apos: string | null): Promise<PaginaAuditoria> {
  return dados(c.listar, { query: { ...f, apos: apos ?? undefined } });
}

/** The trail, newest first, one keyset page after another ("Carregar mais"). */
export function useAuditoria(f: FiltrosAuditoriaWeb | null) {
  return useInfiniteQuery({
    queryKey: ['auditoria', f],
    queryFn: ({ pageParam }) => buscarAuditoria(f!, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (ultima) => ultima.proximo,
    enabled: f !== null,
  });
}
