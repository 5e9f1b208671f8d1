import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { aceitarArquivos, conferirArquivoAntesDeEnviar } from '../../../shared/regras/arquivos';
import { MAX_DOCUMENTOS_JUSTIFICATIVA, MENSAGENS_REAP } from '../../../shared/regras/reap';
import { MENSAGENS_DOCUMENTO, type Documento } from '../../../shared/schemas/documento';
import type { Questionario } from '../../../shared/schemas/reap';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { BotaoAbrirDocumento } from './botao-abrir-documento';
import { DOCUMENTO_JUSTIFICATIVA, DOCUMENTO_RELACAO_TRABALHO, enviarDocumentoReap, reapKeys, removerDocumentoReap } from './reap-api';

/** The id of a document's remove button (where the focus goes when the document before it is removed). */
const idRemover = (campo: string, d: Documento) => `${campo}-remover-${d.id}`;

/**
 * The documents of a REAP: up to 3 justification files of a year without fishing, or the work-relation files of an
 * industrial REAP (at least one to send). PDF, JPG or PNG up to 2 MB: checked here before sending, with the
 * specification's messages, and again by the server. The upload's own message comes before the form's (`error`,
 * e.g. 'É obrigatório anexar…' after a send), which `onAlterado` lets the form clear once a file is in.
 */
export function DocumentosReap({ questionario, industrial, error, onAlterado }: {
  questionario: Questionario; industrial: boolean; error?: string | undefined; onAlterado?: (docs: Documento[]) => void;
}) {
  const queryClient = useQueryClient();
  const [docs, setDocs] = useState<Documento[]>(industrial ? questionario.documentoRelacaoTrabalho : questionario.documentosJustificativa);
  const [erro, setErro] = useState<string | undefined>();
  const [ocupado, setOcupado] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const tituloLista = useRef<HTMLParagraphElement>(null);
  // Where the focus goes once a removal is over (the buttons are disabled while it runs).
  const focoAposRemover = useRef<string | null>(null);
  const id = industrial ? 'documentoRelacaoTrabalho' : 'documentosJustificativa';
  const tipo = industrial ? DOCUMENTO_RELACAO_TRABALHO : DOCUMENTO_JUSTIFICATIVA;
  const cheio = !industrial && docs.length >= MAX_DOCUMENTOS_JUSTIFICATIVA;

  useEffect(() => {
    if (ocupado || focoAposRemover.current === null) return;
    const alvo = focoAposRemover.current;
    focoAposRemover.current = null;
    const elemento = alvo === id ? input.current : document.getElementById(alvo);
    if (elemento && !(elemento as HTMLInputElement | HTMLButtonElement).disabled) elemento.focus();
    else tituloLista.current?.focus();
  }, [ocupado, docs, id]);

  function mudarDocs(novos: Documento[]) {
    setDocs(novos);
    onAlterado?.(novos);
  }

  async function enviar(arquivo: File | undefined) {
    if (!arquivo) return;
    setErro(undefined);
    const problema = conferirArquivoAntesDeEnviar(tipo, arquivo);
    if (problema) {
      setErro(problema);
      if (input.current) input.current.value = '';
      return;
    }
    setOcupado(true);
    try {
      const doc = await enviarDocumentoReap(questionario.id, industrial, arquivo);
      mudarDocs([...docs, doc]);
      showToast('success', MENSAGENS_DOCUMENTO.salvo);
      void queryClient.invalidateQueries({ queryKey: reapKeys.questionario(questionario.id) });
    } catch (err) {
      setErro(mensagemErro(err, MENSAGENS_REAP.erroDocumentos));
    } finally {
      setOcupado(false);
      if (input.current) input.current.value = '';
    }
  }

  async function remover(doc: Documento) {
    setOcupado(true);
    setErro(undefined);
    try {
      await removerDocumentoReap(questionario.id, industrial, doc.id);
      const i = docs.findIndex((x) => x.id === doc.id);
      const restantes = docs.filter((x) => x.id !== doc.id);
      // The next document's remove button, else the one before, else the file field.
      const vizinho = restantes[i] ?? restantes[i - 1];
      focoAposRemover.current = vizinho ? idRemover(id, vizinho) : id;
      mudarDocs(restantes);
      showToast('success', MENSAGENS_DOCUMENTO.removido);
      void queryClient.invalidateQueries({ queryKey: reapKeys.questionario(questionario.id) });
    } catch (err) {
      setErro(mensagemErro(err, MENSAGENS_REAP.erroRemoverDocumento));
    } finally {
      setOcupado(false);
    }
  }

  const mensagem = erro ?? error;
  return (
    <div className={`field reap-documentos${mensagem ? ' danger' : ''}`}>
      <label htmlFor={id}>
        {industrial ? 'Comprovante da relação de trabalho (carteira de trabalho ou contrato de parceria)' : `Documentos da justificativa (até ${MAX_DOCUMENTOS_JUSTIFICATIVA}, opcional)`}
      </label>
      <p className="field-hint" id={`${id}-dica`}>PDF, JPG ou PNG de até 2 MB.</p>
      {mensagem && <Message kind="danger" title={mensagem} alert />}
      <input
        ref={input}
        id={id}
        type="file"
        accept={aceitarArquivos(tipo)}
        aria-describedby={`${id}-dica`}
        aria-invalid={mensagem ? true : undefined}
        disabled={ocupado || cheio}
        onChange={(e) => void enviar(e.target.files?.[0])}
      />
      <p ref={tituloLista} tabIndex={-1} className="reap-docs-titulo">
        {docs.length === 0 ? 'Nenhum documento anexado.' : `Documentos anexados: ${docs.length}.`}
      </p>
      {docs.length > 0 && (
        <ul className="reap-docs">
          {docs.map((d) => (
            <li key={d.id}>
              <BotaoAbrirDocumento documento={d} />
              <button id={idRemover(id, d)} type="button" className="br-button secondary small" disabled={ocupado} onClick={() => void remover(d)}>
                Remover {d.nomeArquivo}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
