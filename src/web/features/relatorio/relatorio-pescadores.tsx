import { exibirRgp } from '../../../shared/rgp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { categoriaLabel, Perfil, sexoLabel, situacaoRegistroLabel } from '../../../shared/enums';
import {
  AMBIENTES_PESCA, ESCOLARIDADES, ETNIAS, FORMAS_ATUACAO, GRUPOS_ALVO, PROPRIEDADES_EMBARCACAO, type ItemReferencia,
} from '../../../shared/referencias';
import {
  filtrosRelatorioQuery, LIMITE_RELATORIO_SINCRONO, MENSAGENS_RELATORIO, SituacaoRelatorio, TAMANHO_PREVIA,
  type ExecucaoRelatorio, type FormatoRelatorio,
} from '../../../shared/schemas/relatorio';
import { UFS } from '../../../shared/ufs';
import { ErrorSummary } from '../../components/error-summary';
import { CampoCheckboxes, CampoMascara, CampoRadio, CampoSelect, CampoTexto } from '../../components/form/campos';
import { summaryOf } from '../../components/form/form-errors';
import { CnpjField, CpfField } from '../../components/form/masked-field';
import type { Option } from '../../components/form/select-field';
import { useFormulario } from '../../components/form/use-formulario';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { useSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import {
  consultaDosFiltros, emitirRelatorio, enderecoComJwt, fetchExecucao, fetchMunicipios, fetchPrevia, RELATORIO_VAZIO,
  relatorioKeys, type ConsultaRelatorio, type ValoresRelatorio,
} from './relatorio-api';
import './relatorio.css';

/** It reads CPFs masked (decision 0046). */
export const AVISO_FILTROS_EXTERNO = 'Seu perfil vê o CPF dos pescadores mascarado: por isso não há filtros por nome, CPF ou número do RGP.';

/** Milliseconds without typing before the count is asked again. */
export const ESPERA_CONTAGEM_MS = 500;
const INTERVALO_ANDAMENTO_MS = 1000;

const opcoes = (itens: readonly ItemReferencia[]): Option[] => itens.map((i) => ({ value: String(i.id), label: i.descricao }));
const deRotulos = (rotulos: Record<number, string>): Option[] => Object.entries(rotulos).map(([value, label]) => ({ value, label }));
const SIM_NAO: Option[] = [{ value: 'true', label: 'Sim' }, { value: 'false', label: 'Não' }];
const OPCOES_UF: Option[] = UFS.map((u) => ({ value: u.sigla, label: `${u.sigla} – ${u.nome}` }));
const OPCOES_FORMATO: Option[] = [
  { value: 'csv', label: 'CSV (planilha, separado por ponto e vírgula)' },
  { value: 'xlsx', label: 'XLSX (Excel)' },
];

/** The shared schema the server checks with, field by field (spec point 5). */
const regras = z.custom<ValoresRelatorio>().superRefine((v, ctx) => {
  const r = filtrosRelatorioQuery.safeParse(consultaDosFiltros(v));
  if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: 'custom', path: i.path, message: i.message });
});

interface FormularioValores extends ValoresRelatorio {
  formato: FormatoRelatorio;
}

const idCampo = (path: string) => `relatorio-${path}`;

/** Only for valid filters, ESPERA_CONTAGEM_MS after the last change. */
function useContagem(valores: ValoresRelatorio) {
  // Compared as text: the form's values are a new object at every render.
  const digitada = JSON.stringify(consultaDosFiltros(valores));
  const [pedida, setPedida] = useState(digitada);
  useEffect(() => {
    const t = setTimeout(() => setPedida(digitada), ESPERA_CONTAGEM_MS);
    return () => clearTimeout(t);
  }, [digitada]);
  const consulta = JSON.parse(pedida) as ConsultaRelatorio;
  const validacao = filtrosRelatorioQuery.safeParse(consulta);
  const previa = useQuery({
    queryKey: relatorioKeys.previa(consulta),
    queryFn: ({ signal }) => fetchPrevia(consulta, signal),
    enabled: validacao.success,
    staleTime: 30_000,
    retry: false,
  });
  return { previa, invalida: validacao.success ? null : [...new Set(validacao.error.issues.map((i) => i.message))].join(' '), atualizando: digitada !== pedida };
}

