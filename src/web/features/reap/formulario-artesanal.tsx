import './reap.css';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  AMBIENTES_PESCA, GRUPOS_ALVO, PETRECHOS_PESCA, TIPOS_COMPRADOR, TIPOS_LOCAL_PESCA, UNIDADES_MEDIDA, UnidadeMedida,
} from '../../../shared/referencias';
import {
  formatarNumeroBr, formatarQuantidade, JUSTIFICATIVAS_NAO_PESCA, lerNumeroBr, MENSAGENS_REAP, NOMES_MESES, problemasReapArtesanal, somaDias,
  TIPOS_PRESTACAO_ARTESANAL,
} from '../../../shared/regras/reap';
import { problemasDoCorpo } from '../../../shared/schemas/formulario';
import { reapArtesanalCorpo, type Questionario } from '../../../shared/schemas/reap';
import * as contratosReferencia from '../../../shared/contratos/referencia';
import { ufPorCodigo, UFS } from '../../../shared/ufs';
import { ErrorSummary, type FieldError } from '../../components/error-summary';
import { CheckboxGroup } from '../../components/form/checkbox-group';
import { serverFieldErrors } from '../../components/form/form-errors';
import { MaskedField } from '../../components/form/masked-field';
import { RadioGroup } from '../../components/form/radio-group';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { AvisoCin } from '../../components/aviso-cin';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { dados } from '../../lib/contrato';
import { confirmar } from '../../lib/confirm';
import { MENSAGEM_SALVO_NO_CELULAR } from '../../offline/caixa-de-saida';
import { ConflitoDoRascunho, EstadoDoRascunho } from '../../components/estado-salvamento';
import { DocumentosReap } from './documentos-reap';
import { useSalvamentoReap } from './use-salvamento-reap';
import { type CorpoReapArtesanal, type RegistroReap, salvarArtesanal, useEspecies } from './reap-api';

const opcoes = (lista: readonly { id: number; descricao: string }[]) => lista.map((i) => ({ value: String(i.id), label: i.descricao }));
const SIM_NAO = [{ value: 'sim', label: 'Sim' }, { value: 'nao', label: 'Não' }];
const MESES_DIAS = NOMES_MESES.map((n, i) => ({ mes: i + 1, nome: n.charAt(0).toUpperCase() + n.slice(1) }));

interface Operacao { especie: string; busca: string; unidade: string; total: string; preco: string }
interface Local { ambiente: string; petrecho: string; uf: string; municipio: string; tipoLocal: string; nomePopular: string }
interface UfVenda { uf: string; compradores: string[] }
export type RascunhoArtesanal = RegistroReap<Form, CorpoReapArtesanal>;

interface Form {
  realizouPesca: string;
  tipoPrestacaoServico: string;
  houveComercializacao: string;
  meses: Record<number, string>;
  operacoes: Operacao[];
  grupos: string[];
  locais: Local[];
  ufs: UfVenda[];
  justificativas: string[];
}

const novaOperacao = (): Operacao => ({ especie: '', busca: '', unidade: String(UnidadeMedida.QUILOGRAMA), total: '', preco: '' });
/** Empty when the fisher's state is unknown. */
const novoLocal = (uf: string): Local => ({ ambiente: '', petrecho: '', uf, municipio: '', tipoLocal: '', nomePopular: '' });
/** The first two digits of an IBGE code (1302603 Manaus → 13, AM). */
const ufDoMunicipio = (idMunicipio: number) => ufPorCodigo(Math.floor(idMunicipio / 100_000))?.sigla ?? '';

const simNao = (v: boolean | null) => (v === null ? '' : v ? 'sim' : 'nao');
const deSimNao = (v: string) => (v === '' ? null : v === 'sim');
const numero = (v: string) => (v === '' ? null : Number(v));
const deMascara = (v: string) => lerNumeroBr(v);

