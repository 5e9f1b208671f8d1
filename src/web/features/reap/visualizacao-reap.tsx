import { formatCpf } from '../../../shared/cpf';
import { categoriaLabel, type Categoria } from '../../../shared/enums';
import {
  AMBIENTES_PESCA, GRUPOS_ALVO, PETRECHOS_PESCA, TIPOS_COMPRADOR, TIPOS_LOCAL_PESCA, UNIDADES_MEDIDA,
} from '../../../shared/referencias';
import {
  formatarMoeda, formatarQuantidade, JUSTIFICATIVAS_NAO_PESCA, NOMES_MESES, TIPOS_PRESTACAO_ARTESANAL, TIPOS_PRESTACAO_INDUSTRIAL,
} from '../../../shared/regras/reap';
import type { Questionario } from '../../../shared/schemas/reap';
import { formatDateTime } from '../../lib/dates';
import { BotaoAbrirDocumento } from './botao-abrir-documento';

const rotulo = (lista: readonly { id: number; descricao: string }[], id: number | null) => lista.find((i) => i.id === id)?.descricao ?? '—';
const simNao = (v: boolean | null) => (v === null ? 'Não informado' : v ? 'Sim' : 'Não');

/**
 * A REAP read-only: what the fisher declared (the fisher's sent REAP, and staff from the obligations list, who
 * also read whose it is: `comPescador`). Its documents open in a new tab.
 */
export function VisualizacaoReap({ questionario: q, comPescador = false }: { questionario: Questionario; comPescador?: boolean }) {
  const industrial = q.categoria === 1;
  const linhas: [string, string][] = [
    ...(comPescador ? [['Pescador', q.pescador.nome], ['CPF', formatCpf(q.pescador.cpf)]] as [string, string][] : []),
    ['Ano de referência', String(q.anoReferencia)],
    ['Categoria', categoriaLabel[q.categoria as Categoria] ?? '—'],
    ['Situação', q.enviada ? `Enviada em ${formatDateTime(q.enviadaEm)}` : 'Não enviada'],
    ['Realizou pesca', simNao(q.realizouPesca)],
    ['Relação de trabalho', rotulo(industrial ? TIPOS_PRESTACAO_INDUSTRIAL : TIPOS_PRESTACAO_ARTESANAL, q.tipoPrestacaoServico)],
  ];
  if (q.codigoVerificacao) linhas.push(['Código de verificação', q.codigoVerificacao]);
  if (!industrial && q.realizouPesca) {
    linhas.push(['Dias trabalhados no ano', String(q.totalDiasTrabalhadoAno ?? 0)]);
    linhas.push(['Grupos alvo', q.gruposAlvosPescado.map((g) => rotulo(GRUPOS_ALVO, g.grupoAlvo)).join('; ') || '—']);
    linhas.push(['Vendeu o pescado', simNao(q.houveComercializacao)]);
  }
  if (!industrial && q.realizouPesca === false) {
    linhas.push(['Justificativas', q.justificativasSolicitacao.map((j) => rotulo(JUSTIFICATIVAS_NAO_PESCA, j.justificativaNaoDeclaracao)).join('; ') || '—']);
  }
  const docs = industrial ? q.documentoRelacaoTrabalho : q.documentosJustificativa;
  return (
    <div className="reap-visualizacao">
      <dl className="reap-dl">
        {linhas.map(([k, v]) => (
          <div key={k}><dt>{k}</dt><dd>{v}</dd></div>
        ))}
      </dl>
      {!industrial && q.reapsArtesanais.length > 0 && (
        <>
          <h3>Dias trabalhados por mês</h3>
          <ul className="reap-meses-lista">
            {q.reapsArtesanais.map((m) => <li key={m.mesReferencia}>{NOMES_MESES[m.mesReferencia - 1]}: {m.quantidadeDiasTrabalhados ?? 0}</li>)}
          </ul>
        </>
      )}
      {!industrial && q.resultadosOperacaoPesca.length > 0 && (
        <>
          <h3>Pescado</h3>
          <ul>
            {q.resultadosOperacaoPesca.map((o, i) => {
              const u = UNIDADES_MEDIDA.find((x) => x.id === o.tipoUnidadeMedida.id);
              return (
                <li key={i}>
                  {o.especiePescado.nome ?? '—'} (<em>{o.especiePescado.nomeCientifico ?? ''}</em>):{' '}
                  {formatarQuantidade(o.totalPescado ?? 0, o.tipoUnidadeMedida.id)} {u?.sigla ?? ''} a {formatarMoeda(o.precoQuilo ?? 0)}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {!industrial && q.locaisPescaPetrecho.length > 0 && (
        <>
          <h3>Locais e petrechos</h3>
          <ul>
            {q.locaisPescaPetrecho.map((l, i) => (
              <li key={i}>
                {rotulo(AMBIENTES_PESCA, l.ambientePesca)}; {rotulo(PETRECHOS_PESCA, l.petrechoPesca)}; {rotulo(TIPOS_LOCAL_PESCA, l.areaPretendidaPesca?.tipoLocalPesca ?? null)}
                {l.areaPretendidaPesca?.nomePopularLocalPesca ? ` (${l.areaPretendidaPesca.nomePopularLocalPesca})` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
      {!industrial && q.houveComercializacao && q.ufsComercializacao.length > 0 && (
        <>
          <h3>Comercialização</h3>
          <ul>
            {q.ufsComercializacao.map((u, i) => (
              <li key={i}>{u.uf ?? '—'}: {u.comercializacoesPescado.map((c) => rotulo(TIPOS_COMPRADOR, c.tipoComprador)).join(', ')}</li>
            ))}
          </ul>
        </>
      )}
      {docs.length > 0 && (
        <>
          <h3>{industrial ? 'Comprovantes da relação de trabalho' : 'Documentos da justificativa'}</h3>
          <ul className="reap-docs">
            {docs.map((d) => (
              <li key={d.id}>
                <BotaoAbrirDocumento documento={d} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
