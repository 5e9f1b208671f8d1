import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { z } from 'zod';
import { maskCpf } from '../../../shared/cpf';
import { formatarData, hojeSaoPaulo } from '../../../shared/datas';
import { TipoDocumento } from '../../../shared/enums';
import { formatosPermitidos, MENSAGENS_ARQUIVO, mensagemFormato, TAMANHO_MAXIMO_DOCUMENTO_BYTES } from '../../../shared/regras/arquivos';
import { ServicoDelegado, servicoDelegadoLabel } from '../../../shared/representacao';
import { type Delegacao, MENSAGENS_ENTIDADE, recusaDaValidade, termoCampos, validacaoTermoCorpo } from '../../../shared/schemas/entidade';
import { UFS } from '../../../shared/ufs';
import { ErrorSummary } from '../../components/error-summary';
import { CampoCheckboxes, CampoSelect, CampoTexto } from '../../components/form/campos';
import { CampoRotulado } from '../../components/form/field-parts';
import { summaryOf } from '../../components/form/form-errors';
import { useFormulario } from '../../components/form/use-formulario';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { abrirArquivo } from '../../lib/arquivos';
import { showToast } from '../../lib/toast';
import { anexarIdentidadeAoTermo, entidadeKeys, registrarTermo, termosPendentes, validarTermo } from './entidade-api';

/**
 * The consent term of a fisher without gov.br (decision 0110, the INSS model): the agent files the signed term and
 * the fisher's identity document from the desk; an analyst of the fisher's state validates it or refuses it with a
 * reason. The server checks everything again; these forms only say early what it would refuse.
 */

const ERRO = 'Não foi possível concluir. Tente novamente.';
const opcoesUf = UFS.map((u) => ({ value: u.sigla, label: u.nome }));
const opcoesServico = Object.entries(servicoDelegadoLabel).map(([value, label]) => ({ value, label }));
const TIPOS_ACEITOS = formatosPermitidos(TipoDocumento.ADICIONAL);

/** Why a chosen file would be refused (format, size), in the words the server uses; null when none was chosen. */
export function erroDoArquivo(arquivo: File | null, obrigatorio: string): string | null {
  if (!arquivo) return obrigatorio;
  if (!(TIPOS_ACEITOS as readonly string[]).includes(arquivo.type)) return mensagemFormato(TipoDocumento.ADICIONAL);
  if (arquivo.size === 0 || arquivo.size > TAMANHO_MAXIMO_DOCUMENTO_BYTES) return MENSAGENS_ARQUIVO.tamanho;
  return null;
}

const arquivoCampo = (obrigatorio: string) => z.custom<File | null>().superRefine((f, ctx) => {
  const erro = erroDoArquivo(f instanceof File ? f : null, obrigatorio);
  if (erro) ctx.addIssue({ code: 'custom', message: erro });
});

/** The term's fields as the server reads them, the checkboxes as strings, the two files, and the five-year limit. */
export const termoFormulario = termoCampos.pick({ cpfPescador: true, nomePescador: true, uf: true }).extend({
  servicos: z.array(z.string()).min(1, MENSAGENS_ENTIDADE.servicosObrigatorios),
  fim: termoCampos.shape.fim,
  termo: arquivoCampo('Anexe o termo de consentimento assinado pelo pescador.'),
  identidade: arquivoCampo('Anexe o documento de identidade do pescador.'),
}).superRefine((v, ctx) => {
  if (typeof v.fim !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v.fim)) return;
  const recusa = recusaDaValidade(v.fim, hojeSaoPaulo());
  if (recusa) ctx.addIssue({ code: 'custom', message: recusa, path: ['fim'] });
});
type EntradaTermo = z.input<typeof termoFormulario>;
type SaidaTermo = z.output<typeof termoFormulario>;

const VAZIO: EntradaTermo = { cpfPescador: '', nomePescador: '', uf: '', servicos: [String(ServicoDelegado.REAP)], fim: '', termo: null, identidade: null };

/** A file input bound to the form: holds the chosen File, labelled, with its hint and inline error. */
function CampoArquivo<T extends FieldValues, S>({ control, name, id, label }: { control: Control<T, unknown, S>; name: Path<T>; id: string; label: string }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <CampoRotulado id={id} label={label} hint="PDF, JPG ou PNG, até 2 MB." error={fieldState.error?.message}>
      {(aria) => (
        <input
          type="file" id={id} name={field.name} ref={field.ref} accept={TIPOS_ACEITOS.join(',')} onBlur={field.onBlur} {...aria}
          onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
        />
      )}
    </CampoRotulado>
  );
}

