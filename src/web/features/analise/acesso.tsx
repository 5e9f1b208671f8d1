import type { ReactNode } from 'react';
import { Perfil } from '../../../shared/enums';
import { ExigirPerfil } from '../../components/exigir-perfil';

/** Profiles that see the analyses (product.md "Who may do what"): GESTOR, MPA, SFPA, ADMIN and CONSULTA_INTERNO. */
export const PERFIS_LEITURA_ANALISE: readonly number[] = [
  Perfil.GESTOR,
  Perfil.MPA,
  Perfil.SFPA,
  Perfil.ADMIN,
  Perfil.CONSULTA_INTERNO,
];

/** Profiles that analyse; CONSULTA_INTERNO reads only. */
export const PERFIS_ANALISTA: readonly number[] = [Perfil.GESTOR, Perfil.MPA, Perfil.SFPA, Perfil.ADMIN];

export function podeLerAnalises(perfil: number | undefined): boolean {
  return perfil !== undefined && PERFIS_LEITURA_ANALISE.includes(perfil);
}

export function podeAnalisar(perfil: number | undefined): boolean {
  return perfil !== undefined && PERFIS_ANALISTA.includes(perfil);
}

/** Renders the analysis screens only for the profiles that may read analyses (ExigirPerfil). */
export function ExigirPerfilAnalise({ children }: { children: ReactNode }) {
  return <ExigirPerfil perfis={PERFIS_LEITURA_ANALISE} semAcesso="Seu perfil não tem acesso às análises de solicitações.">{children}</ExigirPerfil>;
}
