import './reap.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { categoriaLabel, type Categoria } from '../../../shared/enums';
import { MENSAGENS_REAP } from '../../../shared/regras/reap';
import { exibirRgp } from '../../../shared/rgp';
import { ROTA_REAP_OBRIGACOES } from '../../../shared/rotas-web';
import { filtroObrigacoesServidor, type ObrigacaoServidor } from '../../../shared/schemas/reap';
import { UFS } from '../../../shared/ufs';
import { ErrorSummary, type FieldError } from '../../components/error-summary';
import { serverFieldErrors } from '../../components/form/form-errors';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { Paginacao } from '../../components/paginacao';
import { TabelaCartoes, type Coluna } from '../../components/tabela-cartoes';
import { mensagemErro } from '../../lib/api';
import { showToast } from '../../lib/toast';
import {
  abrirComprovante, baixarCsvPendentes, fetchObrigacoesServidor, fetchQuestionario, type FiltrosObrigacoesServidor, reapKeys,
} from './reap-api';
import { VisualizacaoReap } from './visualizacao-reap';

const TAMANHO = 20;
const FILTROS = ['anoReferencia', 'uf', 'cpf', 'nome', 'enviada', 'categoria'] as const;
type Filtro = (typeof FILTROS)[number];
type Filtros = Record<Filtro, string>;

/** The element id of each filter (the error summary's link targets). */
const ID_FILTRO: Record<Filtro, string> = {
  anoReferencia: 'filtro-ano', uf: 'filtro-uf', cpf: 'filtro-cpf', nome: 'filtro-nome', enviada: 'filtro-enviada', categoria: 'filtro-categoria',
};
const idFiltro = (campo: string) => (FILTROS as readonly string[]).includes(campo) ? ID_FILTRO[campo as Filtro] : ID_FILTRO.cpf;

function parametrosDe(f: Filtros): Partial<Filtros> {
  const p: Partial<Filtros> = {};
  for (const k of FILTROS) {
    const v = f[k].trim();
    if (v) p[k] = k === 'cpf' ? v.replace(/\D/g, '') : v;
  }
  return p;
}

/** The query of a page of the list (and of the CSV), in the contract's types; empty filters are left out. */
function queryDe(f: Filtros, pagina: number): FiltrosObrigacoesServidor {
  const p = parametrosDe(f);
  const numero = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  return {
    anoReferencia: numero(p.anoReferencia), uf: p.uf, cpf: p.cpf, nome: p.nome,
    enviada: p.enviada === undefined ? undefined : p.enviada === 'true', categoria: numero(p.categoria),
    pagina, tamanhoPagina: TAMANHO,
  };
}

/** The filters checked with the API's own schema (shared), each message at its field. */
const COLUNAS_OBRIGACAO: Coluna<ObrigacaoServidor>[] = [
  { titulo: 'Pescador', celula: (o) => o.nomePescador },
  { titulo: 'Ano', celula: (o) => o.anoReferencia },
  { titulo: 'RGP', celula: (o) => (o.numeroRgp ? exibirRgp(o.numeroRgp) : '—') },
  { titulo: 'UF / Município', celula: (o) => `${o.uf ?? '—'}${o.nomeMunicipio ? ` / ${o.nomeMunicipio}` : ''}` },
  { titulo: 'Categoria', celula: (o) => categoriaLabel[o.categoria as Categoria] ?? '' },
  { titulo: 'Situação', celula: (o) => (o.enviada ? 'Enviada' : 'Pendente') },
  {
    titulo: 'Ação',
    semRotulo: true,
    classe: 'tabela-cartoes-acao',
    celula: (o) => <Link to={`${ROTA_REAP_OBRIGACOES}?questionario=${o.id}`}>Ver REAP {o.anoReferencia} de {o.nomePescador}</Link>,
  },
];

function errosDosFiltros(f: Filtros): FieldError[] {
  const r = filtroObrigacoesServidor.safeParse(parametrosDe(f));
  if (r.success) return [];
  return r.error.issues.map((i) => ({ field: idFiltro(String(i.path[0] ?? '')), message: i.message }));
}

