import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { TipoSolicitacao } from '../../shared/enums';
import { rotaDecisaoRecurso, rotaRecurso, ROTA_FILA_RECURSOS, ROTA_HOME, ROTA_RECURSOS } from '../../shared/rotas-web';
import {
  MENSAGENS_RECURSO, ORGAOS_RECURSO, orgaoRecursoLabel, razoesCorpo, ResultadoRecurso, resultadoRecursoLabel, type FiltroDecisaoEmLote, type FiltrosRecurso, type RecursoDetalhe,
  type RecursoResumo,
} from '../../shared/schemas/recurso';
import { pode } from '../../shared/permissoes';
import { UFS } from '../../shared/ufs';
import { ExigirPerfil } from '../components/exigir-perfil';
import { TabelaCartoes, type Coluna } from '../components/tabela-cartoes';
import { Message } from '../components/message';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { CampoJustificativa } from '../features/cancelamento/campo-justificativa';
import { DecisaoEmLote } from '../features/recurso/decisao-em-lote';
import { DocumentosSolicitacao } from '../features/documento';
import {
  atosComRecursos, bloquearRecurso, contestaveis, decidirRecurso, desbloquearRecurso, enviarRecurso, filaRecursos, iniciarRecurso, meusRecursos,
  prorrogarRecurso, proximaInstancia, recurso, recursoKeys,
} from '../features/recurso/recurso-api';
import { mensagemErro } from '../lib/api';
import { formatDate, formatDateTime } from '../lib/dates';
import { useSession } from '../lib/session';
import { showToast } from '../lib/toast';

/**
 * Appeals (decision 0088): the fisher's list of what they may contest (with the last day, São Paulo) and of their
 * appeals; one appeal (reasons, evidence from the phone, the decisions, the next instance); the staff queue and the
 * decision screen.
 */

const ERRO = 'Não foi possível concluir. Tente novamente.';

function diasTexto(dias: number | null): string {
  if (dias === null) return '—';
  if (dias < 0) return `Atrasado há ${-dias} ${-dias === 1 ? 'dia' : 'dias'}`;
  if (dias === 0) return 'Vence hoje';
  return `${dias} ${dias === 1 ? 'dia' : 'dias'}`;
}

// ------------------------------------------------------------------ fisher

