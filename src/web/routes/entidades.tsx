import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatCnpj } from '../../shared/cnpj';
import { maskCpf } from '../../shared/cpf';
import { ServicoDelegado, servicoDelegadoLabel } from '../../shared/representacao';
import { ROTA_ADMINISTRACAO } from '../../shared/rotas-web';
import {
  type Entidade, situacaoDelegacaoLabel, SituacaoEntidade, TipoEntidade, tipoEntidadeLabel,
} from '../../shared/schemas/entidade';
import type { IndicadorMensal } from '../../shared/schemas/sinal';
import { UFS } from '../../shared/ufs';
import { ExigirPerfil } from '../components/exigir-perfil';
import { CheckboxGroup } from '../components/form/checkbox-group';
import { SelectField } from '../components/form/select-field';
import { TextField } from '../components/form/text-field';
import { Message } from '../components/message';
import { Pagina } from '../components/pagina';
import { RequireSession } from '../components/require-session';
import { AcaoDaLinha, colunaDeAcoes, TabelaCartoes, type Coluna } from '../components/tabela-cartoes';
import { MesaAgente } from '../features/entidade/mesa-agente';
import {
  agentesDaEntidade, concederDelegacao, indicadoresDaEntidade, criarEntidade, entidadeKeys, entidadesDisponiveis, listarEntidades, minhasDelegacoes,
  reativarEntidade, revogarDelegacao, suspenderEntidade, vincularAgente,
} from '../features/entidade/entidade-api';
import { mensagemErro } from '../lib/api';
import { formatDate } from '../lib/dates';
import { useSession } from '../lib/session';
import { showToast } from '../lib/toast';
import { pode } from '../../shared/permissoes';

/**
 * Representative entities (docs/decisions/0110): the managers' list and forms, the fisher's "Quem me representa"
 * (grant and revoke), and the agent's desk with the picker that makes the fisher's screens act for one of them.
 */

const ERRO = 'Não foi possível concluir. Tente novamente.';
const opcoesTipo = Object.entries(tipoEntidadeLabel).map(([value, label]) => ({ value, label }));
const opcoesUf = UFS.map((u) => ({ value: u.sigla, label: u.nome }));
const opcoesServico = Object.entries(servicoDelegadoLabel).map(([value, label]) => ({ value, label }));

function Erro({ texto }: { texto: string | null }) {
  return texto ? <Message kind="danger" alert>{texto}</Message> : null;
}

// ------------------------------------------------------------------ managers

function FormularioEntidade({ aoSalvar }: { aoSalvar: () => void }) {
  const [tipo, setTipo] = useState(String(TipoEntidade.COLONIA));
  const [cnpj, setCnpj] = useState('');
  const [nome, setNome] = useState('');
  const [uf, setUf] = useState('');
  const [ato, setAto] = useState('');
  const [inicio, setInicio] = useState('');
  const [fim, setFim] = useState('');
  const [erro, setErro] = useState<string | null>(null);

  async function salvar(e: FormEvent) {
    e.preventDefault();
    setErro(null);
    try {
      const { mensagem } = await criarEntidade({
        tipo: Number(tipo) as TipoEntidade, cnpj, nome, ufs: uf ? [uf] : [], municipios: [], atoCooperacao: ato, vigenciaInicio: inicio, vigenciaFim: fim,
      });
      showToast('success', mensagem);
      setCnpj(''); setNome(''); setAto('');
      aoSalvar();
    } catch (err) {
      setErro(mensagemErro(err, ERRO));
    }
  }

  return (
    <form onSubmit={(e) => void salvar(e)} noValidate aria-labelledby="titulo-nova-entidade">
      <h2 id="titulo-nova-entidade">Nova entidade</h2>
      <Erro texto={erro} />
      <SelectField id="tipo" label="Tipo" options={opcoesTipo} value={tipo} onChange={setTipo} />
      <TextField id="cnpj" label="CNPJ" value={cnpj} onChange={(e) => setCnpj(e.target.value)} inputMode="numeric" />
      <TextField id="nome" label="Nome" value={nome} onChange={(e) => setNome(e.target.value)} />
      <SelectField id="uf" label="Estado atendido" options={opcoesUf} value={uf} onChange={setUf} placeholder="Selecione" />
      <TextField id="ato" label="Ato de cooperação" value={ato} onChange={(e) => setAto(e.target.value)} />
      <TextField id="inicio" label="Início da vigência" type="date" value={inicio} onChange={(e) => setInicio(e.target.value)} />
      <TextField id="fim" label="Fim da vigência" type="date" value={fim} onChange={(e) => setFim(e.target.value)} />
      <button type="submit" className="br-button primary mt-3">Cadastrar entidade</button>
    </form>
  );
}