/**
 * The agent's form. The term is filed first, then the identity document; if the second upload fails the term is kept
 * and only the identity document is asked again, so a retry never files a second term.
 */
export function FormularioTermo({ aoRegistrar }: { aoRegistrar?: (d: Delegacao) => void }) {
  const qc = useQueryClient();
  const form = useFormulario<EntradaTermo, unknown, SaidaTermo>({ resolver: zodResolver(termoFormulario), defaultValues: VAZIO });
  const { control, handleSubmit, formState: { errors, submitCount, isSubmitting } } = form;
  const [erro, setErro] = useState<string | null>(null);
  const [pendente, setPendente] = useState<Delegacao | null>(null);

  const enviar = handleSubmit(async (v) => {
    setErro(null);
    try {
      let termo = pendente;
      if (!termo) {
        const r = await registrarTermo({
          cpfPescador: v.cpfPescador, nomePescador: v.nomePescador, uf: v.uf, servicos: v.servicos.map(Number), fim: v.fim,
        }, v.termo!);
        termo = r.dados;
        setPendente(termo);
      }
      const r = await anexarIdentidadeAoTermo(termo.id, v.identidade!);
      showToast('success', MENSAGENS_ENTIDADE.termoRegistrado);
      setPendente(null);
      form.reset(VAZIO);
      await qc.invalidateQueries({ queryKey: entidadeKeys.all });
      aoRegistrar?.(r.dados);
    } catch (err) {
      form.mostrarErrosDoServidor(err);
      setErro(mensagemErro(err, ERRO));
    }
  });

  return (
    <form noValidate onSubmit={(e) => void enviar(e)} aria-labelledby="titulo-termo">
      <h2 id="titulo-termo">Termo de consentimento de pescador sem gov.br</h2>
      <p>
        Para o pescador que não tem conta gov.br: anexe o termo assinado por ele e um documento de identidade. A delegação só vale depois que um
        analista do estado do pescador validar o termo.
      </p>
      <ErrorSummary errors={summaryOf(errors)} attempt={submitCount} />
      {erro && <Message kind="danger" title={erro} alert />}
      {pendente && (
        <Message kind="warning" title="O termo foi registrado, mas falta o documento de identidade.">
          Escolha de novo o documento de identidade e envie: o termo não será registrado outra vez.
        </Message>
      )}
      <fieldset disabled={pendente !== null} className="field">
        <legend>Pescador e delegação</legend>
        <CampoTexto control={control} name="cpfPescador" id="cpfPescador" label="CPF do pescador" inputMode="numeric" autoComplete="off" />
        <CampoTexto control={control} name="nomePescador" id="nomePescador" label="Nome do pescador" autoComplete="off" />
        <CampoSelect control={control} name="uf" id="uf" label="Estado onde o pescador mora" options={opcoesUf} placeholder="Selecione" />
        <CampoCheckboxes control={control} name="servicos" id="servicos" legend="O que a entidade poderá fazer em nome do pescador" options={opcoesServico} />
        <CampoTexto control={control} name="fim" id="fim" label="Válido até" type="date" hint="No máximo 5 anos a partir de hoje." />
        <CampoArquivo control={control} name="termo" id="termo" label="Termo de consentimento assinado" />
      </fieldset>
      <CampoArquivo control={control} name="identidade" id="identidade" label="Documento de identidade do pescador" />
      <button type="submit" className="br-button primary mt-3" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        {pendente ? 'Enviar documento de identidade' : 'Registrar termo'}
      </button>
    </form>
  );
}

// ------------------------------------------------------------------ analyst

type TermoPendente = Awaited<ReturnType<typeof termosPendentes>>[number];
type EntradaValidacao = { justificativa: string };

const recusaFormulario = z.object({ justificativa: z.string() }).superRefine((v, ctx) => {
  const r = validacaoTermoCorpo.safeParse({ aprovado: false, justificativa: v.justificativa });
  if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: ['justificativa'] });
});

