import { z } from 'zod';
import { contrato } from '../contrato';

/** Liveness and readiness (deploy/kubernetes): anyone, no sign-in. */
export const vivo = contrato({
  metodo: 'GET', caminho: '/api/health/vivo', permissao: 'publico', tag: 'saude',
  resumo: 'O processo responde (sem consultar o banco de dados)',
  resposta: z.object({ status: z.literal('ok') }),
});
export const pronto = contrato({
  metodo: 'GET', caminho: '/api/health', permissao: 'publico', tag: 'saude',
  resumo: 'Estado do serviço e do banco de dados',
  // 503 while the database does not answer or the instance drains; never because it is busy (decision 0070).
  outrosErros: [503],
  resposta: z.object({
    status: z.literal('ok'),
    banco: z.literal('ok'),
    latenciaBancoMs: z.number(),
    falhasAuditoria: z.number().int().describe('Registros de auditoria que não puderam ser gravados desde o início'),
  }),
});
