import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { DURACAO_AVISO_SEM_ATO_MS, MENSAGENS_ATO_NORMATIVO } from '../../../shared/schemas/ato-normativo';
import { showToast } from '../../lib/toast';
import { atoKeys, fetchAtoVigente } from './ato-normativo-api';

/**
 * The act in force; when there is none, the spec's warning for 15 s (spec points 8 and 9), once per screen.
 * Only an answer the screen has just had counts: a "none" kept in the cache from an earlier visit, while it is
 * being asked again, is no warning (issue 21: the warning popped up right after an act in force was created).
 */
export function useAtoVigente() {
  const consulta = useQuery({ queryKey: atoKeys.vigente(), queryFn: fetchAtoVigente });
  const semVigente = consulta.isSuccess && consulta.data === null && !consulta.isFetching && !consulta.isStale;
  const avisado = useRef(false);
  useEffect(() => {
    if (!semVigente || avisado.current) return;
    avisado.current = true;
    showToast('warning', MENSAGENS_ATO_NORMATIVO.semVigente, { autoClose: DURACAO_AVISO_SEM_ATO_MS });
  }, [semVigente]);
  return consulta;
}

/**
 * After an act is created, changed or deleted, which act is in force may have changed: the cached answer is
 * dropped (so that no screen shows it while asking again), and every other act query is marked stale.
 */
export async function atosAlterados(qc: QueryClient): Promise<void> {
  qc.removeQueries({ queryKey: atoKeys.vigente() });
  await qc.invalidateQueries({ queryKey: atoKeys.all });
}