function Agentes({ entidade }: { entidade: Entidade }) {
  const qc = useQueryClient();
  const lista = useQuery({ queryKey: entidadeKeys.agentes(entidade.id), queryFn: () => agentesDaEntidade(entidade.id) });
  const [cpf, setCpf] = useState('');
  const [nome, setNome] = useState('');
  const [validade, setValidade] = useState('');
  const [erro, setErro] = useState<string | null>(null);

  async function vincular(e: FormEvent) {
    e.preventDefault();
    setErro(null);
    try {
      const { mensagem } = await vincularAgente(entidade.id, { cpf, nome, validade });
      showToast('success', mensagem);
      setCpf(''); setNome('');
      await qc.invalidateQueries({ queryKey: entidadeKeys.all });
    } catch (err) {
      setErro(mensagemErro(err, ERRO));
    }
  }

  return (
    <section aria-labelledby={`agentes-${entidade.id}`}>
      <h3 id={`agentes-${entidade.id}`}>Agentes de {entidade.nome}</h3>
      <ul>
        {(lista.data ?? []).map((a) => (
          <li key={a.id}>{a.nome} — CPF {maskCpf(a.cpf)} — até {formatDate(a.validade)}{a.ativo ? '' : ' (desligado)'}</li>
        ))}
      </ul>
      <form onSubmit={(e) => void vincular(e)} noValidate>
        <Erro texto={erro} />
        <TextField id={`agente-cpf-${entidade.id}`} label="CPF do agente" value={cpf} onChange={(e) => setCpf(e.target.value)} inputMode="numeric" />
        <TextField id={`agente-nome-${entidade.id}`} label="Nome do agente" value={nome} onChange={(e) => setNome(e.target.value)} />
        <TextField id={`agente-validade-${entidade.id}`} label="Validade do vínculo" type="date" value={validade} onChange={(e) => setValidade(e.target.value)} />
        <button type="submit" className="br-button secondary mt-3">Vincular agente</button>
      </form>
    </section>
  );
}

const MESES = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const rotuloMes = (aaaamm: string) => `${MESES[Number(aaaamm.slice(5, 7)) - 1]}/${aaaamm.slice(0, 4)}`;

/** What the entity filed, what was refused and which signals an analyst confirmed, month by month (decision 0112). */
function Indicadores({ entidade }: { entidade: Entidade }) {
  const lista = useQuery({ queryKey: entidadeKeys.indicadores(entidade.id), queryFn: () => indicadoresDaEntidade(entidade.id) });
  const colunas: Coluna<IndicadorMensal>[] = [
    { titulo: 'Mês', celula: (m) => rotuloMes(m.mes) },
    { titulo: 'Envios', celula: (m) => String(m.envios) },
    { titulo: 'Indeferimentos', celula: (m) => String(m.indeferimentos) },
    { titulo: 'Sinais confirmados', celula: (m) => String(m.sinaisConfirmados) },
  ];
  return (
    <section aria-labelledby={`indicadores-${entidade.id}`}>
      <h3 id={`indicadores-${entidade.id}`}>Envios e sinais de {entidade.nome}</h3>
      {lista.isError && <Erro texto={mensagemErro(lista.error, ERRO)} />}
      <TabelaCartoes legenda={`Últimos 12 meses de ${entidade.nome}`} colunas={colunas} linhas={lista.data ?? []} chave={(m) => m.mes} />
    </section>
  );
}

