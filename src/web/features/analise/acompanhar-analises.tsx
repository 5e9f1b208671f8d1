import { useSearchParams } from 'react-router';
import { formatCpf, onlyDigits } from '../../../shared/cpf';
import type { TotalizadoresServidor } from '../../../shared/schemas/totalizadores';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { Paginacao } from '../../components/paginacao';
import { useSession } from '../../lib/session';
import type { FiltrosLista } from './analise-api';
import { FiltrosAnalise, type ValoresFiltro } from './filtros-analise';
import { ListaAnalises } from './lista-analises';
import { ERRO_CONSULTAR_ANALISES, ERRO_TOTALIZADORES, useListaAnalises, useTotalizadoresAnalise } from './use-analise';
import './analise.css';

export const TAMANHO_PAGINA = 20;

const numero = new Intl.NumberFormat('pt-BR');

const CONTADORES: ReadonlyArray<readonly [keyof TotalizadoresServidor, string]> = [
  ['aguardandoAnalise', 'Aguardando análise'],
  ['emAnalise', 'Em análise'],
  ['analisadas', 'Analisadas'],
];

function Contadores() {
  const query = useTotalizadoresAnalise();
  let corpo;
  if (query.isPending) corpo = <Loading label="Carregando o total de análises…" />;
  else if (query.isError) corpo = <Message kind="danger" title={ERRO_TOTALIZADORES} />;
  else {
    corpo = (
      <dl className="counters">
        {CONTADORES.map(([chave, rotulo]) => (
          <div key={chave} className="br-card counter">
            <dt>{rotulo}</dt>
            <dd>{numero.format(query.data[chave])}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <section aria-labelledby="titulo-totais">
      <h2 id="titulo-totais">Totais</h2>
      {corpo}
    </section>
  );
}

const CHAVES_FILTRO = ['situacao', 'tipoSolicitacao', 'uf', 'cpf', 'nome', 'dataInicio', 'dataFim'] as const;

function inteiroPositivo(valor: string | null, padrao: number): number {
  const n = Number(valor);
  return Number.isInteger(n) && n > 0 ? n : padrao;
}

/**
 * The list's filters live in the address, so that the back button and a shared link keep them. The keys are
 * written in the API's parameter order, the order of the query string sent.
 */
function filtrosDaUrl(params: URLSearchParams): FiltrosLista {
  const texto = (chave: (typeof CHAVES_FILTRO)[number]) => params.get(chave)?.trim() || undefined;
  const numero = (chave: (typeof CHAVES_FILTRO)[number]) => {
    const valor = texto(chave);
    return valor === undefined ? undefined : Number(valor);
  };
  return {
    situacao: numero('situacao'),
    tipoSolicitacao: numero('tipoSolicitacao'),
    uf: texto('uf'),
    cpf: texto('cpf'),
    nome: texto('nome'),
    dataInicio: texto('dataInicio'),
    dataFim: texto('dataFim'),
    pagina: inteiroPositivo(params.get('pagina'), 1),
    tamanhoPagina: Math.min(inteiroPositivo(params.get('tamanhoPagina'), TAMANHO_PAGINA), 100),
  };
}

function valoresDoFormulario(f: FiltrosLista): ValoresFiltro {
  const cpf = f.cpf ?? '';
  return {
    situacao: f.situacao === undefined ? '' : String(f.situacao),
    tipoSolicitacao: f.tipoSolicitacao === undefined ? '' : String(f.tipoSolicitacao),
    uf: f.uf ?? '',
    cpf: onlyDigits(cpf).length === 11 ? formatCpf(cpf) : cpf,
    nome: f.nome ?? '',
    dataInicio: f.dataInicio ?? '',
    dataFim: f.dataFim ?? '',
  };
}

/**
 * /analise/acompanhar-analises: the counters, the filters and the paginated list of the analyses the user can
 * see (oldest first, as the server orders them), each with the way to the analysis screen.
 */
export function AcompanharAnalises() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  // TanStack Query compares keys by value: a new object with the same filters is the same query.
  const filtros = filtrosDaUrl(params);
  const query = useListaAnalises(filtros);

  function pesquisar(v: ValoresFiltro) {
    const novos = new URLSearchParams();
    for (const chave of CHAVES_FILTRO) {
      const valor = chave === 'cpf' ? onlyDigits(v.cpf) : v[chave].trim();
      if (valor) novos.set(chave, valor);
    }
    setParams(novos);
  }

  function irParaPagina(pagina: number) {
    const novos = new URLSearchParams(params);
    novos.set('pagina', String(pagina));
    setParams(novos);
    document.getElementById('titulo-resultados')?.focus();
  }

  const total = query.data?.total ?? 0;
  const totalPaginas = Math.max(1, Math.ceil(total / filtros.tamanhoPagina));
  let resultados;
  if (query.isPending) resultados = <Loading label="Carregando análises…" />;
  else if (query.isError) {
    resultados = (
      <>
        <Message kind="danger" title={ERRO_CONSULTAR_ANALISES} alert />
        <button type="button" className="br-button secondary mt-2" onClick={() => void query.refetch()}>
          Tentar novamente
        </button>
      </>
    );
  } else {
    const analises = query.data.analises;
    resultados = (
      <>
        <p role="status" className="analise-contagem">
          {total === 0
            ? 'Nenhuma análise encontrada com esses filtros.'
            : `${numero.format(total)} ${total === 1 ? 'análise encontrada' : 'análises encontradas'}${
                totalPaginas > 1 ? ` · página ${filtros.pagina} de ${totalPaginas}` : ''
              }`}
        </p>
        {analises.length > 0 && (
          <ListaAnalises
            analises={analises}
            perfil={session?.perfil}
            legenda={`Análises de solicitações${totalPaginas > 1 ? `, página ${filtros.pagina} de ${totalPaginas}` : ''}`}
          />
        )}
        <Paginacao
          rotulo="Paginação das análises"
          pagina={filtros.pagina}
          totalPaginas={totalPaginas}
          onIr={irParaPagina}
          className="analise-paginacao"
        />
      </>
    );
  }

  return (
    <div className="analise-acompanhar">
      <Contadores />
      <FiltrosAnalise
        valores={valoresDoFormulario(filtros)}
        onPesquisar={pesquisar}
        onLimpar={() => setParams(new URLSearchParams())}
      />
      <section aria-labelledby="titulo-resultados" className="analise-resultados" aria-busy={query.isFetching || undefined}>
        <h2 id="titulo-resultados" tabIndex={-1}>
          Solicitações para análise
        </h2>
        {resultados}
      </section>
    </div>
  );
}
