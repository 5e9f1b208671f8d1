import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { hojeSaoPaulo } from '../../../shared/datas';
import { ANO_REAP_EXCECAO } from '../../../shared/regras/reap-ano-excecao';
import { ROTA_REAP, ROTA_REGULARIZACAO } from '../../../shared/rotas-web';
import { MotivoSemReap } from '../../../shared/reap-motivo';
import type { SituacaoReapPescador } from '../../../shared/schemas/reap-situacao';
import { Message } from '../../components/message';
import { formatDate } from '../../lib/dates';
import './situacao-reap.css';
import { chaveSituacao, fetchSituacao } from './situacao-api';

export function useSituacaoReap(idPescador: number) {
  return useQuery({ queryKey: chaveSituacao(idPescador), queryFn: () => fetchSituacao(idPescador) });
}

type Devida = SituacaoReapPescador['devidas'][number];

/** Null while something is owed. */
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

export interface DevidasAgrupadas {
  /** `envioLiberado`: it may be sent now. */
  atrasadas: { ano: number; fim: string | null; envioLiberado: boolean }[];
  /** 2025 is filled outside any window. */
  abertas: { ano: number; fim: string | null }[];
  semPrazo: number[];
}

/** A year suspended for is late and may be sent late (docs/decisions/0055). */
export function agruparDevidas(devidas: readonly Devida[], anosSuspensao: readonly number[], hoje: string): DevidasAgrupadas {
  const g: DevidasAgrupadas = { atrasadas: [], abertas: [], semPrazo: [] };
  for (const d of devidas) {
    const fim = d.fimPreenchimento;
    const suspenso = anosSuspensao.includes(d.ano);
    if (suspenso) g.atrasadas.push({ ano: d.ano, fim, envioLiberado: true });
    else if (d.ano === ANO_REAP_EXCECAO) g.abertas.push({ ano: d.ano, fim: fim && fim >= hoje ? fim : null });
    else if (!fim) g.semPrazo.push(d.ano);
    else if (fim < hoje) g.atrasadas.push({ ano: d.ano, fim, envioLiberado: false });
    else g.abertas.push({ ano: d.ano, fim });
  }
  return g;
}

export function textoSemPrazo(anos: readonly number[]): string {
  return anos.length === 1
    ? `A REAP de ${anos[0]} ainda não tem prazo definido: você poderá declará-la quando o prazo for aberto.`
    : `${anos.length} anos ainda sem prazo definido: você poderá declarar cada um quando o prazo for aberto.`;
}

/** Its name says the year, so no two links on /home read the same. */
function DeclararAno({ ano, primario }: { ano: number; primario: boolean }) {
  return (
    <Link to={ROTA_REAP} className={`br-button ${primario ? 'primary' : 'secondary'} small`}>
      Declarar a REAP de {ano}
    </Link>
  );
}

export function AvisoReapDevidas({ idPescador }: { idPescador: number }) {
  const situacao = useSituacaoReap(idPescador);
  const devidas = situacao.data?.devidas ?? [];
  const suspensao = situacao.data?.anosSuspensao ?? [];
  if (devidas.length === 0 && suspensao.length === 0) return null;
  const g = agruparDevidas(devidas, suspensao, hojeSaoPaulo());
  const pendentes = suspensao.filter((a) => devidas.some((d) => d.ano === a));
  const anos = (xs: readonly number[]) => xs.join(', ');
  return (
    <section aria-labelledby="titulo-reap-devidas" className="mt-3 reap-devidas">
      <h2 id="titulo-reap-devidas">REAP a declarar</h2>
      {suspensao.length > 0 && (
        <Message kind="danger" title="Seu registro está suspenso" status>
          {pendentes.length > 0
            ? <>Ele foi suspenso porque a REAP de {anos(pendentes)} não foi enviada. Envie-a abaixo (o envio em atraso está liberado) e depois peça a regularização do registro.</>
            : <>Você já enviou a REAP de {anos(suspensao)}. Agora peça a regularização do registro. <Link to={ROTA_REGULARIZACAO}>Solicitar regularização</Link></>}
        </Message>
      )}
      {g.atrasadas.length > 0 && (
        <div className="reap-devidas-atrasadas" role="group" aria-labelledby="titulo-reap-atrasadas">
          <h3 id="titulo-reap-atrasadas">
            <i className="fas fa-exclamation-circle" aria-hidden="true" /> {g.atrasadas.length === 1 ? 'Atrasada' : 'Atrasadas'}
          </h3>
          <ul>
            {g.atrasadas.map((a) => (
              <li key={a.ano}>
                <strong>REAP de {a.ano}</strong>
                {a.fim && a.ano !== ANO_REAP_EXCECAO ? `: o prazo terminou em ${formatDate(a.fim)}.` : '.'}{' '}
                {a.envioLiberado
                  ? <><span>Você pode enviá-la agora, em atraso.</span> <DeclararAno ano={a.ano} primario /></>
                  : 'O registro de quem não a envia pode ser suspenso. Em caso de dúvida, procure a Superintendência Federal de Pesca e Aquicultura do seu estado.'}
              </li>
            ))}
          </ul>
        </div>
      )}
      {g.abertas.length > 0 && (
        <div className="reap-devidas-abertas">
          <h3>No prazo</h3>
          <ul>
            {g.abertas.map((a) => (
              <li key={a.ano}>
                <strong>REAP de {a.ano}</strong>{a.fim ? `: envie até ${formatDate(a.fim)}.` : ': pode ser enviada agora.'}{' '}
                <DeclararAno ano={a.ano} primario={g.atrasadas.length === 0} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {g.semPrazo.length > 0 && (
        <div className="reap-devidas-sem-prazo">
          <p>{textoSemPrazo(g.semPrazo)}</p>
          {g.semPrazo.length > 1 && (
            <details>
              <summary>Ver os {g.semPrazo.length} anos</summary>
              <p>{anos(g.semPrazo)}.</p>
            </details>
          )}
        </div>
      )}
    </section>
  );
}
