import { SituacaoAnalise } from '../../../shared/enums';
import type { AnaliseResumo } from '../../../shared/schemas/analise';
import { pode } from '../../../shared/permissoes';
import { podeAgirNaInstancia } from '../../../shared/regras/instancia';
import { AcaoDaLinha, TabelaCartoes, type Coluna } from '../../components/tabela-cartoes';
import { PrazoDaLinha } from './prazo-da-linha';
import { diasAguardando, enderecoTelaAnalise, rotuloSituacaoAnalise, rotuloTipoSolicitacao } from './formatos';

/** "Analisar" for an analyst on an open analysis they may take; "Ver" for anything else. */
export function acaoDaAnalise(a: AnaliseResumo, perfil: number | undefined): 'Analisar' | 'Ver' {
  const aberta = a.situacaoAnalise.id === SituacaoAnalise.AGUARDANDO_ANALISE || a.situacaoAnalise.id === SituacaoAnalise.EM_ANALISE;
  return aberta && pode(perfil, 'analise.analisar') && podeAgirNaInstancia(perfil, a.instancia) ? 'Analisar' : 'Ver';
}

const COLUNAS: Coluna<AnaliseResumo>[] = [
  {
    titulo: 'Protocolo',
    celula: (a) => (a.numeroProtocolo ? <span className="numero-inteiro">{a.numeroProtocolo}</span> : 'Sem protocolo'),
  },
  { titulo: 'Pescador', celula: (a) => a.nomePescador },
  { titulo: 'CPF', classe: 'analise-nowrap', celula: (a) => <span className="numero-inteiro">{a.cpfPescador}</span> },
  { titulo: 'UF', celula: (a) => a.uf ?? '—' },
  { titulo: 'Tipo', celula: (a) => rotuloTipoSolicitacao(a.tipoSolicitacao, a.tipoDescricao) },
  {
    titulo: 'Situação',
    celula: (a) => (
      <>
        {rotuloSituacaoAnalise(a.situacaoAnalise.id, a.situacaoAnalise.descricao)}
        {a.instancia === 'MPA' && <span className="analise-instancia"> (instância MPA)</span>}
        {a.sinaisPendentes > 0 && (
          <span className="analise-sinais"> · {a.sinaisPendentes === 1 ? '1 sinal a conferir' : `${a.sinaisPendentes} sinais a conferir`}</span>
        )}
      </>
    ),
  },
  { titulo: 'Tempo de espera', classe: 'analise-nowrap', celula: (a) => diasAguardando(a.diasAguardando) },
  { titulo: 'Prazo', celula: (a) => <PrazoDaLinha prazo={a.prazo} /> },
  { titulo: 'Analista', celula: (a) => a.analista ?? '—' },
];

/** The table of the analyses (components/tabela-cartoes.tsx: cards on phones), each with the way to its screen. */
export function ListaAnalises({ analises, perfil, legenda }: { analises: AnaliseResumo[]; perfil: number | undefined; legenda: string }) {
  const acao: Coluna<AnaliseResumo> = {
    titulo: 'Ação',
    celula: (a) => (
      <AcaoDaLinha
        verbo={acaoDaAnalise(a, perfil)}
        nome={a.numeroProtocolo ? `protocolo ${a.numeroProtocolo}` : a.nomePescador}
        para={enderecoTelaAnalise(a)}
      />
    ),
  };
  return <TabelaCartoes legenda={legenda} colunas={[...COLUNAS, acao]} linhas={analises} chave={(a) => a.idAnaliseSolicitacao} />;
}
