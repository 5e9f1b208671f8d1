import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../components/loading';
import { Message } from '../components/message';
import { PageTitle } from '../components/page-title';
import { completeLogin } from '../lib/auth';

function LoginFailure({ message }: { message: string }) {
  return (
    <>
      <PageTitle title="Não foi possível entrar" />
      <Message kind="danger" title="Não foi possível entrar." alert>
        {message}
      </Message>
      <p className="mt-3">
        <Link to="/">Voltar para a página inicial</Link>
      </p>
    </>
  );
}

/**
 * GOV.BR callback (/login?code&state): exchanges the code for the session and goes to /home. An `error`
 * parameter (the user refused, or GOV.BR failed) is shown with a way back.
 */
export function LoginCallbackPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const error = params.get('error');
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (error || !code || !state) return;
    let active = true;
    void completeLogin(code, state).then((result) => {
      if (active && !result.ok) setFailure(result.message);
    });
    return () => {
      active = false;
    };
  }, [code, state, error]);

  if (error) {
    // Only a well-formed error code is echoed; free text from the address bar is not shown.
    const detail = /^[a-z_]{1,64}$/i.test(error) ? ` (${error})` : '';
    return <LoginFailure message={`O acesso pelo GOV.BR não foi concluído${detail}. Tente entrar novamente.`} />;
  }
  if (!code || !state) {
    return <LoginFailure message="O endereço de retorno do GOV.BR está incompleto. Tente entrar novamente." />;
  }
  if (failure) return <LoginFailure message={failure} />;
  return (
    <>
      <PageTitle title="Entrando" />
      <Loading label="Entrando…" />
    </>
  );
}
