import { z } from 'zod';
import { contrato } from '../contrato';
import { chaveLink, linkResposta, loginCorpo, loginResposta, refreshResposta } from '../schemas/auth';
import { CAMINHO_RENOVAR_SESSAO } from '../renovacao';

/** Sign-in through gov.br (spec point 4, Login): the link, the code exchange, the session's refresh and the logout. */
export const link = contrato({
  metodo: 'GET', caminho: '/api/auth/link/{chave}', permissao: 'publico', tag: 'auth',
  resumo: 'Endereço de login do gov.br para a chave aleatória do cliente',
  params: z.object({ chave: chaveLink }),
  resposta: linkResposta,
});
export const login = contrato({
  metodo: 'POST', caminho: '/api/auth/login', permissao: 'publico', tag: 'auth',
  resumo: 'Troca o código do gov.br por um token de sessão',
  corpo: loginCorpo,
  resposta: loginResposta,
});
export const renovar = contrato({
  metodo: 'POST', caminho: CAMINHO_RENOVAR_SESSAO, permissao: 'sessao', tag: 'auth',
  resumo: 'Renova o token de uma sessão aberta',
  resposta: refreshResposta,
});
// The token is optional: with it the session ends; without it (or an invalid one) the answer is the same.
export const logout = contrato({
  metodo: 'GET', caminho: '/api/auth/logout', permissao: 'publico', tag: 'auth',
  resumo: 'Encerra a sessão e devolve o endereço de logout do gov.br',
  // It takes the token when there is one, and answers the same without it.
  tokenOpcional: true,
  resposta: linkResposta,
});
