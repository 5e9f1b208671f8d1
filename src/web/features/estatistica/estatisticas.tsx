import { useId, useState } from 'react';
import {
  formatarContagem, LIMIAR_SUPRESSAO, MENSAGENS_ESTATISTICA, rotuloMes, TEXTO_SUPRIMIDO, type ItemEstatistica, type MesSolicitacoes,
} from '../../../shared/schemas/estatistica';
import { formatarData } from '../../../shared/datas';
import { UFS } from '../../../shared/ufs';
import { SelectField } from '../../components/form/select-field';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { ENDERECO_CSV_ESTATISTICAS, useEstatisticas } from './estatisticas-api';
import { TempoParaDecidir } from './tempo-decisao';
import { GraficoBarras } from './grafico-barras';
import { TabelaEstatistica } from './tabela-estatistica';
import './estatisticas.css';

/** One characteristic: heading, chart, table. */
function Secao({ titulo, coluna, itens }: { titulo: string; coluna: string; itens: ItemEstatistica[] }) {
  const id = useId();
  return (
    <section className="estatisticas-secao" aria-labelledby={id}>
      <h2 id={id}>{titulo}</h2>
      <GraficoBarras itens={itens} />
      <TabelaEstatistica titulo={titulo} coluna={coluna} itens={itens} />
    </section>
  );
}

/** Requests by month (rows) and situation (columns). */
function TabelaSolicitacoes({ meses }: { meses: MesSolicitacoes[] }) {
  const situacoes = meses[0]?.situacoes ?? [];
  return (
    <div className="estatisticas-tabela-rolagem" tabIndex={0} role="region" aria-label="Solicitações por mês e situação (tabela com rolagem)">
      <table className="br-table estatisticas-tabela estatisticas-tabela-meses">
        <caption>Solicitações enviadas por mês e situação atual</caption>
        <thead>
          <tr>
            <th scope="col">Mês de envio</th>
            {situacoes.map((s) => <th key={s.chave} scope="col" className="numero">{s.rotulo}</th>)}
          </tr>
        </thead>
        <tbody>
          {meses.map((m) => (
            <tr key={m.mes}>
              <th scope="row">{rotuloMes(m.mes)}</th>
              {m.situacoes.map((s) => <td key={s.chave} className="numero">{formatarContagem(s.total)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The open statistics page: every chart has its table; counts under 5 read "< 5", as the server withholds them. */
export function Estatisticas() {
  const [uf, setUf] = useState('');
  const consulta = useEstatisticas(uf || null);
  const e = consulta.data;
  if (consulta.isPending) return <Loading label="Carregando estatísticas…" />;
  if (!e) {
    return (
      <Message kind="danger" title="Erro">
        {MENSAGENS_ESTATISTICA.erroCarregar}
      </Message>
    );
  }
  const nomeUf = UFS.find((u) => u.sigla === e.municipios.uf)?.nome;
  return (
    <div className="estatisticas">
      <p>
        Pescadoras e pescadores profissionais com registro no RGP, em qualquer situação:{' '}
        <strong>{formatarContagem(e.totalPescadores)}</strong>. Números atualizados a cada mudança do registro; idades
        calculadas em {formatarData(e.referencia)}.
      </p>
      <p>
        Para proteger as pessoas, quantidades menores que {LIMIAR_SUPRESSAO} aparecem como “{TEXTO_SUPRIMIDO}”; quando
        uma só quantidade de um grupo fica oculta, a menor das outras também é ocultada, para que não possa ser
        descoberta por subtração.
      </p>
      <p>
        <a className="br-button secondary" href={ENDERECO_CSV_ESTATISTICAS} download="estatisticas-rgp.csv">
          <i className="fas fa-download" aria-hidden="true" /> Baixar os números em CSV
        </a>
      </p>

      <Secao titulo="Pescadores por UF" coluna="UF" itens={e.porUf} />

      <section className="estatisticas-secao" aria-labelledby="estatisticas-municipios">
        <h2 id="estatisticas-municipios">Pescadores por município</h2>
        <SelectField
          id="estatisticas-uf"
          label="UF"
          placeholder="Selecione a UF"
          options={UFS.map((u) => ({ value: u.sigla, label: u.nome }))}
          value={uf}
          onChange={setUf}
          hint="Escolha uma UF para ver os seus municípios."
        />
        {uf && (consulta.isPlaceholderData || e.municipios.uf !== uf) && <Loading label="Carregando municípios…" />}
        {e.municipios.uf && e.municipios.uf === uf && !consulta.isPlaceholderData && (
          <TabelaEstatistica titulo={`Pescadores por município – ${nomeUf ?? e.municipios.uf}`} coluna="Município" itens={e.municipios.itens} />
        )}
      </section>

      <Secao titulo="Pescadores por categoria" coluna="Categoria" itens={e.porCategoria} />
      <Secao titulo="Pescadores por sexo" coluna="Sexo" itens={e.porSexo} />
      <Secao titulo="Pescadores por faixa etária" coluna="Faixa etária" itens={e.porFaixaEtaria} />
      <Secao titulo="Pescadores por forma de atuação" coluna="Forma de atuação" itens={e.porAtividade} />
      <Secao titulo="Pescadores por situação do registro" coluna="Situação do registro" itens={e.porSituacaoRegistro} />

      <section className="estatisticas-secao" aria-labelledby="estatisticas-solicitacoes">
        <h2 id="estatisticas-solicitacoes">Solicitações por mês e situação</h2>
        <p>Solicitações enviadas em cada um dos últimos 12 meses, pela situação em que estão hoje.</p>
        <GraficoBarras
          itens={e.solicitacoesPorMes.map((m) => {
            const conhecidas = m.situacoes.filter((s) => s.total !== null);
            const ocultas = m.situacoes.length - conhecidas.length;
            // The bar is the sum of the published cells; withheld ones are not added (the table shows them).
            return { chave: m.mes, rotulo: rotuloMes(m.mes), total: ocultas === m.situacoes.length ? null : conhecidas.reduce((s, c) => s + c.total!, 0) };
          })}
        />
        <TabelaSolicitacoes meses={e.solicitacoesPorMes} />
      </section>

      <TempoParaDecidir />
    </div>
  );
}