function baixar(url: string): void {
  const a = document.createElement('a');
  a.href = enderecoComJwt(url);
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** The fisher report by characteristics (spec points 2, 3, 5). */
export function RelatorioPescadores() {
  const session = useSession();
  const externo = session?.perfil === Perfil.CONSULTA_EXTERNO;
  const [tentativa, setTentativa] = useState(0);
  const [execucao, setExecucao] = useState<ExecucaoRelatorio | null>(null);
  const concluida = useRef<number | null>(null);
  const form = useFormulario<FormularioValores>({
    resolver: zodResolver(regras) as never,
    defaultValues: { ...RELATORIO_VAZIO, formato: 'csv' },
  });
  const { control, handleSubmit, reset, setValue, formState: { errors } } = form;
  const valores = useWatch({ control }) as FormularioValores;
  const { formato: _formato, ...filtros } = { ...RELATORIO_VAZIO, ...valores };
  const { previa, invalida, atualizando } = useContagem(filtros);

  const municipios = useQuery({
    queryKey: relatorioKeys.municipios(filtros.uf),
    queryFn: () => fetchMunicipios(filtros.uf),
    enabled: Boolean(filtros.uf),
    staleTime: Infinity,
  });

  const andamento = useQuery({
    queryKey: relatorioKeys.execucao(execucao?.id ?? 0),
    queryFn: () => fetchExecucao(execucao!.id),
    enabled: execucao !== null && execucao.url === null && execucao.situacao !== SituacaoRelatorio.ERRO,
    refetchInterval: (q) => {
      const s = q.state.data?.situacao;
      return s === SituacaoRelatorio.CONCLUIDO || s === SituacaoRelatorio.ERRO ? false : INTERVALO_ANDAMENTO_MS;
    },
  });
  const atual = andamento.data ?? execucao;

  // The job finished: say so once, and download the file.
  useEffect(() => {
    if (!atual || concluida.current === atual.id) return;
    if (atual.situacao === SituacaoRelatorio.CONCLUIDO && atual.url) {
      concluida.current = atual.id;
      showToast('success', MENSAGENS_RELATORIO.emitido);
      baixar(atual.url);
    } else if (atual.situacao === SituacaoRelatorio.ERRO) {
      concluida.current = atual.id;
      showToast('error', MENSAGENS_RELATORIO.erro);
    }
  }, [atual]);

  const emitir = useMutation({
    mutationFn: (v: FormularioValores) => {
      const { formato, ...f } = v;
      return emitirRelatorio(consultaDosFiltros(f), formato);
    },
    onMutate: () => {
      concluida.current = null;
      setExecucao(null);
    },
    onSuccess: ({ execucao: e }) => setExecucao(e),
    onError: (error) => {
      if (form.mostrarErrosDoServidor(error).length > 0) setTentativa((n) => n + 1);
      showToast('error', mensagemErro(error, MENSAGENS_RELATORIO.erro));
    },
  });

  const onSubmit = handleSubmit((v) => emitir.mutate(v), () => setTentativa((n) => n + 1));
  const resumo = summaryOf(errors, idCampo);
  const emAndamento = emitir.isPending || (atual !== null && (atual.situacao === SituacaoRelatorio.PENDENTE || atual.situacao === SituacaoRelatorio.PROCESSANDO));

  function limpar() {
    reset({ ...RELATORIO_VAZIO, formato: 'csv' });
    setExecucao(null);
  }

  return (
    <div className="relatorio">
      <form aria-labelledby="titulo-filtros-relatorio" noValidate onSubmit={(e) => void onSubmit(e)}>
        <h2 id="titulo-filtros-relatorio">Filtros</h2>
        <p>Preencha apenas os filtros que desejar. A quantidade de pescadores encontrados é atualizada enquanto você preenche.</p>
        <ErrorSummary errors={resumo} attempt={tentativa} />

        <fieldset className="relatorio-grupo">
          <legend>Pescador</legend>
          {/* The masked profile may not filter by what names one person (decision 0046): the server refuses it too. */}
          {externo && <p className="relatorio-aviso-filtros">{AVISO_FILTROS_EXTERNO}</p>}
          <div className="relatorio-campos">
            {!externo && (
              <>
                <CampoTexto control={control} name="nome" id={idCampo('nome')} label="Nome" hint="Início do nome" autoComplete="off" />
                <CampoMascara control={control} name="cpfPescador" id={idCampo('cpfPescador')} Componente={CpfField} label="CPF" autoComplete="off" />
                <CampoTexto control={control} name="numeroRGP" id={idCampo('numeroRGP')} label="Número do RGP" autoComplete="off" />
              </>
            )}
            <CampoSelect control={control} name="sexo" id={idCampo('sexo')} label="Sexo" options={deRotulos(sexoLabel)} placeholder="Todos" />
            {!externo && (
              <>
                <CampoTexto control={control} name="idadeInicial" id={idCampo('idadeInicial')} label="Idade inicial" type="number" inputMode="numeric" min={18} hint="A partir de 18 anos" />
                <CampoTexto control={control} name="idadeFinal" id={idCampo('idadeFinal')} label="Idade final" type="number" inputMode="numeric" min={18} />
                <CampoSelect control={control} name="escolaridade" id={idCampo('escolaridade')} label="Escolaridade" options={opcoes(ESCOLARIDADES)} placeholder="Todas" />
                <CampoSelect control={control} name="alfabetizacao" id={idCampo('alfabetizacao')} label="Alfabetizado" options={SIM_NAO} placeholder="Todos" />
                <CampoSelect control={control} name="etnia" id={idCampo('etnia')} label="Etnia" options={opcoes(ETNIAS)} placeholder="Todas" />
              </>
            )}
            <CampoSelect
              control={control} name="nacionalidadeBrasileira" id={idCampo('nacionalidadeBrasileira')} label="Nacionalidade"
              options={[{ value: 'BRASILEIRA', label: 'Brasileira' }, { value: 'ESTRANGEIRA', label: 'Estrangeira' }]} placeholder="Todas"
            />
          </div>
        </fieldset>

        <fieldset className="relatorio-grupo">
          <legend>Endereço</legend>
          <div className="relatorio-campos">
            <CampoSelect
              control={control} name="uf" id={idCampo('uf')} label="UF" options={OPCOES_UF} placeholder="Todas"
              aoMudar={() => setValue('municipio', '')}
            />
            <CampoSelect
              control={control} name="municipio" id={idCampo('municipio')} label="Município" placeholder={filtros.uf ? 'Todos' : 'Escolha a UF primeiro'}
              disabled={!filtros.uf} options={(municipios.data ?? []).map((m) => ({ value: String(m.id), label: m.nome }))}
            />
          </div>
        </fieldset>

        <fieldset className="relatorio-grupo">
          <legend>Atividade pesqueira</legend>
          <div className="relatorio-campos">
            <CampoSelect control={control} name="categoria" id={idCampo('categoria')} label="Categoria" options={deRotulos(categoriaLabel)} placeholder="Todas" />
            <CampoSelect control={control} name="formaAtuacao" id={idCampo('formaAtuacao')} label="Forma de atuação" options={opcoes(FORMAS_ATUACAO)} placeholder="Todas" />
            <CampoSelect control={control} name="propriedadeEmbarcacao" id={idCampo('propriedadeEmbarcacao')} label="Propriedade da embarcação" options={opcoes(PROPRIEDADES_EMBARCACAO)} placeholder="Todas" />
            <CampoTexto control={control} name="tieTiem" id={idCampo('tieTiem')} label="TIE/TIEM" autoComplete="off" />
            <CampoSelect control={control} name="tipoAmbientePesca" id={idCampo('tipoAmbientePesca')} label="Ambiente de pesca" options={opcoes(AMBIENTES_PESCA)} placeholder="Todos" />
            <CampoMascara control={control} name="cnpjEntidadeRepresentante" id={idCampo('cnpjEntidadeRepresentante')} Componente={CnpjField} label="CNPJ da entidade representante" autoComplete="off" />
            <CampoSelect control={control} name="recebeuAjuda" id={idCampo('recebeuAjuda')} label="Recebeu ajuda no preenchimento" options={SIM_NAO} placeholder="Todos" />
          </div>
          <CampoCheckboxes control={control} name="grupoAlvoPesca" id={idCampo('grupoAlvoPesca')} legend="Grupos-alvo de pesca" hint="Pescadores de qualquer um dos grupos marcados" options={opcoes(GRUPOS_ALVO)} />
        </fieldset>

        <fieldset className="relatorio-grupo">
          <legend>Registro</legend>
          <div className="relatorio-campos">
            <CampoSelect control={control} name="situacao" id={idCampo('situacao')} label="Situação do registro" options={deRotulos(situacaoRegistroLabel)} placeholder="Todas" />
            <CampoTexto control={control} name="dataInicioEmissaoCarteira" id={idCampo('dataInicioEmissaoCarteira')} label="Emissão da carteira: de" type="date" />
            <CampoTexto control={control} name="dataFimEmissaoCarteira" id={idCampo('dataFimEmissaoCarteira')} label="Emissão da carteira: até" type="date" />
            <CampoTexto control={control} name="dataInicioSolicitacao" id={idCampo('dataInicioSolicitacao')} label="Solicitação: de" type="date" />
            <CampoTexto control={control} name="dataFimSolicitacao" id={idCampo('dataFimSolicitacao')} label="Solicitação: até" type="date" />
          </div>
        </fieldset>

        <Contagem previa={previa} invalida={invalida} atualizando={atualizando} />

        <CampoRadio control={control} name="formato" id={idCampo('formato')} legend="Formato do arquivo" options={OPCOES_FORMATO} inline />
        <div className="form-actions">
          <button type="button" className="br-button secondary" onClick={limpar}>
            Limpar filtros
          </button>
          <div className="form-actions-forward">
            <button type="submit" className="br-button primary" disabled={emAndamento} aria-disabled={emAndamento}>
              <i className="fas fa-file-download" aria-hidden="true" /> Emitir relatório
            </button>
          </div>
        </div>
      </form>

      <Andamento execucao={atual} enviando={emitir.isPending} />
      {previa.data && previa.data.pescadores.length > 0 && <PrimeirosPescadores pescadores={previa.data.pescadores} total={previa.data.total} externo={externo} />}
    </div>
  );
}

function Contagem({ previa, invalida, atualizando }: {
  previa: ReturnType<typeof useContagem>['previa'];
  invalida: string | null;
  atualizando: boolean;
}) {
  let texto: string;
  if (invalida) texto = `Corrija os filtros para ver a quantidade de pescadores: ${invalida}`;
  else if (previa.isError) texto = mensagemErro(previa.error, MENSAGENS_RELATORIO.erro);
  else if (!previa.data || atualizando || previa.isFetching) texto = 'Contando pescadores…';
  else if (previa.data.total === 0) texto = MENSAGENS_RELATORIO.nenhumPescador;
  else texto = `${previa.data.total.toLocaleString('pt-BR')} ${previa.data.total === 1 ? 'pescador encontrado' : 'pescadores encontrados'}.`;
  return (
    <div className="relatorio-contagem" role="status" aria-live="polite" aria-atomic="true">
      <p className="relatorio-total">{texto}</p>
      {previa.data?.processamentoEmSegundoPlano && !invalida && (
        <p className="relatorio-aviso">
          Mais de {LIMITE_RELATORIO_SINCRONO.toLocaleString('pt-BR')} pescadores: o arquivo será gerado em segundo plano e
          o andamento aparecerá nesta página.
        </p>
      )}
    </div>
  );
}

function Andamento({ execucao, enviando }: { execucao: ExecucaoRelatorio | null; enviando: boolean }) {
  if (enviando) return <div className="relatorio-andamento" role="status"><p>Emitindo o relatório…</p></div>;
  if (!execucao) return null;
  const { situacao, total, processados, url } = execucao;
  if (situacao === SituacaoRelatorio.ERRO) return <Message kind="danger" title={MENSAGENS_RELATORIO.erro} alert />;
  if (situacao === SituacaoRelatorio.CONCLUIDO && url) {
    return (
      <Message kind="success" title={MENSAGENS_RELATORIO.emitido} alert>
        <p>
          O download começou. Se não começar,{' '}
          <a href={enderecoComJwt(url)} download>baixe o arquivo do relatório</a> ({total.toLocaleString('pt-BR')} pescadores).
          O endereço vale por poucos minutos.
        </p>
      </Message>
    );
  }
  const pct = total > 0 ? Math.min(100, Math.round((processados / total) * 100)) : 0;
  return (
    <div className="relatorio-andamento" role="status" aria-live="polite">
      <label htmlFor="relatorio-progresso">
        {execucao.situacaoDescricao}: {processados.toLocaleString('pt-BR')} de {total.toLocaleString('pt-BR')} pescadores ({pct}%)
      </label>
      <progress id="relatorio-progresso" max={100} value={pct}>{pct}%</progress>
    </div>
  );
}

function PrimeirosPescadores({ pescadores, total, externo }: {
  pescadores: { id: number; cpf: string; nome: string; uf: string | null; municipio: string | null; categoria: string | null; situacao: string | null; numeroRGP: string | null; sexo: string | null; idade: number | null }[];
  total: number;
  externo: boolean;
}) {
  return (
    <section aria-labelledby="titulo-primeiros" className="mt-4">
      <h2 id="titulo-primeiros">
        {total > TAMANHO_PREVIA ? `Os primeiros ${TAMANHO_PREVIA} pescadores, por nome` : 'Pescadores encontrados, por nome'}
      </h2>
      <div className="relatorio-tabela" tabIndex={0} role="region" aria-labelledby="titulo-primeiros">
        <table className="br-table">
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">CPF</th>
              <th scope="col">UF</th>
              <th scope="col">Município</th>
              <th scope="col">Categoria</th>
              <th scope="col">Sexo</th>
              {!externo && <th scope="col">Idade</th>}
              <th scope="col">RGP</th>
              <th scope="col">Situação</th>
            </tr>
          </thead>
          <tbody>
            {pescadores.map((p) => (
              <tr key={p.id}>
                <td>{p.nome}</td>
                <td><span className="numero-inteiro">{formatarCpfExibido(p.cpf)}</span></td>
                <td>{p.uf ?? '—'}</td>
                <td>{p.municipio ?? '—'}</td>
                <td>{p.categoria ?? '—'}</td>
                <td>{p.sexo ?? '—'}</td>
                {!externo && <td>{p.idade ?? '—'}</td>}
                <td>{p.numeroRGP ? <span className="numero-inteiro">{exibirRgp(p.numeroRGP)}</span> : '—'}</td>
                <td>{p.situacao ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function formatarCpfExibido(cpf: string): string {
  return /^\d{11}$/.test(cpf) ? cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4') : cpf;
}
