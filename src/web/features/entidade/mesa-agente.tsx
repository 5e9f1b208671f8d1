import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { maskCpf } from '../../../shared/cpf';
import { type SituacaoRegistro, situacaoRegistroLabel } from '../../../shared/enums';
import { ROTA_REAP, ROTA_TERMO_CONSENTIMENTO } from '../../../shared/rotas-web';
import { type FiltroCsvMesa, type Representado, situacaoDelegacaoLabel, SituacaoEntidade } from '../../../shared/schemas/entidade';
import { AvisoRepresentacao } from '../../components/aviso-representacao';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { Message } from '../../components/message';
import { AcaoDaLinha, colunaDeAcoes, TabelaCartoes, type Coluna } from '../../components/tabela-cartoes';
import { mensagemErro } from '../../lib/api';
import { useConectado } from '../../lib/aplicativo';
import { formatDate, formatDateTime } from '../../lib/dates';
import { atuarPor, deixarDeAtuar } from '../../lib/representacao';
import { showToast } from '../../lib/toast';
import { baixarCsvMesa, entidadeKeys, mesaDoAgente } from './entidade-api';

/** The desk's name filter waits this long after the last key before asking. */
export const ESPERA_FILTRO_MS = 400;

const SIM_NAO = [{ value: 'sim', label: 'Sim' }, { value: 'nao', label: 'Não' }];
const opcoesRegistro = Object.entries(situacaoRegistroLabel).map(([value, label]) => ({ value, label }));
const opcoesDelegacao = [{ value: '1', label: 'Ativa' }, { value: '2', label: 'Aguardando validação' }];

type Escolhas = { situacaoRegistro: string; deveReap: string; emAndamento: string; recursoPendente: string; situacaoDelegacao: string };
const NENHUMA: Escolhas = { situacaoRegistro: '', deveReap: '', emAndamento: '', recursoPendente: '', situacaoDelegacao: '' };

/** The filter as the contract takes it: empty choices left out. */
function filtroDe(nome: string, e: Escolhas): FiltroCsvMesa {
  const sn = (v: string) => (v === 'sim' || v === 'nao' ? v : undefined);
  return {
    ...(nome ? { nome } : {}),
    ...(e.situacaoRegistro ? { situacaoRegistro: Number(e.situacaoRegistro) } : {}),
    ...(e.situacaoDelegacao ? { situacaoDelegacao: Number(e.situacaoDelegacao) } : {}),
    ...(sn(e.deveReap) ? { deveReap: sn(e.deveReap) } : {}),
    ...(sn(e.emAndamento) ? { emAndamento: sn(e.emAndamento) } : {}),
    ...(sn(e.recursoPendente) ? { recursoPendente: sn(e.recursoPendente) } : {}),
  };
}

/** What a row shows of the registry while the consent term awaits validation: nothing (decision 0118). */
const AGUARDANDO = 'Após a validação do termo';

function prazo(r: Representado): string {
  if (r.reapsDevidas === null) return AGUARDANDO;
  if (r.reapsDevidas === 0) return 'Nenhuma';
  return r.prazoReap ? `${r.reapsDevidas}, a primeira até ${formatDate(r.prazoReap)}` : String(r.reapsDevidas);
}

/**
 * The agent's desk (decision 0118): the represented fishers with their registry, REAPs owed and the first deadline,
 * requests in progress and appeals; filters, the total, keyset pages and the CSV of the filtered list. Without
 * signal the last list read stays on screen, saying so.
 */