function formDe(q: Questionario): Form {
  const ufPescador = q.pescador.uf ?? '';
  const meses: Record<number, string> = {};
  for (const m of q.reapsArtesanais) meses[m.mesReferencia] = m.quantidadeDiasTrabalhados === null ? '' : String(m.quantidadeDiasTrabalhados);
  return {
    realizouPesca: simNao(q.realizouPesca),
    tipoPrestacaoServico: q.tipoPrestacaoServico ? String(q.tipoPrestacaoServico) : '',
    houveComercializacao: simNao(q.houveComercializacao),
    meses,
    operacoes: q.resultadosOperacaoPesca.length > 0 ? q.resultadosOperacaoPesca.map((o) => ({
      especie: o.especiePescado.id ? String(o.especiePescado.id) : '',
      busca: o.especiePescado.nome ? `${o.especiePescado.nome} (${o.especiePescado.nomeCientifico ?? ''})` : '',
      unidade: o.tipoUnidadeMedida.id ? String(o.tipoUnidadeMedida.id) : '',
      // Comma decimals, no thousands dots, as the quantity field shows it.
      total: o.totalPescado === null ? '' : formatarQuantidade(o.totalPescado, o.tipoUnidadeMedida.id).replace(/\./g, ''),
      preco: o.precoQuilo === null ? '' : `R$ ${formatarNumeroBr(o.precoQuilo, 2)}`,
    })) : [novaOperacao()],
    grupos: q.gruposAlvosPescado.map((g) => String(g.grupoAlvo ?? '')).filter(Boolean),
    locais: q.locaisPescaPetrecho.length > 0 ? q.locaisPescaPetrecho.map((l) => ({
      ambiente: l.ambientePesca ? String(l.ambientePesca) : '',
      petrecho: l.petrechoPesca ? String(l.petrechoPesca) : '',
      // The wire keeps the municipality only.
      uf: l.areaPretendidaPesca?.idMunicipio ? ufDoMunicipio(l.areaPretendidaPesca.idMunicipio) : ufPescador,
      municipio: l.areaPretendidaPesca?.idMunicipio ? String(l.areaPretendidaPesca.idMunicipio) : '',
      tipoLocal: l.areaPretendidaPesca?.tipoLocalPesca ? String(l.areaPretendidaPesca.tipoLocalPesca) : '',
      nomePopular: l.areaPretendidaPesca?.nomePopularLocalPesca ?? '',
    })) : [novoLocal(ufPescador)],
    ufs: q.ufsComercializacao.length > 0 ? q.ufsComercializacao.map((u) => ({
      uf: u.uf ?? '', compradores: u.comercializacoesPescado.map((c) => String(c.tipoComprador ?? '')).filter(Boolean),
    })) : [{ uf: '', compradores: [] }],
    justificativas: q.justificativasSolicitacao.map((j) => String(j.justificativaNaoDeclaracao ?? '')).filter(Boolean),
  };
}

function corpoDe(f: Form, q: Questionario, enviada: boolean) {
  const pescou = f.realizouPesca === 'sim';
  const reapsArtesanais = MESES_DIAS.filter((m) => f.meses[m.mes] !== undefined && f.meses[m.mes] !== '')
    .map((m) => ({ mesReferencia: m.mes, quantidadeDiasTrabalhados: numero(f.meses[m.mes]!) }));
  return {
    id: q.id,
    solicitacao: { id: q.solicitacao.id },
    anoReferencia: q.anoReferencia,
    categoria: q.categoria,
    realizouPesca: deSimNao(f.realizouPesca),
    tipoPrestacaoServico: pescou ? numero(f.tipoPrestacaoServico) : null,
    houveComercializacao: pescou ? deSimNao(f.houveComercializacao) : null,
    reapsArtesanais: pescou ? reapsArtesanais : [],
    totalDiasTrabalhadoAno: pescou ? somaDias(reapsArtesanais) : null,
    resultadosOperacaoPesca: pescou ? f.operacoes.map((o) => ({
      especiePescado: { id: numero(o.especie) }, tipoUnidadeMedida: { id: numero(o.unidade) }, totalPescado: deMascara(o.total), precoQuilo: deMascara(o.preco),
    })) : [],
    gruposAlvosPescado: pescou ? f.grupos.map((g) => ({ grupoAlvo: Number(g) })) : [],
    locaisPescaPetrecho: pescou ? f.locais.map((l) => ({
      ambientePesca: numero(l.ambiente), petrechoPesca: numero(l.petrecho),
      areaPretendidaPesca: { idMunicipio: numero(l.municipio), tipoLocalPesca: numero(l.tipoLocal), nomePopularLocalPesca: l.nomePopular || null },
    })) : [],
    ufsComercializacao: pescou && f.houveComercializacao === 'sim'
      ? f.ufs.map((u) => ({ uf: u.uf || null, comercializacoesPescado: u.compradores.map((c) => ({ tipoComprador: Number(c) })) })) : [],
    justificativasSolicitacao: f.realizouPesca === 'nao' ? f.justificativas.map((j) => ({ justificativaNaoDeclaracao: Number(j) })) : [],
    enviada,
  } satisfies CorpoReapArtesanal;
}

