import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SituacaoRegistro } from '../../../shared/enums';
import { showToast } from '../../lib/toast';
import { baixarCarteira, mensagemDaFalhaImpressao, situacaoDoRegistro } from './carteira-api';

/** How long the PDF's object URL lives: enough for the new tab (or the download) to read it. */
const VIDA_ENDERECO_MS = 60_000;

export const NOME_ARQUIVO_CARTEIRA = 'carteira-pescador-profissional.pdf';

/** Saves the file through a temporary link (when the new tab was blocked). */
function baixar(endereco: string): void {
  const link = document.createElement('a');
  link.href = endereco;
  link.download = NOME_ARQUIVO_CARTEIRA;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * "Imprimir carteira": fetches the card's PDF with the bearer token and opens it in a new tab (the tab is opened
 * inside the click, so that popup blockers allow it); when no tab could be opened, the PDF is downloaded.
 * A 406 (registry not active) shows the server's message.
 */
export function BotaoImprimirCarteira({ idPescador }: { idPescador: number }) {
  const [gerando, setGerando] = useState(false);
  const [aviso, setAviso] = useState('');

  async function imprimir() {
    setGerando(true);
    setAviso('Gerando a carteira…');
    const janela = window.open('', '_blank');
    if (janela) janela.opener = null;
    try {
      const pdf = await baixarCarteira(idPescador);
      const endereco = URL.createObjectURL(pdf);
      if (janela && !janela.closed) janela.location.href = endereco;
      else baixar(endereco);
      setTimeout(() => URL.revokeObjectURL(endereco), VIDA_ENDERECO_MS);
      setAviso('Carteira gerada.');
    } catch (error) {
      janela?.close();
      const mensagem = await mensagemDaFalhaImpressao(error);
      setAviso(mensagem);
      showToast('error', mensagem);
    } finally {
      setGerando(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="br-button primary"
        onClick={() => void imprimir()}
        disabled={gerando}
        aria-busy={gerando || undefined}
      >
        <i className="fas fa-id-card" aria-hidden="true" /> {gerando ? 'Gerando a carteira…' : 'Imprimir carteira'}{' '}
        <span className="sr-only">(abre o PDF em nova aba)</span>
      </button>
      <span className="sr-only" role="status">
        {aviso}
      </span>
    </>
  );
}

/** The button, only when the fisher's registry is ATIVO (GET /api/rgp/pescador/{id} → situacao 1). */
export function ImprimirCarteiraSeAtivo({ idPescador }: { idPescador: number }) {
  const query = useQuery({
    queryKey: ['carteira', 'situacao-registro', idPescador],
    queryFn: () => situacaoDoRegistro(idPescador),
    enabled: idPescador > 0,
  });
  if (query.data !== SituacaoRegistro.ATIVO) return null;
  return <BotaoImprimirCarteira idPescador={idPescador} />;
}
