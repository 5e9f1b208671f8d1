import { CAMINHO_CONFIGURACAO_CAPTCHA, lerConfiguracaoCaptcha, type ConfiguracaoCaptcha } from '../../../shared/captcha';
import { lerEnvelopeComLeitor } from '../../../shared/envelope';
import { api } from '../../lib/api';

/**
 * GET /api/captcha/configuracao: ALTCHA (the default) or hCaptcha with its site key. Read without zod
 * (src/shared/captcha.ts, decision 0065): the lookup pages ask for it as they open, before anything else needs zod.
 * An answer outside the contract is an error, as the schema would make it.
 */
export async function consultarConfiguracaoCaptcha(): Promise<ConfiguracaoCaptcha> {
  const { data } = await api.get<unknown>(CAMINHO_CONFIGURACAO_CAPTCHA, { skipAuthRefresh: true });
  const envelope = lerEnvelopeComLeitor(data, lerConfiguracaoCaptcha);
  if (!envelope) throw new Error(`GET ${CAMINHO_CONFIGURACAO_CAPTCHA}: resposta fora do contrato`);
  return envelope.dados;
}
