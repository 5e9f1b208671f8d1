import { AcoesFormulario } from '../../components/form/acoes-formulario';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { CodigoErro, ehCasoDe } from '../../../shared/codigos-erro';
import { atoNormativoCriacao, MENSAGENS_ATO_NORMATIVO } from '../../../shared/schemas/ato-normativo';
import { ROTA_ADMIN_ATOS } from '../../../shared/rotas-web';
import { ErrorSummary } from '../../components/error-summary';
import { CampoTexto } from '../../components/form/campos';
import { summaryOf } from '../../components/form/form-errors';
import { useFormulario } from '../../components/form/use-formulario';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { codigoErroDe } from '../../lib/erros';
import { confirmar } from '../../lib/confirm';
import { showToast } from '../../lib/toast';
import { atoKeys, fetchAto, salvarAto } from './ato-normativo-api';
import { atosAlterados } from './aviso-sem-ato';

type Entrada = z.input<typeof atoNormativoCriacao>;
type Saida = z.output<typeof atoNormativoCriacao>;

const VAZIO: Entrada = { nome: '', descricao: '', dataInicioVigencia: '', dataTerminoVigencia: '', prazoRecursoDias: '', prazoDecisaoRecursoDias: '' };
const idCampo = (path: string) => `ato-${path}`;

/**
 * The normative-act form (spec points 3, 5 and 8): name, description, validity. Field errors show at the fields,
 * in the summary and as the spec's toast; saving asks confirmation first, then returns to the list with the
 * spec's success message. `id` edits an act.
 */
export function FormularioAto({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [tentativa, setTentativa] = useState(0);
  const existente = useQuery({ queryKey: atoKeys.detalhe(id ?? 0), queryFn: () => fetchAto(id!), enabled: id !== null });
  const form = useFormulario<Entrada, unknown, Saida>({ resolver: zodResolver(atoNormativoCriacao), defaultValues: VAZIO });
  const { control, register, handleSubmit, reset, formState: { errors } } = form;

  useEffect(() => {
    const a = existente.data;
    if (a) {
      reset({
        nome: a.nome, descricao: a.descricao, dataInicioVigencia: a.dataInicioVigencia, dataTerminoVigencia: a.dataTerminoVigencia ?? '',
        prazoRecursoDias: a.prazoRecursoDias === null ? '' : String(a.prazoRecursoDias),
        prazoDecisaoRecursoDias: a.prazoDecisaoRecursoDias === null ? '' : String(a.prazoDecisaoRecursoDias),
      });
    }
  }, [existente.data, reset]);

  const salvar = useMutation({
    mutationFn: (v: Saida) => salvarAto(id === null ? v : { ...v, id }),
    onSuccess: async (r) => {
      showToast('success', r.mensagem);
      await atosAlterados(qc);
      await navigate(ROTA_ADMIN_ATOS);
    },
    onError: (e) => {
      form.mostrarErrosDoServidor(e);
      setTentativa((n) => n + 1);
      // Invalid fields: the spec's sentence; anything else, the server's message.
      showToast('error', ehCasoDe(codigoErroDe(e), CodigoErro.DADOS_INVALIDOS) ? MENSAGENS_ATO_NORMATIVO.camposObrigatorios : mensagemErro(e, MENSAGENS_ATO_NORMATIVO.erroSalvar));
    },
  });

  const onSubmit = handleSubmit(
    async (v) => {
      if (await confirmar({ text: id === null ? MENSAGENS_ATO_NORMATIVO.confirmarCriacao : MENSAGENS_ATO_NORMATIVO.confirmarEdicao })) salvar.mutate(v);
    },
    () => {
      setTentativa((n) => n + 1);
      showToast('error', MENSAGENS_ATO_NORMATIVO.camposObrigatorios);
    },
  );

  if (id !== null && existente.isError) {
    return <Message kind="danger" title={mensagemErro(existente.error, MENSAGENS_ATO_NORMATIVO.naoEncontrado)} />;
  }
  if (id !== null && !existente.data) return <p role="status">Carregando…</p>;

  const erroDescricao = errors.descricao?.message;
  return (
    <form aria-label={id === null ? 'Cadastrar ato normativo' : 'Editar ato normativo'} noValidate onSubmit={(e) => void onSubmit(e)}>
      <ErrorSummary errors={summaryOf(errors, idCampo)} attempt={tentativa} />
      <CampoTexto control={control} name="nome" id={idCampo('nome')} label="Nome" hint="Por exemplo: Portaria MPA nº 123, de 1º de março de 2026" maxLength={200} />
      <div className={`field br-textarea${erroDescricao ? ' danger' : ''}`}>
        <label htmlFor={idCampo('descricao')}>Descrição</label>
        <textarea
          id={idCampo('descricao')}
          rows={4}
          maxLength={4000}
          aria-invalid={erroDescricao ? true : undefined}
          aria-describedby={erroDescricao ? `${idCampo('descricao')}-erro` : undefined}
          {...register('descricao')}
        />
        {erroDescricao && (
          <span id={`${idCampo('descricao')}-erro`} className="feedback danger">
            <i className="fas fa-times-circle" aria-hidden="true" />
            {erroDescricao}
          </span>
        )}
      </div>
      <fieldset className="field">
        <legend>Vigência</legend>
        <div className="admin-datas">
          <CampoTexto control={control} name="dataInicioVigencia" id={idCampo('dataInicioVigencia')} label="Início da vigência" type="date" />
          <CampoTexto
            control={control}
            name="dataTerminoVigencia"
            id={idCampo('dataTerminoVigencia')}
            label="Término da vigência"
            hint="Deixe em branco se não houver data de término"
            optional
            type="date"
          />
        </div>
      </fieldset>
      <fieldset className="field">
        <legend>Recursos contra o que o ato decidir</legend>
        <div className="admin-datas">
          <CampoTexto
            control={control} name="prazoRecursoDias" id={idCampo('prazoRecursoDias')} label="Prazo para recorrer (dias)"
            hint="Contado da entrada em vigor. Em branco: 10 dias (Lei 9.784/1999, art. 59)" optional inputMode="numeric"
          />
          <CampoTexto
            control={control} name="prazoDecisaoRecursoDias" id={idCampo('prazoDecisaoRecursoDias')} label="Prazo para decidir cada instância (dias)"
            hint="Prorrogável uma vez por igual período. Em branco: 30 dias" optional inputMode="numeric"
          />
        </div>
      </fieldset>
      <AcoesFormulario cancelarPara={ROTA_ADMIN_ATOS} salvando={salvar.isPending} />
    </form>
  );
}
