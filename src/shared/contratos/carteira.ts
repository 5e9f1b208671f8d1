import { contrato } from '../contrato';
import { tokenCarteiraParam, verificacaoCarteiraSchema } from '../schemas/carteira';
import { idParam } from '../schemas/primitivos';

/** The professional card: the printable PDF and the check of its QR code. */
// The fisher and the staff who read fishers print it; CONSULTA_EXTERNO may not (product guide, "Who may do what").
export const imprimir = contrato({
  metodo: 'GET', caminho: '/api/pescador/{id}/imprimir-carteira', permissao: 'pescador.ler', tag: 'carteira-profissional',
  resumo: 'Carteira de pescador profissional (PDF) com código QR de verificação',
  descricao: 'Só com o registro ATIVO (406 caso contrário). O pescador imprime a própria; servidores, os '
    + 'pescadores do seu escopo (auditado); a consulta externa não imprime.',
  params: idParam,
  resposta: { arquivo: ['application/pdf'], descricao: 'PDF (application/pdf)' },
  outrosErros: [406],
});
// The code is unguessable (HMAC), so no captcha; the server's rate limit and audit trail bound its use.
export const verificar = contrato({
  metodo: 'GET', caminho: '/api/carteira-profissional/verificar/{token}', permissao: 'publico', tag: 'carteira-profissional',
  resumo: 'Verifica a carteira pelo código do QR (sem CPF, sem login)',
  descricao: 'valida é verdadeiro só para a emissão mais recente de um registro ativo; senão motivo diz por quê. '
    + 'Código adulterado: 400.',
  params: tokenCarteiraParam,
  resposta: verificacaoCarteiraSchema,
});
