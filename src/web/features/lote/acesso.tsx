import type { ReactNode } from 'react';
import { Perfil } from '../../../shared/enums';
import { ExigirPerfil } from '../../components/exigir-perfil';

/** Batch processing is for GESTOR and ADMIN (the server refuses anyone else anyway). */
export function ExigirPerfilLote({ children }: { children: ReactNode }) {
  return <ExigirPerfil perfis={[Perfil.GESTOR, Perfil.ADMIN]} semAcesso="Seu perfil não tem acesso ao processamento em lote.">{children}</ExigirPerfil>;
}
