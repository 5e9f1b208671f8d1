import { Link } from 'react-router';
import { ROTA_CONSULTA_CARTEIRA } from '../../../shared/rotas-web';
import { MENSAGENS_CARTEIRA } from '../../../shared/schemas/carteira';
import { formatDateTime } from '../../lib/dates';
import { camposCarteira, ListaCampos } from './campos-resultado';
import { verificarCarteira, type ResultadoVerificacao } from './consulta-api';
import { Verificacao, Veredito, type Sentido } from './verificacao';

type Estado = 'valida' | 'substituida' | 'invalida';

function estadoDe(r: ResultadoVerificacao): Estado {
  if (r.tipo === 'valida') return 'valida';
  return r.motivo === 'substituida' ? 'substituida' : 'invalida';
}

/** "Carteira válida", "Carteira substituída" or "Carteira inválida". */
const APARENCIA: Record<Estado, { titulo: string; sentido: Sentido }> = {
  valida: { titulo: 'Carteira válida', sentido: 'positivo' },
  substituida: { titulo: 'Carteira substituída', sentido: 'alerta' },
  invalida: { titulo: 'Carteira inválida', sentido: 'negativo' },
};

function ResultadoCarteira({ r }: { r: ResultadoVerificacao }) {
  const estado = estadoDe(r);
  const carteira = r.carteira;
  return (
    <>
      <Veredito {...APARENCIA[estado]} mensagem={estado === 'valida' ? undefined : r.mensagem} />
      {estado === 'valida' && carteira && <ListaCampos campos={camposCarteira(carteira)} />}
      {carteira?.dataEmissao && <p className="verificacao-emissao">Carteira emitida em {formatDateTime(carteira.dataEmissao)}.</p>}
      <p className="mt-3">
        Para consultar uma carteira pelo CPF e pelo número do RGP, use a <Link to={ROTA_CONSULTA_CARTEIRA}>consulta de carteira</Link>.
      </p>
    </>
  );
}

/**
 * /verificar-carteira?token=: the page the printed card's QR code opens. Shows whether the card is valid (the
 * latest issue of an active registry) with the card's face, or why not.
 */
export function VerificarCarteira({ token }: { token: string }) {
  return (
    <Verificacao
      token={token}
      chave="verificar"
      buscar={verificarCarteira}
      carregando="Verificando a carteira…"
      invalido={{ titulo: APARENCIA.invalida.titulo, mensagem: MENSAGENS_CARTEIRA.codigoInvalido }}
    >
      {(r) => <ResultadoCarteira r={r} />}
    </Verificacao>
  );
}