function campoDe(path: readonly (string | number)[], f: Form): string {
  const [raiz, i, campo] = path;
  switch (raiz) {
    case 'realizouPesca': return 'realizouPesca';
    case 'tipoPrestacaoServico': return 'tipoPrestacaoServico';
    case 'houveComercializacao': return 'houveComercializacao';
    case 'ufsComercializacao':
      if (i === 'comercializacoesPescado') return 'ufs-0-compradores';
      return `ufs-${typeof i === 'number' ? i : Math.max(0, f.ufs.findIndex((u) => !u.uf))}-uf`;
    case 'locaisPescaPetrecho':
      if (i === 'petrechoPesca') return `locais-${Math.max(0, f.locais.findIndex((l) => !l.petrecho))}-petrecho`;
      if (i === 'ambientePesca') return `locais-${Math.max(0, f.locais.findIndex((l) => !l.ambiente))}-ambiente`;
      // With no state chosen, the link goes to the state.
      if (f.locais[typeof i === 'number' ? i : 0]?.uf === '') return `locais-${typeof i === 'number' ? i : 0}-uf`;
      return `locais-${typeof i === 'number' ? i : 0}-municipio`;
    case 'gruposAlvosPescado': return 'grupos';
    case 'resultadosOperacaoPesca': return `operacoes-${typeof i === 'number' ? i : 0}-especie`;
    case 'reapsArtesanais': {
      // The body carries only the months filled in, in order.
      const preenchidos = MESES_DIAS.filter((m) => f.meses[m.mes] !== undefined && f.meses[m.mes] !== '');
      if (typeof i === 'number' && campo) return `mes-${preenchidos[i]?.mes ?? i + 1}`;
      const vazio = MESES_DIAS.find((m) => !f.meses[m.mes]);
      return `mes-${vazio?.mes ?? 1}`;
    }
    case 'justificativasSolicitacao': return 'justificativas';
    default: return 'realizouPesca';
  }
}

const mesmoErro = (a: FieldError, b: FieldError) => a.field === b.field && a.message === b.message;

/** By the endpoint's own schema; a month's problems are at its day count's path. */
function problemasDoFormulario(f: Form, q: Questionario): (FieldError & { path: readonly PropertyKey[] })[] {
  return problemasDoCorpo(reapArtesanalCorpo, corpoDe(f, q, true), problemasReapArtesanal)
    .map((p) => ({ path: p.path, field: campoDe(p.path as readonly (string | number)[], f), message: p.message }));
}

/** A day count above the month's days breaks its range too: the spec's words win. */
const diaDoMes = (path: readonly PropertyKey[]) => path.length === 3 && path[0] === 'reapsArtesanais';

function errosDosMeses(f: Form, q: Questionario): Record<number, string> {
  const e: Record<number, string> = {};
  for (const p of problemasDoFormulario(f, q)) if (diaDoMes(p.path)) e[Number(p.field.slice('mes-'.length))] = p.message;
  return e;
}

function errosDoFormulario(f: Form, q: Questionario): FieldError[] {
  const lista: FieldError[] = [];
  for (const p of problemasDoFormulario(f, q)) {
    const erro = { field: p.field, message: p.message };
    const doMes = diaDoMes(p.path) ? lista.findIndex((e) => e.field === erro.field) : -1;
    if (doMes >= 0) lista[doMes] = erro;
    else if (!lista.some((e) => mesmoErro(e, erro))) lista.push(erro);
  }
  return lista;
}

