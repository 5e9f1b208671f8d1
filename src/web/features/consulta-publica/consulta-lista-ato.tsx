import type { ListaDoAto } from '../../../shared/schemas/recurso';
import { formatDate } from '../../lib/dates';
import { ConsultaPorCpfERgp } from './consulta-carteira';

/**
 * "Estou na lista?": a fisher checks, by CPF and RGP number after the captcha, whether an act suspended or
 * cancelled their registry, what it means and until when they may appeal (decision 0102). Nothing else is shown.
 */
export function ConsultaListaDoAto() {
  return (
    <ConsultaPorCpfERgp<ListaDoAto>
      prefixo="consulta-lista-ato" titulo="Seus dados" rotuloCpf="Seu CPF" rotuloBotao="Consultar"
      consultar={async (cpf, rgp, token) => (await import('./consulta-api')).consultarListaDoAto(cpf, rgp, token)}
      resultado={(r) => (r.naLista
        ? (
          <>
            <p className="consulta-status neutro" role="status">
              <i className="fas fa-info-circle" aria-hidden="true" /> Você está na lista de {r.atos.length === 1 ? 'um ato' : `${r.atos.length} atos`}
            </p>
            <ul>
              {r.atos.map((a, i) => (
                <li key={i} className="mb-2">
                  <strong>{a.ato}</strong>. {a.significado}{' '}
                  {a.noPrazo
                    ? <>Último dia para recorrer: <strong>{formatDate(a.ultimoDia)}</strong> (até 23h59, horário de Brasília).</>
                    : <>O prazo para recorrer terminou em {formatDate(a.ultimoDia)}.</>}
                </li>
              ))}
            </ul>
          </>
        )
        : (
          <p className="consulta-status positivo" role="status">
            <i className="fas fa-check-circle" aria-hidden="true" /> Não encontramos estes dados na lista de nenhum ato de suspensão ou cancelamento.
          </p>
        ))}
    />
  );
}
