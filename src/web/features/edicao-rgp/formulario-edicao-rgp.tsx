import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { ORGAOS_PRIMEIRO_RGP } from '../../../shared/referencias';
import { exibirRgp } from '../../../shared/rgp';
import { edicaoRgpFormulario, type RgpPescador } from '../../../shared/schemas/solicitacao-api';
import { ErrorSummary } from '../../components/error-summary';
import { serverFieldErrors, summaryOf } from '../../components/form/form-errors';
import { TextField } from '../../components/form/text-field';
import { useFormulario } from '../../components/form/use-formulario';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { todayInSaoPaulo } from '../../lib/dates';
import { showToast } from '../../lib/toast';
import { solicitarEdicaoRgp } from './rgp-api';

/** yyyy-MM-dd of a date or instant from the server ('' when absent). */
export function paraCampoData(valor: string | null | undefined): string {
  return valor && /^\d{4}-\d{2}-\d{2}/.test(valor) ? valor.slice(0, 10) : '';
}

/**
 * The first-RGP edit (spec: "a first-RGP edit changes that date or agency"): number, date (not in the future)
 * and agency sigla, all required (the body's schema); the date or the agency must differ from the registry's.
 */
export function edicaoRgpFormSchema(atual: Pick<RgpPescador, 'dataPrimeiroRgp' | 'orgao'> | null) {
  return edicaoRgpFormulario.superRefine((v, ctx) => {
    if (!atual) return;
    const mesmaData = v.dataPrimeiroRgp === paraCampoData(atual.dataPrimeiroRgp);
    const mesmoOrgao = v.orgao === (atual.orgao ?? '').trim().toUpperCase();
    if (mesmaData && mesmoOrgao) {
      ctx.addIssue({ code: 'custom', path: ['dataPrimeiroRgp'], message: 'Altere a data ou o órgão do primeiro RGP para enviar a solicitação.' });
    }
  });
}

type Entrada = z.input<ReturnType<typeof edicaoRgpFormSchema>>;
type Saida = z.output<ReturnType<typeof edicaoRgpFormSchema>>;

/** The first-RGP edit form; `onCriada` receives the new type-7 request's id. */
export function FormularioEdicaoRgp({ rgp, onCriada }: { rgp: RgpPescador | null; onCriada: (idSolicitacao: number) => void }) {
  const schema = useMemo(() => edicaoRgpFormSchema(rgp), [rgp]);
  const numeroConhecido = !!rgp?.numeroPrimeiroRGP;
  const { register, handleSubmit, formState, mostrarErrosDoServidor } = useFormulario<Entrada, unknown, Saida>({
    resolver: zodResolver(schema),
    defaultValues: {
      numeroPrimeiroRGP: exibirRgp(rgp?.numeroPrimeiroRGP),
      dataPrimeiroRgp: paraCampoData(rgp?.dataPrimeiroRgp),
      orgao: rgp?.orgao ?? '',
    },
  });
  const [erroServidor, setErroServidor] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const erros = formState.errors;

  async function onValido(v: Saida) {
    setErroServidor(null);
    setEnviando(true);
    try {
      const { id, mensagem } = await solicitarEdicaoRgp(v);
      showToast('success', mensagem);
      onCriada(id);
    } catch (error) {
      const mensagem = mensagemErro(error, 'Erro ao salvar solicitação');
      // The server's field errors at their fields (and in the summary); the message alone only when none is placed.
      const fora = mostrarErrosDoServidor(error);
      if (fora.length > 0 || serverFieldErrors(error).length === 0) setErroServidor(mensagem);
      showToast('error', mensagem);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValido)(e)}>
      <ErrorSummary errors={summaryOf(erros)} attempt={formState.submitCount} />
      {erroServidor && <Message kind="danger" title={erroServidor} alert />}
      <TextField
        id="numeroPrimeiroRGP"
        label="Número do primeiro RGP"
        readOnly={numeroConhecido}
        hint={numeroConhecido ? 'O número do primeiro RGP não pode ser alterado por esta solicitação.' : undefined}
        autoComplete="off"
        error={erros.numeroPrimeiroRGP?.message}
        {...register('numeroPrimeiroRGP')}
      />
      <TextField
        id="dataPrimeiroRgp"
        type="date"
        label="Data do primeiro RGP"
        max={todayInSaoPaulo()}
        error={erros.dataPrimeiroRgp?.message}
        {...register('dataPrimeiroRgp')}
      />
      <TextField
        id="orgao"
        label="Órgão que emitiu o primeiro RGP"
        hint="Escolha da lista ou digite a sigla do órgão, por exemplo SEAP/PR, IBAMA, SUDEPE, MPA ou SFPA-PA."
        autoComplete="off"
        list="orgaos-primeiro-rgp"
        error={erros.orgao?.message}
        {...register('orgao')}
      />
      <datalist id="orgaos-primeiro-rgp">
        {ORGAOS_PRIMEIRO_RGP.map((o) => (
          <option key={o.id} value={o.sigla}>{o.descricao}</option>
        ))}
      </datalist>
      <div className="mt-3">
        <button type="submit" className="br-button primary" disabled={enviando} aria-busy={enviando || undefined}>
          Solicitar edição
        </button>
      </div>
    </form>
  );
}
