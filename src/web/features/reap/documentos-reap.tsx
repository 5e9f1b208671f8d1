import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { MAX_DOCUMENTOS_JUSTIFICATIVA, MENSAGENS_REAP } from '../../../shared/regras/reap';
import { MENSAGENS_DOCUMENTO, type Documento } from '../../../shared/schemas/documento';
import type { Questionario } from '../../../shared/schemas/reap';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { enviarDocumentoReap, reapKeys, removerDocumentoReap } from './reap-api';

/**
 * The documents of a REAP: up to 3 justification files of a year without fishing, or the work-relation files of an
 * industrial REAP (at least one to send). PDF, JPG or PNG up to 2 MB, checked by the server.
 */
export function DocumentosReap({ questionario, industrial, error }: { questionario: Questionario; industrial: boolean; error?: string | undefined }) {
  const queryClient = useQueryClient();
  const [docs, setDocs] = useState<Documento[]>(industrial ? questionario.documentoRelacaoTrabalho : questionario.documentosJustificativa);
  const [erro, setErro] = useState<string | undefined>();
  const [ocupado, setOcupado] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = industrial ? 'documentoRelacaoTrabalho' : 'documentosJustificativa';
  const cheio = !industrial && docs.length >= MAX_DOCUMENTOS_JUSTIFICATIVA;

  async function enviar(arquivo: File | undefined) {
    if (!arquivo) return;
    setOcupado(true);
    setErro(undefined);
    try {
      const doc = await enviarDocumentoReap(questionario.id, industrial, arquivo);
      setDocs((d) => [...d, doc]);
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
    try {
      await removerDocumentoReap(questionario.id, industrial, doc.id);
      setDocs((d) => d.filter((x) => x.id !== doc.id));
      showToast('success', 'Documento removido com sucesso');
    } catch (err) {
      setErro(mensagemErro(err, MENSAGENS_REAP.erroRemoverDocumento));
    } finally {
      setOcupado(false);
    }
  }

  const mensagem = error ?? erro;
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
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        aria-describedby={`${id}-dica`}
        aria-invalid={mensagem ? true : undefined}
        disabled={ocupado || cheio}
        onChange={(e) => void enviar(e.target.files?.[0])}
      />
      {docs.length > 0 && (
        <ul className="reap-docs">
          {docs.map((d) => (
            <li key={d.id}>
              <span>{d.nomeArquivo}</span>{' '}
              <button type="button" className="br-button secondary small" disabled={ocupado} onClick={() => void remover(d)}>
                Remover {d.nomeArquivo}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
