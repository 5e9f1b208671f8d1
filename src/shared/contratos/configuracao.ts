import { contrato } from '../contrato';
import { configuracaoPublicaSchema } from '../regras/cin';

/** The settings the web must know and never hard-codes (decision 0053): anyone, no sign-in. */
export const publica = contrato({
  metodo: 'GET', caminho: '/api/configuracao-publica', permissao: 'publico', tag: 'configuracao',
  resumo: 'Configurações públicas que a interface usa (data a partir da qual a CIN é exigida)',
  resposta: configuracaoPublicaSchema,
});