function ListaEntidades() {
  const qc = useQueryClient();
  const lista = useQuery({ queryKey: entidadeKeys.lista(), queryFn: listarEntidades });
  const [aberta, setAberta] = useState<number | null>(null);
  const [erro, setErro] = useState<string | null>(null);

  async function alternar(e: Entidade) {
    setErro(null);
    try {
      if (e.situacao === SituacaoEntidade.ATIVA) {
        const motivo = window.prompt(`Motivo da suspensão de ${e.nome}`);
        if (!motivo) return;
        showToast('success', (await suspenderEntidade(e.id, motivo)).mensagem);
      } else {
        showToast('success', (await reativarEntidade(e.id)).mensagem);
      }
      await qc.invalidateQueries({ queryKey: entidadeKeys.all });
    } catch (err) {
      setErro(mensagemErro(err, ERRO));
    }
  }

  const colunas: Coluna<Entidade>[] = [
    { titulo: 'Entidade', celula: (e) => `${e.nome} (${tipoEntidadeLabel[e.tipo as TipoEntidade]})` },
    { titulo: 'CNPJ', celula: (e) => formatCnpj(e.cnpj) },
    { titulo: 'Estados', celula: (e) => e.ufs.join(', ') },
    { titulo: 'Vigência', celula: (e) => `até ${formatDate(e.vigenciaFim)}` },
    { titulo: 'Situação', celula: (e) => (e.situacao === SituacaoEntidade.ATIVA ? 'Ativa' : `Suspensa: ${e.motivoSuspensao ?? ''}`) },
    { titulo: 'Agentes', celula: (e) => String(e.agentesAtivos) },
    colunaDeAcoes((e) => (
      <>
        <AcaoDaLinha verbo="Agentes de" nome={e.nome} onClick={() => setAberta(aberta === e.id ? null : e.id)} />
        <AcaoDaLinha verbo={e.situacao === SituacaoEntidade.ATIVA ? 'Suspender' : 'Reativar'} nome={e.nome} onClick={() => void alternar(e)} />
      </>
    )),
  ];
  const escolhida = lista.data?.find((e) => e.id === aberta);
  return (
    <>
      <Erro texto={erro} />
      <TabelaCartoes legenda="Entidades representativas" colunas={colunas} linhas={lista.data ?? []} chave={(e) => e.id} />
      {escolhida && <Agentes entidade={escolhida} />}
      {escolhida && <Indicadores entidade={escolhida} />}
    </>
  );
}

export function AdministracaoEntidadesRoute() {
  const qc = useQueryClient();
  const session = useSession();
  return (
    <RequireSession>
      <ExigirPerfil permissao="administracao.ler">
        <Pagina titulo="Entidades representativas" voltarPara={ROTA_ADMINISTRACAO} rotuloVoltar="Voltar para a administração">
          <p className="page-lead">Colônias, associações, sindicatos e prefeituras que ajudam pescadores, com seus agentes.</p>
          <ListaEntidades />
          {pode(session?.perfil, 'administracao.gerir') && (
            <FormularioEntidade aoSalvar={() => void qc.invalidateQueries({ queryKey: entidadeKeys.all })} />
          )}
        </Pagina>
      </ExigirPerfil>
    </RequireSession>
  );
}

// ------------------------------------------------------------------ fisher

