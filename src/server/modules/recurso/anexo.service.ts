import type { Content } from 'pdfmake/interfaces';
import { maskCpf } from '../../../shared/cpf';
import { MAXIMO_LINHAS_ANEXO_PDF, MENSAGENS_ANEXO, type AnexoAtoQuery } from '../../../shared/schemas/recurso';
import { TipoLote, tipoLoteLabel, type TipoLote as TTipo } from '../../../shared/schemas/lote';
import { celulaCodigoCsv, celulaCsv } from '../../lib/celula-csv';
import { AppError } from '../../lib/errors';
import { gerarPdfRgp } from '../../lib/pdf-rgp';
import type { AuthContext } from '../auth/auth.service';
import { recusa, type DepsRecurso } from './recurso-base';
import type { LinhaAnexo } from './recurso.repository';

/**
 * The act's annex (decision 0102): the fishers a batch suspended or cancelled, per state, with the name, the CPF
 * masked and the RGP number, ready to attach to the portaria. Every download is audited.
 */
export class AnexoAtoService {
  constructor(private readonly deps: DepsRecurso) {}

  async gerar(ator: AuthContext, loteId: number, q: AnexoAtoQuery): Promise<{ nome: string; tipo: string; corpo: Buffer | string }> {
    const lote = await this.deps.repo.loteDoAnexo(loteId);
    if (!lote) throw AppError.notFound(MENSAGENS_ANEXO.loteNaoEncontrado);
    if (q.formato === 'pdf' && !q.uf) throw recusa(MENSAGENS_ANEXO.pdfPorUf);
    const linhas = await this.deps.repo.anexo(loteId, q.uf);
    if (q.formato === 'pdf' && linhas.length > MAXIMO_LINHAS_ANEXO_PDF) throw recusa(MENSAGENS_ANEXO.pdfGrandeDemais);
    await this.deps.auditoria.visualizacao(ator, 'lote-pescador/anexo', loteId, { formato: q.formato, uf: q.uf ?? null, total: linhas.length });
    const nome = `anexo-lote-${loteId}${q.uf ? `-${q.uf.toLowerCase()}` : ''}.${q.formato}`;
    if (q.formato === 'csv') return { nome, tipo: 'text/csv; charset=utf-8', corpo: csv(linhas) };
    const acao = tipoLoteLabel[lote.tipo as TTipo] ?? '';
    return {
      nome, tipo: 'application/pdf',
      corpo: await gerarPdfRgp({
        titulo: `Anexo – ${lote.atoNome}`, assunto: `Pescadores atingidos pelo lote nº ${loteId}`, margem: 40,
        fonte: { tamanho: 9, entrelinha: 1.1 }, espacoAposCabecalho: 12, emitidoEm: this.deps.now(),
        conteudo: pdf(lote.atoNome, acao, lote.tipo === TipoLote.CANCELAMENTO, q.uf!, linhas),
      }),
    };
  }
}

function csv(linhas: LinhaAnexo[]): string {
  // The name is typed by the fisher: a cell a spreadsheet would run as a formula is neutralised (decision 0043).
  const corpo = linhas.map((l) => [celulaCsv(l.uf), celulaCsv(l.nome), celulaCsv(maskCpf(l.cpf)), celulaCodigoCsv(l.numeroRgp)].join(';'));
  return `\uFEFFUF;Nome;CPF;Número do RGP\r\n${corpo.join('\r\n')}${corpo.length ? '\r\n' : ''}`;
}

function pdf(ato: string, acao: string, cancelamento: boolean, uf: string, linhas: LinhaAnexo[]): Content[] {
  return [
    { text: `ANEXO – ${ato}`, bold: true, fontSize: 11, alignment: 'center' },
    { text: `${acao} de registro – UF ${uf} – ${linhas.length.toLocaleString('pt-BR')} ${linhas.length === 1 ? 'pescador' : 'pescadores'}`, alignment: 'center', margin: [0, 2, 0, 8] },
    { text: `Relação dos pescadores cujo registro foi ${cancelamento ? 'cancelado' : 'suspenso'} por este ato.`, margin: [0, 0, 0, 6] },
    {
      table: {
        headerRows: 1, widths: ['*', 'auto', 'auto'],
        body: [
          [{ text: 'Nome', bold: true }, { text: 'CPF', bold: true }, { text: 'Número do RGP', bold: true }],
          ...linhas.map((l) => [l.nome, maskCpf(l.cpf), l.numeroRgp ?? '—']),
        ],
      },
      layout: 'lightHorizontalLines',
    },
  ];
}
