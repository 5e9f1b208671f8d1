import { useRef, useState, type ChangeEvent } from 'react';
import { aceitarArquivos, mensagemFormato, TAMANHO_MAXIMO_DOCUMENTO_KB } from '../../../shared/regras/arquivos';
import type { Documento } from '../../../shared/schemas/documento';
import { mensagemErro } from '../../lib/api';
import { MENSAGEM_SALVO_NO_CELULAR } from '../../offline/caixa-de-saida';
import { confirmar } from '../../lib/confirm';
import { showToast } from '../../lib/toast';
import { abrirEmNovaAba } from '../../lib/nova-aba';
import { MAX_ADICIONAIS, MENSAGEM_MAX_ADICIONAIS, podeAdicionarAdicional, type CampoDocumento } from './campos';
import { prepararArquivo } from './conferir-arquivo';
import type { FilaDoCampo } from './use-fila-documentos';
import {
  ARQUIVO_CARREGADO,
  DOCUMENTO_REMOVIDO,
  enderecoDocumento,
  enviarDocumento,
  ERRO_DELETAR_DOCUMENTO,
  ERRO_URL_CLOUD,
  nomeDocumento,
  removerDocumento,
} from './documentos-api';

const ERRO_VISUALIZAR = 'Erro ao carregar documentos na visualização';
const ERRO_SALVAR = 'Erro ao salvar os dados.';

export function idCampoDocumento(campo: CampoDocumento): string {
  return `documento-tipo-${campo.tipoEnvio}`;
}

function formatos(campo: CampoDocumento): string {
  // 'O documento precisa ser formato PDF, JPG ou PNG' → 'PDF, JPG ou PNG'
  return mensagemFormato(campo.tipoEnvio).replace('O documento precisa ser formato ', '');
}

interface Props {
  campo: CampoDocumento;
  documentos: Documento[];
  /** For the limit of additional documents. */
  todos: Documento[];
  idSolicitacao: number;
  somenteLeitura: boolean;
  onEnviado: (documento: Documento) => void;
  onRemovido: (id: number) => void;
  nivelTitulo?: 3 | 4;
  /** Kept on the phone and sent from there, so no signal loses it (docs/decisions/0064); without it, sent at once. */
  fila?: FilaDoCampo & {
    adicionar: (tipo: number, arquivo: File, acumula: boolean) => Promise<void>;
    descartar: (chave: string) => Promise<void>;
  };
}