function ListaRecursosPescador() {
  const navigate = useNavigate();
  const [erro, setErro] = useState<string | null>(null);
  const lista = useQuery({ queryKey: recursoKeys.contestaveis(), queryFn: contestaveis });
  const meus = useQuery({ queryKey: recursoKeys.meus(), queryFn: meusRecursos });

  async function recorrer(chave: string) {
    setErro(null);
    try {
      const { dados, mensagem } = await iniciarRecurso(chave);
      showToast('info', mensagem);
      void navigate(rotaRecurso(dados.id));
    } catch (err) {
      setErro(mensagemErro(err, ERRO));
    }
  }

  return (
    <>
      <PageTitle title="Recursos" />
      <p className="page-lead">
        Se você discorda de uma decisão sobre o seu registro, pode recorrer dentro do prazo. O recurso é analisado primeiro
        por quem decidiu e, se não for reconsiderado, pela instância superior.
      </p>
      {erro && <Message kind="danger" title={erro} alert />}
      <section aria-labelledby="titulo-contestaveis" className="mt-3">
        <h2 id="titulo-contestaveis">Decisões que você pode contestar</h2>
        {lista.isPending && <p role="status">Carregando…</p>}
        {lista.isError && <Message kind="danger" title={mensagemErro(lista.error, ERRO)} />}
        {lista.data && lista.data.contestaveis.length === 0 && <p>Não há decisão sobre o seu registro que possa ser contestada agora.</p>}
        <ul className="lista-recursos">
          {lista.data?.contestaveis.map((c) => (
            <li key={c.chave} className="br-card p-3 mb-2">
              <h3 className="h5 mt-0">{c.objetoDescricao}</h3>
              <p className="mb-1">{c.descricao}</p>
              {c.atoNormativo && <p className="mb-1">Ato normativo: {c.atoNormativo}</p>}
              <p className="mb-2">
                {c.noPrazo
                  ? <>Último dia para recorrer: <strong>{formatDate(c.ultimoDia)}</strong> (até 23h59, horário de Brasília).</>
                  : <>O prazo terminou em <strong>{formatDate(c.ultimoDia)}</strong>. Um recurso enviado agora será registrado, mas não será conhecido.</>}
              </p>
              {c.idRecurso
                ? <Link className="br-button secondary" to={rotaRecurso(c.idRecurso)}>Ver meu recurso</Link>
                : (
                  <button type="button" className="br-button primary" onClick={() => void recorrer(c.chave)}>
                    Recorrer <span className="sr-only">da decisão: {c.objetoDescricao}</span>
                  </button>
                )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="titulo-meus-recursos" className="mt-4">
        <h2 id="titulo-meus-recursos">Meus recursos</h2>
        {meus.data && meus.data.recursos.length === 0 && <p>Você ainda não tem recursos.</p>}
        <ul>
          {meus.data?.recursos.map((r) => (
            <li key={r.id}>
              <Link to={rotaRecurso(r.id)}>{r.numeroProtocolo ?? 'Recurso em preparação'} — {r.objetoDescricao}</Link>
              {' '}({situacaoTexto(r)})
            </li>
          ))}
        </ul>
      </section>
      <p className="mt-3"><Link to={ROTA_HOME} className="br-button secondary">Voltar</Link></p>
    </>
  );
}

function situacaoTexto(r: RecursoDetalhe): string {
  if (!r.enviado) return 'não enviado';
  if (r.resultado !== null) return r.resultadoDescricao ?? '';
  return `em análise: ${r.orgaoDescricao}`;
}

function Decisoes({ r }: { r: RecursoDetalhe }) {
  if (r.decisoes.length === 0) return null;
  return (
    <section aria-labelledby="titulo-decisoes" className="mt-3">
      <h2 id="titulo-decisoes">Decisões</h2>
      <ol>
        {r.decisoes.map((d, i) => (
          <li key={i} className="mb-2">
            <strong>{d.instancia}ª instância ({orgaoRecursoLabel[d.orgao as keyof typeof orgaoRecursoLabel] ?? d.orgao}): {d.resultadoDescricao}</strong>
            {' '}em {formatDateTime(d.data)}{d.perfilAtor === null ? ' (decisão do sistema)' : ''}.
            <br />{d.justificativa}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Resumo({ r }: { r: RecursoDetalhe }) {
  return (
    <dl className="dados-recurso">
      <dt>O que é contestado</dt><dd>{r.descricao}</dd>
      {r.numeroProtocolo && <><dt>Protocolo</dt><dd>{r.numeroProtocolo}</dd></>}
      <dt>Último dia para recorrer</dt><dd>{formatDate(r.ultimoDia)} (até 23h59, horário de Brasília)</dd>
      {r.enviado && <><dt>Situação</dt><dd>{situacaoTexto(r)}</dd></>}
      {r.enviado && r.resultado === null && r.prazoInstancia && (
        <><dt>Prazo para a decisão</dt><dd>{formatDate(r.prazoInstancia)}{r.prorrogado ? ` (prorrogado: ${r.justificativaProrrogacao ?? ''})` : ''}</dd></>
      )}
    </dl>
  );
}

function FormRazoes({ rotulo, botao, enviar }: { rotulo: string; botao: string; enviar: (razoes: string) => Promise<void> }) {
  const [razoes, setRazoes] = useState('');
  const [erro, setErro] = useState<string | undefined>();
  const [enviando, setEnviando] = useState(false);
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const v = razoesCorpo.safeParse({ razoes });
    if (!v.success) {
      setErro(v.error.issues[0]?.message);
      return;
    }
    setErro(undefined);
    setEnviando(true);
    try {
      await enviar(v.data.razoes);
    } catch (err) {
      setErro(mensagemErro(err, ERRO));
    } finally {
      setEnviando(false);
    }
  }
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <CampoJustificativa
        id="razoes" label={rotulo} value={razoes} onChange={(e) => setRazoes(e.target.value)} error={erro}
        hint="Escreva com suas palavras por que a decisão deve mudar. Até 4000 caracteres."
      />
      <div className="form-actions mt-3">
        <button type="submit" className="br-button primary" disabled={enviando}>{enviando ? 'Enviando…' : botao}</button>
      </div>
    </form>
  );
}

function RecursoPescador() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: recursoKeys.detalhe(id), queryFn: () => recurso(id) });
  const atualizar = (r: RecursoDetalhe, mensagem: string) => {
    queryClient.setQueryData(recursoKeys.detalhe(id), r);
    void queryClient.invalidateQueries({ queryKey: recursoKeys.all });
    showToast(r.tempestivo === false ? 'warning' : 'success', mensagem);
  };
  if (query.isPending) return <p role="status">Carregando…</p>;
  if (query.isError) return <Message kind="danger" title={mensagemErro(query.error, ERRO)} />;
  const r = query.data;
  return (
    <>
      <PageTitle title={`Recurso: ${r.objetoDescricao}`} />
      <Resumo r={r} />
      {!r.enviado && (
        <>
          {!r.noPrazo && (
            <Message kind="warning" title="O prazo para recorrer terminou">
              Você ainda pode enviar, mas o recurso será registrado como não conhecido (art. 63 da Lei 9.784/1999).
            </Message>
          )}
          <DocumentosSolicitacao idSolicitacao={r.idSolicitacao} tipoSolicitacao={TipoSolicitacao.RECURSO} nivelTitulo={2} />
          <FormRazoes
            rotulo="Por que você discorda da decisão?" botao="Enviar recurso"
            enviar={async (razoes) => {
              const res = await enviarRecurso(id, razoes);
              atualizar(res.dados, res.mensagem);
            }}
          />
        </>
      )}
      {r.enviado && <DocumentosSolicitacao idSolicitacao={r.idSolicitacao} tipoSolicitacao={TipoSolicitacao.RECURSO} nivelTitulo={2} somenteLeitura />}
      {r.razoes && (
        <section aria-labelledby="titulo-razoes" className="mt-3">
          <h2 id="titulo-razoes">Suas razões</h2>
          <p className="texto-livre">{r.razoes}</p>
        </section>
      )}
      <Decisoes r={r} />
      {r.podeIrAProximaInstancia && (
        <section aria-labelledby="titulo-proxima" className="mt-3">
          <h2 id="titulo-proxima">Levar à instância superior</h2>
          <p>Você pode pedir que a instância superior analise o recurso até {formatDate(r.ultimoDiaProximaInstancia)}.</p>
          <FormRazoes
            rotulo="Razões para a instância superior" botao="Levar à instância superior"
            enviar={async (razoes) => {
              const res = await proximaInstancia(id, razoes);
              atualizar(res.dados, res.mensagem);
            }}
          />
        </section>
      )}
      <p className="mt-3"><Link to={ROTA_RECURSOS} className="br-button secondary">Voltar aos recursos</Link></p>
    </>
  );
}

export function PescadorRecursosPage() {
  return <ListaRecursosPescador />;
}

export function PescadorRecursoPage() {
  return <RecursoPescador />;
}

// ------------------------------------------------------------------ staff

/** The queue's filter as a batch decision takes it (pending appeals; the act goes apart). */
function filtroDoLote(f: FiltrosRecurso): FiltroDecisaoEmLote {
  return {
    situacao: f.situacao === 'atrasados' ? 'atrasados' : 'pendentes',
    ...(f.orgao ? { orgao: f.orgao } : {}), ...(f.instancia ? { instancia: f.instancia } : {}),
    ...(f.uf ? { uf: f.uf } : {}), ...(f.prazoAte ? { prazoAte: f.prazoAte } : {}),
  };
}

function filtrosDe(sp: URLSearchParams): FiltrosRecurso {
  const orgao = sp.get('orgao');
  const instancia = Number(sp.get('instancia'));
  const situacao = sp.get('situacao');
  const uf = sp.get('uf');
  const ato = Number(sp.get('ato'));
  const prazoAte = sp.get('prazoAte');
  const apos = sp.get('apos');
  return {
    pagina: 1,
    tamanhoPagina: 20,
    situacao: situacao === 'atrasados' || situacao === 'decididos' ? situacao : 'pendentes',
    ...(orgao && (ORGAOS_RECURSO as readonly string[]).includes(orgao) ? { orgao: orgao as FiltrosRecurso['orgao'] } : {}),
    ...(instancia >= 1 && instancia <= 3 ? { instancia } : {}),
    ...(Number(sp.get('resultado')) ? { resultado: Number(sp.get('resultado')) } : {}),
    ...(uf && /^[A-Z]{2}$/.test(uf) ? { uf } : {}),
    ...(Number.isInteger(ato) && ato > 0 ? { ato } : {}),
    ...(prazoAte && /^\d{4}-\d{2}-\d{2}$/.test(prazoAte) ? { prazoAte } : {}),
    ...(apos && /^\d{4}-\d{2}-\d{2}_\d+$/.test(apos) ? { apos } : {}),
  };
}

const COLUNAS_FILA: Coluna<RecursoResumo>[] = [
  { titulo: 'Protocolo', celula: (r) => <Link to={rotaDecisaoRecurso(r.id)}>{r.numeroProtocolo ?? r.id}</Link> },
  { titulo: 'Pescador', celula: (r) => r.nomePescador },
  { titulo: 'UF', celula: (r) => r.uf ?? '—' },
  { titulo: 'Contestado', celula: (r) => r.objetoDescricao },
  { titulo: 'Instância', celula: (r) => `${r.instancia}ª — ${orgaoRecursoLabel[r.orgao as keyof typeof orgaoRecursoLabel] ?? r.orgao}` },
  { titulo: 'Prazo', celula: (r) => (r.prazoInstancia ? formatDate(r.prazoInstancia) : '—') },
  { titulo: 'Dias restantes', celula: (r) => (r.atrasado ? <strong>{diasTexto(r.diasRestantes)}</strong> : diasTexto(r.diasRestantes)) },
  { titulo: 'Resultado', celula: (r) => r.resultadoDescricao ?? (r.analista ? `Em análise por ${r.analista}` : 'Aguardando') },
];

function FilaRecursos() {
  const [sp, setSp] = useSearchParams();
  const filtros = filtrosDe(sp);
  const session = useSession();
  const query = useQuery({ queryKey: recursoKeys.fila(filtros), queryFn: () => filaRecursos(filtros) });
  const atos = useQuery({ queryKey: recursoKeys.atos(), queryFn: atosComRecursos });
  const [selecionados, setSelecionados] = useState<Set<number>>(new Set());
  /** Every appeal the filter matches, chosen on the server rather than page by page. */
  const [todosDoFiltro, setTodosDoFiltro] = useState(false);
  const ato = atos.data?.atos.find((a) => a.id === filtros.ato);
  const emLote = pode(session?.perfil, 'recurso.decidirEmLote') && ato !== undefined && filtros.situacao === 'pendentes';
  const mudar = (nome: string, valor: string) => {
    const novo = new URLSearchParams(sp);
    if (valor) novo.set(nome, valor);
    else novo.delete(nome);
    novo.delete('apos');
    setSp(novo);
    setSelecionados(new Set());
    setTodosDoFiltro(false);
  };
  const irPara = (apos: string | null) => {
    const novo = new URLSearchParams(sp);
    if (apos) novo.set('apos', apos);
    else novo.delete('apos');
    setSp(novo);
  };
  const alternar = (id: number) => setSelecionados((atual) => {
    const novo = new Set(atual);
    if (novo.has(id)) novo.delete(id);
    else novo.add(id);
    return novo;
  });
  const linhas = query.data?.recursos ?? [];
  const todosDaPagina = linhas.length > 0 && linhas.every((r) => selecionados.has(r.id));
  const colunas: Coluna<RecursoResumo>[] = emLote
    ? [{
      titulo: 'Selecionar', semRotulo: true,
      celula: (r) => (
        <div className="br-checkbox">
          <input id={`sel-${r.id}`} type="checkbox" checked={selecionados.has(r.id)} onChange={() => alternar(r.id)} />
          <label htmlFor={`sel-${r.id}`}><span className="sr-only">Selecionar o recurso {r.numeroProtocolo ?? r.id} de {r.nomePescador}</span></label>
        </div>
      ),
    }, ...COLUNAS_FILA]
    : COLUNAS_FILA;
  return (
    <>
      <PageTitle title="Recursos" />
      <p className="page-lead">Recursos dos pescadores, o prazo mais curto primeiro. Um recurso atrasado passou do prazo de decisão da instância.</p>
      <form className="filtros-recursos row" onSubmit={(e) => e.preventDefault()} aria-label="Filtros dos recursos">
        <div className="br-input col-sm-6 col-lg-4 mb-2">
          <label htmlFor="filtro-ato">Ato normativo</label>
          <select id="filtro-ato" value={filtros.ato ?? ''} onChange={(e) => mudar('ato', e.target.value)}>
            <option value="">Todos</option>
            {atos.data?.atos.map((a) => <option key={a.id} value={a.id}>{a.nome} ({a.pendentes} aguardando)</option>)}
          </select>
        </div>
        <div className="br-input col-sm-6 col-lg-2 mb-2">
          <label htmlFor="filtro-situacao">Situação</label>
          <select id="filtro-situacao" value={filtros.situacao} onChange={(e) => mudar('situacao', e.target.value)}>
            <option value="pendentes">Aguardando decisão</option>
            <option value="atrasados">Atrasados</option>
            <option value="decididos">Decididos</option>
          </select>
        </div>
        <div className="br-input col-sm-6 col-lg-2 mb-2">
          <label htmlFor="filtro-uf">UF</label>
          <select id="filtro-uf" value={filtros.uf ?? ''} onChange={(e) => mudar('uf', e.target.value)}>
            <option value="">Todas</option>
            {UFS.map((u) => <option key={u.sigla} value={u.sigla}>{u.sigla}</option>)}
          </select>
        </div>
        <div className="br-input col-sm-6 col-lg-4 mb-2">
          <label htmlFor="filtro-orgao">Instância</label>
          <select id="filtro-orgao" value={filtros.orgao ?? ''} onChange={(e) => mudar('orgao', e.target.value)}>
            <option value="">Todas</option>
            {ORGAOS_RECURSO.map((o) => <option key={o} value={o}>{orgaoRecursoLabel[o]}</option>)}
          </select>
        </div>
        <div className="br-input col-sm-6 col-lg-3 mb-2">
          <label htmlFor="filtro-instancia">Grau</label>
          <select id="filtro-instancia" value={filtros.instancia ?? ''} onChange={(e) => mudar('instancia', e.target.value)}>
            <option value="">Todos</option>
            <option value="1">1ª (reconsideração)</option>
            <option value="2">2ª</option>
            <option value="3">3ª</option>
          </select>
        </div>
        <div className="br-input col-sm-6 col-lg-3 mb-2">
          <label htmlFor="filtro-prazo">Prazo de decisão até</label>
          <input id="filtro-prazo" type="date" value={filtros.prazoAte ?? ''} onChange={(e) => mudar('prazoAte', e.target.value)} />
        </div>
        <div className="br-input col-sm-6 col-lg-3 mb-2">
          <label htmlFor="filtro-resultado">Resultado</label>
          <select id="filtro-resultado" value={filtros.resultado ?? ''} onChange={(e) => mudar('resultado', e.target.value)}>
            <option value="">Todos</option>
            {[1, 2, 3, 4].map((n) => <option key={n} value={n}>{resultadoRecursoLabel[n as 1 | 2 | 3 | 4]}</option>)}
          </select>
        </div>
      </form>
      {query.isPending && <p role="status">Carregando…</p>}
      {query.isError && <Message kind="danger" title={mensagemErro(query.error, ERRO)} />}
      {query.data && (
        <>
          <p role="status">{query.data.total.toLocaleString('pt-BR')} {query.data.total === 1 ? 'recurso' : 'recursos'}</p>
          {emLote && linhas.length > 0 && (
            <div className="br-checkbox mb-2">
              <input id="sel-pagina" type="checkbox" checked={todosDaPagina} onChange={() => setSelecionados((atual) => {
                const novo = new Set(atual);
                for (const r of linhas) {
                  if (todosDaPagina) novo.delete(r.id);
                  else novo.add(r.id);
                }
                return novo;
              })} />
              <label htmlFor="sel-pagina">Selecionar todos desta página</label>
            </div>
          )}
          {emLote && query.data.total > linhas.length && (
            <div className="br-checkbox mb-2">
              <input id="sel-filtro" type="checkbox" checked={todosDoFiltro} onChange={() => setTodosDoFiltro((v) => !v)} />
              <label htmlFor="sel-filtro">Selecionar todos os {query.data.total.toLocaleString('pt-BR')} recursos deste filtro</label>
            </div>
          )}
          <TabelaCartoes legenda="Recursos" legendaOculta colunas={colunas} linhas={linhas} chave={(r) => r.id} />
          <nav aria-label="Páginas" className="mt-2">
            {filtros.apos && <button type="button" className="br-button secondary small mr-1" onClick={() => irPara(null)}>Primeira página</button>}
            {query.data.proximo && (
              <button type="button" className="br-button secondary small" onClick={() => irPara(query.data.proximo)}>Próxima página</button>
            )}
          </nav>
          {emLote && (
            <DecisaoEmLote
              ato={ato.id} nomeAto={ato.nome}
              selecao={todosDoFiltro ? { filtro: filtroDoLote(filtros), total: query.data.total } : { ids: [...selecionados] }}
              aoConcluir={() => {
                setSelecionados(new Set());
                setTodosDoFiltro(false);
              }}
            />
          )}
        </>
      )}
    </>
  );
}

function DecisaoRecurso() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: recursoKeys.detalhe(id), queryFn: () => recurso(id) });
  const [resultado, setResultado] = useState<number | null>(null);
  const [justificativa, setJustificativa] = useState('');
  const [prorrogacao, setProrrogacao] = useState('');
  const [suspensoAte, setSuspensoAte] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);

  async function agir(f: () => Promise<{ dados: RecursoDetalhe; mensagem: string }>) {
    setErro(null);
    setOcupado(true);
    try {
      const res = await f();
      queryClient.setQueryData(recursoKeys.detalhe(id), res.dados);
      void queryClient.invalidateQueries({ queryKey: ['recurso', 'fila'] });
      showToast('success', res.mensagem);
    } catch (err) {
      setErro(mensagemErro(err, ERRO));
    } finally {
      setOcupado(false);
    }
  }

  if (query.isPending) return <p role="status">Carregando…</p>;
  if (query.isError) return <Message kind="danger" title={mensagemErro(query.error, ERRO)} />;
  const r = query.data;
  const pendente = r.enviado && r.resultado === null;
  const opcoes = r.instancia === 1
    ? [ResultadoRecurso.NAO_RECONSIDERADO, ResultadoRecurso.PROVIDO, ResultadoRecurso.PROVIDO_EM_PARTE, ResultadoRecurso.NAO_CONHECIDO]
    : [ResultadoRecurso.PROVIDO, ResultadoRecurso.PROVIDO_EM_PARTE, ResultadoRecurso.NAO_PROVIDO, ResultadoRecurso.NAO_CONHECIDO];

  return (
    <>
      <PageTitle title={`Recurso ${r.numeroProtocolo ?? r.id}`} />
      <p>Pescador: <strong>{r.nomePescador}</strong>{r.uf ? ` (${r.uf})` : ''}</p>
      <Resumo r={r} />
      {pendente && (
        <p>
          {r.instancia}ª instância: {r.orgaoDescricao}. {r.instancia === 1 ? 'Reconsideração: ' : ''}
          {diasTexto(r.diasRestantes)}{r.diasRestantes !== null && r.diasRestantes >= 0 ? ' para decidir.' : '.'}
        </p>
      )}
      {r.razoes && (
        <section aria-labelledby="titulo-razoes" className="mt-3">
          <h2 id="titulo-razoes">Razões do pescador</h2>
          <p className="texto-livre">{r.razoes}</p>
        </section>
      )}
      <DocumentosSolicitacao idSolicitacao={r.idSolicitacao} tipoSolicitacao={TipoSolicitacao.RECURSO} nivelTitulo={2} somenteLeitura />
      <Decisoes r={r} />
      {erro && <Message kind="danger" title={erro} alert />}
      {pendente && r.podeDecidir && !r.bloqueadoPeloAtor && (
        <div className="form-actions mt-3">
          <button type="button" className="br-button primary" disabled={ocupado} onClick={() => void agir(() => bloquearRecurso(id))}>
            Iniciar análise
          </button>
        </div>
      )}
      {pendente && !r.podeDecidir && <Message kind="info" title="Este recurso está em outra instância ou fora do seu escopo." />}
      {pendente && r.bloqueadoPeloAtor && (
        <section aria-labelledby="titulo-decidir" className="mt-3">
          <h2 id="titulo-decidir">Decisão</h2>
          <form onSubmit={(e) => {
            e.preventDefault();
            if (resultado === null || !justificativa.trim()) {
              setErro('Escolha o resultado e escreva a justificativa.');
              return;
            }
            if (resultado === ResultadoRecurso.PROVIDO_EM_PARTE && !suspensoAte) {
              setErro(MENSAGENS_RECURSO.emParteSemData);
              return;
            }
            void agir(() => decidirRecurso(id, {
              resultado, justificativa, ...(resultado === ResultadoRecurso.PROVIDO_EM_PARTE ? { suspensoAte } : {}),
            }));
          }} noValidate>
            <fieldset className="br-fieldset">
              <legend>Resultado</legend>
              {opcoes.map((o) => (
                <div key={o} className="br-radio">
                  <input id={`resultado-${o}`} type="radio" name="resultado" value={o} checked={resultado === o} onChange={() => setResultado(o)} />
                  <label htmlFor={`resultado-${o}`}>{resultadoRecursoLabel[o]}</label>
                </div>
              ))}
            </fieldset>
            {resultado === ResultadoRecurso.PROVIDO_EM_PARTE && (
              <div className="br-input mb-2">
                <label htmlFor="suspenso-ate">Suspenso até</label>
                <input id="suspenso-ate" type="date" aria-describedby="suspenso-ate-ajuda" value={suspensoAte} onChange={(e) => setSuspensoAte(e.target.value)} />
                <p id="suspenso-ate-ajuda" className="text-base">
                  Provido em parte: o registro fica suspenso até esta data e volta a ficar ativo no dia seguinte. Só para suspensão ou cancelamento.
                </p>
              </div>
            )}
            <CampoJustificativa id="justificativa" label="Justificativa" value={justificativa} onChange={(e) => setJustificativa(e.target.value)} />
            <div className="form-actions mt-3">
              <button type="button" className="br-button secondary" disabled={ocupado} onClick={() => void agir(() => desbloquearRecurso(id))}>
                Cancelar análise
              </button>
              <div className="form-actions-forward">
                <button type="submit" className="br-button primary" disabled={ocupado}>Registrar decisão</button>
              </div>
            </div>
          </form>
          {r.instancia > 1 && !r.prorrogado && (
            <form className="mt-3" onSubmit={(e) => {
              e.preventDefault();
              if (!prorrogacao.trim()) {
                setErro('Escreva o motivo da prorrogação.');
                return;
              }
              void agir(async () => ({ dados: (await prorrogarRecurso(id, prorrogacao)).dados, mensagem: 'Prazo de decisão prorrogado.' }));
            }} noValidate>
              <CampoJustificativa id="prorrogacao" label="Motivo para prorrogar o prazo (uma vez)" value={prorrogacao} onChange={(e) => setProrrogacao(e.target.value)} />
              <button type="submit" className="br-button secondary mt-2" disabled={ocupado}>Prorrogar prazo</button>
            </form>
          )}
        </section>
      )}
      <p className="mt-3"><Link to={ROTA_FILA_RECURSOS} className="br-button secondary">Voltar à fila</Link></p>
    </>
  );
}

export function FilaRecursosRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="servidor.ler" semAcesso={MENSAGENS_RECURSO.semAcessoFila}><FilaRecursos /></ExigirPerfil>
    </RequireSession>
  );
}

export function DecisaoRecursoRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="servidor.ler" semAcesso={MENSAGENS_RECURSO.semAcessoFila}><DecisaoRecurso /></ExigirPerfil>
    </RequireSession>
  );
}

export function PescadorRecursosRoute() {
  return <RequireSession><ExigirPerfil permissao="pescador.proprio"><PescadorRecursosPage /></ExigirPerfil></RequireSession>;
}

export function PescadorRecursoRoute() {
  return <RequireSession><PescadorRecursoPage /></RequireSession>;
}
