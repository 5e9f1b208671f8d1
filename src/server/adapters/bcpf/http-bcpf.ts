import { z } from 'zod';
import type { PessoaBcpf } from '../../../shared/schemas/usuario-mapa';
import { BcpfIndisponivel, type ConsultaBcpf } from './bcpf';

export interface HttpBcpfOptions {
  url: string;
  usuario: string | undefined;
  senha: string | undefined;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** Records as a list, or `{ servidores: [...] }`; 404 means none. */
const pessoaWire = z.object({
  cpf: z.string().transform((v) => v.replace(/\D/g, '')),
  nome: z.string().min(1),
  matricula: z.union([z.string(), z.number()]).nullish().transform((v) => (v === null || v === undefined ? null : String(v))),
  email: z.string().nullish().transform((v) => v ?? null),
});
const respostaWire = z.union([z.array(pessoaWire), z.object({ servidores: z.array(pessoaWire) }).transform((r) => r.servidores)]);

export class HttpBcpf implements ConsultaBcpf {
  private readonly fetch: typeof fetch;
  private readonly base: string;

  constructor(private readonly opts: HttpBcpfOptions) {
    this.fetch = opts.fetch ?? globalThis.fetch;
    this.base = opts.url.replace(/\/+$/, '');
  }

  async consultar(cpf: string): Promise<PessoaBcpf[]> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.opts.usuario !== undefined) {
      headers.authorization = `Basic ${Buffer.from(`${this.opts.usuario}:${this.opts.senha ?? ''}`).toString('base64')}`;
    }
    let res: Response;
    try {
      res = await this.fetch(`${this.base}/pessoas/${encodeURIComponent(cpf)}`, {
        headers,
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (err) {
      const motivo = err instanceof Error && err.name === 'TimeoutError' ? `sem resposta em ${this.opts.timeoutMs} ms` : 'falha de conexão';
      throw new BcpfIndisponivel(motivo, { cause: err });
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return [];
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new BcpfIndisponivel(`status ${res.status}`);
    }
    let corpo: unknown;
    try {
      corpo = await res.json();
    } catch (err) {
      throw new BcpfIndisponivel('resposta que não é JSON', { cause: err });
    }
    const lido = respostaWire.safeParse(corpo);
    if (!lido.success) throw new BcpfIndisponivel('resposta fora do formato esperado');
    // The registry is asked for one CPF: a record of another is never passed on.
    return lido.data.filter((p) => p.cpf === cpf);
  }
}
