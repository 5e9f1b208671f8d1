import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { hojeSaoPaulo } from '../../../shared/datas';
import { ANO_REAP_EXCECAO } from '../../../shared/regras/reap-ano-excecao';
import { ROTA_REAP, ROTA_REGULARIZACAO } from '../../../shared/rotas-web';
import { MotivoSemReap, type SituacaoReapPescador } from '../../../shared/schemas/reap-situacao';
import { Message } from '../../components/message';
import { formatDate } from '../../lib/dates';
import { chaveSituacao, fetchSituacao } from './situacao-api';

/** The fisher's REAP situation (GET /api/reap/situacao-pescador/{idPescador}): /home's notice and /reap's reason. */
export function useSituacaoReap(idPescador: number) {
  return useQuery({ queryKey: chaveSituacao(idPescador), queryFn: () => fetchSituacao(idPescador) });
}

type Devida = SituacaoReapPescador['devidas'][number];

/**
 * One owed year as the notice names it: '2024 (prazo até 31/03/2026)'; a window already closed says so; a year
 * without a window says it is to be set. 2025 is filled outside any window (spec point 5): only a deadline still
 * ahead is named.
 */
export function anoDevido(d: Devida, hoje: string): string {
  const fim = d.fimPreenchimento;
  if (d.ano === ANO_REAP_EXCECAO) return fim && fim >= hoje ? `${d.ano} (prazo até ${formatDate(fim)})` : String(d.ano);
  if (!fim) return `${d.ano} (prazo a definir)`;
  if (fim < hoje) return `${d.ano} (prazo encerrado em ${formatDate(fim)})`;
  return `${d.ano} (prazo até ${formatDate(fim)})`;
}

/** 'Você tem REAP a declarar: 2024 (prazo até 31/03/2026), 2025 (prazo até 31/03/2026).' */
export function textoDevidas(devidas: readonly Devida[], hoje: string): string {
  return `Você tem REAP a declarar: ${devidas.map((d) => anoDevido(d, hoje)).join(', ')}.`;
}

/** Why nothing is owed, in the fisher's words; null while something is. */
export function motivoSemReap(s: SituacaoReapPescador): string | null {
  switch (s.motivo) {
    case MotivoSemReap.SEM_RGP:
      return 'Você ainda não tem número de RGP. A REAP é devida a partir do ano em que o registro começa.';
    case MotivoSemReap.REGISTRO_RECENTE: {
      const ano = s.anoInicioRegistro;
      if (ano === null) return null;
      return `Seu registro começou em ${ano}: a primeira REAP será do ano de ${ano}, a declarar a partir de ${ano + 1}.`;
    }
    case MotivoSemReap.TODAS_ENVIADAS:
      return 'Todas as suas REAPs foram enviadas.';
    default:
      return null;
  }
}

/**
 * /home: the REAPs the fisher owes and until when, with the way to /reap; nothing when nothing is owed (or on error).
 * A registry suspended for a missing REAP (decision 0055) says so: send it late, then ask for regularisation.
 */
export function AvisoReapDevidas({ idPescador }: { idPescador: number }) {
  const situacao = useSituacaoReap(idPescador);
  const devidas = situacao.data?.devidas ?? [];
  const suspensao = situacao.data?.anosSuspensao ?? [];
  const pendentes = suspensao.filter((a) => devidas.some((d) => d.ano === a));
  return (
    <>
      {suspensao.length > 0 && (
        <div className="mt-3">
          <Message kind="danger" title="Registro suspenso por falta de REAP" status>
            {pendentes.length > 0
              ? <>Envie a REAP de {pendentes.join(', ')} (o envio em atraso está liberado) e depois peça a regularização. <Link to={ROTA_REAP}>Declarar a REAP</Link></>
              : <>Você já enviou a REAP de {suspensao.join(', ')}: peça a regularização do registro. <Link to={ROTA_REGULARIZACAO}>Solicitar regularização</Link></>}
          </Message>
        </div>
      )}
      {devidas.length > 0 && (
        <div className="mt-3">
          <Message kind="warning" title="REAP a declarar" status>
            {textoDevidas(devidas, hojeSaoPaulo())}{' '}
            <Link to={ROTA_REAP}>Declarar a REAP</Link>
          </Message>
        </div>
      )}
    </>
  );
}