function NovaDelegacao({ aoConceder }: { aoConceder: () => void }) {
  const entidades = useQuery({ queryKey: entidadeKeys.disponiveis(), queryFn: entidadesDisponiveis });
  const [idEntidade, setIdEntidade] = useState('');
  const [servicos, setServicos] = useState<string[]>([String(ServicoDelegado.REAP)]);
  const [fim, setFim] = useState('');
  const [erro, setErro] = useState<string | null>(null);

  async function conceder(e: FormEvent) {
    e.preventDefault();
    setErro(null);
    try {
      const { mensagem } = await concederDelegacao({ idEntidade: Number(idEntidade), servicos: servicos.map(Number) as ServicoDelegado[], fim });
      showToast('success', mensagem);
      aoConceder();
    } catch (err) {
      setErro(mensagemErro(err, ERRO));
    }
  }

  return (
    <form onSubmit={(e) => void conceder(e)} noValidate aria-labelledby="titulo-nova-delegacao">
      <h2 id="titulo-nova-delegacao">Autorizar uma entidade</h2>
      <Erro texto={erro} />
      {entidades.data?.length === 0 && (
        <Message kind="info" title="Nenhuma entidade atende o seu estado.">
          Se você ainda não tem registro, informe seu endereço no pedido de inscrição: a entidade precisa atender o seu estado.
        </Message>
      )}
      <SelectField
        id="entidade" label="Entidade" placeholder="Selecione" value={idEntidade} onChange={setIdEntidade}
        options={(entidades.data ?? []).map((x) => ({ value: String(x.id), label: x.nome }))}
      />
      <CheckboxGroup id="servicos" name="servicos" legend="O que a entidade pode fazer em seu nome" options={opcoesServico} value={servicos} onChange={setServicos} />
      <TextField id="fim-delegacao" label="Até quando" type="date" value={fim} onChange={(e) => setFim(e.target.value)} />
      <button type="submit" className="br-button primary mt-3">Autorizar</button>
    </form>
  );
}

export function QuemMeRepresentaRoute() {
  const qc = useQueryClient();
  const lista = useQuery({ queryKey: entidadeKeys.minhas(), queryFn: minhasDelegacoes });
  const [erro, setErro] = useState<string | null>(null);
  const atualizar = () => void qc.invalidateQueries({ queryKey: entidadeKeys.all });

  async function revogar(id: number) {
    setErro(null);
    try {
      showToast('success', (await revogarDelegacao(id)).mensagem);
      atualizar();
    } catch (err) {
      setErro(mensagemErro(err, ERRO));
    }
  }

  return (
    <RequireSession>
      <ExigirPerfil permissao="pescador.proprio">
        <Pagina titulo="Quem me representa">
          <p className="page-lead">Entidades que você autorizou a fazer pedidos, REAP e envio de documentos em seu nome. Você pode revogar a qualquer momento.</p>
          <Erro texto={erro} />
          {lista.data?.length === 0 && <Message kind="info" title="Nenhuma entidade representa você." />}
          <ul className="lista-simples">
            {(lista.data ?? []).map((d) => (
              <li key={d.id}>
                <strong>{d.entidade.nome}</strong> — {d.servicos.map((s) => servicoDelegadoLabel[s as ServicoDelegado]).join(', ')} — até {formatDate(d.fim)} —{' '}
                {d.vigente ? 'Ativa' : situacaoDelegacaoLabel[d.situacao as keyof typeof situacaoDelegacaoLabel]}
                {(d.situacao === 1 || d.situacao === 2) && (
                  <p className="mt-1">
                    <button type="button" className="br-button secondary small" onClick={() => void revogar(d.id)}>
                      Revogar <span className="sr-only">a delegação de {d.entidade.nome}</span>
                    </button>
                  </p>
                )}
              </li>
            ))}
          </ul>
          <NovaDelegacao aoConceder={atualizar} />
        </Pagina>
      </ExigirPerfil>
    </RequireSession>
  );
}

// ------------------------------------------------------------------ agent

export function MesaAgenteRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="representacao.agente">
        <Pagina titulo="Mesa do agente">
          <MesaAgente />
        </Pagina>
      </ExigirPerfil>
    </RequireSession>
  );
}
