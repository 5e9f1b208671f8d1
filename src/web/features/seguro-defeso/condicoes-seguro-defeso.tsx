import type { CondicoesSeguroDefesoPescador } from '../../../shared/schemas/seguro-defeso';
import { Message } from '../../components/message';
import { formatDate } from '../../lib/dates';
import { useSeguroDefeso } from './seguro-defeso-api';

interface Condicao {
  texto: string;
  atendida: boolean;
  /** What is missing, in plain words, when not met. */
  falta?: string;
}

/** The three registry conditions of the Seguro-Defeso, each with what is missing (decision 0126). */
export function condicoes(c: CondicoesSeguroDefesoPescador): Condicao[] {
  const anos = c.reapAnosPendentes.join(', ');
  let faltaAtivo: string;
  if (c.ativoDesde === null) faltaAtivo = `Seu registro não está ativo (situação: ${c.situacaoDescricao ?? 'não informada'}).`;
  else faltaAtivo = `Seu registro está ativo desde ${formatDate(c.ativoDesde)}; completa um ano em ${formatDate(c.umAnoEm)}.`;
  return [
    { texto: 'Registro ativo há um ano ou mais', atendida: c.ativoHaUmAnoOuMais, falta: faltaAtivo },
    {
      texto: 'REAP de todos os anos devidos enviadas', atendida: c.reapAnosPendentes.length === 0,
      falta: `Falta enviar a REAP de ${anos}.`,
    },
    {
      texto: 'Categoria artesanal', atendida: c.artesanal,
      falta: `Sua categoria é ${c.categoriaDescricao ?? 'não informada'}; o Seguro-Defeso é só para a pesca artesanal.`,
    },
  ];
}

/** On the fisher's /home: whether the registry meets the Seguro-Defeso's registry conditions, and what is missing. */
export function CondicoesSeguroDefeso({ idPescador }: { idPescador: number }) {
  const consulta = useSeguroDefeso(idPescador);
  const c = consulta.data;
  // Without a registry (a first request still under way) there is nothing to say yet.
  if (!c || c.situacaoDescricao === null) return null;
  const lista = condicoes(c);
  return (
    <section aria-labelledby="titulo-seguro-defeso" className="mt-3">
      <h2 id="titulo-seguro-defeso">Seguro-Defeso: condições do registro</h2>
      <Message kind={c.atende ? 'success' : 'warning'} title={c.atende ? 'Seu registro atende às condições do RGP' : 'Seu registro ainda não atende às condições do RGP'}>
        {c.atende ? 'Registro ativo há um ano ou mais, REAP em dia e categoria artesanal.' : 'Veja abaixo o que falta.'}{' '}
        As demais condições do benefício (o período de defeso, outras rendas) são verificadas pelo INSS.
      </Message>
      <ul className="mt-2">
        {lista.map((item) => (
          <li key={item.texto}>
            <i className={item.atendida ? 'fas fa-check-circle text-success' : 'fas fa-times-circle text-danger'} aria-hidden="true" />{' '}
            <strong>{item.texto}:</strong> {item.atendida ? 'sim.' : <>não. {item.falta}</>}
          </li>
        ))}
      </ul>
    </section>
  );
}
