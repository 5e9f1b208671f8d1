import './reap.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { hojeSaoPaulo } from '../../../shared/datas';
import { categoriaLabel, type Categoria } from '../../../shared/enums';
import { MENSAGENS_REAP } from '../../../shared/regras/reap';
import { ANO_REAP_EXCECAO } from '../../../shared/regras/reap-ano-excecao';
import { ROTA_REAP_ARTESANAL, ROTA_REAP_DECLARACAO, ROTA_REAP_INDUSTRIAL } from '../../../shared/rotas-web';
import type { Obrigacao } from '../../../shared/schemas/reap';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { confirmar } from '../../lib/confirm';
import { formatDate } from '../../lib/dates';
import { showToast } from '../../lib/toast';
import { abrirComprovante, fetchObrigacoes, fetchPendentes, gerarPendentes, reapKeys } from './reap-api';
import { motivoSemReap, useSituacaoReap } from './situacao-reap';

/** Nothing owed; the reason follows it (GET /api/reap/situacao-pescador), or it stands alone while that is unknown. */
const SEM_REAP = 'Você não tem REAP a declarar.';

/** Where the fisher stands with a REAP, and what to do next. */
export function estadoDaObrigacao(o: Obrigacao): { rotulo: string; proximo: string } {
  if (o.enviada) return { rotulo: 'Enviada', proximo: 'Imprima a 2ª via quando precisar.' };
  if (!o.noPrazo) {
    const prazo = o.inicioPreenchimento && o.fimPreenchimento
      ? ` O prazo foi de ${formatDate(o.inicioPreenchimento)} a ${formatDate(o.fimPreenchimento)}.` : '';
    return { rotulo: 'Fora do prazo', proximo: `Esta REAP não está no prazo de preenchimento.${prazo}` };
  }
  const fim = o.anoReferencia === ANO_REAP_EXCECAO ? null : o.fimPreenchimento;
  // Open after its end: the late send of a fisher suspended for this year (decision 0055).
  if (fim && fim < hojeSaoPaulo()) {
    return {
      rotulo: o.iniciada ? 'Rascunho' : 'Pendente',
      proximo: `O prazo terminou em ${formatDate(fim)}: envie em atraso e depois peça a regularização do registro.`,
    };
  }
  const ate = fim ? ` até ${formatDate(fim)}` : '';
  return o.iniciada
    ? { rotulo: 'Rascunho', proximo: `Continue o preenchimento e envie${ate}.` }
    : { rotulo: 'Pendente', proximo: `Preencha e envie${ate}.` };
}

/** The address of the next step of a REAP not sent: the declaration first, then the form of its category. */
export function rotaPreenchimento(o: Obrigacao): string {
  if (o.iniciada) return `${o.categoria === 1 ? ROTA_REAP_INDUSTRIAL : ROTA_REAP_ARTESANAL}?idQuestionarioBasico=${o.id}`;
  return `${ROTA_REAP_DECLARACAO}?idQuestionarioBasico=${o.id}`;
}

/** /reap: the pending-REAP generation, then the fisher's REAPs by year with what to do next. */
export function ObrigacoesPescador({ idPescador }: { idPescador: number }) {
  const queryClient = useQueryClient();
  const pendentes = useQuery({ queryKey: reapKeys.pendentes(idPescador), queryFn: () => fetchPendentes(idPescador) });
  const obrigacoes = useQuery({ queryKey: reapKeys.obrigacoes(idPescador), queryFn: () => fetchObrigacoes(idPescador) });
  const situacao = useSituacaoReap(idPescador);
  const [gerando, setGerando] = useState(false);

  const aCriar = (pendentes.data ?? []).filter((p) => p.status === 'toCreate' || p.months.length > 0);

  async function gerar() {
    const anos = aCriar.map((p) => p.ano).join(', ');
    const ok = await confirmar({
      title: 'Gerar REAPs pendentes',
      text: `Você tem REAP a declarar dos anos ${anos}. Deseja gerar agora? Depois, preencha e envie cada uma.`,
      confirmButtonText: 'Sim, gerar as REAPs.',
    });
    if (!ok) return;
    setGerando(true);
    try {
      const r = await gerarPendentes(idPescador);
      showToast('success', r.mensagem);
      await queryClient.invalidateQueries({ queryKey: reapKeys.all });
    } catch (err) {
      showToast('error', mensagemErro(err, MENSAGENS_REAP.erroPendentes));
    } finally {
      setGerando(false);
    }
  }

  async function imprimir(id: number) {
    try {
      await abrirComprovante(id);
    } catch (err) {
      showToast('error', mensagemErro(err, MENSAGENS_REAP.erroConsultar));
    }
  }

  if (pendentes.isPending || obrigacoes.isPending) return <Loading label="Carregando as suas REAPs…" />;
  if (pendentes.isError) return <Message kind="danger" title={mensagemErro(pendentes.error, MENSAGENS_REAP.erroPendentes)} alert />;
  if (obrigacoes.isError) return <Message kind="danger" title={MENSAGENS_REAP.erroConsultarReaps} alert />;

  const lista = obrigacoes.data.obrigacoes;
  return (
    <>
      {aCriar.length > 0 && (
        <Message kind="warning" title={`Você tem ${aCriar.length === 1 ? 'uma REAP pendente' : `${aCriar.length} REAPs pendentes`} para gerar`}>
          <p>Anos: {aCriar.map((p) => p.ano).join(', ')}.</p>
          <button type="button" className="br-button primary mt-2" onClick={() => void gerar()} disabled={gerando} aria-busy={gerando || undefined}>
            Gerar REAPs pendentes
          </button>
        </Message>
      )}
      {situacao.data && situacao.data.devidas.length === 0 ? (
        <Message kind="info" title={SEM_REAP} status>{motivoSemReap(situacao.data)}</Message>
      ) : (
        !situacao.data && lista.length === 0 && aCriar.length === 0 && <Message kind="info" title={SEM_REAP} />
      )}
      {lista.length > 0 && (
        <ul className="reap-lista" aria-label="Suas REAPs por ano">
          {lista.map((o) => {
            const e = estadoDaObrigacao(o);
            return (
              <li key={o.id} className="reap-item br-card">
                <div className="card-content">
                  <h2 className="reap-ano">REAP {o.anoReferencia}</h2>
                  <p>
                    <span className={`reap-situacao reap-${e.rotulo.toLowerCase().replace(/\s/g, '-')}`}>{e.rotulo}</span>
                    {' · '}
                    {categoriaLabel[o.categoria as Categoria] ?? ''}
                  </p>
                  <p>{e.proximo}</p>
                  {o.enviada && (
                    <button type="button" className="br-button secondary" onClick={() => void imprimir(o.id)}>
                      Imprimir 2ª via da REAP {o.anoReferencia}
                    </button>
                  )}
                  {!o.enviada && o.noPrazo && (
                    <Link className="br-button primary" to={rotaPreenchimento(o)}>
                      {o.iniciada ? 'Continuar' : 'Preencher'} a REAP {o.anoReferencia}
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
