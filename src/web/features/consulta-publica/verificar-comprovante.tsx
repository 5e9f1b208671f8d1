import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ROTA_CONSULTA_PROTOCOLO } from '../../../shared/rotas-web';
import type { ProtocoloPublico } from '../../../shared/schemas/carteira';
import { MENSAGENS_VERIFICACAO, type VerificacaoReap } from '../../../shared/schemas/verificacao';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { ERRO_DESCONHECIDO } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { camposProtocolo, ListaCampos, type Campo } from './campos-resultado';
import { verificarProtocolo, verificarReap, type ResultadoComprovante } from './verificacao-api';
import './consulta-publica.css';

const TOKEN_VALIDO = /^[A-Za-z0-9_-]{16,200}$/;

/** The verdict in words and an icon as well as colour, as the card's check shows it. */
function Veredito({ autentico, titulo, mensagem }: { autentico: boolean; titulo: string; mensagem?: string | undefined }) {
  return (
    <div className={`verificacao-veredito ${autentico ? 'positivo' : 'negativo'}`} role="status">
      <i className={`fas ${autentico ? 'fa-check-circle' : 'fa-times-circle'} fa-2x`} aria-hidden="true" />
      <div>
        <p className="verificacao-titulo">{titulo}</p>
        {mensagem && <p className="verificacao-motivo">{mensagem}</p>}
      </div>
    </div>
  );
}

interface PropsVerificacao<T> {
  token: string;
  chave: string;
  buscar: (token: string) => Promise<ResultadoComprovante<T>>;
  carregando: string;
  tituloAutentico: string;
  tituloInvalido: string;
  campos: (dados: T) => Campo[];
}

/** A receipt's QR check: the verdict, and what the receipt proves when it is genuine. */
function VerificacaoComprovante<T>({ token, chave, buscar, carregando, tituloAutentico, tituloInvalido, campos }: PropsVerificacao<T>) {
  const tokenOk = TOKEN_VALIDO.test(token);
  const query = useQuery({
    queryKey: ['consulta-publica', chave, token],
    queryFn: () => buscar(token),
    enabled: tokenOk,
    staleTime: 0,
    meta: { errorMessage: ERRO_DESCONHECIDO },
  });

  if (!tokenOk) return <Veredito autentico={false} titulo={tituloInvalido} mensagem={MENSAGENS_VERIFICACAO.codigoInvalido} />;
  if (query.isPending) return <Loading label={carregando} />;
  if (query.isError) {
    return (
      <>
        <Message kind="danger" title={ERRO_DESCONHECIDO} alert />
        <p className="mt-3">
          <button type="button" className="br-button secondary" onClick={() => void query.refetch()}>
            Tentar novamente
          </button>
        </p>
      </>
    );
  }
  const r = query.data;
  if (r.tipo === 'invalido') return <Veredito autentico={false} titulo={tituloInvalido} mensagem={r.mensagem} />;
  return (
    <>
      <Veredito autentico titulo={tituloAutentico} />
      <ListaCampos campos={campos(r.dados)} />
    </>
  );
}

/** /verificar-protocolo?token=: the page a protocol receipt's QR code opens (no sign-in, no captcha). */
export function VerificarProtocolo({ token }: { token: string }) {
  return (
    <>
      <VerificacaoComprovante<ProtocoloPublico>
        token={token}
        chave="verificar-protocolo"
        buscar={verificarProtocolo}
        carregando="Verificando o comprovante…"
        tituloAutentico="Comprovante autêntico"
        tituloInvalido="Comprovante inválido"
        campos={camposProtocolo}
      />
      <p className="mt-3">
        Para consultar uma solicitação pelo número do protocolo, use a <Link to={ROTA_CONSULTA_PROTOCOLO}>consulta de protocolo</Link>.
      </p>
    </>
  );
}

function camposReap(r: VerificacaoReap): Campo[] {
  const campos: Campo[] = [
    { termo: 'Ano de referência', valor: String(r.anoReferencia) },
    { termo: 'Categoria', valor: r.categoriaDescricao },
    { termo: 'Situação', valor: r.situacaoDescricao },
    { termo: 'Nome', valor: r.nome },
    { termo: 'Data de envio', valor: formatDateTime(r.dataEnvio) },
  ];
  return campos.filter((c) => c.valor !== '');
}

/** /verificar-reap?token=: the page a REAP 2ª via's QR code opens (no sign-in, no captcha). */
export function VerificarReap({ token }: { token: string }) {
  return (
    <VerificacaoComprovante<VerificacaoReap>
      token={token}
      chave="verificar-reap"
      buscar={verificarReap}
      carregando="Verificando o comprovante da REAP…"
      tituloAutentico="REAP enviada: comprovante autêntico"
      tituloInvalido="Comprovante inválido"
      campos={camposReap}
    />
  );
}
