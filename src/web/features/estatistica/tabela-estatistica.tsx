import { formatarContagem, type ItemEstatistica } from '../../../shared/schemas/estatistica';

/** The numbers of one characteristic as a table (what screen readers read in place of the chart). */
export function TabelaEstatistica({ titulo, coluna, itens }: { titulo: string; coluna: string; itens: ItemEstatistica[] }) {
  return (
    <div className="estatisticas-tabela-rolagem">
      <table className="br-table estatisticas-tabela">
        <caption>{titulo}</caption>
        <thead>
          <tr>
            <th scope="col">{coluna}</th>
            <th scope="col" className="numero">Pescadores</th>
          </tr>
        </thead>
        <tbody>
          {itens.map((i, k) => (
            <tr key={i.chave || `_${k}`}>
              <th scope="row">{i.rotulo}</th>
              <td className="numero">{formatarContagem(i.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
