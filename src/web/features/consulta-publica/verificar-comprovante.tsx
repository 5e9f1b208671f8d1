import { Link } from 'react-router';
import { ROTA_CONSULTA_PROTOCOLO } from '../../../shared/rotas-web';
import type { ProtocoloPublico } from '../../../shared/schemas/carteira';
import { MENSAGENS_VERIFICACAO, type VerificacaoReap } from '../../../shared/schemas/verificacao';
import { formatDateTime } from '../../lib/dates';
import { camposProtocolo, ListaCampos, type Campo } from './campos-resultado';
import { verificarProtocolo, verificarReap, type ResultadoComprovante } from './verificacao-api';
import { Verificacao, Veredito } from './verificacao';

const INVALIDO = 'Comprovante inválido';

interface PropsComprovante<T> {
  token: string;
  chave: string;
  buscar: (token: string) => Promise<ResultadoComprovante<T>>;
  carregando: string;
  tituloAutentico: string;
  campos: (dados: T) => Campo[];
}

/** A receipt's QR check: the verdict, and what the receipt proves when it is genuine. */
function VerificacaoComprovante<T>({ tituloAutentico, campos, ...consulta }: PropsComprovante<T>) {
  return (
    <Verificacao {...consulta} invalido={{ titulo: INVALIDO, mensagem: MENSAGENS_VERIFICACAO.codigoInvalido }}>
      {(r) =>
        r.tipo === 'invalido' ? (
          <Veredito sentido="negativo" titulo={INVALIDO} mensagem={r.mensagem} />
        ) : (
          <>
            <Veredito sentido="positivo" titulo={tituloAutentico} />
            <ListaCampos campos={campos(r.dados)} />
          </>
        )
      }
    </Verificacao>
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
      campos={camposReap}
    />
  );
}
