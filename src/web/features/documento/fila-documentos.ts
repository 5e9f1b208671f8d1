import { CodigoErro } from '../../../shared/codigos-erro';
import * as contratosDocumento from '../../../shared/contratos/documento';
import { TAMANHO_PARTE_ENVIO_BYTES, type Documento } from '../../../shared/schemas/documento';
import { postDocumento } from '../../lib/envelope';
import { dados } from '../../lib/contrato';
import { codigoErroDe } from '../../lib/erros';
import {
  apagarDaCaixa, type Conflito, type Envio, envioEmCurso, enviarDaCaixa, enviarPendentes, novaChave, pescadorDaCaixa, Retirado,
} from '../../offline/caixa-de-saida';
import { guardarNoCelular, itensDoCelular } from '../../offline/neste-celular';

// Chosen documents wait in the outbox until the RGP has them (docs/decisions/0064). Every recording call carries an
// idempotency key kept with the file, so a replay after a lost answer records one document.

export interface DocumentoNaFila {
  idSolicitacao: number;
  tipo: number;
  nome: string;
  /** An ArrayBuffer: some phones' IndexedDB loses Blobs. */
  bytes: ArrayBuffer;
  mime: string;
  envio: string | null;
  /** The upload is gone from the server once concluded: a retry asks the conclusion again, never reopens it. */
  concluindo: boolean;
  chaveInicio: string;
  chaveConclusao: string;
  /** The phone's "something waits" mark follows it. */
  pendente: true;
  conflito: Conflito | null;
  ordem: number;
}

export type ItemDaFila = DocumentoNaFila & { chave: string };

const PREFIXO = 'documento/';

let ultimaOrdem = 0;
/** Increasing, also between two files chosen within one millisecond. */
function proximaOrdem(): number {
  ultimaOrdem = Math.max(Date.now(), ultimaOrdem + 1);
  return ultimaOrdem;
}

function prefixoDa(idSolicitacao: number): string {
  return `${PREFIXO}${idSolicitacao}/`;
}

type Ouvinte = (evento: { chave: string; idSolicitacao: number; documento?: Documento; progresso?: number; falhou?: true }) => void;
const ouvintes = new Set<Ouvinte>();

export function ouvirFila(ouvinte: Ouvinte): () => void {
  ouvintes.add(ouvinte);
  return () => ouvintes.delete(ouvinte);
}

function avisar(evento: Parameters<Ouvinte>[0]): void {
  for (const o of ouvintes) o(evento);
}

export async function documentosNaFila(dono: string, idSolicitacao: number): Promise<ItemDaFila[]> {
  const itens = await itensDoCelular<DocumentoNaFila>(dono, prefixoDa(idSolicitacao));
  return itens.map(([chave, d]) => ({ ...d, chave })).sort((a, b) => a.ordem - b.ordem);
}

/** Replaced or discarded while sent: the send stops at its next step. */
const retirados = new Set<string>();

/**
 * One per request (all but the additional ones) replaces a waiting file of its type. The new file is kept before the
 * old one is erased: a phone out of room loses neither.
 */
export async function enfileirar(
  dono: string, d: { idSolicitacao: number; tipo: number; arquivo: File }, acumula: boolean,
): Promise<string> {
  const chave = `${prefixoDa(d.idSolicitacao)}${d.tipo}/${crypto.randomUUID()}`;
  const item: DocumentoNaFila = {
    idSolicitacao: d.idSolicitacao,
    tipo: d.tipo,
    nome: d.arquivo.name,
    bytes: await d.arquivo.arrayBuffer(),
    mime: d.arquivo.type,
    envio: null,
    concluindo: false,
    chaveInicio: novaChave(),
    chaveConclusao: novaChave(),
    pendente: true,
    conflito: null,
    ordem: proximaOrdem(),
  };
  const substituidos = acumula ? [] : (await documentosNaFila(dono, d.idSolicitacao)).filter((i) => i.tipo === d.tipo);
  await guardarNoCelular(dono, chave, item);
  for (const antigo of substituidos) await retirar(dono, antigo.chave);
  return chave;
}

export function descartarDaFila(dono: string, chave: string): Promise<void> {
  return retirar(dono, chave);
}

async function retirar(dono: string, chave: string): Promise<void> {
  retirados.add(chave);
  await envioEmCurso(dono, chave)?.catch(() => undefined);
  await apagarDaCaixa(dono, chave);
}

function comoArquivo(item: DocumentoNaFila, inicio = 0, fim = item.bytes.byteLength): File {
  return new File([item.bytes.slice(inicio, fim)], item.nome, { type: item.mime });
}

/** Each step first checks that the file is still wanted, and writes only while it is. */
class EnvioDoArquivo {
  /** Every call of the upload names the box's fisher, whatever the tab picked now (decision 0114). */
  readonly representado: number | null;

  constructor(readonly dono: string, readonly chave: string, readonly item: DocumentoNaFila) {
    this.representado = pescadorDaCaixa(dono);
  }

  seguir(): void {
    if (retirados.has(this.chave)) throw new Retirado();
  }

  async guardar(): Promise<void> {
    this.seguir();
    await guardarNoCelular(this.dono, this.chave, this.item);
  }

