import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { pode } from '../../../shared/permissoes';
import type { AnaliseAtrasada, PainelAnalises } from '../../../shared/schemas/prazo-analise';
import { Message } from '../../components/message';
import { TabelaCartoes, type Coluna } from '../../components/tabela-cartoes';
import { mensagemErro } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { fetchAtrasadas, fetchDesignaveis, fetchPainel, painelKeys, reatribuirAnalise } from './analise-api';
import './painel-analises.css';

const SEMANAS = 12;

function dias(n: number): string {
  return n === 1 ? '1 dia' : `${n.toLocaleString('pt-BR')} dias`;
}

/**
 * Horizontal bars with their numbers written beside them, readable at 360 px. The same figures are in the table
 * that follows each chart, which is what a screen reader reads (the bars are hidden from it).
 */
function Barras({ itens }: { itens: { rotulo: string; valor: number }[] }) {
  const maximo = Math.max(1, ...itens.map((i) => i.valor));
  return (
    <ul className="painel-barras" aria-hidden="true">
      {itens.map((i) => (
        <li key={i.rotulo}>
          <span className="painel-barras-rotulo">{i.rotulo}</span>
          <span className="painel-barras-trilho">
            <span className="painel-barras-barra" style={{ width: `${(i.valor / maximo) * 100}%` }} />
          </span>
          <span className="painel-barras-valor">{i.valor.toLocaleString('pt-BR')}</span>
        </li>
      ))}
    </ul>
  );
}

type Semana = PainelAnalises['semanas'][number];
type Tempo = PainelAnalises['tempoDecisao'][number];
type Analista = PainelAnalises['analistas'][number];

const COLUNAS_SEMANA: Coluna<Semana>[] = [
  { titulo: 'Semana de', celula: (s) => <span className="sem-quebra">{formatDate(s.semana)}</span> },
  { titulo: 'UF', celula: (s) => s.uf || '—' },
  { titulo: 'Instância', celula: (s) => s.instancia },
  { titulo: 'Recebidas', celula: (s) => s.recebidas.toLocaleString('pt-BR') },
  { titulo: 'Decididas', celula: (s) => s.decididas.toLocaleString('pt-BR') },
];
const COLUNAS_TEMPO: Coluna<Tempo>[] = [
  { titulo: 'Tipo de solicitação', celula: (t) => t.tipoDescricao },
  { titulo: 'Decididas', celula: (t) => t.decididas.toLocaleString('pt-BR') },
  { titulo: 'Mediana', celula: (t) => dias(t.medianaDias) },
  { titulo: '90% decididas em até', celula: (t) => dias(t.p90Dias) },
  { titulo: 'Média', celula: (t) => `${t.mediaDias.toLocaleString('pt-BR')} dias` },
];
const COLUNAS_ANALISTA: Coluna<Analista>[] = [
  { titulo: 'Servidor', celula: (a) => a.nome },
  { titulo: 'Decisões no período', celula: (a) => a.decididas.toLocaleString('pt-BR') },
];

