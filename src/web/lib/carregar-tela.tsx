import { useState, type ComponentType, type ReactNode } from 'react';
import { FalhaComNovaTentativa } from '../components/falha-com-nova-tentativa';
import { PageTitle } from '../components/page-title';

export type TelaCarregada = { Component: ComponentType } | { element: ReactNode };

/** A busy server or a weak link often recovers in a second. */
export const ESPERAS_PADRAO: readonly number[] = [500, 1500];

export const TITULO_TELA_NAO_CARREGADA = 'Não foi possível abrir esta tela';
export const MENSAGEM_TELA_NAO_CARREGADA = 'A conexão falhou ao carregar esta parte do RGP. Verifique sua internet e tente novamente.';

const esperar = (ms: number) => new Promise<void>((resolver) => setTimeout(resolver, ms));

export async function importarComNovasTentativas<M>(importar: () => Promise<M>, esperas: readonly number[] = ESPERAS_PADRAO): Promise<M> {
  for (let tentativa = 0; ; tentativa++) {
    try {
      return await importar();
    } catch (erro) {
      if (tentativa >= esperas.length) throw erro;
      await esperar(esperas[tentativa]!);
    }
  }
}

function Mostrar({ tela }: { tela: TelaCarregada }) {
  if ('Component' in tela) return <tela.Component />;
  return <>{tela.element}</>;
}

function TelaNaoCarregada({ carregar }: { carregar: () => Promise<TelaCarregada> }) {
  const [estado, setEstado] = useState<{ tela?: TelaCarregada; tentando: boolean }>({ tentando: false });
  if (estado.tela) return <Mostrar tela={estado.tela} />;
  const tentarNovamente = () => {
    setEstado({ tentando: true });
    carregar().then((tela) => setEstado({ tela, tentando: false }), () => setEstado({ tentando: false }));
  };
  return (
    <>
      <PageTitle title={TITULO_TELA_NAO_CARREGADA} />
      {estado.tentando ? (
        <p role="status">Carregando…</p>
      ) : (
        <FalhaComNovaTentativa titulo={TITULO_TELA_NAO_CARREGADA} onTentarNovamente={tentarNovamente}>
          {MENSAGEM_TELA_NAO_CARREGADA}
        </FalhaComNovaTentativa>
      )}
    </>
  );
}

/** Never rejects, so the router keeps the route usable. */
export function carregarTela<M>(importar: () => Promise<M>, montar: (modulo: M) => TelaCarregada, esperas?: readonly number[]) {
  const carregar = async () => montar(await importarComNovasTentativas(importar, esperas));
  return async (): Promise<TelaCarregada> => {
    try {
      return await carregar();
    } catch {
      return { Component: () => <TelaNaoCarregada carregar={carregar} /> };
    }
  };
}
