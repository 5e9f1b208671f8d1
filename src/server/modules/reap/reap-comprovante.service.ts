import { maskCpf } from '../../../shared/cpf';
import { hojeSaoPaulo } from '../../../shared/datas';
import { Categoria, categoriaLabel } from '../../../shared/enums';
import {
  AMBIENTES_PESCA, GRUPOS_ALVO, PETRECHOS_PESCA, TIPOS_COMPRADOR, UNIDADES_MEDIDA,
} from '../../../shared/referencias';
import {
  formatarMoeda, formatarQuantidade, JUSTIFICATIVAS_NAO_PESCA, MENSAGENS_REAP, NOMES_MESES, TIPOS_PRESTACAO_ARTESANAL, TIPOS_PRESTACAO_INDUSTRIAL,
} from '../../../shared/regras/reap';
import { exibirRgp } from '../../../shared/rgp';
import { rotaVerificarReap, ROTA_VERIFICAR_REAP } from '../../../shared/rotas-web';
import type { AssinadorReap } from '../../lib/codigos-comprovantes';
import { AppError } from '../../lib/errors';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { DocumentoService } from '../documento/documento.service';
import { auditarVisualizacao, questionarioLegivel } from './reap-acesso';
import { paraQuestionario } from './reap-detalhe';
import { gerarComprovanteReapPdf } from './reap-pdf';
import type { QuestionarioRow, ReapRepository } from './reap.repository';

export interface ReapComprovanteOptions {
  /** The product's public address: the 2ª via's QR code opens a page under it. */
  publicUrl: string;
  /** Signs the code of the 2ª via's QR (decision 0044). */
  assinador: AssinadorReap;
  now?: () => Date;
}

function descricao(lista: readonly { id: number; descricao: string }[], id: number | null | undefined): string {
  return lista.find((i) => i.id === id)?.descricao ?? '—';
}

/**
 * The receipt of a sent REAP, its "2ª via" (spec point 7): a PDF of what was declared, with a QR code signed for
 * the public check (reap-verificacao.service.ts, decision 0044). A staff print is audited.
 */
export class ReapComprovanteService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: ReapRepository,
    private readonly auditoria: AuditoriaService,
    private readonly documentos: DocumentoService,
    private readonly opts: ReapComprovanteOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** GET /api/reap/{id}/comprovante: the "2ª via" of a sent REAP, as a PDF. */
  async comprovante(ator: AuthContext, id: number): Promise<{ pdf: Buffer; anoReferencia: number }> {
    const q = await questionarioLegivel(this.repo, ator, id);
    if (!q.enviada || !q.codigoVerificacao || !q.enviadaEm) throw AppError.notAcceptable(MENSAGENS_REAP.naoEnviadaComprovante);
    const p = (await this.repo.findPescador(q.pescadorId))!;
    await auditarVisualizacao(this.auditoria, ator, 'reap/comprovante', id, q.pescadorId);
    const protocolo = await this.repo.protocolo(q.solicitacaoId);
    const pdf = await gerarComprovanteReapPdf({
      nomePescador: p.nome,
      cpfMascarado: maskCpf(p.cpf),
      numeroRgp: p.numeroRgp ? exibirRgp(p.numeroRgp) : '—',
      anoReferencia: q.anoReferencia,
      categoria: categoriaLabel[q.categoria as Categoria] ?? '—',
      numeroProtocolo: protocolo ?? '—',
      enviadaEm: new Date(q.enviadaEm),
      codigoVerificacao: q.codigoVerificacao,
      declarado: await this.declarado(q),
      enderecoVerificacao: `${this.base()}${rotaVerificarReap(this.opts.assinador.assinar({ idQuestionario: q.id, enviadaEm: new Date(q.enviadaEm) }))}`,
      enderecoPortal: `${this.base()}${ROTA_VERIFICAR_REAP}`,
      emitidoEm: this.now(),
    });
    return { pdf, anoReferencia: q.anoReferencia };
  }

  private base(): string {
    return this.opts.publicUrl.replace(/\/+$/, '');
  }

  /** What was declared, in words, for the receipt. */
  private async declarado(q: QuestionarioRow): Promise<{ rotulo: string; valor: string }[]> {
    const r = await paraQuestionario(this.repo, this.documentos, q, hojeSaoPaulo(this.now()));
    const simNao = (v: boolean | null) => (v === null ? '—' : v ? 'Sim' : 'Não');
    const linhas = [{ rotulo: 'Realizou pesca no período', valor: simNao(r.realizouPesca) }];
    if (q.categoria === Categoria.INDUSTRIAL) {
      linhas.push({ rotulo: 'Relação de trabalho', valor: descricao(TIPOS_PRESTACAO_INDUSTRIAL, r.tipoPrestacaoServico) });
      linhas.push({ rotulo: 'Documentos da relação de trabalho', valor: String(r.documentoRelacaoTrabalho.length) });
      return linhas;
    }
    if (!r.realizouPesca) {
      linhas.push({
        rotulo: 'Justificativas', valor: r.justificativasSolicitacao.map((j) => descricao(JUSTIFICATIVAS_NAO_PESCA, j.justificativaNaoDeclaracao)).join('; ') || '—',
      });
      return linhas;
    }
    linhas.push({ rotulo: 'Relação de trabalho', valor: descricao(TIPOS_PRESTACAO_ARTESANAL, r.tipoPrestacaoServico) });
    linhas.push({ rotulo: 'Dias trabalhados no ano', valor: String(r.totalDiasTrabalhadoAno ?? 0) });
    linhas.push({
      rotulo: 'Dias por mês',
      valor: r.reapsArtesanais.map((m) => `${NOMES_MESES[m.mesReferencia - 1]}: ${m.quantidadeDiasTrabalhados ?? 0}`).join(', '),
    });
    for (const o of r.resultadosOperacaoPesca) {
      const unidade = UNIDADES_MEDIDA.find((u) => u.id === o.tipoUnidadeMedida.id);
      linhas.push({
        rotulo: `Pescado: ${o.especiePescado.nome ?? '—'}`,
        valor: `${formatarQuantidade(o.totalPescado ?? 0, o.tipoUnidadeMedida.id)} ${unidade?.sigla ?? ''} a ${formatarMoeda(o.precoQuilo ?? 0)}`,
      });
    }
    linhas.push({ rotulo: 'Grupos alvo', valor: r.gruposAlvosPescado.map((g) => descricao(GRUPOS_ALVO, g.grupoAlvo)).join('; ') || '—' });
    linhas.push({
      rotulo: 'Locais e petrechos',
      valor: r.locaisPescaPetrecho.map((l) => `${descricao(AMBIENTES_PESCA, l.ambientePesca)}, ${descricao(PETRECHOS_PESCA, l.petrechoPesca)}`
        + `${l.areaPretendidaPesca?.nomePopularLocalPesca ? ` (${l.areaPretendidaPesca.nomePopularLocalPesca})` : ''}`).join('; ') || '—',
    });
    if (r.houveComercializacao) {
      linhas.push({
        rotulo: 'Comercialização',
        valor: r.ufsComercializacao.map((u) => `${u.uf ?? '—'}: ${u.comercializacoesPescado.map((c) => descricao(TIPOS_COMPRADOR, c.tipoComprador)).join(', ')}`)
          .join('; '),
      });
    }
    return linhas;
  }
}
