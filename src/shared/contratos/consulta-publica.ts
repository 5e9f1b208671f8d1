import { z } from 'zod';
import { CAMINHO_CONFIGURACAO_CAPTCHA, CAMINHO_DESAFIO_CAPTCHA } from '../captcha';
import { contrato } from '../contrato';
import {
  CABECALHO_CAPTCHA, carteiraPublicaSchema, configuracaoCaptchaSchema, consultaPublicaCarteiraQuery, desafioCaptchaSchema,
  protocoloPublicoParam, protocoloPublicoSchema,
} from '../schemas/carteira';
import { texto } from '../schemas/primitivos';
import { listaDoAtoSchema } from '../schemas/recurso';
import { tokenComprovanteParam } from '../schemas/verificacao';

/**
 * The captcha header. Optional in the schema on purpose: a missing token is answered by the service with the
 * specification's message (403), not by the schema's generic 400. Other headers pass through untouched.
 */
const cabecalhos = z.looseObject({
  [CABECALHO_CAPTCHA]: texto().optional().describe('Token do CAPTCHA: o payload do ALTCHA (base64) ou a resposta do hCaptcha'),
});

/** Anonymous lookups: the captcha challenge, a card by CPF and RGP number, a request by protocol number, a receipt's QR code. */
export const configuracaoCaptcha = contrato({
  metodo: 'GET', caminho: CAMINHO_CONFIGURACAO_CAPTCHA, permissao: 'publico', tag: 'consulta-publica',
  resumo: 'Qual CAPTCHA as consultas públicas pedem: ALTCHA (padrão) ou hCaptcha com a chave pública do site',
  resposta: configuracaoCaptchaSchema,
});
export const desafio = contrato({
  metodo: 'GET', caminho: CAMINHO_DESAFIO_CAPTCHA, permissao: 'publico', tag: 'consulta-publica',
  resumo: 'Desafio do CAPTCHA (ALTCHA) para as consultas públicas',
  descricao: 'dados é o desafio exatamente como o altcha-lib v2 o cria ({parameters, signature}); o widget '
    + 'o recebe como challenge. Com o hCaptcha configurado, 404 "Captcha externo configurado".',
  resposta: desafioCaptchaSchema,
});
export const consultarCarteira = contrato({
  metodo: 'GET', caminho: '/api/carteira-profissional/consulta-publica', permissao: 'publico', tag: 'consulta-publica',
  resumo: 'Consulta pública da carteira de pescador profissional por CPF e RGP (CAPTCHA)',
  descricao: 'Sem login. Responde só o necessário para conferir a carteira, nunca o CPF. CAPTCHA ausente, '
    + 'inválido ou já usado: 403. CPF ou RGP errado: o mesmo 404.',
  query: consultaPublicaCarteiraQuery,
  cabecalhos,
  resposta: carteiraPublicaSchema,
});
export const consultarProtocolo = contrato({
  metodo: 'GET', caminho: '/api/pescador/protocolo-solicitacao-registro/{id}', permissao: 'publico', tag: 'consulta-publica',
  resumo: 'Consulta pública de um protocolo de solicitação pelo número do protocolo (CAPTCHA)',
  descricao: 'id é o número do protocolo (não o id da solicitação). O nome do pescador vem mascarado.',
  params: protocoloPublicoParam,
  cabecalhos,
  resposta: protocoloPublicoSchema,
});
// The code is signed (HMAC), so no captcha; the server's rate limit and audit trail bound its use (decision 0044).
export const verificarProtocolo = contrato({
  metodo: 'GET', caminho: '/api/protocolo-solicitacao/verificar/{token}', permissao: 'publico', tag: 'consulta-publica',
  resumo: 'Verifica o comprovante de protocolo pelo código do QR (sem login, sem CAPTCHA)',
  descricao: 'Responde o mesmo que a consulta pública do protocolo (nome mascarado, sem CPF). Código '
    + 'adulterado: 400 "Código de verificação inválido.".',
  params: tokenComprovanteParam,
  resposta: protocoloPublicoSchema,
});
export const consultarListaDoAto = contrato({
  metodo: 'GET', caminho: '/api/consulta-publica/lista-do-ato', permissao: 'publico', tag: 'consulta-publica',
  resumo: '"Estou na lista?": se o pescador (CPF e RGP) está na lista de um ato de suspensão ou cancelamento, e até quando recorrer (CAPTCHA)',
  descricao: 'Sem login. Responde só sim ou não, o ato, o que significa e o último dia para recorrer (horário de Brasília); '
    + 'CPF ou RGP errado recebe o mesmo "não está na lista". CAPTCHA ausente, inválido ou já usado: 403.',
  query: consultaPublicaCarteiraQuery,
  cabecalhos,
  resposta: listaDoAtoSchema,
});
