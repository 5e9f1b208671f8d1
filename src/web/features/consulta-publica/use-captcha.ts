import { useRef, useState } from 'react';
import type { CaptchaHandle, CaptchaProps } from './captcha';

export const ID_CAPTCHA = 'verificacao-seguranca';
export const MENSAGEM_CAPTCHA_PENDENTE = 'Conclua a verificação de segurança “Eu não sou um robô”.';

/**
 * The captcha of one lookup form: the payload once solved, the way to solve it on submit when the user did not
 * tick it, and `gastar` after each call — the server accepts a token once, so every lookup needs a new one.
 */
export function useCaptchaDaConsulta() {
  const ref = useRef<CaptchaHandle>(null);
  const [payload, setPayload] = useState<string | null>(null);
  const [erro, setErro] = useState<string | undefined>(undefined);

  async function obterToken(): Promise<string | null> {
    const token = payload ?? (await ref.current?.verificar()) ?? null;
    setErro(token ? undefined : MENSAGEM_CAPTCHA_PENDENTE);
    return token;
  }

  function gastar(): void {
    setPayload(null);
    ref.current?.reset();
  }

  const props: CaptchaProps = {
    id: ID_CAPTCHA,
    ref,
    erro,
    onVerified: (p) => {
      setPayload(p);
      setErro(undefined);
    },
    onReset: () => setPayload(null),
  };

  return { obterToken, gastar, props, erro };
}
