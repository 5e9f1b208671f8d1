import { confirmar } from './confirm';
import { esperaAlgo } from '../offline/neste-celular';

/**
 * Signing out erases what the app kept on this phone (`logout` in auth.ts; src/web/offline/). When some of it was
 * never sent (no signal since it was filled), the user is told and chooses: stay signed in until it goes, or sign
 * out and erase it.
 */
export async function podeSair(dono: string): Promise<boolean> {
  if (!(await esperaAlgo(dono).catch(() => false))) return true;
  return confirmar({
    title: 'Sair e apagar o que não foi enviado?',
    text: 'Há informações preenchidas neste celular que ainda não foram enviadas ao RGP. Ao sair, elas são apagadas '
      + 'deste celular. Para enviá-las, continue conectado até o celular ter internet.',
    confirmButtonText: 'Sim, sair e apagar.',
    cancelButtonText: 'Continuar conectado',
  });
}