/** One term in the queue: who, for which entity and services, until when; its two files; validate or refuse. */
function TermoDaFila({ termo }: { termo: TermoPendente }) {
  const qc = useQueryClient();
  const [recusando, setRecusando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const form = useFormulario<EntradaValidacao>({ resolver: zodResolver(recusaFormulario), defaultValues: { justificativa: '' } });
  const base = `termo-${termo.id}`;

  async function decidir(corpo: { aprovado: boolean; justificativa?: string }) {
    setErro(null);
    setEnviando(true);
    try {
      showToast('success', (await validarTermo(termo.id, corpo)).mensagem);
      await qc.invalidateQueries({ queryKey: entidadeKeys.termos() });
    } catch (err) {
      setErro(mensagemErro(err, ERRO));
    } finally {
      setEnviando(false);
    }
  }
  const recusar = form.handleSubmit((v) => decidir({ aprovado: false, justificativa: v.justificativa }));

  return (
    <li className="termo-fila" aria-labelledby={`${base}-titulo`}>
      <h2 id={`${base}-titulo`} className="h4">{termo.nomePescador}</h2>
      <dl>
        <dt>CPF</dt><dd>{maskCpf(termo.cpfPescador)}</dd>
        <dt>Estado</dt><dd>{termo.uf ?? '—'}</dd>
        <dt>Entidade</dt><dd>{termo.entidade.nome}</dd>
        <dt>Serviços</dt><dd>{termo.servicos.map((s) => servicoDelegadoLabel[s as ServicoDelegado]).join(', ')}</dd>
        <dt>Válido até</dt><dd>{formatarData(termo.fim)}</dd>
        <dt>Registrado pelo agente</dt><dd>CPF {maskCpf(termo.cpfAgente)}</dd>
      </dl>
      <p>
        {termo.documentos.map((d) => (
          <button key={d.id} type="button" className="br-button secondary small mr-2" onClick={() => void abrirArquivo(d.chave)}>
            Abrir {d.tipo === TipoDocumento.IDENTIFICACAO ? 'documento de identidade' : 'termo assinado'} <span className="sr-only">de {termo.nomePescador}</span>
          </button>
        ))}
      </p>
      {!termo.temIdentidade && <Message kind="warning" title="O agente ainda não anexou o documento de identidade: o termo só pode ser recusado." />}
      {erro && <Message kind="danger" title={erro} alert />}
      {!recusando && (
        <p>
          <button type="button" className="br-button primary small mr-2" disabled={enviando || !termo.temIdentidade} onClick={() => void decidir({ aprovado: true })}>
            Validar <span className="sr-only">o termo de {termo.nomePescador}</span>
          </button>
          <button type="button" className="br-button secondary small" disabled={enviando} onClick={() => setRecusando(true)}>
            Recusar <span className="sr-only">o termo de {termo.nomePescador}</span>
          </button>
        </p>
      )}
      {recusando && (
        <form noValidate onSubmit={(e) => void recusar(e)} aria-label={`Recusar o termo de ${termo.nomePescador}`}>
          <ErrorSummary errors={summaryOf(form.formState.errors, () => `${base}-justificativa`)} attempt={form.formState.submitCount} />
          <CampoRotulado id={`${base}-justificativa`} tipo="br-textarea" label="Motivo da recusa" hint="O agente verá este motivo." error={form.formState.errors.justificativa?.message}>
            {(aria) => <textarea rows={4} maxLength={1000} id={`${base}-justificativa`} {...form.register('justificativa')} {...aria} />}
          </CampoRotulado>
          <p className="mt-2">
            <button type="submit" className="br-button primary small mr-2" disabled={enviando}>Confirmar recusa</button>
            <button type="button" className="br-button secondary small" onClick={() => setRecusando(false)}>Cancelar</button>
          </p>
        </form>
      )}
    </li>
  );
}

/** The analyst's queue: the terms of the analyst's states waiting for validation. */
export function FilaTermos() {
  const lista = useQuery({ queryKey: entidadeKeys.termos(), queryFn: termosPendentes });
  if (lista.isPending) return <p role="status">Carregando…</p>;
  if (lista.isError) return <Message kind="danger" title={mensagemErro(lista.error, ERRO)} />;
  if (lista.data.length === 0) return <Message kind="info" title="Nenhum termo de consentimento aguardando validação." />;
  return (
    <ul className="lista-simples" aria-label="Termos aguardando validação">
      {lista.data.map((t) => <TermoDaFila key={t.id} termo={t} />)}
    </ul>
  );
}