/** The GESTOR's choice of who decides a late analysis (Decreto 10.178/2019 art. 15 §2): another servant or themself. */
function Atribuir({ analise }: { analise: AnaliseAtrasada }) {
  const [aberto, setAberto] = useState(false);
  const [escolhido, setEscolhido] = useState('');
  const idSelect = useId();
  const cliente = useQueryClient();
  const servidores = useQuery({
    queryKey: painelKeys.designaveis(analise.idAnaliseSolicitacao), queryFn: () => fetchDesignaveis(analise.idAnaliseSolicitacao), enabled: aberto,
  });
  const atribuir = useMutation({
    mutationFn: () => reatribuirAnalise(analise.idAnaliseSolicitacao, Number(escolhido)),
    onSuccess: () => cliente.invalidateQueries({ queryKey: ['analise'] }),
  });
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (escolhido) atribuir.mutate();
  };
  const protocolo = analise.numeroProtocolo ?? `solicitação ${analise.idSolicitacao}`;
  return (
    <details className="painel-atribuir" onToggle={(e) => setAberto((e.target as HTMLDetailsElement).open)}>
      <summary>Atribuir <span className="sr-only">a análise do protocolo {protocolo}</span></summary>
      <form onSubmit={enviar}>
        <label htmlFor={idSelect}>Servidor</label>
        <select id={idSelect} value={escolhido} onChange={(e) => setEscolhido(e.target.value)} required>
          <option value="">{servidores.isLoading ? 'Carregando…' : 'Escolha o servidor'}</option>
          {servidores.data?.servidores.map((s) => <option key={s.id} value={s.id}>{s.nome} ({s.orgao})</option>)}
        </select>
        <button type="submit" className="br-button primary small" disabled={atribuir.isPending}>Atribuir</button>
        {atribuir.isError && <Message kind="danger" alert>{mensagemErro(atribuir.error, 'Não foi possível atribuir a análise. Tente novamente.')}</Message>}
        {atribuir.isSuccess && <Message kind="success" alert>{atribuir.data}</Message>}
      </form>
    </details>
  );
}

const COLUNAS_ATRASADA: Coluna<AnaliseAtrasada>[] = [
  { titulo: 'Protocolo', celula: (a) => <span className="numero-inteiro">{a.numeroProtocolo ?? 'Sem protocolo'}</span> },
  { titulo: 'Tipo', celula: (a) => a.tipoDescricao },
  { titulo: 'UF', celula: (a) => a.uf || '—' },
  { titulo: 'Atraso', celula: (a) => `${dias(a.diasAtraso)} (venceu em ${formatDate(a.venceuEm.slice(0, 10))})` },
  { titulo: 'Analista', celula: (a) => a.analista ?? 'Ninguém' },
  { titulo: 'Atribuída a', celula: (a) => a.designado ?? '—' },
];

function Atrasadas() {
  const lista = useQuery({ queryKey: painelKeys.atrasadas(), queryFn: fetchAtrasadas });
  if (lista.isLoading) return <p role="status">Carregando as análises atrasadas…</p>;
  if (lista.isError) return <Message kind="danger">{mensagemErro(lista.error, 'Não foi possível carregar as análises atrasadas.')}</Message>;
  const analises = lista.data?.analises ?? [];
  if (analises.length === 0) return <p>Nenhuma análise atrasada.</p>;
  const acao: Coluna<AnaliseAtrasada> = { titulo: 'Ação', celula: (a) => <Atribuir analise={a} /> };
  return (
    <TabelaCartoes legenda="Análises atrasadas encaminhadas ao gestor" legendaOculta colunas={[...COLUNAS_ATRASADA, acao]}
      linhas={analises} chave={(a) => a.idAnaliseSolicitacao} />
  );
}

