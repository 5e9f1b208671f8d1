import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MENSAGENS_REAP, TIPOS_PRESTACAO_INDUSTRIAL } from '../../../shared/regras/reap';
import type { Questionario } from '../../../shared/schemas/reap';
import { ErrorSummary, type FieldError } from '../../components/error-summary';
import { RadioGroup } from '../../components/form/radio-group';
import { AvisoCin } from '../../components/aviso-cin';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { confirmar } from '../../lib/confirm';
import { showToast } from '../../lib/toast';
import { DocumentosReap } from './documentos-reap';
import { type CorpoReapIndustrial, fetchQuestionario, reapKeys, salvarIndustrial } from './reap-api';

const SIM_NAO = [{ value: 'sim', label: 'Sim' }, { value: 'nao', label: 'Não' }];

/** The industrial REAP (category 1): the work relation (CTPS 4 or share-cropping contract 5), whether they fished, the proof file. */
export function FormularioIndustrial({ questionario, onEnviado }: { questionario: Questionario; onEnviado: () => void }) {
  const [tipo, setTipo] = useState(questionario.tipoPrestacaoServico ? String(questionario.tipoPrestacaoServico) : '');
  const [pescou, setPescou] = useState(questionario.realizouPesca === null ? '' : questionario.realizouPesca ? 'sim' : 'nao');
  const [erros, setErros] = useState<FieldError[]>([]);
  const [erroGeral, setErroGeral] = useState<string | undefined>();
  const [tentativa, setTentativa] = useState(0);
  const [enviando, setEnviando] = useState(false);
  const queryClient = useQueryClient();

  const corpo = (enviada: boolean): CorpoReapIndustrial => ({
    id: questionario.id, anoReferencia: questionario.anoReferencia, categoria: questionario.categoria,
    // The option chosen (CTPS 4 or share-cropping contract 5), or none.
    tipoPrestacaoServico: TIPOS_PRESTACAO_INDUSTRIAL.find((t) => String(t.id) === tipo)?.id ?? null,
    realizouPesca: pescou === '' ? null : pescou === 'sim', enviada,
  });

  async function salvarRascunho() {
    try {
      const r = await salvarIndustrial(corpo(false));
      showToast('success', r.mensagem);
      void queryClient.invalidateQueries({ queryKey: reapKeys.all });
    } catch (err) {
      setErroGeral(mensagemErro(err, MENSAGENS_REAP.erroIndustrial));
    }
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
    setEnviando(true);
    try {
      await salvarIndustrial(corpo(true));
      onEnviado();
    } catch (err) {
      setErroGeral(mensagemErro(err, MENSAGENS_REAP.erroIndustrial));
      setEnviando(false);
    }
  }

  const erroDe = (id: string) => erros.find((e) => e.field === id)?.message;
  // An answer given clears its error (and, with the last one, 'Confira todos os campos do formulário').
  function limparErro(campo: string) {
    const restantes = erros.filter((e) => e.field !== campo);
    if (restantes.length === erros.length) return;
    setErros(restantes);
    if (restantes.length === 0 && erroGeral === MENSAGENS_REAP.confira) setErroGeral(undefined);
  }
  return (
    <form noValidate className="reap-form" onSubmit={(e) => { e.preventDefault(); void enviar(); }}>
      <ErrorSummary errors={erros} attempt={tentativa} />
      {erroGeral && <Message kind="danger" title={erroGeral} alert />}
      <AvisoCin contexto="reap" />
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
