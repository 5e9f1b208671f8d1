import { useQuery } from '@tanstack/react-query';
import { SituacaoSolicitacao } from '../../../shared/enums';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { formatDateTime } from '../../lib/dates';
import { rotuloTipoDocumento } from './campos';
import { consultarIndeferimento, documentosKeys, ERRO_INDEFERIMENTO } from './documentos-api';

/** The rejection record is shown while the request is being updated after a rejection (spec point 2). */
export function mostraIndeferimento(situacao: number | null | undefined): boolean {
  return situacao === SituacaoSolicitacao.ATUALIZACAO_SFPA || situacao === SituacaoSolicitacao.ATUALIZACAO_MPA;
}

/**
 * The rejection record of a request in ATUALIZACAO_SFPA (2) or ATUALIZACAO_MPA (3) (spec point 3): the date of
 * the analysis (dd/MM/yyyy HH:mm:ss), each analysed document APROVADO or REPROVADO, and the justification.
 * Renders nothing for any other status.
 */
export function RegistroIndeferimento({ idSolicitacao, situacao }: { idSolicitacao: number; situacao: number | null | undefined }) {
  const ativo = mostraIndeferimento(situacao) && idSolicitacao > 0;
  const query = useQuery({
    queryKey: documentosKeys.indeferimento(idSolicitacao),
    queryFn: () => consultarIndeferimento(idSolicitacao),
    enabled: ativo,
    meta: { errorMessage: ERRO_INDEFERIMENTO },
  });
  if (!ativo) return null;

  const tituloId = `indeferimento-${idSolicitacao}`;
  let corpo;
  if (query.isPending) corpo = <Loading label="Carregando o resultado da análise…" />;
  else if (query.isError) corpo = <Message kind="danger" title={ERRO_INDEFERIMENTO} />;
  else {
    const r = query.data;
    const documentos = r.documentos;
    const justificativa = r.justificativa || r.parecer;
    corpo = (
      <>
        <dl className="indeferimento-dados">
          <div>
            <dt>Data da análise</dt>
            <dd>{formatDateTime(r.dataCriacao) || r.dataAnalise}</dd>
          </div>
          <div>
            <dt>Justificativa</dt>
            <dd className="indeferimento-justificativa">{justificativa || 'Não informada.'}</dd>
          </div>
        </dl>
        {documentos.length > 0 && (
          <ul className="indeferimento-documentos" aria-label="Documentos analisados">
            {documentos.map((d, i) => (
              <li key={`${d.tipoDocumento}-${i}`} className={d.aprovado ? 'aprovado' : 'reprovado'}>
                <i className={`fas ${d.aprovado ? 'fa-check-circle' : 'fa-times-circle'}`} aria-hidden="true" />{' '}
                <span className="indeferimento-nome">{d.nomeDocumento || rotuloTipoDocumento(d.tipoDocumento)}</span>:{' '}
                <strong>{d.aprovado ? 'APROVADO' : 'REPROVADO'}</strong>
              </li>
            ))}
          </ul>
        )}
        <p>Substitua os documentos reprovados e envie a solicitação novamente.</p>
      </>
    );
  }

  return (
    <section className="br-card indeferimento" aria-labelledby={tituloId}>
      <div className="card-content">
        <h2 id={tituloId}>Resultado da análise: documentos a corrigir</h2>
        {corpo}
      </div>
    </section>
  );
}
