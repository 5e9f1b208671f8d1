import { formatarContagem, type ItemEstatistica } from '../../../shared/schemas/estatistica';

const ALTURA_BARRA = 22;
const ESPACO = 8;
const LARGURA_ROTULO = 40; // % of the width for the labels
const LARGURA_VALOR = 16; // % for the numbers

/**
 * A horizontal bar chart drawn as plain SVG (decision 0038): one bar per item, the count written beside it, "< 5"
 * with no bar for a withheld count. It is a picture of the table that follows it, so assistive technology skips
 * it (aria-hidden) and reads the table; colours pass 3:1 against white and nothing depends on colour alone.
 */
export function GraficoBarras({ itens }: { itens: ItemEstatistica[] }) {
  const maximo = Math.max(1, ...itens.map((i) => i.total ?? 0));
  const altura = itens.length * (ALTURA_BARRA + ESPACO);
  const larguraBarras = 100 - LARGURA_ROTULO - LARGURA_VALOR;
  return (
    <svg className="estatisticas-grafico" width="100%" height={altura} aria-hidden="true" focusable="false">
      {itens.map((item, k) => {
        const y = k * (ALTURA_BARRA + ESPACO);
        const largura = item.total === null ? 0 : Math.max(0.5, (item.total / maximo) * larguraBarras);
        return (
          <g key={item.chave || `_${k}`}>
            <text x={`${LARGURA_ROTULO - 1}%`} y={y + ALTURA_BARRA / 2} dominantBaseline="middle" textAnchor="end" className="estatisticas-grafico-rotulo">
              {item.rotulo.length > 22 ? `${item.rotulo.slice(0, 21)}…` : item.rotulo}
            </text>
            <rect x={`${LARGURA_ROTULO}%`} y={y} width={`${largura}%`} height={ALTURA_BARRA} className="estatisticas-grafico-barra" />
            <text x={`${LARGURA_ROTULO + largura + 1}%`} y={y + ALTURA_BARRA / 2} dominantBaseline="middle" className="estatisticas-grafico-valor">
              {formatarContagem(item.total)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
