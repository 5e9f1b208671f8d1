import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { z } from 'zod';
import { isValidCpf, onlyDigits } from '../../../shared/cpf';
import { rotuloAcao } from '../../../shared/auditoria-rotulos';
import { ACOES_AUDITORIA, MENSAGENS_AUDITORIA } from '../../../shared/schemas/auditoria';
import { ErrorSummary } from '../../components/error-summary';
import { CampoMascara, CampoSelect } from '../../components/form/campos';
import { summaryOf } from '../../components/form/form-errors';
import { CpfField } from '../../components/form/masked-field';
import type { Option } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { useFormulario } from '../../components/form/use-formulario';
import { FormularioFiltros } from '../../components/formulario-filtros';
import type { FiltrosAuditoriaWeb } from './auditoria-api';

export interface ValoresFiltroAuditoria {
  cpfAtor: string;
  cpfPescador: string;
  recurso: string;
  recursoId: string;
  acao: string;
  de: string;
  ate: string;
}

export const FILTRO_AUDITORIA_VAZIO: ValoresFiltroAuditoria = {
  cpfAtor: '', cpfPescador: '', recurso: '', recursoId: '', acao: '', de: '', ate: '',
};

const MENSAGEM_CPF = 'CPF inválido';

/** The same rules as the API's filters (src/shared/schemas/auditoria.ts), on the typed values. */
const schema = z
  .object({
    cpfAtor: z.string(), cpfPescador: z.string(), recurso: z.string(), recursoId: z.string(), acao: z.string(), de: z.string(), ate: z.string(),
  })
  .superRefine((v, ctx) => {
    for (const campo of ['cpfAtor', 'cpfPescador'] as const) {
      if (v[campo].trim() && !isValidCpf(v[campo])) ctx.addIssue({ code: 'custom', path: [campo], message: MENSAGEM_CPF });
    }
    if (v.de && v.ate && v.ate < v.de) ctx.addIssue({ code: 'custom', path: ['ate'], message: MENSAGENS_AUDITORIA.periodoInvalido });
  });

/** The actions by their Portuguese names (the code is the value the API filters on), in alphabetical order. */
const OPCOES_ACAO: Option[] = ACOES_AUDITORIA.map((a) => ({ value: a, label: rotuloAcao(a) }))
  .sort((x, y) => x.label.localeCompare(y.label, 'pt-BR'));

const idCampo = (path: string) => `auditoria-${path}`;

export function paraApi(v: ValoresFiltroAuditoria): FiltrosAuditoriaWeb {
  return {
    cpfAtor: onlyDigits(v.cpfAtor), cpfPescador: onlyDigits(v.cpfPescador), recurso: v.recurso.trim(), recursoId: v.recursoId.trim(),
    acao: v.acao, de: v.de, ate: v.ate,
  };
}

/** The audit screen's filters: the actor's CPF, the fisher's CPF, the record, the action and a period. */
export function FiltrosAuditoria({ onPesquisar }: { onPesquisar: (f: FiltrosAuditoriaWeb) => void }) {
  const [tentativa, setTentativa] = useState(0);
  const { register, control, handleSubmit, reset, formState: { errors } } = useFormulario<ValoresFiltroAuditoria>({
    resolver: zodResolver(schema), defaultValues: FILTRO_AUDITORIA_VAZIO,
  });
  const onSubmit = handleSubmit((v) => onPesquisar(paraApi(v)), () => setTentativa((n) => n + 1));
  return (
    <FormularioFiltros
      idTitulo="titulo-filtros-auditoria"
      className="auditoria-filtros"
      onSubmit={(e) => void onSubmit(e)}
      onLimpar={() => { reset(FILTRO_AUDITORIA_VAZIO); onPesquisar({}); }}
      resumo={<ErrorSummary errors={summaryOf(errors, idCampo)} attempt={tentativa} />}
    >
      <CampoMascara control={control} name="cpfAtor" id={idCampo('cpfAtor')} Componente={CpfField} label="CPF de quem agiu" hint="Servidor ou pescador" />
      <CampoMascara control={control} name="cpfPescador" id={idCampo('cpfPescador')} Componente={CpfField} label="CPF do pescador" hint="Eventos sobre os dados deste pescador" />
      <TextField id={idCampo('recurso')} label="Registro (recurso)" hint="Por exemplo: pescador, solicitacao, documento" autoComplete="off" error={errors.recurso?.message} {...register('recurso')} />
      <TextField id={idCampo('recursoId')} label="Identificador do registro" autoComplete="off" error={errors.recursoId?.message} {...register('recursoId')} />
      <CampoSelect control={control} name="acao" id={idCampo('acao')} label="Ação" options={OPCOES_ACAO} placeholder="Todas" />
      <fieldset className="field auditoria-filtros-periodo">
        <legend>Período</legend>
        <div className="auditoria-filtros-datas">
          <TextField id={idCampo('de')} label="De" type="date" error={errors.de?.message} {...register('de')} />
          <TextField id={idCampo('ate')} label="Até" type="date" error={errors.ate?.message} {...register('ate')} />
        </div>
      </fieldset>
    </FormularioFiltros>
  );
}
