import { useQuery } from '@tanstack/react-query';
import * as contratosConfiguracao from '../../shared/contratos/configuracao';
import type { ConfiguracaoPublica } from '../../shared/regras/cin';
import { dados } from './contrato';

/** GET /api/configuracao-publica: the settings the web must know (the CIN's date, decision 0053). */
export function fetchConfiguracaoPublica(): Promise<ConfiguracaoPublica> {
  return dados(contratosConfiguracao.publica, {});
}

/**
 * The public settings, fetched once in a while. A failure shows nothing: what they announce is a notice, and the
 * server refuses what they forbid anyway.
 */
export function useConfiguracaoPublica(): ConfiguracaoPublica | undefined {
  return useQuery({ queryKey: ['configuracao-publica'], queryFn: fetchConfiguracaoPublica, staleTime: 5 * 60_000 }).data;
}
