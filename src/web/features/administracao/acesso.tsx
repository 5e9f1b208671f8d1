import type { ReactNode } from 'react';
import { Perfil } from '../../../shared/enums';
import { ExigirPerfil } from '../../components/exigir-perfil';

/** Who manages (product guide, "Who may do what"): GESTOR and ADMIN; CONSULTA_INTERNO reads. */
export const PERFIS_GESTAO: readonly number[] = [Perfil.GESTOR, Perfil.ADMIN];
export const PERFIS_ADMINISTRACAO: readonly number[] = [...PERFIS_GESTAO, Perfil.CONSULTA_INTERNO];

export function podeAdministrar(perfil: number | undefined): boolean {
  return perfil !== undefined && PERFIS_ADMINISTRACAO.includes(perfil);
}

export function podeGerir(perfil: number | undefined): boolean {
  return perfil !== undefined && PERFIS_GESTAO.includes(perfil);
}

/**
 * Renders the administration screens only for the profiles that may read them; with `gestao`, only for those who
 * manage (ExigirPerfil).
 */
export function ExigirPerfilAdministracao({ children, gestao = false }: { children: ReactNode; gestao?: boolean }) {
  return (
    <ExigirPerfil perfis={gestao ? PERFIS_GESTAO : PERFIS_ADMINISTRACAO} semAcesso="Seu perfil não tem acesso a esta área da administração.">
      {children}
    </ExigirPerfil>
  );
}
