import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DURACAO_AVISO_SEM_ATO_MS, MENSAGENS_ATO_NORMATIVO } from '../../../shared/schemas/ato-normativo';
import { showToast } from '../../lib/toast';
import { atoKeys, fetchAtoVigente } from './ato-normativo-api';

/** The act in force; when there is none, the spec's warning for 15 s (spec points 8 and 9), once per screen. */
export function useAtoVigente() {
  const consulta = useQuery({ queryKey: atoKeys.vigente(), queryFn: fetchAtoVigente });
  const semVigente = consulta.isSuccess && consulta.data === null;
  useEffect(() => {
    if (semVigente) showToast('warning', MENSAGENS_ATO_NORMATIVO.semVigente, { autoClose: DURACAO_AVISO_SEM_ATO_MS });
  }, [semVigente]);
  return consulta;
}
