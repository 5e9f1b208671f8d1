import './reap.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { categoriaLabel, type Categoria } from '../../../shared/enums';
import { MENSAGENS_REAP } from '../../../shared/regras/reap';
import { exibirRgp } from '../../../shared/rgp';
import { ROTA_REAP_OBRIGACOES } from '../../../shared/rotas-web';
import { UFS } from '../../../shared/ufs';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { abrirComprovante, baixarCsvPendentes, fetchObrigacoesServidor, fetchQuestionario, reapKeys } from './reap-api';
import { VisualizacaoReap } from './visualizacao-reap';

const TAMANHO = 20;
const FILTROS = ['anoReferencia', 'uf', 'cpf', 'nome', 'enviada', 'categoria'] as const;
type Filtros = Record<(typeof FILTROS)[number], string>;

function queryDe(f: Filtros, pagina: number): string {
  const p = new URLSearchParams();
  for (const k of FILTROS) {
    const v = f[k].trim();
    if (v) p.set(k, k === 'cpf' ? v.replace(/\D/g, '') : v);
  }
  p.set('pagina', String(pagina));
  p.set('tamanhoPagina', String(TAMANHO));
  return p.toString();
}

/** Staff: the REAP obligations, filtered and paginated by the server; the CSV of the pending ones; a REAP read-only. */
export function ObrigacoesServidor() {
  const [params, setParams] = useSearchParams();
  const idVer = Number(params.get('questionario') ?? '') || null;
  // ?cpf= opens the list on one fisher's REAPs (a link from another screen, e.g. the analysis).
  const vazio: Filtros = { anoReferencia: '', uf: '', cpf: params.get('cpf') ?? '', nome: '', enviada: '', categoria: '' };
  const [edicao, setEdicao] = useState<Filtros>(vazio);
  const [filtros, setFiltros] = useState<Filtros>(vazio);
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
        {ver.data && <VisualizacaoReap questionario={ver.data} />}
        {ver.data?.enviada && (
          <button type="button" className="br-button secondary mt-3" onClick={() => void abrirComprovante(ver.data.id).catch((e: unknown) => showToast('error', mensagemErro(e, MENSAGENS_REAP.erroConsultar)))}>
            Imprimir 2ª via
          </button>
        )}
        <p className="mt-3"><Link to={ROTA_REAP_OBRIGACOES} onClick={() => setParams({})}>Voltar para a lista de obrigações</Link></p>
      </section>
    );
  }

  const campo = (k: keyof Filtros) => ({ value: edicao[k], onChange: (v: string) => setEdicao((e) => ({ ...e, [k]: v })) });
  return (
    <>
      <form className="reap-filtros" onSubmit={(e) => { e.preventDefault(); setFiltros(edicao); setPagina(1); }}>
        <TextField id="filtro-ano" label="Ano de referência" inputMode="numeric" maxLength={4} value={edicao.anoReferencia}
          onChange={(e) => campo('anoReferencia').onChange(e.target.value.replace(/\D/g, ''))} />
        <SelectField id="filtro-uf" label="UF" options={UFS.map((u) => ({ value: u.sigla, label: u.nome }))} placeholder="Todas" {...campo('uf')} />
        <TextField id="filtro-cpf" label="CPF" inputMode="numeric" value={edicao.cpf} onChange={(e) => campo('cpf').onChange(e.target.value)} />
        <TextField id="filtro-nome" label="Nome" value={edicao.nome} onChange={(e) => campo('nome').onChange(e.target.value)} />
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
      {lista.isError && <Message kind="danger" title={mensagemErro(lista.error, MENSAGENS_REAP.erroConsultar)} alert />}
      {lista.data && (
        <>
          <p role="status">{lista.data.total === 1 ? '1 obrigação encontrada' : `${lista.data.total.toLocaleString('pt-BR')} obrigações encontradas`}</p>
          <div className="br-table reap-tabela">
            <table>
              <caption className="sr-only">Obrigações de REAP</caption>
              <thead>
                <tr><th scope="col">Ano</th><th scope="col">Pescador</th><th scope="col">RGP</th><th scope="col">UF / Município</th><th scope="col">Categoria</th><th scope="col">Situação</th><th scope="col">Ação</th></tr>
              </thead>
              <tbody>
                {lista.data.obrigacoes.map((o) => (
                  <tr key={o.id}>
                    <td>{o.anoReferencia}</td>
                    <td>{o.nomePescador}</td>
                    <td>{o.numeroRgp ? exibirRgp(o.numeroRgp) : '—'}</td>
                    <td>{o.uf ?? '—'}{o.nomeMunicipio ? ` / ${o.nomeMunicipio}` : ''}</td>
                    <td>{categoriaLabel[o.categoria as Categoria] ?? ''}</td>
                    <td>{o.enviada ? 'Enviada' : 'Pendente'}</td>
                    <td>
                      <Link to={`${ROTA_REAP_OBRIGACOES}?questionario=${o.id}`}>
                        Ver REAP {o.anoReferencia} de {o.nomePescador}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="reap-paginacao" aria-label="Paginação">
            <button type="button" className="br-button secondary" disabled={pagina <= 1} onClick={() => setPagina((p) => p - 1)}>Página anterior</button>
            <span>Página {pagina} de {Math.max(1, Math.ceil(lista.data.total / TAMANHO))}</span>
            <button type="button" className="br-button secondary" disabled={pagina * TAMANHO >= lista.data.total} onClick={() => setPagina((p) => p + 1)}>Próxima página</button>
          </nav>
        </>
      )}
    </>
  );
}
