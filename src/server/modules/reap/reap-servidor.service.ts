import { maskCpf } from '../../../shared/cpf';
import { hojeSaoPaulo } from '../../../shared/datas';
import { categoriaLabel, type Categoria } from '../../../shared/enums';
import { exibirRgp } from '../../../shared/rgp';
import type { FiltroObrigacoesServidor, ListaObrigacoesServidor, ObrigacaoServidor } from '../../../shared/schemas/reap';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { ufsDoEscopo } from '../escopo';
import { paraObrigacao } from './reap-detalhe';
import type { ObrigacaoServidorRow, ReapRepository } from './reap.repository';

function paraObrigacaoServidor(r: ObrigacaoServidorRow, hoje: string): ObrigacaoServidor {
  return {
    ...paraObrigacao(r, hoje),
    nomePescador: r.nomePescador,
    cpfPescador: r.cpfPescador,
    numeroRgp: r.numeroRgp,
    uf: r.ufPescador,
    idMunicipio: r.idMunicipio,
    nomeMunicipio: r.nomeMunicipio,
  };
}

/** A leading formula sign is neutralised. */
function campoCsv(v: string | number | null): string {
  let s = v === null ? '' : String(v);
  if (/^[=+\-@]/.test(s)) s = `'${s}`;
  return /[";\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const CABECALHO_CSV = ['ano_referencia', 'cpf', 'nome', 'numero_rgp', 'uf', 'municipio', 'categoria', 'situacao'];

/** SFPA within its states; every view is audited. */
export class ReapServidorService {
  constructor(
    private readonly repo: ReapRepository,
    private readonly auditoria: AuditoriaService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async obrigacoesServidor(ator: AuthContext, f: FiltroObrigacoesServidor): Promise<ListaObrigacoesServidor> {
    const { total, linhas } = await this.repo.listarServidor(f, ufsDoEscopo(ator));
    await this.auditoria.visualizacao(ator, 'reap/obrigacoes-servidor', 'lista', { filtros: this.filtrosAuditados(f), total });
    const hoje = hojeSaoPaulo(this.now());
    return { total, pagina: f.pagina, tamanhoPagina: f.tamanhoPagina, obrigacoes: linhas.map((l) => paraObrigacaoServidor(l, hoje)) };
  }

  /** The pending obligations, read a page at a time, for a manager to hand the list to a batch suspension. */
  async *csvPendentes(ator: AuthContext, f: FiltroObrigacoesServidor): AsyncGenerator<string> {
    const filtros = { ...f, enviada: false };
    await this.auditoria.visualizacao(ator, 'reap/obrigacoes-servidor/csv', 'lista', { filtros: this.filtrosAuditados(filtros) });
    yield `${CABECALHO_CSV.join(';')}\r\n`;
    for await (const lote of this.repo.percorrerServidor(filtros, ufsDoEscopo(ator))) {
      yield lote.map((r) => [
        r.anoReferencia, r.cpfPescador, r.nomePescador, r.numeroRgp ? exibirRgp(r.numeroRgp) : null, r.ufPescador, r.nomeMunicipio,
        categoriaLabel[r.categoria as Categoria] ?? null, 'Pendente',
      ].map(campoCsv).join(';')).join('\r\n') + '\r\n';
    }
  }

  /** The CPF searched for is kept masked. */
  private filtrosAuditados(f: FiltroObrigacoesServidor): Record<string, unknown> {
    const { pagina: _p, tamanhoPagina: _t, cpf, ...resto } = f;
    return { ...resto, ...(cpf ? { cpf: maskCpf(cpf) } : {}) };
  }
}