export function CampoDocumentoSolicitacao({
  campo,
  documentos,
  todos,
  idSolicitacao,
  somenteLeitura,
  onEnviado,
  onRemovido,
  nivelTitulo = 3,
  fila,
}: Props) {
  const Titulo = nivelTitulo === 3 ? 'h3' : 'h4';
  const inputId = idCampoDocumento(campo);
  const dicaId = `${inputId}-dica`;
  const erroId = `${inputId}-erro`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [enviando, setEnviando] = useState(false);
  const [removendo, setRemovendo] = useState<number | null>(null);

  async function onArquivo(event: ChangeEvent<HTMLInputElement>) {
    const arquivo = event.target.files?.[0];
    event.target.value = ''; // The same file may be chosen again after a correction.
    if (!arquivo) return;
    setErro(null);
    setStatus('');
    if (campo.acumula && !podeAdicionarAdicional(todos)) {
      setErro(MENSAGEM_MAX_ADICIONAIS);
      return;
    }
    setEnviando(true);
    try {
      const preparado = await prepararArquivo(campo.tipoEnvio, arquivo);
      if (!preparado.ok) {
        setErro(preparado.mensagem);
        return;
      }
      if (fila) {
        await fila.adicionar(campo.tipoEnvio, preparado.arquivo, campo.acumula);
        return;
      }
      setStatus('Enviando o documento…');
      const documento = await enviarDocumento(idSolicitacao, campo.tipoEnvio, preparado.arquivo);
      onEnviado(documento);
      // The field's own status, announced to screen readers; no toast repeating it over the form.
      setStatus(ARQUIVO_CARREGADO);
    } catch (error) {
      setStatus('');
      setErro(mensagemErro(error, ERRO_SALVAR));
    } finally {
      setEnviando(false);
    }
  }

  async function onVisualizar(documento: Documento) {
    try {
      await abrirEmNovaAba(() => enderecoDocumento(documento));
    } catch {
      showToast('error', documento.migrado ? ERRO_URL_CLOUD : ERRO_VISUALIZAR);
    }
  }

  async function onRemover(documento: Documento) {
    const nome = nomeDocumento(documento);
    const ok = await confirmar({
      title: 'Remover documento?',
      text: `O arquivo "${nome}" será removido desta solicitação. Você não será capaz de reverter esta ação!`,
      confirmButtonText: 'Sim, remover.',
    });
    if (!ok) return;
    setRemovendo(documento.id);
    try {
      await removerDocumento(documento.id);
      onRemovido(documento.id);
      setStatus(DOCUMENTO_REMOVIDO);
      showToast('success', DOCUMENTO_REMOVIDO);
      inputRef.current?.focus();
    } catch (error) {
      showToast('error', mensagemErro(error, ERRO_DELETAR_DOCUMENTO));
    } finally {
      setRemovendo(null);
    }
  }

  const adicionais = campo.acumula ? documentos.length : 0;
  const dica = [
    `Formatos aceitos: ${formatos(campo)}. Tamanho máximo: ${TAMANHO_MAXIMO_DOCUMENTO_KB / 1024} MB.`,
    campo.acumula ? `Até ${MAX_ADICIONAIS} documentos (${adicionais} de ${MAX_ADICIONAIS} enviados).` : 'Um novo arquivo substitui o atual.',
  ].join(' ');
  const describedBy = [dicaId, erro ? erroId : null].filter(Boolean).join(' ');

  return (
    <div className={`documento-campo${erro ? ' documento-campo-erro' : ''}`} role="group" aria-labelledby={`${inputId}-titulo`}>
      <Titulo id={`${inputId}-titulo`} className="documento-titulo">
        {campo.rotulo}{' '}
        {campo.obrigatorio ? <span className="documento-marca obrigatorio">(obrigatório)</span> : <span className="documento-marca">(opcional)</span>}
      </Titulo>
      {fila && fila.itens.length > 0 && (
        <ul className="documento-arquivos documento-fila" aria-label={`Na fila deste celular: ${campo.rotulo}`}>
          {fila.itens.map((item) => (
            <li key={item.chave} className="documento-arquivo">
              <span className="documento-nome">
                <i className="fas fa-mobile-alt" aria-hidden="true" /> {item.nome}
                <span className="documento-situacao">
                  {item.conflito
                    ? 'Não enviado'
                    : fila.progresso[item.chave] !== undefined
                      ? `Enviando… ${Math.round(fila.progresso[item.chave]! * 100)}%`
                      : MENSAGEM_SALVO_NO_CELULAR}
                </span>
              </span>
              {item.conflito && (
                <button
                  type="button"
                  className="br-button secondary small"
                  aria-label={`Descartar ${item.nome} deste celular`}
                  onClick={() => void fila.descartar(item.chave).then(() => inputRef.current?.focus())}
                >
                  <i className="fas fa-trash" aria-hidden="true" /> Descartar
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {documentos.length === 0 ? (
        fila && fila.itens.length > 0 ? null : <p className="documento-vazio">Nenhum arquivo enviado.</p>
      ) : (
        <ul className="documento-arquivos" aria-label={`Arquivos de ${campo.rotulo}`}>
          {documentos.map((d) => (
            <li key={d.id} className="documento-arquivo">
              <span className="documento-nome">
                <i className="fas fa-file-alt" aria-hidden="true" /> {nomeDocumento(d)}
              </span>
              <span className="botoes-em-linha">
                <button
                  type="button"
                  className="br-button secondary small"
                  aria-label={`Visualizar ${nomeDocumento(d)}`}
                  onClick={() => void onVisualizar(d)}
                >
                  <i className="fas fa-eye" aria-hidden="true" /> Visualizar
                </button>
                {!somenteLeitura && (
                  <button
                    type="button"
                    className="br-button secondary small"
                    aria-label={`Remover ${nomeDocumento(d)}`}
                    onClick={() => void onRemover(d)}
                    disabled={removendo === d.id}
                    aria-busy={removendo === d.id || undefined}
                  >
                    <i className="fas fa-trash" aria-hidden="true" /> Remover
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {!somenteLeitura && (
        <div className={`field br-input${erro ? ' danger' : ''}`}>
          <label htmlFor={inputId} id={`${inputId}-acao`}>
            {documentos.length > 0 && !campo.acumula ? 'Substituir arquivo' : 'Enviar arquivo'}
          </label>
          <p id={dicaId} className="field-hint">
            {dica}
          </p>
          <input
            ref={inputRef}
            id={inputId}
            name={inputId}
            type="file"
            className="documento-input"
            accept={aceitarArquivos(campo.tipoEnvio)}
            aria-labelledby={`${inputId}-acao ${inputId}-titulo`}
            onChange={(e) => void onArquivo(e)}
            disabled={enviando}
            aria-invalid={erro ? true : undefined}
            aria-describedby={describedBy}
            aria-required={campo.obrigatorio && documentos.length === 0 ? true : undefined}
          />
          <div aria-live="polite">
            {erro && (
              <span id={erroId} className="feedback danger">
                <i className="fas fa-times-circle" aria-hidden="true" /> {erro}
              </span>
            )}
            {!erro && !status && fila?.aviso?.erro && (
              <span className="feedback danger">
                <i className="fas fa-times-circle" aria-hidden="true" /> {fila.aviso.texto}
              </span>
            )}
            {!erro && !status && fila?.aviso?.texto === MENSAGEM_SALVO_NO_CELULAR && (
              <span className="documento-aguardando">
                <i className="fas fa-mobile-alt" aria-hidden="true" /> {MENSAGEM_SALVO_NO_CELULAR}
              </span>
            )}
            {!erro && (status || (fila?.aviso && !fila.aviso.erro && fila.aviso.texto !== MENSAGEM_SALVO_NO_CELULAR)) && (
              <span className="feedback success documento-status">{status || fila?.aviso?.texto}</span>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
