import HCaptcha from '@hcaptcha/react-hcaptcha';
import { useImperativeHandle, useRef, type Ref } from 'react';
import type { CaptchaHandle, WidgetProps } from './captcha';

/**
 * hCaptcha's own widget (when the server verifies with hCaptcha): its script and challenge frame come from
 * hCaptcha, which the server's Content Security Policy then allows. The token goes in x-hcaptcha-token.
 */
export default function WidgetHCaptcha({
  siteKey,
  onVerified,
  onReset,
  onFalhaCarga,
  ref,
}: WidgetProps & { siteKey: string; ref?: Ref<CaptchaHandle> }) {
  const widget = useRef<HCaptcha>(null);

  useImperativeHandle(ref, () => ({
    reset() {
      widget.current?.resetCaptcha();
    },
    async verificar() {
      try {
        const resultado = await widget.current?.execute({ async: true });
        return resultado?.response ?? null;
      } catch {
        return null;
      }
    },
  }));

  return (
    <HCaptcha
      ref={widget}
      sitekey={siteKey}
      languageOverride="pt-BR"
      // No error reports to hCaptcha's Sentry: the page sends hCaptcha only what the challenge needs.
      sentry={false}
      onVerify={(token) => onVerified(token)}
      onExpire={() => onReset?.()}
      onChalExpired={() => onReset?.()}
      onError={() => {
        onReset?.();
        onFalhaCarga();
      }}
    />
  );
}
