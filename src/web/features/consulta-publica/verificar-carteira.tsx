import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ROTA_CONSULTA_CARTEIRA } from '../../../shared/rotas-web';
import { MENSAGENS_CARTEIRA } from '../../../shared/schemas/carteira';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { ERRO_DESCONHECIDO } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { camposCarteira, ListaCampos } from './campos-resultado';
import { verificarCarteira, type ResultadoVerificacao } from './consulta-api';
import './consulta-publica.css';

const TOKEN_VALIDO = /^[A-Za-z0-9_-]{16,200}$/;

type Estado = 'valida' | 'substituida' | 'invalida';

function estadoDe(r: ResultadoVerificacao): Estado {
  if (r.tipo === 'valida') return 'valida';
  return r.motivo === 'substituida' ? 'substituida' : 'invalida';
}

const APARENCIA: Record<Estado, { titulo: string; icone: string; classe: string }> = {
  valida: { titulo: 'Carteira válida', icone: 'fa-check-circle', classe: 'positivo' },
  substituida: { titulo: 'Carteira substituída', icone: 'fa-exclamation-triangle', classe: 'alerta' },
  invalida: { titulo: 'Carteira inválida', icone: 'fa-times-circle', classe: 'negativo' },
};

/**
 * The verdict, by words and an icon as well as by colour: "Carteira válida", "Carteira substituída" or
 * "Carteira inválida", with the server's reason.
 */
function Veredito({ estado, mensagem }: { estado: Estado; mensagem?: string | undefined }) {
  const a = APARENCIA[estado];
  return (
    <div className={`verificacao-veredito ${a.classe}`} role="status">
      <i className={`fas ${a.icone} fa-2x`} aria-hidden="true" />
      <div>
        <p className="verificacao-titulo">{a.titulo}</p>
        {mensagem && <p className="verificacao-motivo">{mensagem}</p>}
      </div>
    </div>
  );
}

/**
 * /verificar-carteira?token=: the page the printed card's QR code opens. No captcha and no sign-in: the code is
 * unguessable. Shows whether the card is valid (the latest issue of an active registry) with the card's face,
 * or why not.
 */
export function VerificarCarteira({ token }: { token: string }) {
  const tokenOk = TOKEN_VALIDO.test(token);
  const query = useQuery({
    queryKey: ['consulta-publica', 'verificar', token],
    queryFn: () => verificarCarteira(token),
    enabled: tokenOk,
    staleTime: 0,
    // Only failures without an answer (or a server failure) reach here: invalid cards are results.
    meta: { errorMessage: ERRO_DESCONHECIDO },
  });

  if (!tokenOk) return <Veredito estado="invalida" mensagem={MENSAGENS_CARTEIRA.codigoInvalido} />;
  if (query.isPending) return <Loading label="Verificando a carteira…" />;
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
  const estado = estadoDe(r);
  const carteira = r.carteira;
  return (
    <>
      <Veredito estado={estado} mensagem={estado === 'valida' ? undefined : r.mensagem} />
      {estado === 'valida' && carteira && <ListaCampos campos={camposCarteira(carteira)} />}
      {carteira?.dataEmissao && <p className="verificacao-emissao">Carteira emitida em {formatDateTime(carteira.dataEmissao)}.</p>}
      <p className="mt-3">
        Para consultar uma carteira pelo CPF e pelo número do RGP, use a <Link to={ROTA_CONSULTA_CARTEIRA}>consulta de carteira</Link>.
      </p>
    </>
  );
}
