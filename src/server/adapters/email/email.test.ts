import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portaLivre } from '../../test/porta-livre';
import { CaixaDeSaidaLocal } from './caixa-local';
import type { Email } from './email';
import { EnviadorSmtp } from './smtp';

// Every message the product sends is machine-generated (issue 21): it carries `Auto-Submitted: auto-generated`
// (RFC 3834), so that mail servers and readers send no vacation or out-of-office answers back to it. Checked on a
// real message from each sender: the local outbox's .eml file and what a real SMTP server receives.

/** The header fields of an RFC 5322 message: name (lower case) → values, folded lines unfolded. */
function cabecalhos(bruto: string): Map<string, string[]> {
  const fim = bruto.search(/\r?\n\r?\n/);
  expect(fim, 'the message has a header section').toBeGreaterThan(0);
  const campos = new Map<string, string[]>();
  for (const linha of bruto.slice(0, fim).replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const m = /^([!-9;-~]+):[ \t]*(.*)$/.exec(linha);
    expect(m, `a header field: ${linha}`).not.toBeNull();
    const nome = m![1]!.toLowerCase();
    campos.set(nome, [...(campos.get(nome) ?? []), m![2]!.trim()]);
  }
  return campos;
}

const EMAIL: Email = {
  para: 'gestora@mpa.gov.br',
  assunto: 'RGP: processamento do lote nº 7 concluído',
  texto: 'O processamento do lote nº 7 foi concluído.',
  anexos: [{ nome: 'lote-7-resultado.csv', conteudo: '\uFEFFlinha;cpf;resultado\r\n', tipo: 'text/csv; charset=utf-8' }],
};

let pasta: string;
let smtp: SMTPServer;
let porta: number;
const recebidos: string[] = [];

beforeAll(async () => {
  pasta = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-email-'));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const partes: Buffer[] = [];
      stream.on('data', (c: Buffer) => partes.push(c));
      stream.on('end', () => {
        recebidos.push(Buffer.concat(partes).toString('utf8'));
        callback();
      });
    },
  });
  porta = await portaLivre();
  await new Promise<void>((resolve) => smtp.listen(porta, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await fs.rm(pasta, { recursive: true, force: true });
});

describe('the e-mail the product sends', () => {
  it('is marked Auto-Submitted: auto-generated in the local outbox', async () => {
    const caixa = new CaixaDeSaidaLocal(pasta, 'RGP <nao-responda@rgp.local>');
    await caixa.enviar(EMAIL);
    await caixa.close();
    const [arquivo] = (await fs.readdir(pasta)).filter((n) => n.endsWith('.eml'));
    const h = cabecalhos(await fs.readFile(path.join(pasta, arquivo!), 'utf8'));
    expect(h.get('auto-submitted')).toEqual(['auto-generated']);
    expect(h.get('to')).toEqual(['gestora@mpa.gov.br']);
  });

  it('is marked Auto-Submitted: auto-generated through SMTP', async () => {
    const enviador = new EnviadorSmtp({ host: '127.0.0.1', port: porta, secure: false, user: undefined, password: undefined }, 'nao-responda@rgp.local');
    await enviador.enviar(EMAIL);
    await enviador.close();
    expect(recebidos).toHaveLength(1);
    const h = cabecalhos(recebidos[0]!);
    expect(h.get('auto-submitted')).toEqual(['auto-generated']);
    expect(h.get('from')).toEqual(['nao-responda@rgp.local']);
  });
});
