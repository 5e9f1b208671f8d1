import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FalhaComNovaTentativa } from '../../components/falha-com-nova-tentativa';
import { Loading } from '../../components/loading';
import { ERRO_DESCONHECIDO } from '../../lib/api';
import './consulta-publica.css';

/** The form of a code the server signs; any other is refused without asking it. */
const TOKEN_VALIDO = /^[A-Za-z0-9_-]{16,200}$/;

export type Sentido = 'positivo' | 'alerta' | 'negativo';

const ICONE: Record<Sentido, string> = {
  positivo: 'fa-check-circle',
  alerta: 'fa-exclamation-triangle',
  negativo: 'fa-times-circle',
};

/** By words and an icon as well as by colour. */
export function Veredito({ sentido, titulo, mensagem }: { sentido: Sentido; titulo: string; mensagem?: string | undefined }) {
  return (
    <div className={`verificacao-veredito ${sentido}`} role="status">
      <i className={`fas ${ICONE[sentido]} fa-2x`} aria-hidden="true" />
      <div>
        <p className="verificacao-titulo">{titulo}</p>
        {mensagem && <p className="verificacao-motivo">{mensagem}</p>}
      </div>
    </div>
  );
}

interface PropsVerificacao<R> {
  token: string;
  /** The query's key, after 'consulta-publica'. */
  chave: string;
  buscar: (token: string) => Promise<R>;
  carregando: string;
  invalido: { titulo: string; mensagem: string };
  /** What the server answered (an invalid code is an answer too). */
  children: (resultado: R) => ReactNode;
}

/** The page a printed QR code opens: no captcha and no sign-in, the code is unguessable. */
export function Verificacao<R>({ token, chave, buscar, carregando, invalido, children }: PropsVerificacao<R>) {
  const tokenOk = TOKEN_VALIDO.test(token);
  const query = useQuery({
    queryKey: ['consulta-publica', chave, token],
    queryFn: () => buscar(token),
    enabled: tokenOk,
    staleTime: 0,
    // Only failures without an answer (or a server failure) reach here: invalid codes are results.
    meta: { errorMessage: ERRO_DESCONHECIDO },
  });

  if (!tokenOk) return <Veredito sentido="negativo" titulo={invalido.titulo} mensagem={invalido.mensagem} />;
  if (query.isPending) return <Loading label={carregando} />;
  if (query.isError) return <FalhaComNovaTentativa titulo={ERRO_DESCONHECIDO} onTentarNovamente={() => void query.refetch()} />;
  return children(query.data);
}
