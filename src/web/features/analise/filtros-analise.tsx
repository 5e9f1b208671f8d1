import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { isValidCpf } from '../../../shared/cpf';
import { situacaoAnaliseLabel, tipoSolicitacaoLabel } from '../../../shared/enums';
import { UFS } from '../../../shared/ufs';
import { ErrorSummary } from '../../components/error-summary';
import { CampoMascara, CampoSelect } from '../../components/form/campos';
import { summaryOf } from '../../components/form/form-errors';
import { CpfField } from '../../components/form/masked-field';
import type { Option } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { useFormulario } from '../../components/form/use-formulario';
import { FormularioFiltros } from '../../components/formulario-filtros';
import { analiseKeys, fetchUfsEscopo } from './analise-api';

export interface ValoresFiltro {
  situacao: string;
  tipoSolicitacao: string;
  uf: string;
  cpf: string;
  nome: string;
  dataInicio: string;
  dataFim: string;
}

export const FILTRO_VAZIO: ValoresFiltro = {
  situacao: '',
  tipoSolicitacao: '',
  uf: '',
  cpf: '',
  nome: '',
  dataInicio: '',
  dataFim: '',
};

export const MENSAGENS_FILTRO = {
  cpf: 'CPF inválido',
  nome: 'Informe pelo menos 3 letras do nome',
  periodo: 'A data final deve ser igual ou posterior à data inicial',
} as const;

/** The same rules as the API's filters, on the typed values. */
const filtroSchema = z
  .object({
    situacao: z.string(),
    tipoSolicitacao: z.string(),
    uf: z.string(),
    cpf: z.string(),
    nome: z.string(),
    dataInicio: z.string(),
    dataFim: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.cpf.trim() && !isValidCpf(v.cpf)) ctx.addIssue({ code: 'custom', path: ['cpf'], message: MENSAGENS_FILTRO.cpf });
    const nome = v.nome.trim();
    if (nome && nome.length < 3) ctx.addIssue({ code: 'custom', path: ['nome'], message: MENSAGENS_FILTRO.nome });
    if (v.dataInicio && v.dataFim && v.dataFim < v.dataInicio) {
      ctx.addIssue({ code: 'custom', path: ['dataFim'], message: MENSAGENS_FILTRO.periodo });
    }
  });

const OPCOES_SITUACAO: Option[] = Object.entries(situacaoAnaliseLabel).map(([value, label]) => ({ value, label }));
const OPCOES_TIPO: Option[] = Object.entries(tipoSolicitacaoLabel).map(([value, label]) => ({ value, label }));
const OPCOES_UF: Option[] = UFS.map((u) => ({ value: u.sigla, label: `${u.sigla} – ${u.nome}` }));

/** Should the question fail, all 27 are offered: the server answers only within the scope anyway (decision 0031). */
function useOpcoesUf(): Option[] {
  const { data } = useQuery({ queryKey: analiseKeys.ufsEscopo(), queryFn: fetchUfsEscopo, staleTime: 60_000, retry: false });
  if (!data || data.nacional) return OPCOES_UF;
  return OPCOES_UF.filter((o) => data.ufs.includes(o.value));
}

const idCampo = (path: string) => `filtro-${path}`;

/** Submitting calls `onPesquisar` with valid values only. */
export function FiltrosAnalise({
  valores,
  onPesquisar,
  onLimpar,
}: {
  valores: ValoresFiltro;
  onPesquisar: (valores: ValoresFiltro) => void;
  onLimpar: () => void;
}) {
  const [tentativa, setTentativa] = useState(0);
  const opcoesUf = useOpcoesUf();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useFormulario<ValoresFiltro>({ resolver: zodResolver(filtroSchema), defaultValues: valores });

  // The address may change under the form (back button, "Limpar filtros"): show what it holds.
  const assinatura = JSON.stringify(valores);
  useEffect(() => {
    reset(JSON.parse(assinatura) as ValoresFiltro);
  }, [assinatura, reset]);

  const resumo = summaryOf(errors, idCampo);

  const onSubmit = handleSubmit(
    (v) => onPesquisar({ ...v, nome: v.nome.trim() }),
    () => setTentativa((n) => n + 1),
  );

  function limpar() {
    reset(FILTRO_VAZIO);
    onLimpar();
  }

  return (
    <FormularioFiltros
      idTitulo="titulo-filtros"
      className="analise-filtros"
      onSubmit={(e) => void onSubmit(e)}
      onLimpar={limpar}
      resumo={<ErrorSummary errors={resumo} attempt={tentativa} />}
    >
      <CampoSelect control={control} name="situacao" id={idCampo('situacao')} label="Situação da análise" options={OPCOES_SITUACAO} placeholder="Todas" />
      <CampoSelect control={control} name="tipoSolicitacao" id={idCampo('tipoSolicitacao')} label="Tipo de solicitação" options={OPCOES_TIPO} placeholder="Todos" />
      <CampoSelect control={control} name="uf" id={idCampo('uf')} label="UF" options={opcoesUf} placeholder="Todas" />
      <CampoMascara control={control} name="cpf" id={idCampo('cpf')} Componente={CpfField} label="CPF do pescador" hint="Somente números" />
      <TextField id={idCampo('nome')} label="Nome do pescador" hint="Pelo menos 3 letras" autoComplete="off" error={errors.nome?.message} {...register('nome')} />
      <fieldset className="field analise-filtros-periodo">
        <legend>Período de envio para análise</legend>
        <div className="analise-filtros-datas">
          <TextField id={idCampo('dataInicio')} label="Data início" type="date" error={errors.dataInicio?.message} {...register('dataInicio')} />
          <TextField id={idCampo('dataFim')} label="Data fim" type="date" error={errors.dataFim?.message} {...register('dataFim')} />
        </div>
      </fieldset>
    </FormularioFiltros>
  );
}
