import type { TempoDecisaoPublico } from '../../../shared/schemas/estatistica';
import { TabelaCartoes, type Coluna } from '../../components/tabela-cartoes';
import { useTempoDecisao } from './estatisticas-api';

const formatar = (n: number) => n.toLocaleString('pt-BR');

const COLUNAS: Coluna<TempoDecisaoPublico['porTipo'][number]>[] = [
  { titulo: 'Tipo de solicitação', celula: (p) => p.tipoDescricao },
  { titulo: 'Decididas', celula: (p) => formatar(p.decididas) },
  { titulo: 'Tempo médio', celula: (p) => `${formatar(p.mediaDias)} dias` },
];

/** The average time to decide a request, published as Decreto 10.178/2019 art. 17 requires (decision 0153). */
export function TempoParaDecidir() {
  const consulta = useTempoDecisao();
  const t = consulta.data;
  if (!t) return null;
  return (
    <section className="estatisticas-secao" aria-labelledby="estatisticas-tempo-decisao">
      <h2 id="estatisticas-tempo-decisao">Tempo para decidir as solicitações</h2>
      <p>
        {t.mediaDias === null
          ? 'Ainda não há solicitações decididas desde o início da contagem.'
          : <>Tempo médio para decidir: <strong>{formatar(t.mediaDias)} dias</strong>, em {formatar(t.decididas)} solicitações decididas,
            contado do envio à decisão, sem o tempo em que a solicitação aguardou o pescador.</>}
      </p>
      {t.porTipo.length > 0 && (
        <TabelaCartoes legenda="Tempo médio para decidir por tipo de solicitação" colunas={COLUNAS} linhas={t.porTipo}
          chave={(p) => p.tipoDescricao} compacta />
      )}
    </section>
  );
}
