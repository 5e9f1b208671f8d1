import { useQuery } from '@tanstack/react-query';
import type { CorpoDe } from '../../../shared/contrato';
import * as c from '../../../shared/contratos/integracao';
import type {
  AssinaturaWebhook, AssinaturaWebhookCriada, ClienteIntegracao, CredencialCliente, EntregaWebhook,
} from '../../../shared/schemas/integracao';
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

export const webhooksKeys = {
  lista: ['integracao', 'webhooks'] as const,
  entregas: (id: number) => ['integracao', 'webhooks', id, 'entregas'] as const,
};

export function useAssinaturasWebhook() {
  return useQuery({ queryKey: webhooksKeys.lista, queryFn: async () => (await dados(c.listarAssinaturasWebhook, {})).itens });
}

export function useEntregasWebhook(id: number | null) {
  return useQuery({
    queryKey: webhooksKeys.entregas(id ?? 0), enabled: id !== null,
    queryFn: async () => (await dados(c.listarEntregasWebhook, { params: { id: id! } })).itens,
  });
}

export async function criarAssinaturaWebhook(corpo: CorpoDe<typeof c.criarAssinaturaWebhook>): Promise<AssinaturaWebhookCriada> {
  return (await chamar(c.criarAssinaturaWebhook, { corpo })).dados;
}

export async function desativarAssinaturaWebhook(id: number): Promise<AssinaturaWebhook> {
  return (await chamar(c.desativarAssinaturaWebhook, { params: { id } })).dados;
}

export async function reativarAssinaturaWebhook(id: number): Promise<AssinaturaWebhook> {
  return (await chamar(c.reativarAssinaturaWebhook, { params: { id } })).dados;
}

export async function reenviarEntregaWebhook(id: number, entregaId: number): Promise<EntregaWebhook> {
  return (await chamar(c.reenviarEntregaWebhook, { params: { id, entregaId } })).dados;
}