/** Staff: the REAP obligations, filtered and paginated by the server; the CSV of the pending ones; a REAP read-only. */
export function ObrigacoesServidor() {
  const [params, setParams] = useSearchParams();
  const idVer = Number(params.get('questionario') ?? '') || null;
  // ?cpf= opens the list on one fisher's REAPs (a link from another screen, e.g. the analysis).
  const vazio: Filtros = { anoReferencia: '', uf: '', cpf: params.get('cpf') ?? '', nome: '', enviada: '', categoria: '' };
  const [edicao, setEdicao] = useState<Filtros>(vazio);
  const [filtros, setFiltros] = useState<Filtros>(vazio);
  const [errosFiltro, setErrosFiltro] = useState<FieldError[]>([]);
  const [tentativa, setTentativa] = useState(0);
  const [pagina, setPagina] = useState(1);
  const q = queryDe(filtros, pagina);
  const lista = useQuery({ queryKey: reapKeys.servidor(q), queryFn: () => fetchObrigacoesServidor(q), enabled: idVer === null });
  const ver = useQuery({ queryKey: reapKeys.questionario(idVer ?? 0), queryFn: () => fetchQuestionario(idVer!), enabled: idVer !== null });

  if (idVer !== null) {
    return (
      <section aria-labelledby="reap-ver-titulo">
        <h2 id="reap-ver-titulo">REAP (somente leitura)</h2>
        {ver.isPending && <Loading label="Carregando a REAP…" />}
        {ver.isError && <Message kind="danger" title={mensagemErro(ver.error, MENSAGENS_REAP.erroConsultar)} alert />}
        {ver.data && <VisualizacaoReap questionario={ver.data} comPescador />}
        {ver.data?.enviada && (
          <button type="button" className="br-button secondary mt-3" onClick={() => void abrirComprovante(ver.data.id).catch((e: unknown) => showToast('error', mensagemErro(e, MENSAGENS_REAP.erroConsultar)))}>
            Imprimir 2ª via
          </button>
        )}
        <p className="mt-3"><Link to={ROTA_REAP_OBRIGACOES} onClick={() => setParams({})}>Voltar para a lista de obrigações</Link></p>
      </section>
    );
  }

  // A filter the server refused (e.g. a partial CPF in the address this list was opened with): at its field too.
  const errosServidor: FieldError[] = lista.isError ? serverFieldErrors(lista.error).map((e) => ({ field: idFiltro(e.path), message: e.message })) : [];
  const erros = [...errosFiltro, ...errosServidor.filter((e) => !errosFiltro.some((x) => x.field === e.field))];
  const erroDe = (k: Filtro) => erros.find((e) => e.field === ID_FILTRO[k])?.message;
  const campo = (k: Filtro) => ({
    value: edicao[k],
    error: erroDe(k),
    onChange: (v: string) => {
      setEdicao((e) => ({ ...e, [k]: v }));
      // The field is being put right: its message goes (the others stay until the next search).
      setErrosFiltro((l) => (l.some((e) => e.field === ID_FILTRO[k]) ? l.filter((e) => e.field !== ID_FILTRO[k]) : l));
    },
  });

  function pesquisar() {
    const problemas = errosDosFiltros(edicao);
    setErrosFiltro(problemas);
    setTentativa((t) => t + 1);
    if (problemas.length > 0) return;
    setFiltros(edicao);
    setPagina(1);
  }

  return (
    <>
      <form className="reap-filtros" noValidate aria-label="Filtros das obrigações" onSubmit={(e) => { e.preventDefault(); pesquisar(); }}>
        <ErrorSummary errors={erros} attempt={tentativa} />
        <TextField id="filtro-ano" label="Ano de referência" inputMode="numeric" maxLength={4} {...campo('anoReferencia')}
          onChange={(e) => campo('anoReferencia').onChange(e.target.value.replace(/\D/g, ''))} />
        <SelectField id="filtro-uf" label="UF" options={UFS.map((u) => ({ value: u.sigla, label: u.nome }))} placeholder="Todas" {...campo('uf')} />
        <TextField id="filtro-cpf" label="CPF" inputMode="numeric" hint="Os 11 dígitos, com ou sem pontos e traço." {...campo('cpf')}
          onChange={(e) => campo('cpf').onChange(e.target.value)} />
        <TextField id="filtro-nome" label="Nome" {...campo('nome')} onChange={(e) => campo('nome').onChange(e.target.value)} />
        <SelectField id="filtro-enviada" label="Situação" placeholder="Todas"
          options={[{ value: 'false', label: 'Pendente' }, { value: 'true', label: 'Enviada' }]} {...campo('enviada')} />
        <SelectField id="filtro-categoria" label="Categoria" placeholder="Todas"
          options={[{ value: '2', label: 'Artesanal' }, { value: '1', label: 'Industrial' }]} {...campo('categoria')} />
        <div className="reap-acoes">
          <button type="submit" className="br-button primary">Pesquisar</button>
          <button type="button" className="br-button secondary"
            onClick={() => void baixarCsvPendentes(queryDe(filtros, 1)).catch((e: unknown) => showToast('error', mensagemErro(e, 'Erro ao gerar relatório')))}>
            Baixar CSV das pendentes
          </button>
        </div>
      </form>
      {lista.isPending && <Loading label="Carregando as obrigações…" />}
      {lista.isError && errosServidor.length === 0 && <Message kind="danger" title={mensagemErro(lista.error, MENSAGENS_REAP.erroConsultar)} alert />}
      {lista.data && (
        <>
          <p role="status">{lista.data.total === 1 ? '1 obrigação encontrada' : `${lista.data.total.toLocaleString('pt-BR')} obrigações encontradas`}</p>
          {/* A table on wide screens, a card per obligation on phones. */}
          <TabelaCartoes legenda="Obrigações de REAP" legendaOculta colunas={COLUNAS_OBRIGACAO} linhas={lista.data.obrigacoes} chave={(o) => o.id} className="reap-tabela" />
          <Paginacao rotulo="Paginação" pagina={pagina} totalPaginas={Math.ceil(lista.data.total / TAMANHO)} onIr={setPagina} />
        </>
      )}
    </>
  );
}