export function MesaAgente() {
  const navigate = useNavigate();
  const conectado = useConectado();
  const [nome, setNome] = useState('');
  // The list is asked ESPERA_FILTRO_MS after the last key, not on each one (the name never reaches a log: redact.ts).
  const [pedido, setPedido] = useState('');
  const [escolhas, setEscolhas] = useState<Escolhas>(NENHUMA);
  /** The cursors of the pages before this one (keyset), the first page's as null. */
  const [cursores, setCursores] = useState<(number | null)[]>([null]);
  const [baixando, setBaixando] = useState(false);
  useEffect(() => {
    // A new name starts again from the first page; the same name (the first render's timer) keeps the page.
    const t = setTimeout(() => {
      if (nome.trim() === pedido) return;
      setPedido(nome.trim());
      setCursores([null]);
    }, ESPERA_FILTRO_MS);
    return () => clearTimeout(t);
  }, [nome, pedido]);
  const filtro = filtroDe(pedido, escolhas);
  const apos = cursores[cursores.length - 1] ?? null;
  const consulta = { ...filtro, ...(apos ? { apos } : {}) };
  const mesa = useQuery({
    queryKey: entidadeKeys.mesa(consulta), queryFn: () => mesaDoAgente(consulta), placeholderData: keepPreviousData,
  });
  const entidade = mesa.data?.entidades[0]?.nome ?? '';
  const mudar = (campo: keyof Escolhas) => (v: string) => {
    setEscolhas((e) => ({ ...e, [campo]: v }));
    setCursores([null]);
  };

  async function baixar() {
    setBaixando(true);
    try {
      await baixarCsvMesa(filtro);
    } catch (err) {
      showToast('error', mensagemErro(err, 'Não foi possível baixar a lista. Tente novamente.'));
    } finally {
      setBaixando(false);
    }
  }

  const colunas: Coluna<Representado>[] = [
    { titulo: 'Pescador', celula: (r) => r.nome },
    { titulo: 'CPF', celula: (r) => maskCpf(r.cpf) },
    { titulo: 'Registro', celula: (r) => (r.situacaoDelegacao !== 1 ? AGUARDANDO : r.situacaoPescador ? situacaoRegistroLabel[r.situacaoPescador as SituacaoRegistro] ?? '—' : '—') },
    { titulo: 'REAPs devidas', celula: prazo },
    { titulo: 'Pedidos em andamento', celula: (r) => (r.solicitacoesEmAndamento === null ? AGUARDANDO : String(r.solicitacoesEmAndamento)) },
    { titulo: 'Recursos pendentes', celula: (r) => (r.recursosPendentes === null ? AGUARDANDO : String(r.recursosPendentes)) },
    { titulo: 'Delegação', celula: (r) => `${situacaoDelegacaoLabel[r.situacaoDelegacao as keyof typeof situacaoDelegacaoLabel]}, até ${formatDate(r.fim)}` },
    colunaDeAcoes((r) => (
      <AcaoDaLinha verbo="Atuar por" nome={r.nome} disabled={r.situacaoDelegacao !== 1} onClick={() => {
        atuarPor({ idPescador: r.idPescador, nome: r.nome, entidade });
        void navigate(ROTA_REAP);
      }} />
    )),
  ];
  const total = mesa.data?.total ?? 0;

  return (
    <>
      <AvisoRepresentacao />
      {!conectado && (
        <Message kind="warning" title="Sem conexão com a internet." status>
          {mesa.data
            ? `A lista mostrada é a última lida, às ${formatDateTime(new Date(mesa.dataUpdatedAt))}. Filtros, páginas e o CSV voltam quando houver sinal.`
            : 'A lista de pescadores carrega quando houver sinal.'}
        </Message>
      )}
      {mesa.isError && conectado && <Message kind="danger" alert>{mensagemErro(mesa.error, 'Não foi possível carregar a lista. Tente novamente.')}</Message>}
      {mesa.data?.entidades.length === 0 && <Message kind="info" title="Você não é agente de nenhuma entidade representativa." />}
      {mesa.data?.entidades.map((e) => (
        <p key={e.id}>Agente de <strong>{e.nome}</strong> até {formatDate(e.validadeAgente)}{e.situacao === SituacaoEntidade.ATIVA ? '' : ' — entidade suspensa'}</p>
      ))}
      <p><Link to={ROTA_TERMO_CONSENTIMENTO}>Registrar termo de consentimento de pescador sem gov.br</Link></p>
      <form aria-labelledby="titulo-filtros-mesa" onSubmit={(e) => e.preventDefault()}>
        <h2 id="titulo-filtros-mesa">Filtros</h2>
        <TextField id="filtro-nome" label="Filtrar por nome" value={nome} onChange={(e) => setNome(e.target.value)} />
        <SelectField id="filtro-registro" label="Situação do registro" placeholder="Todas" options={opcoesRegistro} value={escolhas.situacaoRegistro} onChange={mudar('situacaoRegistro')} />
        <SelectField id="filtro-reap" label="Deve REAP" placeholder="Todos" options={SIM_NAO} value={escolhas.deveReap} onChange={mudar('deveReap')} />
        <SelectField id="filtro-andamento" label="Tem pedido em andamento" placeholder="Todos" options={SIM_NAO} value={escolhas.emAndamento} onChange={mudar('emAndamento')} />
        <SelectField id="filtro-recurso" label="Tem recurso pendente" placeholder="Todos" options={SIM_NAO} value={escolhas.recursoPendente} onChange={mudar('recursoPendente')} />
        <SelectField id="filtro-delegacao" label="Delegação" placeholder="Todas" options={opcoesDelegacao} value={escolhas.situacaoDelegacao} onChange={mudar('situacaoDelegacao')} />
      </form>
      <p role="status" aria-live="polite" className="mt-3">
        {mesa.data ? `${total.toLocaleString('pt-BR')} ${total === 1 ? 'pescador encontrado' : 'pescadores encontrados'}` : 'Carregando…'}
      </p>
      <p>
        <button type="button" className="br-button secondary mt-2" onClick={() => void baixar()} disabled={!conectado || baixando || total === 0}>
          {baixando ? 'Baixando…' : 'Baixar lista filtrada (CSV)'}
        </button>{' '}
        <button type="button" className="br-button secondary mt-2" onClick={deixarDeAtuar}>Deixar de atuar por um pescador</button>
      </p>
      <TabelaCartoes legenda="Pescadores representados" colunas={colunas} linhas={mesa.data?.representados ?? []} chave={(r) => r.idPescador} />
      <nav aria-label="Páginas de pescadores representados" className="mt-3">
        <button type="button" className="br-button secondary" disabled={cursores.length === 1 || !conectado}
          onClick={() => setCursores((c) => c.slice(0, -1))}>Página anterior</button>{' '}
        <span>Página {cursores.length}</span>{' '}
        <button type="button" className="br-button secondary" disabled={!mesa.data?.proximo || !conectado || mesa.isPlaceholderData}
          onClick={() => { const p = mesa.data?.proximo; if (p) setCursores((c) => [...c, p]); }}>Próxima página</button>
      </nav>
    </>
  );
}
