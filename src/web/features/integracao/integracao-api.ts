import { useQuery } from '@tanstack/react-query';
import type { CorpoDe } from '../../../shared/contrato';
import * as c from '../../../shared/contratos/integracao';
import type { ClienteIntegracao, CredencialCliente } from '../../../shared/schemas/integracao';
import { chamar, dados } from '../../lib/contrato';

/** Calls of the machine clients' screen (src/server/modules/integracao/integracao.routes.ts). */

export const clientesKeys = { lista: ['integracao', 'clientes'] as const };

export function useClientes() {
  return useQuery({ queryKey: clientesKeys.lista, queryFn: async () => (await dados(c.listarClientes, {})).itens });
}

export async function cadastrarCliente(corpo: CorpoDe<typeof c.cadastrarCliente>): Promise<CredencialCliente> {
  return (await chamar(c.cadastrarCliente, { corpo })).dados;
}

export async function rotacionarCredencial(id: number): Promise<CredencialCliente> {
  return (await chamar(c.rotacionarCredencial, { params: { id }, corpo: {} })).dados;
}

export async function revogarCliente(id: number): Promise<ClienteIntegracao> {
  return (await chamar(c.revogarCliente, { params: { id } })).dados;
}