  async recomecar(): Promise<void> {
    Object.assign(this.item, { envio: null, concluindo: false, chaveInicio: novaChave(), chaveConclusao: novaChave() });
    await this.guardar();
  }
}

async function abrirEnvio(e: EnvioDoArquivo): Promise<{ id: string; recebido: number }> {
  const { item } = e;
  if (item.envio) {
    try {
      const { recebido } = await dados(contratosDocumento.consultarEnvio, { params: { id: item.envio }, representado: e.representado });
      return { id: item.envio, recebido };
    } catch (erro) {
      // Expired (a day without signal) or never there: start again from the phone's bytes.
      if (codigoErroDe(erro) !== CodigoErro.NAO_ENCONTRADO) throw erro;
      await e.recomecar();
    }
  }
  e.seguir();
  const envio = await dados(contratosDocumento.iniciarEnvio, {
    corpo: { idSolicitacao: item.idSolicitacao, tipo: item.tipo, nomeArquivo: item.nome, tamanho: item.bytes.byteLength },
    chaveIdempotencia: item.chaveInicio,
    representado: e.representado,
  });
  item.envio = envio.id;
  await e.guardar();
  return { id: envio.id, recebido: envio.recebido };
}

async function concluir(id: string, item: DocumentoNaFila, representado: number | null): Promise<Documento> {
  const { documentos } = await dados(contratosDocumento.concluirEnvio, { params: { id }, chaveIdempotencia: item.chaveConclusao, representado });
  const documento = documentos[0];
  if (!documento) throw new Error('Resposta sem documento');
  return documento;
}

/** An upload expired, or bytes the server lost, twice: wait for the next try. */
const MAX_RODADAS = 3;

async function enviarEmPartes(e: EnvioDoArquivo): Promise<Documento> {
  const { item, chave } = e;
  const tamanho = item.bytes.byteLength;
  for (let rodada = 1; ; rodada++) {
    if (!(item.envio && item.concluindo)) {
      const envio = await abrirEnvio(e);
      let recebido = envio.recebido;
      while (recebido < tamanho) {
        e.seguir();
        avisar({ chave, idSolicitacao: item.idSolicitacao, progresso: recebido / tamanho });
        const form = new FormData();
        form.append('inicio', String(recebido));
        form.append('parte', comoArquivo(item, recebido, recebido + TAMANHO_PARTE_ENVIO_BYTES));
        const antes = recebido;
        try {
          ({ recebido } = await dados(contratosDocumento.enviarParte, { params: { id: envio.id }, corpo: form, representado: e.representado }));
        } catch (erro) {
          // A part whose answer was lost: ask what the server holds and go on.
          if (codigoErroDe(erro) !== CodigoErro.ENVIO_FORA_DE_ORDEM) throw erro;
          ({ recebido } = await dados(contratosDocumento.consultarEnvio, { params: { id: envio.id }, representado: e.representado }));
        }
        // Never a loop without progress: the next try starts again from what the server says it holds.
        if (recebido <= antes && recebido < tamanho) throw new Error('O envio do documento não avançou.');
      }
      avisar({ chave, idSolicitacao: item.idSolicitacao, progresso: 1 });
      item.concluindo = true;
      await e.guardar();
    }
    e.seguir();
    try {
      return await concluir(item.envio!, item, e.representado);
    } catch (erro) {
      const codigo = codigoErroDe(erro);
      // Gone or short of bytes: reopen under new keys (a key answers its first answer again, refusal included).
      if ((codigo !== CodigoErro.NAO_ENCONTRADO && codigo !== CodigoErro.ENVIO_INCOMPLETO) || rodada >= MAX_RODADAS) throw erro;
      await e.recomecar();
    }
  }
}

function envioDoDocumento(dono: string, chave: string): Envio<DocumentoNaFila, Documento> {
  const por = pescadorDaCaixa(dono);
  return {
    cabecalhoDaCaixa: true,
    enviar: (item) => {
      if (retirados.has(chave)) throw new Retirado();
      return item.bytes.byteLength <= TAMANHO_PARTE_ENVIO_BYTES
        ? postDocumento(contratosDocumento.enviar, { idSolicitacao: item.idSolicitacao, tipo: item.tipo }, comoArquivo(item), item.chaveConclusao, por)
        : enviarEmPartes(new EnvioDoArquivo(dono, chave, item));
    },
    depois: () => null,
    recusa: () => (retirados.has(chave) ? null : undefined),
    aoEnviar: (documento, item) => avisar({ chave, idSolicitacao: item.idSolicitacao, documento }),
    aoParar: (item) => avisar({ chave, idSolicitacao: item.idSolicitacao, falhou: true }),
  };
}

/** Once at a time however many screens ask; null when it stays, was refused, or was replaced meanwhile. */
export async function enviarDaFila(dono: string, chave: string): Promise<Documento | null> {
  const { desfecho, resposta } = await enviarDaCaixa(dono, chave, envioDoDocumento(dono, chave));
  return desfecho === 'enviado' ? (resposta ?? null) : null;
}

export function enviarDocumentosPendentes(dono: string): Promise<void> {
  return enviarPendentes<DocumentoNaFila, Documento>(dono, PREFIXO, (chave) => envioDoDocumento(dono, chave), (a, b) => a.ordem - b.ordem);
}
