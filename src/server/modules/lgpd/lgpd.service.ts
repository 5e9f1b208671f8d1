import { Perfil } from '../../../shared/enums';
import {
  documentoExportadoSchema, type AcessosAosMeusDados, type ExportacaoDados,
} from '../../../shared/schemas/auditoria';
import { TAMANHO_PAGINA_MAXIMO } from '../../../shared/schemas/solicitacao-api';
import { AppError } from '../../lib/errors';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { DocumentoService } from '../documento/documento.service';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import type { PescadorService } from '../pescador/pescador.service';
import type { SolicitacaoService } from '../solicitacao/solicitacao.service';

/**
 * The fisher's rights of the LGPD (decision 0032): transparency (art. 6, VI: who among the staff viewed or changed
 * their data) and access to their data as a file (art. 18, II). Only the signed-in fisher, for themself: the routes
 * take no id. It owns no table; it asks the modules that own each one.
 */
export class LgpdService {
  constructor(
    private readonly auditoria: AuditoriaService,
    private readonly pescadores: PescadorService,
    private readonly solicitacoes: SolicitacaoService,
    private readonly documentos: DocumentoService,
    private readonly notificacoes: NotificacaoService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** GET /api/lgpd/acessos. */
  acessos(ator: AuthContext, apos?: string): Promise<AcessosAosMeusDados> {
    return this.auditoria.acessosDoPescador(ator, apos);
  }

  /** GET /api/lgpd/meus-dados: the registry, every request with its documents' metadata, the notifications. */
  async exportar(ator: AuthContext): Promise<ExportacaoDados> {
    const id = this.dono(ator);
    const pescador = await this.pescadores.obter(ator, id);
    const solicitacoes: ExportacaoDados['solicitacoes'] = [];
    for (let pagina = 1; ; pagina++) {
      const lista = await this.solicitacoes.listarDoPescador(ator, id, { pagina, tamanhoPagina: TAMANHO_PAGINA_MAXIMO });
      for (const s of lista.solicitacoes) {
        const detalhe = await this.solicitacoes.detalhe(ator, s.id);
        const documentos = (await this.documentos.listarPorSolicitacao(ator, s.id)).map((d) => documentoExportadoSchema.parse(d));
        solicitacoes.push({ ...detalhe, documentos });
      }
      if (lista.solicitacoes.length < TAMANHO_PAGINA_MAXIMO || pagina * TAMANHO_PAGINA_MAXIMO >= lista.total) break;
    }
    const documentosMigrados = (await this.documentos.migradosDoPescador(id)).map((d) => documentoExportadoSchema.parse(d));
    const notificacoes = await this.notificacoes.todasDoPescador(ator);
    await this.auditoria.registrar({
      acao: 'EXPORTACAO_DADOS_PESSOAIS', cpfAtor: ator.cpf, perfilAtor: ator.perfil, sessaoId: ator.sessaoId, ip: ator.ip,
      recurso: 'lgpd/meus-dados', recursoId: id,
    });
    return { geradoEm: this.now().toISOString(), pescador, solicitacoes, documentosMigrados, notificacoes };
  }

  private dono(ator: AuthContext): number {
    if (ator.perfil !== Perfil.INTERESSADO || ator.idPescador === null) throw AppError.forbidden();
    return ator.idPescador;
  }
}
