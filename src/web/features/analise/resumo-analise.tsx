import { SituacaoAnalise } from '../../../shared/enums';
import { MENSAGENS_ANALISE, type AnaliseDetalhe } from '../../../shared/schemas/analise';
import { Message } from '../../components/message';
import { formatDateTime } from '../../lib/dates';
import { pode } from '../../../shared/permissoes';
import { podeAgirNaInstancia } from '../../../shared/regras/instancia';
import { rotuloSituacaoAnalise, rotuloTipoSolicitacao } from './formatos';

const ICONE_SITUACAO: Record<number, string> = {
  [SituacaoAnalise.AGUARDANDO_ANALISE]: 'fa-hourglass-half',
  [SituacaoAnalise.EM_ANALISE]: 'fa-user-clock',
  [SituacaoAnalise.DEFERIDA]: 'fa-check-circle',
  [SituacaoAnalise.INDEFERIDA]: 'fa-times-circle',
};

/** The analysis's situation as text with an icon (never by colour alone), announced when it changes. */
export function SituacaoDaAnalise({ situacao }: { situacao: number }) {
  return (
    <p className={`analise-situacao analise-situacao-${situacao}`} role="status">
      <i className={`fas ${ICONE_SITUACAO[situacao] ?? 'fa-info-circle'}`} aria-hidden="true" />{' '}
      <span className="analise-situacao-rotulo">Situação da análise:</span>{' '}
      <strong>{rotuloSituacaoAnalise(situacao)}</strong>
    </p>
  );
}

/** The request under analysis: protocol, type, fisher, state, dates and who holds the analysis. */
export function ResumoAnalise({ detalhe }: { detalhe: AnaliseDetalhe }) {
  const s = detalhe.solicitacao;
  return (
    <dl className="analise-resumo">
      <div>
        <dt>Protocolo</dt>
        <dd>{s.numeroProtocolo ?? 'Sem protocolo'}</dd>
      </div>
      <div>
        <dt>Tipo de solicitação</dt>
        <dd>{rotuloTipoSolicitacao(s.tipo, s.tipoDescricao)}</dd>
      </div>
      <div>
        <dt>Situação da solicitação</dt>
        <dd>{s.situacaoDescricao}</dd>
      </div>
      <div>
        <dt>Pescador</dt>
        <dd>{s.nomePescador}</dd>
      </div>
      <div>
        <dt>CPF</dt>
        <dd>{s.cpfPescador}</dd>
      </div>
      <div>
        <dt>UF</dt>
        <dd>{s.uf ?? '—'}</dd>
      </div>
      <div>
        <dt>Data de envio</dt>
        <dd>{s.dataEnvio ? formatDateTime(s.dataEnvio) : '—'}</dd>
      </div>
      <div>
        <dt>Analista</dt>
        <dd>{detalhe.analista?.nome ?? '—'}</dd>
      </div>
      {detalhe.dataHoraBloqueio && (
        <div>
          <dt>Início da análise</dt>
          <dd>{formatDateTime(detalhe.dataHoraBloqueio)}</dd>
        </div>
      )}
      {detalhe.instancia === 'MPA' && (
        <div>
          <dt>Instância</dt>
          <dd>MPA</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * Why the options are (or are not) available, in words: the user's own lock, another analyst's lock (and whether
 * its time is over), a concluded analysis, or a read-only profile.
 */
export function AvisoBloqueio({ detalhe, perfil }: { detalhe: AnaliseDetalhe; perfil: number | undefined }) {
  const situacao = detalhe.situacaoAnalise.id;
  const analista = detalhe.analista?.nome ?? 'outro servidor';
  const desde = detalhe.dataHoraBloqueio ? ` desde ${formatDateTime(detalhe.dataHoraBloqueio)}` : '';
  if (!pode(perfil, 'analise.analisar')) {
    return <Message kind="info" title="Seu perfil permite somente consultar esta análise." />;
  }
  if (situacao === SituacaoAnalise.DEFERIDA || situacao === SituacaoAnalise.INDEFERIDA) {
    return <Message kind="info" title={MENSAGENS_ANALISE.concluida} />;
  }
  if (!podeAgirNaInstancia(perfil, detalhe.instancia)) {
    return <Message kind="warning" title={MENSAGENS_ANALISE.instanciaMpa} />;
  }
  if (detalhe.bloqueadaPorMim) {
    return (
      <Message kind="info" title={`Você iniciou esta análise${desde}.`}>
        Avalie cada documento e conclua a análise, ou cancele o início para devolvê-la à fila.
      </Message>
    );
  }
  if (situacao === SituacaoAnalise.EM_ANALISE && !detalhe.bloqueioExpirado) {
    return <Message kind="warning" title={`Esta análise está em andamento por ${analista}${desde}.`} />;
  }
  if (situacao === SituacaoAnalise.EM_ANALISE && detalhe.bloqueioExpirado) {
    return (
      <Message kind="info" title={`O tempo de bloqueio da análise iniciada por ${analista} terminou.`}>
        Você pode iniciar a análise e assumi-la.
      </Message>
    );
  }
  return null;
}
