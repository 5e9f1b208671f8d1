import {
  categoriaLabel, situacaoRegistroLabel, type Categoria, type SituacaoRegistro,
} from '../../../shared/enums';
import { hojeSaoPaulo } from '../../../shared/datas';
import { anosDevidos } from '../../../shared/regras/reap';
import { condicoesSeguroDefeso } from '../../../shared/regras/seguro-defeso';
import { MENSAGENS_PESCADOR } from '../../../shared/schemas/pescador';
import type { CondicoesSeguroDefesoPescador } from '../../../shared/schemas/seguro-defeso';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { auditarVisaoDoServidor, pescadorNoEscopo } from '../escopo';
import type { PescadorRepository } from './pescador.repository';

/**
 * Whether the fisher's registry meets the Seguro-Defeso's registry conditions and what is missing (decision 0126):
 * the fisher's own, or staff in scope (403 before 404), audited as a view of the fisher.
 */
export class SeguroDefesoService {
  constructor(
    private readonly repo: PescadorRepository,
    private readonly auditoria: AuditoriaService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async condicoes(ator: AuthContext, id: number): Promise<CondicoesSeguroDefesoPescador> {
    await pescadorNoEscopo(ator, id, (i) => this.repo.findById(i), MENSAGENS_PESCADOR.naoEncontrado);
    const r = (await this.repo.registroParaSeguroDefeso(id))!;
    await auditarVisaoDoServidor(this.auditoria, ator, 'pescador-seguro-defeso', id, id);
    const hoje = hojeSaoPaulo(this.now());
    const condicoes = condicoesSeguroDefeso({
      situacao: r.situacao, desde: r.desde, categoria: r.categoria, reapAnosDevidos: anosDevidos(r.inicio, hoje),
      reapAnosEnviados: r.enviados ?? [], hoje,
    });
    return {
      situacaoDescricao: r.situacao === null ? null : situacaoRegistroLabel[r.situacao as SituacaoRegistro] ?? null,
      categoriaDescricao: r.categoria === null ? null : categoriaLabel[r.categoria as Categoria] ?? null,
      ativoDesde: condicoes.ativoDesde, ativoHaUmAnoOuMais: condicoes.ativoHaUmAnoOuMais, umAnoEm: condicoes.umAnoEm,
      reapAnosPendentes: condicoes.reapAnosPendentes, artesanal: condicoes.artesanal, atende: condicoes.atende,
    };
  }
}
