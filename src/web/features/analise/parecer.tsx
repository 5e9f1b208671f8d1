import { useId, useRef, useState, type ChangeEvent } from 'react';
import { MENSAGENS_ARQUIVO, MimeDocumento, TAMANHO_MAXIMO_DOCUMENTO_BYTES } from '../../../shared/regras/arquivos';
import type { DocumentoParecer } from '../../../shared/schemas/analise';
import { MENSAGENS_DOCUMENTO } from '../../../shared/schemas/documento';
import { mensagemErro } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { enviarParecer, removerParecer } from './analise-api';
import { abrirArquivo } from '../../lib/arquivos';

export const MENSAGEM_PARECER_PDF = 'O documento precisa ser formato PDF';
export const ID_CAMPO_PARECER = 'documento-parecer';

/** The opinion document may only be a PDF of at most 2048 KB (spec points 5 and 9). */
export function conferirParecer(arquivo: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const tipo = arquivo.type.toLowerCase();
  const pdf = tipo === MimeDocumento.PDF || (tipo === '' && /\.pdf$/i.test(arquivo.name));
  if (!pdf) return MENSAGEM_PARECER_PDF;
  if (arquivo.size > TAMANHO_MAXIMO_DOCUMENTO_BYTES) return MENSAGENS_ARQUIVO.tamanho;
  return null;
}

/**
 * The optional opinion document (parecer) of the analysis: send a PDF (POST /api/documentos/parecer), open it,
 * remove it (DELETE /api/documentos/parecer/documento/{id}). The stored document's id goes with the decision.
 */
export function CampoParecer({
  idAnalise,
  parecer,
  habilitado,
  onChange,
}: {
  idAnalise: number;
  parecer: DocumentoParecer | null;
  habilitado: boolean;
  onChange: (parecer: DocumentoParecer | null) => void;
}) {
  const [erro, setErro] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const [aviso, setAviso] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const dicaId = useId();
  const erroId = `${ID_CAMPO_PARECER}-erro`;

  async function onArquivo(event: ChangeEvent<HTMLInputElement>) {
    const arquivo = event.target.files?.[0];
    event.target.value = '';
    if (!arquivo) return;
    const problema = conferirParecer(arquivo);
    setErro(problema);
    if (problema) {
      inputRef.current?.focus();
      return;
    }
    setOcupado(true);
    setAviso('Enviando o documento de parecer…');
    try {
      const novo = await enviarParecer(idAnalise, arquivo);
      onChange(novo);
      setAviso(`Documento de parecer ${novo.nomeArquivo} enviado.`);
      showToast('success', MENSAGENS_DOCUMENTO.salvo);
    } catch (e) {
      const mensagem = mensagemErro(e, 'Erro ao salvar os dados.');
      setErro(mensagem);
      setAviso('');
      showToast('error', mensagem);
    } finally {
      setOcupado(false);
    }
  }

  async function remover() {
    if (!parecer) return;
    setOcupado(true);
    try {
      await removerParecer(parecer.id);
      onChange(null);
      setAviso('Documento de parecer removido.');
      showToast('success', MENSAGENS_DOCUMENTO.removido);
      inputRef.current?.focus();
    } catch (e) {
      showToast('error', mensagemErro(e, MENSAGENS_DOCUMENTO.erroDeletar));
    } finally {
      setOcupado(false);
    }
  }

  return (
    <div className="analise-parecer" role="group" aria-labelledby={`${ID_CAMPO_PARECER}-titulo`}>
      <h3 id={`${ID_CAMPO_PARECER}-titulo`}>
        Documento de parecer <span className="field-optional">(opcional)</span>
      </h3>
      {parecer ? (
        <p className="analise-parecer-arquivo">
          <span>
            <i className="fas fa-file-pdf" aria-hidden="true" /> {parecer.nomeArquivo}
          </span>
          <button type="button" className="br-button secondary small" onClick={() => void abrirArquivo(parecer.chaveArquivo)}>
            Abrir <span className="sr-only">documento de parecer {parecer.nomeArquivo}</span>
          </button>
          {habilitado && (
            <button type="button" className="br-button secondary small" disabled={ocupado} onClick={() => void remover()}>
              Remover <span className="sr-only">documento de parecer {parecer.nomeArquivo}</span>
            </button>
          )}
        </p>
      ) : (
        <p className="documento-vazio">Nenhum documento de parecer enviado.</p>
      )}
      {habilitado && (
        <div className={`field br-input${erro ? ' danger' : ''}`}>
          <label htmlFor={ID_CAMPO_PARECER}>{parecer ? 'Substituir o documento de parecer' : 'Enviar documento de parecer'}</label>
          <p id={dicaId} className="field-hint">
            Somente PDF, até 2MB.
          </p>
          <input
            ref={inputRef}
            id={ID_CAMPO_PARECER}
            name={ID_CAMPO_PARECER}
            type="file"
            accept="application/pdf,.pdf"
            disabled={ocupado}
            aria-invalid={erro ? true : undefined}
            aria-describedby={[dicaId, erro ? erroId : null].filter(Boolean).join(' ')}
            onChange={(e) => void onArquivo(e)}
          />
          {erro && (
            <span id={erroId} className="feedback danger" role="alert">
              <i className="fas fa-times-circle" aria-hidden="true" />
              {erro}
            </span>
          )}
        </div>
      )}
      <p className="sr-only" role="status">
        {aviso}
      </p>
    </div>
  );
}
