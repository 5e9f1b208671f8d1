import { useState } from 'react';
import { MENSAGENS_REAP, TIPOS_PRESTACAO_INDUSTRIAL } from '../../../shared/regras/reap';
import type { Questionario } from '../../../shared/schemas/reap';
import { ErrorSummary, type FieldError } from '../../components/error-summary';
import { RadioGroup } from '../../components/form/radio-group';
import { AvisoCin } from '../../components/aviso-cin';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { confirmar } from '../../lib/confirm';
import { MENSAGEM_SALVO_NO_CELULAR } from '../../offline/caixa-de-saida';
import { showToast } from '../../lib/toast';
import { ConflitoDoRascunho, EstadoDoRascunho } from '../../components/estado-salvamento';
import { DocumentosReap } from './documentos-reap';
import { useSalvamentoReap } from './use-salvamento-reap';
import { type CorpoReapIndustrial, fetchQuestionario, type RegistroReap, salvarIndustrial } from './reap-api';

const SIM_NAO = [{ value: 'sim', label: 'Sim' }, { value: 'nao', label: 'Não' }];

/** What this phone keeps of an industrial REAP's form (its outbox record, src/web/offline/). */
interface FormIndustrial { tipo: string; pescou: string }
export type RascunhoIndustrial = RegistroReap<FormIndustrial, CorpoReapIndustrial>;

/**
 * The industrial REAP (category 1): the work relation (CTPS 4 or share-cropping contract 5), whether they fished, the
 * proof file. The answers are kept on this phone and sent when there is signal (decision 0062); the proof file
 * needs the signal when it is chosen.
 */
export function FormularioIndustrial({ questionario, rascunho, onEnviado }: {
  questionario: Questionario; rascunho: RascunhoIndustrial | null; onEnviado: () => void;
}) {
  const [tipo, setTipo] = useState(rascunho?.form.tipo ?? (questionario.tipoPrestacaoServico ? String(questionario.tipoPrestacaoServico) : ''));
  const [pescou, setPescou] = useState(rascunho?.form.pescou ?? (questionario.realizouPesca === null ? '' : questionario.realizouPesca ? 'sim' : 'nao'));
  const [erros, setErros] = useState<FieldError[]>([]);
  const [erroGeral, setErroGeral] = useState<string | undefined>();
  const [tentativa, setTentativa] = useState(0);

  const salvamento = useSalvamentoReap<FormIndustrial, CorpoReapIndustrial>({
    questionario,
    rascunho,
    salvar: salvarIndustrial,
    onEnviado,
    aoRascunho: (mensagem) => showToast('success', mensagem),
    aoRecusar: (err) => setErroGeral(mensagemErro(err, MENSAGENS_REAP.erroIndustrial)),
  });
  const { estado } = salvamento;

  const corpo = (enviada: boolean): CorpoReapIndustrial => ({
    id: questionario.id, anoReferencia: questionario.anoReferencia, categoria: questionario.categoria,
    // The option chosen (CTPS 4 or share-cropping contract 5), or none.
    tipoPrestacaoServico: TIPOS_PRESTACAO_INDUSTRIAL.find((t) => String(t.id) === tipo)?.id ?? null,
    realizouPesca: pescou === '' ? null : pescou === 'sim', enviada,
  });

  function salvarRascunho() {
    setErroGeral(undefined);
    void salvamento.registrar({ tipo, pescou }, corpo(false), questionario, false);
  }

  async function enviar() {
    const lista: FieldError[] = [];
    if (pescou === '') lista.push({ field: 'realizouPesca', message: MENSAGENS_REAP.realizouPesca });
    if (!tipo) lista.push({ field: 'tipoPrestacaoServico', message: MENSAGENS_REAP.tipoPrestacaoServico });
    // The files are uploaded as the fisher chooses them: ask the server how many there are now.
    const atual = await fetchQuestionario(questionario.id).catch(() => questionario);
    if (atual.documentoRelacaoTrabalho.length === 0) lista.push({ field: 'documentoRelacaoTrabalho', message: MENSAGENS_REAP.documentoRelacaoTrabalho });
    setTentativa((t) => t + 1);
    setErros(lista);
    if (lista.length > 0) {
      setErroGeral(MENSAGENS_REAP.confira);
      return;
    }
    const ok = await confirmar({
      title: `Enviar a REAP ${questionario.anoReferencia}?`, text: 'Depois de enviada, a REAP não pode ser alterada.', confirmButtonText: 'Sim, enviar a REAP.',
    });
    if (!ok) return;
    await salvamento.registrar({ tipo, pescou }, corpo(true), questionario, true);
  }

  const erroDe = (id: string) => erros.find((e) => e.field === id)?.message;
  // An answer given clears its error (and, with the last one, 'Confira todos os campos do formulário').
  function limparErro(campo: string) {
    const restantes = erros.filter((e) => e.field !== campo);
    if (restantes.length === erros.length) return;
    setErros(restantes);
    if (restantes.length === 0 && erroGeral === MENSAGENS_REAP.confira) setErroGeral(undefined);
  }
  if (estado.tipo === 'conflito') {
    return <ConflitoDoRascunho mensagem={estado.mensagem} onDescartar={() => void salvamento.descartar()} />;
  }
  if (estado.tipo === 'neste-celular' && estado.envio) {
    return (
      <Message kind="info" title={MENSAGEM_SALVO_NO_CELULAR} status>
        A REAP {questionario.anoReferencia} está pronta para o envio e será enviada assim que este celular tiver internet. Até lá, ela não pode ser alterada.
      </Message>
    );
  }
  const enviando = estado.tipo === 'enviando';
  return (
    <form noValidate className="reap-form" onSubmit={(e) => { e.preventDefault(); void enviar(); }}>
      <ErrorSummary errors={erros} attempt={tentativa} />
      {erroGeral && <Message kind="danger" title={erroGeral} alert />}
      <AvisoCin contexto="reap" />
      {estado.tipo === 'neste-celular' && <EstadoDoRascunho estado={estado} />}
      <RadioGroup id="realizouPesca" name="realizouPesca" inline legend={`Você realizou pesca em ${questionario.anoReferencia}?`}
        options={SIM_NAO} value={pescou} onChange={(v) => { setPescou(v); limparErro('realizouPesca'); }} error={erroDe('realizouPesca')} />
      <RadioGroup id="tipoPrestacaoServico" name="tipoPrestacaoServico" legend="Relação de trabalho"
        options={TIPOS_PRESTACAO_INDUSTRIAL.map((t) => ({ value: String(t.id), label: t.descricao }))}
        value={tipo} onChange={(v) => { setTipo(v); limparErro('tipoPrestacaoServico'); }} error={erroDe('tipoPrestacaoServico')} />
      <DocumentosReap questionario={questionario} industrial error={erroDe('documentoRelacaoTrabalho')}
        onAlterado={(docs) => { if (docs.length > 0) limparErro('documentoRelacaoTrabalho'); }} />
      <div className="reap-acoes">
        <button type="button" className="br-button secondary" onClick={() => void salvarRascunho()}>Salvar rascunho</button>
        <button type="submit" className="br-button primary" disabled={enviando} aria-busy={enviando || undefined}>Enviar a REAP</button>
      </div>
    </form>
  );
}