/** The manager's page (decision 0153): flows, backlog, time to decide and throughput, all from kept totals. */
export function PainelDeAnalises() {
  const session = useSession();
  const painel = useQuery({ queryKey: painelKeys.painel(SEMANAS), queryFn: () => fetchPainel(SEMANAS) });
  if (painel.isLoading) return <p role="status">Carregando o painel…</p>;
  if (painel.isError || !painel.data) return <Message kind="danger">{mensagemErro(painel.error, 'Não foi possível carregar o painel.')}</Message>;
  const p = painel.data;
  const porSemana = [...p.semanas.reduce((m, s) => {
    const atual = m.get(s.semana) ?? { recebidas: 0, decididas: 0 };
    return m.set(s.semana, { recebidas: atual.recebidas + s.recebidas, decididas: atual.decididas + s.decididas });
  }, new Map<string, { recebidas: number; decididas: number }>())];
  const estoque = p.backlogPorIdade.reduce((s, f) => s + f.total, 0);
  return (
    <div className="painel-analises">
      <dl className="painel-resumo">
        <div><dt>Estoque a decidir</dt><dd>{estoque.toLocaleString('pt-BR')}</dd></div>
        <div><dt>Atrasadas com o gestor</dt><dd>{p.atrasadas.toLocaleString('pt-BR')}</dd></div>
        <div>
          <dt>Tempo médio para decidir (publicado)</dt>
          <dd>{p.mediaPublicadaDias === null ? 'Sem decisões' : `${p.mediaPublicadaDias.toLocaleString('pt-BR')} dias`}</dd>
        </div>
      </dl>

      {pode(session?.perfil, 'analise.gerir') && (
        <section aria-labelledby="painel-atrasadas">
          <h2 id="painel-atrasadas">Análises atrasadas</h2>
          <p>Venceu o prazo para decidir: o gestor decide ou atribui a outro servidor (Decreto 10.178/2019, art. 15, § 2º).</p>
          <Atrasadas />
        </section>
      )}

      <section aria-labelledby="painel-semanas">
        <h2 id="painel-semanas">Recebidas e decididas por semana</h2>
        <h3 className="painel-subtitulo">Recebidas</h3>
        <Barras itens={porSemana.map(([semana, v]) => ({ rotulo: formatDate(semana).slice(0, 5), valor: v.recebidas }))} />
        <h3 className="painel-subtitulo">Decididas</h3>
        <Barras itens={porSemana.map(([semana, v]) => ({ rotulo: formatDate(semana).slice(0, 5), valor: v.decididas }))} />
        {p.semanas.length === 0 ? <p>Nenhuma solicitação nas últimas {SEMANAS} semanas.</p> : (
          <TabelaCartoes legenda={`Recebidas e decididas por semana, UF e instância (últimas ${SEMANAS} semanas)`} colunas={COLUNAS_SEMANA}
            linhas={p.semanas} chave={(s) => `${s.semana}-${s.uf}-${s.instancia}`} compacta />
        )}
      </section>

      <section aria-labelledby="painel-idade">
        <h2 id="painel-idade">Estoque por idade</h2>
        <p>Solicitações a decidir pelo tempo desde o primeiro envio; não conta as que aguardam o pescador.</p>
        <Barras itens={p.backlogPorIdade.map((f) => ({ rotulo: f.faixa, valor: f.total }))} />
        <TabelaCartoes legenda="Estoque por idade" legendaOculta colunas={[
          { titulo: 'Idade', celula: (f: { faixa: string; total: number }) => f.faixa },
          { titulo: 'Solicitações', celula: (f: { faixa: string; total: number }) => f.total.toLocaleString('pt-BR') },
        ]} linhas={p.backlogPorIdade} chave={(f) => f.faixa} compacta />
      </section>

      <section aria-labelledby="painel-tempo">
        <h2 id="painel-tempo">Tempo para decidir</h2>
        <p>Do primeiro envio à decisão, sem o tempo em que a solicitação aguardou o pescador.</p>
        {p.tempoDecisao.length === 0 ? <p>Nenhuma decisão registrada.</p> : (
          <TabelaCartoes legenda="Tempo para decidir por tipo de solicitação" legendaOculta colunas={COLUNAS_TEMPO}
            linhas={p.tempoDecisao} chave={(t) => t.tipoSolicitacao} compacta />
        )}
      </section>

      <section aria-labelledby="painel-analistas">
        <h2 id="painel-analistas">Decisões por servidor</h2>
        {p.analistas.length === 0 ? <p>Nenhuma decisão nas últimas {SEMANAS} semanas.</p> : (
          <TabelaCartoes legenda={`Decisões por servidor (últimas ${SEMANAS} semanas)`} legendaOculta colunas={COLUNAS_ANALISTA}
            linhas={p.analistas} chave={(a) => a.idUsuarioMapa} compacta />
        )}
      </section>
    </div>
  );
}
