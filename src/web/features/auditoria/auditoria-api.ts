import { useInfiniteQuery } from '@tanstack/react-query';
import { paginaAuditoriaSchema, type PaginaAuditoria } from '../../../shared/schemas/auditoria';
import { getDados } from '../../lib/api';

/** The audit screen's filters as the API reads them (GET /api/auditoria?…); empty values are left out. */
export interface FiltrosAuditoriaWeb {
  cpfAtor?: string;
  cpfPescador?: string;
  recurso?: string;
  recursoId?: string;
  acao?: string;
  de?: string;
  ate?: string;
}

export function consultaAuditoria(f: FiltrosAuditoriaWeb, apos: string | null): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (typeof v === 'string' && v.trim() !== '') q.set(k, v.trim());
  if (apos) q.set('apos', apos);
  const s = q.toString();
  return `/api/auditoria${s ? `?${s}` : ''}`;
}

export function buscarAuditoria(f: FiltrosAuditoriaWeb, apos: string | null): Promise<PaginaAuditoria> {
  return getDados(consultaAuditoria(f, apos), paginaAuditoriaSchema);
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
