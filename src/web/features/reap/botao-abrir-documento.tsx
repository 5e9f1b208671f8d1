import type { Documento } from '../../../shared/schemas/documento';
import { abrirArquivo } from '../../lib/arquivos';

/** "Abrir {nome}": a REAP document in a new tab, in the form and in the read-only views. */
export function BotaoAbrirDocumento({ documento }: { documento: Documento }) {
  return (
    <button type="button" className="br-button secondary small" onClick={() => void abrirArquivo(documento.chaveArquivo)}>
      Abrir {documento.nomeArquivo}
    </button>
  );
}
