import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  get,
  set,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { CodigoErro, ehCasoDe } from '../../../shared/codigos-erro';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import type { SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import { ErrorSummary, type FieldError as SummaryError } from '../../components/error-summary';
import { errosNosCampos, fieldId, inPageOrder, summaryOf, withFieldNames, type PathError } from '../../components/form/form-errors';
import { mensagemErro } from '../../lib/api';
import { codigoErroDe } from '../../lib/erros';
import { MENSAGEM_SALVO_NO_CELULAR } from '../../offline/caixa-de-saida';
import { showToast } from '../../lib/toast';
import type { PassoSalvavel } from './solicitacao-api';
import { semResposta, type CelularDoAssistente } from './use-rascunho-no-celular';
import { useSalvarPasso } from './use-solicitacao';
import { CAMPO_OBRIGATORIO } from './valores';

/**
 * The shared schemas check their conditional rules only once every basic check passes; `condicionais` runs them
 * too, so a first attempt shows every error, not half of them.
 */
export function resolverDoPasso<TForm extends FieldValues, TSaida>(
  schema: z.ZodType<TSaida>,
  paraEntrada: (valores: TForm) => unknown,
  condicionais?: (valores: TForm) => PathError[],
): Resolver<TForm, unknown, TSaida> {
  const validar = zodResolver(schema as z.ZodType<TSaida, FieldValues>, {
    // zodResolver reports a union's first branch ("Invalid input: expected 1"); a missing choice reads as server says.
    error: (issue) => (issue.code === 'invalid_value' && issue.input === undefined ? CAMPO_OBRIGATORIO : undefined),
  }) as unknown as Resolver<FieldValues, unknown, TSaida>;
  return async (valores, contexto, opcoes) => {
    const resultado = await validar(paraEntrada(valores) as FieldValues, contexto, opcoes as never);
    const erros = resultado.errors as FieldErrors<FieldValues>;
    if (condicionais && Object.keys(erros).length > 0) {
      for (const { path, message } of condicionais(valores)) {
        if (!(get(erros, path) as { message?: string } | undefined)?.message) {
          const ref = (opcoes.fields as Record<string, { ref?: unknown } | undefined>)[path]?.ref;
          set(erros, path, { ...(get(erros, path) as object | undefined), type: 'custom', message, ref });
        }
      }
    }
    return resultado as unknown as Awaited<ReturnType<Resolver<TForm, unknown, TSaida>>>;
  };
}

const MENSAGENS_ESPECIFICAS: readonly string[] = [MENSAGENS_SOLICITACAO.localPesca, MENSAGENS_SOLICITACAO.apoio];

/** The spec's own message of the step when it applies. */
function mensagemDoResumo(resumo: SummaryError[]): string {
  return MENSAGENS_ESPECIFICAS.find((m) => resumo.some((e) => e.message.endsWith(m))) ?? MENSAGENS_SOLICITACAO.confira;
}

function mensagemDeSucesso(passo: PassoSalvavel, criando: boolean): string {
  switch (passo) {
    case 1:
      return criando ? MENSAGENS_SOLICITACAO.passo1Criado : MENSAGENS_SOLICITACAO.passo1Atualizado;
    case 2:
      return MENSAGENS_SOLICITACAO.passo2Salvo;
    case 3:
      return MENSAGENS_SOLICITACAO.passo3Salvo;
    case 4:
      return MENSAGENS_SOLICITACAO.passo4Salvo;
  }
}

function mensagemDeFalha(passo: PassoSalvavel, criando: boolean): string {
  switch (passo) {
    case 1:
      return criando ? MENSAGENS_SOLICITACAO.erroSalvar : MENSAGENS_SOLICITACAO.erroAtualizar;
    case 2:
      return MENSAGENS_SOLICITACAO.erroPasso2;
    case 3:
      return MENSAGENS_SOLICITACAO.erroPasso3;
    case 4:
      return MENSAGENS_SOLICITACAO.erroAtualizar;
  }
}

export interface EnvioPassoOpcoes<TForm extends FieldValues, TSaida> {
  form: UseFormReturn<TForm, unknown, TSaida>;
  passo: PassoSalvavel;
  tipo: number;
  /** Absent until step 1 is first saved. */
  id: number | undefined;
  /** Where a server message naming no field is linked from. */
  alvoGeral: string;
  onSalvo: (dados: SolicitacaoDetalheResposta) => void;
  celular?: CelularDoAssistente | undefined;
}

export function useEnvioPasso<TForm extends FieldValues, TSaida>({
  form,
  passo,
  tipo,
  id,
  alvoGeral,
  onSalvo,
  celular,
}: EnvioPassoOpcoes<TForm, TSaida>) {
  const [resumo, setResumo] = useState<SummaryError[]>([]);
  const [tentativa, setTentativa] = useState(0);
  const salvar = useSalvarPasso();
  const criando = id === undefined;

  // Kept on the phone field by field (docs/decisions/0069): a reload before "Salvar e continuar" finds it.
  const doCelular = useRef(celular);
  useEffect(() => {
    doCelular.current = celular;
  });
  useEffect(() => {
    const assinatura = form.watch((_valores, { name }) => {
      if (name !== undefined) doCelular.current?.anotar(passo, form.getValues());
    });
    return () => assinatura.unsubscribe();
  }, [form, passo]);

  const falhou = (lista: SummaryError[], mensagem: string) => {
    setResumo(lista);
    setTentativa((t) => t + 1);
    showToast('error', mensagem);
  };

  const guardarNoCelular = async (saida: TSaida): Promise<boolean> => {
    if (!celular || !(await celular.guardar(passo, form.getValues(), saida as object))) return false;
    await celular.esquecer(passo);
    setResumo([]);
    showToast('info', MENSAGEM_SALVO_NO_CELULAR);
    return true;
  };

  const aoValidar = async (saida: TSaida) => {
    // Behind saves still waiting on the phone, the step waits its turn there.
    if ((celular?.aguardando || !navigator.onLine) && await guardarNoCelular(saida)) return;
    try {
      const dados = await salvar.mutateAsync({ id, tipo, passo, campos: saida as object });
      await celular?.esquecer(passo);
      setResumo([]);
      showToast('success', mensagemDeSucesso(passo, criando));
      onSalvo(dados);
    } catch (error) {
      if (semResposta(error) && await guardarNoCelular(saida)) return;
      const mensagem = mensagemErro(error, mensagemDeFalha(passo, criando));
      if (!ehCasoDe(codigoErroDe(error), CodigoErro.DADOS_INVALIDOS)) {
        showToast('error', mensagem);
        return;
      }
      const lista: SummaryError[] = [];
      const fora = errosNosCampos(form.getValues(), (path, message) => {
        form.setError(path as Path<TForm>, { type: 'server', message });
        lista.push({ field: fieldId(path), message });
      }, error);
      for (const { message } of fora) lista.push({ field: alvoGeral, message });
      if (lista.length === 0) lista.push({ field: alvoGeral, message: mensagem });
      falhou(withFieldNames(inPageOrder(lista)), mensagem);
    }
  };

  const aoFalhar = (erros: FieldErrors<TForm>) => {
    const lista = summaryOf(erros as FieldErrors<FieldValues>);
    falhou(lista, mensagemDoResumo(lista));
  };

  return {
    onSubmit: form.handleSubmit(aoValidar, aoFalhar),
    resumo,
    tentativa,
    salvando: salvar.isPending,
  };
}

export interface PassoFormProps {
  envio: { onSubmit: () => void; resumo: SummaryError[]; tentativa: number; salvando: boolean };
  somenteLeitura: boolean;
  onVoltar?: (() => void) | undefined;
  onAvancar?: (() => void) | undefined;
  children: ReactNode;
  /** Outside the form: a panel with forms of its own may not sit inside another form. */
  depois?: ReactNode;
}

export function PassoForm({ envio, somenteLeitura, onVoltar, onAvancar, children, depois }: PassoFormProps) {
  const formId = useId();
  return (
    <>
      <ErrorSummary errors={envio.resumo} attempt={envio.tentativa} />
      <form
        id={formId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!somenteLeitura) envio.onSubmit();
        }}
      >
        <fieldset className="form-section form-fields" disabled={somenteLeitura || envio.salvando}>
          {children}
        </fieldset>
      </form>
      {depois}
      <BotoesPasso
        formId={formId}
        somenteLeitura={somenteLeitura}
        salvando={envio.salvando}
        onVoltar={onVoltar}
        onAvancar={onAvancar}
      />
    </>
  );
}

export function BotoesPasso({
  formId,
  somenteLeitura,
  salvando,
  onVoltar,
  onAvancar,
  rotuloEnviar = 'Salvar e continuar',
  rotuloOcupado = 'Salvando…',
}: {
  /** The button may sit outside it. */
  formId?: string;
  somenteLeitura: boolean;
  salvando: boolean;
  onVoltar?: (() => void) | undefined;
  onAvancar?: (() => void) | undefined;
  rotuloEnviar?: string;
  rotuloOcupado?: string;
}) {
  return (
    <div className="form-actions">
      {onVoltar && (
        <button type="button" className="br-button secondary" onClick={onVoltar}>
          Voltar
        </button>
      )}
      <div className="form-actions-forward">
        {somenteLeitura
          ? onAvancar && (
              <button type="button" className="br-button primary" onClick={onAvancar}>
                Próximo passo
              </button>
            )
          : (
              <button
                type="submit"
                form={formId}
                className="br-button primary"
                disabled={salvando}
                aria-busy={salvando || undefined}
              >
                {salvando ? rotuloOcupado : rotuloEnviar}
              </button>
            )}
      </div>
    </div>
  );
}
