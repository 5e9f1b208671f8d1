import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type Ref } from 'react';
import { consultarConfiguracaoCaptcha } from './captcha-api';

export interface CaptchaHandle {
  /** The server accepts a token once. */
  reset(): void;
  verificar(): Promise<string | null>;
}

export interface CaptchaProps {
  /** id of the group (the error summary's link target) */
  id: string;
  /** the widget was solved: the token goes in the x-hcaptcha-token header */
  onVerified: (payload: string) => void;
  /** the solution was spent, expired or failed */
  onReset?: () => void;
  /** inline error message */
  erro?: string | undefined;
  ref?: Ref<CaptchaHandle>;
}

/** What each widget receives. */
export interface WidgetProps {
  onVerified: (payload: string) => void;
  onReset?: (() => void) | undefined;
  /** the widget's code or service could not be reached */
  onFalhaCarga: () => void;
}

// Each widget's code is loaded only where it is used (not by the QR check): ALTCHA by default, hCaptcha when the
// server says so.
const WidgetAltcha = lazy(() => import('./widget-altcha'));
const WidgetHCaptcha = lazy(() => import('./widget-hcaptcha'));

const DICAS = {
  altcha:
    'Marque “Eu não sou um robô” ou apenas consulte: o seu navegador resolve um pequeno cálculo, sem enviar dados a '
    + 'terceiros. Cada consulta pede uma nova verificação.',
  hcaptcha: 'Marque “Sou humano” e, se for pedido, resolva o desafio do hCaptcha. Cada consulta pede uma nova verificação.',
} as const;

const FALHA_CARGA = 'Não foi possível carregar a verificação de segurança. Recarregue a página.';

/** The widget the server configured. Isolated here so that the screens' tests replace it. */
export function Captcha({ id, onVerified, onReset, erro, ref }: CaptchaProps) {
  const config = useQuery({ queryKey: ['captcha', 'configuracao'], queryFn: consultarConfiguracaoCaptcha, staleTime: 5 * 60_000 });
  const [falhaCarga, setFalhaCarga] = useState(false);
  const widget: WidgetProps = { onVerified, onReset, onFalhaCarga: () => setFalhaCarga(true) };
  const carregando = <p className="field-hint">Carregando a verificação de segurança…</p>;
  const erroId = `${id}-erro`;
  return (
    <div
      id={id}
      tabIndex={-1}
      role="group"
      aria-labelledby={`${id}-titulo`}
      aria-describedby={`${id}-dica${erro ? ` ${erroId}` : ''}`}
      className={`field consulta-captcha${erro ? ' danger' : ''}`}
    >
      <p id={`${id}-titulo`} className="consulta-captcha-titulo">
        Verificação de segurança
      </p>
      <p id={`${id}-dica`} className="field-hint">
        {config.data?.tipo === 'hcaptcha' ? DICAS.hcaptcha : DICAS.altcha}
      </p>
      {erro && (
        <span id={erroId} className="feedback danger">
          <i className="fas fa-times-circle" aria-hidden="true" />
          {erro}
        </span>
      )}
      <Suspense fallback={carregando}>
        {config.isPending && carregando}
        {config.data?.tipo === 'altcha' && <WidgetAltcha {...widget} ref={ref} />}
        {config.data?.tipo === 'hcaptcha' && <WidgetHCaptcha {...widget} siteKey={config.data.siteKey} ref={ref} />}
      </Suspense>
      {(falhaCarga || config.isError) && (
        <p className="feedback danger" role="alert">
          {FALHA_CARGA}
        </p>
      )}
    </div>
  );
}
