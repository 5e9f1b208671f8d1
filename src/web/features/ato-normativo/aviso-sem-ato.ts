import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { DURACAO_AVISO_SEM_ATO_MS, MENSAGENS_ATO_NORMATIVO } from '../../../shared/schemas/ato-normativo';
import { showToast } from '../../lib/toast';
import { atoKeys, fetchAtoVigente } from './ato-normativo-api';

/**
 * The act in force; when there is none, the spec's warning for 15 s, once per screen (spec points 8 and 9). Only an
 * answer just had counts: a cached "none" being asked again is no warning.
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

/** The cached answer is dropped, so no screen shows it while asking again. */
export async function atosAlterados(qc: QueryClient): Promise<void> {
  qc.removeQueries({ queryKey: atoKeys.vigente() });
  await qc.invalidateQueries({ queryKey: atoKeys.all });
}