function SelectMunicipio({ id, uf, value, onChange, error }: { id: string; uf: string; value: string; onChange: (v: string) => void; error?: string | undefined }) {
  const lista = useQuery({
    queryKey: ['reap', 'municipios', uf],
    queryFn: () => dados(contratosReferencia.municipiosPorUf, { params: { uf } }),
    enabled: uf !== '',
    staleTime: Infinity,
  });
  let placeholder = 'Selecione o município';
  if (uf === '') placeholder = 'Escolha antes o estado';
  else if (lista.isPending) placeholder = 'Carregando…';
  return (
    <SelectField
      id={id}
      label="Município"
      options={(lista.data ?? []).map((m) => ({ value: String(m.id), label: m.nome }))}
      value={value}
      onChange={onChange}
      error={error}
      disabled={uf === ''}
      placeholder={placeholder}
    />
  );
}

function BuscaEspecie({ id, operacao, onChange, error }: {
  id: string; operacao: Operacao; onChange: (o: Partial<Operacao>) => void; error?: string | undefined;
}) {
  const especies = useEspecies();
  const listaId = `${id}-opcoes`;
  const termo = operacao.busca.trim().toLowerCase();
  const encontrados = useMemo(() => {
    if (termo.length < 2 || !especies.data) return [];
    return especies.data.filter((e) => e.nome.toLowerCase().includes(termo) || e.nomeCientifico.toLowerCase().includes(termo)).slice(0, 8);
  }, [termo, especies.data]);
  const escolhida = especies.data?.find((e) => String(e.id) === operacao.especie);
  return (
    <div className="reap-busca-especie">
      <TextField
        id={id}
        label="Espécie (nome comum ou científico)"
        hint="Digite pelo menos 2 letras e escolha na lista."
        value={operacao.busca}
        autoComplete="off"
        error={error}
        aria-controls={escolhida ? undefined : listaId}
        onChange={(e) => onChange({ busca: e.target.value, especie: '' })}
      />
      {escolhida ? (
        <p className="reap-escolhida" aria-live="polite">Escolhida: <strong>{escolhida.nome}</strong> (<em>{escolhida.nomeCientifico}</em>)</p>
      ) : (
        <ul id={listaId} className="reap-opcoes-especie" aria-label="Espécies encontradas">
          {encontrados.map((e) => (
            <li key={e.id}>
              <button type="button" className="br-button secondary small" onClick={() => onChange({ especie: String(e.id), busca: `${e.nome} (${e.nomeCientifico})` })}>
                {e.nome} <em>({e.nomeCientifico})</em>
              </button>
            </li>
          ))}
          {termo.length >= 2 && especies.data && encontrados.length === 0 && <li>Nenhuma espécie encontrada.</li>}
        </ul>
      )}
    </div>
  );
}

