import { recarregarNovaVersao, useConectado, useNovaVersao } from '../lib/aplicativo';

/**
 * Tells the user that a new release of the app is ready and lets them reload when they choose: what they are
 * typing is not lost by a reload the app makes on its own.
 */
export function AvisoNovaVersao() {
  const novaVersao = useNovaVersao();
  if (!novaVersao) return null;
  return (
    <div className="br-message info aviso-aplicativo" role="status">
      <div className="content">
        <span className="message-title">Nova versão disponível.</span>{' '}
        <span className="message-body">Salve o que estiver preenchendo e atualize para usar a nova versão do RGP.</span>
      </div>
      <button type="button" className="br-button primary small" onClick={recarregarNovaVersao}>
        Atualizar agora
      </button>
    </div>
  );
}

/** Tells the user that the phone has no signal: the app opens, but what comes from the server cannot load now. */
export function AvisoSemConexao() {
  const conectado = useConectado();
  if (conectado) return null;
  return (
    <div className="br-message warning aviso-aplicativo" role="status">
      <div className="content">
        <span className="message-title">Sem conexão com a internet.</span>{' '}
        <span className="message-body">O aplicativo abre sem sinal, mas suas informações só carregam quando houver internet.</span>
      </div>
    </div>
  );
}
