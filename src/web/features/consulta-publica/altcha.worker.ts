/**
 * The captcha's proof of work off the page's thread (a module worker, started by resolver-em-segundo-plano.ts):
 * one challenge per message, answered with the solution, null when there is none, or the error's message.
 */
import { resolverDesafio, type PedidoResolucao, type RespostaResolucao } from './resolver-altcha';

/** What this file uses of a worker's global scope (the project's types are the DOM's, not WebWorker's). */
interface EscopoDoWorker {
  onmessage: ((evento: MessageEvent<PedidoResolucao>) => void) | null;
  postMessage(mensagem: RespostaResolucao): void;
}

const escopo = self as unknown as EscopoDoWorker;

escopo.onmessage = (evento) => {
  const { parametros, paralelas } = evento.data;
  resolverDesafio(parametros, { paralelas })
    .then((solucao) => escopo.postMessage({ solucao }))
    .catch((erro: unknown) => escopo.postMessage({ erro: erro instanceof Error ? erro.message : String(erro) }));
};