/** The artesanal REAP (spec points 3 and 5), for a 360 px phone. */
export function FormularioArtesanal({ questionario, rascunho, onEnviado }: {
  questionario: Questionario;
  /** Its values win when they were not sent, or when offline. */
  rascunho: RascunhoArtesanal | null;
  onEnviado: () => void;
}) {
  const [f, setF] = useState<Form>(() => rascunho?.form ?? formDe(questionario));
  // Each clears as its field is put right.
  const [errosEnvio, setErrosEnvio] = useState<FieldError[]>([]);
  const [errosServidor, setErrosServidor] = useState<FieldError[]>([]);
  const [erroGeral, setErroGeral] = useState<string | undefined>();
  const [tentativa, setTentativa] = useState(0);
  const alterado = useRef(false);
  const ano = questionario.anoReferencia;

  // Kept on this phone and sent when there is signal (docs/decisions/0062).
  const salvamento = useSalvamentoReap<Form, CorpoReapArtesanal>({
    questionario,
    rascunho,
    salvar: salvarArtesanal,
    onEnviado,
    aoRecusar: (err) => {
      const doServidor = serverFieldErrors(err).map((e) => ({ field: campoDe(e.path.split('.').map((x) => (/^\d+$/.test(x) ? Number(x) : x)), f), message: e.message }));
      setErrosServidor(doServidor);
      setErroGeral(mensagemErro(err, 'Erro ao salvar a REAP, tente novamente mais tarde.'));
    },
  });
  const { estado, anotar } = salvamento;
  const envioNoCelular = estado.tipo === 'neste-celular' && estado.envio;

  const mudar = useCallback((p: Partial<Form>) => {
    alterado.current = true;
    setF((atual) => ({ ...atual, ...p }));
    setErrosServidor((e) => (e.length === 0 ? e : []));
  }, []);

  useEffect(() => {
    if (!alterado.current) return;
    alterado.current = false;
    anotar(f, corpoDe(f, questionario, false), questionario);
  }, [f, questionario, anotar]);

  const errosMes = useMemo(() => errosDosMeses(f, questionario), [f, questionario]);
  const atuais = useMemo(() => (errosEnvio.length > 0 ? errosDoFormulario(f, questionario) : []), [errosEnvio, f, questionario]);
  const erros = [...errosEnvio.filter((e) => atuais.some((a) => mesmoErro(a, e))), ...errosServidor];
  const mensagemGeral = erroGeral === MENSAGENS_REAP.confira && erros.length === 0 ? undefined : erroGeral;
  const erroDe = (id: string) => erros.find((e) => e.field === id)?.message;
  const pescou = f.realizouPesca === 'sim';
  const total = somaDias(MESES_DIAS.map((m) => ({ quantidadeDiasTrabalhados: numero(f.meses[m.mes] ?? '') })));

  async function enviar() {
    const corpo = corpoDe(f, questionario, true);
    const lista = errosDoFormulario(f, questionario);
    setTentativa((t) => t + 1);
    setErrosEnvio(lista);
    setErrosServidor([]);
    if (lista.length > 0) {
      setErroGeral(MENSAGENS_REAP.confira);
      return;
    }
    setErroGeral(undefined);
    const ok = await confirmar({
      title: `Enviar a REAP ${ano}?`,
      text: 'Depois de enviada, a REAP não pode ser alterada.',
      confirmButtonText: 'Sim, enviar a REAP.',
    });
    if (!ok) return;
    await salvamento.registrar(f, corpo, questionario, true);
  }

  const operacao = (i: number, p: Partial<Operacao>) => mudar({ operacoes: f.operacoes.map((o, j) => (j === i ? { ...o, ...p } : o)) });
  const local = (i: number, p: Partial<Local>) => mudar({ locais: f.locais.map((l, j) => (j === i ? { ...l, ...p } : l)) });
  const venda = (i: number, p: Partial<UfVenda>) => mudar({ ufs: f.ufs.map((u, j) => (j === i ? { ...u, ...p } : u)) });

  if (estado.tipo === 'conflito') return <ConflitoDoRascunho mensagem={estado.mensagem} onDescartar={() => void salvamento.descartar()} />;
  if (envioNoCelular) {
    return (
      <Message kind="info" title={MENSAGEM_SALVO_NO_CELULAR} status>
        A REAP {ano} está pronta para o envio e será enviada assim que este celular tiver internet. Até lá, ela não pode ser alterada.
      </Message>
    );
  }

  return (
    <form noValidate className="reap-form" onSubmit={(e) => { e.preventDefault(); void enviar(); }}>
      <ErrorSummary errors={erros} attempt={tentativa} />
      {mensagemGeral && <Message kind="danger" title={mensagemGeral} alert />}
      <AvisoCin contexto="reap" />
      <EstadoDoRascunho estado={estado} />

      <RadioGroup
        id="realizouPesca" name="realizouPesca" inline legend={`Você realizou pesca em ${ano}?`} options={SIM_NAO}
        value={f.realizouPesca} onChange={(v) => mudar({ realizouPesca: v })} error={erroDe('realizouPesca')}
      />

      {f.realizouPesca === 'nao' && (
        <section aria-labelledby="reap-justificativa">
          <h2 id="reap-justificativa">Por que não pescou?</h2>
          <CheckboxGroup
            id="justificativas" name="justificativas" legend="Justificativa" options={opcoes(JUSTIFICATIVAS_NAO_PESCA)}
            value={f.justificativas} onChange={(v) => mudar({ justificativas: v })} error={erroDe('justificativas')}
          />
          <DocumentosReap questionario={questionario} industrial={false} />
        </section>
      )}

      {pescou && (
        <>
          <SelectField
            id="tipoPrestacaoServico" label="Relação de trabalho" options={opcoes(TIPOS_PRESTACAO_ARTESANAL)}
            value={f.tipoPrestacaoServico} onChange={(v) => mudar({ tipoPrestacaoServico: v })} error={erroDe('tipoPrestacaoServico')}
          />

          <section aria-labelledby="reap-dias">
            <h2 id="reap-dias">Dias trabalhados em cada mês</h2>
            <p className="field-hint">{ano === 2025 ? 'Em 2025, informe os meses em que trabalhou.' : 'Informe todos os meses (0 se não trabalhou).'}</p>
            <div className="reap-meses">
              {MESES_DIAS.map((m) => (
                <TextField
                  key={m.mes} id={`mes-${m.mes}`} label={m.nome} inputMode="numeric" maxLength={2} className="reap-mes"
                  value={f.meses[m.mes] ?? ''} error={errosMes[m.mes] ?? erroDe(`mes-${m.mes}`)}
                  onChange={(e) => mudar({ meses: { ...f.meses, [m.mes]: e.target.value.replace(/\D/g, '') } })}
                />
              ))}
            </div>
            <p><strong>Total de dias trabalhados no ano:</strong> <output aria-live="polite">{total}</output></p>
          </section>

          <section aria-labelledby="reap-producao">
            <h2 id="reap-producao">O que você pescou</h2>
            {f.operacoes.map((o, i) => {
              const kg = o.unidade === String(UnidadeMedida.QUILOGRAMA);
              const unidade = UNIDADES_MEDIDA.find((u) => String(u.id) === o.unidade);
              return (
                <fieldset key={i} className="reap-bloco">
                  <legend>Pescado {i + 1}</legend>
                  <BuscaEspecie id={`operacoes-${i}-especie`} operacao={o} onChange={(p) => operacao(i, p)} error={erroDe(`operacoes-${i}-especie`)} />
                  <SelectField id={`operacoes-${i}-unidade`} label="Unidade de medida" options={opcoes(UNIDADES_MEDIDA)} value={o.unidade}
                    onChange={(v) => operacao(i, { unidade: v })} />
                  {/* Every unit takes decimals ('40,5' dúzias). */}
                  <MaskedField id={`operacoes-${i}-total`} mask="peso"
                    label={kg || !unidade ? 'Quantidade pescada (kg)' : `Quantidade pescada (${unidade.descricao.toLowerCase()})`}
                    hint={kg ? 'Use vírgula para os gramas, por exemplo 12,500.' : 'Use vírgula para as frações, por exemplo 40,5.'}
                    value={o.total} onChange={(v) => operacao(i, { total: v })} />
                  <MaskedField id={`operacoes-${i}-preco`} label={kg ? 'Preço médio do quilo' : 'Preço médio por unidade'} mask="dinheiro"
                    value={o.preco} onChange={(v) => operacao(i, { preco: v })} />
                  {f.operacoes.length > 1 && (
                    <button type="button" className="br-button secondary small" onClick={() => mudar({ operacoes: f.operacoes.filter((_, j) => j !== i) })}>
                      Remover pescado {i + 1}
                    </button>
                  )}
                </fieldset>
              );
            })}
            <button type="button" className="br-button secondary" onClick={() => mudar({ operacoes: [...f.operacoes, novaOperacao()] })}>
              Adicionar outro pescado
            </button>
          </section>

          <CheckboxGroup
            id="grupos" name="grupos" legend="Grupos alvo da pesca" options={opcoes(GRUPOS_ALVO)}
            value={f.grupos} onChange={(v) => mudar({ grupos: v })} error={erroDe('grupos')}
          />

          <section aria-labelledby="reap-locais">
            <h2 id="reap-locais">Onde e como você pescou</h2>
            {f.locais.map((l, i) => (
              <fieldset key={i} className="reap-bloco">
                <legend>Local de pesca {i + 1}</legend>
                <SelectField id={`locais-${i}-ambiente`} label="Ambiente de pesca" options={opcoes(AMBIENTES_PESCA)} value={l.ambiente}
                  onChange={(v) => local(i, { ambiente: v })} error={erroDe(`locais-${i}-ambiente`)} />
                <SelectField id={`locais-${i}-petrecho`} label="Petrecho ou método de pesca" options={opcoes(PETRECHOS_PESCA)} value={l.petrecho}
                  onChange={(v) => local(i, { petrecho: v })} error={erroDe(`locais-${i}-petrecho`)} />
                <SelectField id={`locais-${i}-uf`} label="Estado (UF) do local" options={UFS.map((u) => ({ value: u.sigla, label: u.nome }))} value={l.uf}
                  onChange={(v) => local(i, { uf: v, municipio: '' })} />
                <SelectMunicipio id={`locais-${i}-municipio`} uf={l.uf} value={l.municipio} onChange={(v) => local(i, { municipio: v })}
                  error={erroDe(`locais-${i}-municipio`)} />
                <SelectField id={`locais-${i}-tipo`} label="Tipo de local" options={opcoes(TIPOS_LOCAL_PESCA)} value={l.tipoLocal}
                  onChange={(v) => local(i, { tipoLocal: v })} />
                <TextField id={`locais-${i}-nome`} label="Nome do local (como é conhecido)" optional maxLength={150} value={l.nomePopular}
                  onChange={(e) => local(i, { nomePopular: e.target.value })} />
              </fieldset>
            ))}
            <button type="button" className="br-button secondary" onClick={() => mudar({ locais: [...f.locais, novoLocal(questionario.pescador.uf ?? '')] })}>
              Adicionar outro local
            </button>
          </section>

          <RadioGroup
            id="houveComercializacao" name="houveComercializacao" inline legend="Você vendeu o que pescou?" options={SIM_NAO}
            value={f.houveComercializacao} onChange={(v) => mudar({ houveComercializacao: v })}
          />
          {f.houveComercializacao === 'sim' && (
            <section aria-labelledby="reap-vendas">
              <h2 id="reap-vendas">Onde você vendeu</h2>
              {/* One block per state, each state once. */}
              {f.ufs.map((u, i) => (
                <fieldset key={i} className="reap-bloco">
                  <legend>Estado de venda {i + 1}</legend>
                  <SelectField id={`ufs-${i}-uf`} label="Estado onde vendeu" value={u.uf}
                    options={UFS.filter((x) => x.sigla === u.uf || !f.ufs.some((o) => o.uf === x.sigla)).map((x) => ({ value: x.sigla, label: x.nome }))}
                    onChange={(v) => venda(i, { uf: v })} error={erroDe(`ufs-${i}-uf`)} />
                  <CheckboxGroup id={`ufs-${i}-compradores`} name={`ufs-${i}-compradores`} legend="Para quem vendeu" options={opcoes(TIPOS_COMPRADOR)}
                    value={u.compradores} onChange={(v) => venda(i, { compradores: v })} error={erroDe(`ufs-${i}-compradores`)} />
                  {f.ufs.length > 1 && (
                    <button type="button" className="br-button secondary small" onClick={() => mudar({ ufs: f.ufs.filter((_, j) => j !== i) })}>
                      Remover estado de venda {i + 1}
                    </button>
                  )}
                </fieldset>
              ))}
              {f.ufs.length < UFS.length && (
                <button type="button" className="br-button secondary" onClick={() => mudar({ ufs: [...f.ufs, { uf: '', compradores: [] }] })}>
                  Adicionar outro estado de venda
                </button>
              )}
            </section>
          )}
        </>
      )}

      <div className="reap-acoes">
        <button type="submit" className="br-button primary" disabled={estado.tipo === 'enviando'} aria-busy={estado.tipo === 'enviando' || undefined}>
          Enviar a REAP
        </button>
      </div>
    </form>
  );
}
