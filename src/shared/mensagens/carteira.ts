/** What carteira answers and forms say, apart from the schemas so a screen shows it without zod (decision 0130). */

export const MENSAGENS_CARTEIRA = {
  captchaInvalido: 'Token de CAPTCHA inválido ou não fornecido',
  captchaExterno: 'Captcha externo configurado',
  carteiraNaoEncontrada: 'Carteira não encontrada para o CPF e o RGP informados.',
  protocoloNaoEncontrado: 'Protocolo não encontrado.',
  protocoloInvalido: 'Número de protocolo inválido.',
  registroInativo: 'A carteira só pode ser impressa com o registro ativo.',
  carteiraValida: 'Carteira válida.',
  carteiraSubstituida: 'Esta carteira foi substituída por uma emissão mais recente.',
  carteiraRegistroNaoAtivo: 'O registro deste pescador não está ativo.',
  carteiraOutroRgp: 'Esta carteira não corresponde ao número de RGP atual do pescador.',
  codigoInvalido: 'Código de verificação inválido.',
} as const;
