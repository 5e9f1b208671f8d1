import { Perfil } from '../../../shared/enums';
import {
  MENSAGENS_RECURSO, objetoRecursoLabel, type FiltrosRecurso, type ObjetoRecurso, type RecursoDetalhe, type RecursoResumo,
} from '../../../shared/schemas/recurso';
import { AppError } from '../../lib/errors';
import { doAtor } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { exigirLeituraPescador, MENSAGEM_FORA_DO_ESCOPO, pescadorDoAtor, podeLerPescador, ufsDoEscopo } from '../escopo';
import { diasEntre } from './prazos';
import { detalheDe, hoje, rotuloResultado, type DepsRecurso } from './recurso-base';

/**
 * Reading appeals: the fisher their own; staff readers in scope (an SFPA its states), each view of a fisher's
 * appeal audited; the staff queue, shortest clock first, with the days left and what is late.
 */
export class LeituraRecursoService {
  constructor(private readonly deps: DepsRecurso) {}

  async detalhar(ator: AuthContext, id: number): Promise<RecursoDetalhe> {
    const r = await this.deps.repo.lido(id);
    // A missing appeal is 404 only for those who may read any; the others get 403 either way (existence never shown).
    if (!r) {
      if (podeLerPescador(ator, 0, null)) throw AppError.notFound(MENSAGENS_RECURSO.naoEncontrado);
      throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
    }
    exigirLeituraPescador(ator, r.pescadorId, r.uf);
    if (ator.perfil !== Perfil.INTERESSADO) await this.deps.auditoria.visualizacao(ator, 'recurso', r.id, null, r.pescadorId);
    return detalheDe(r, await this.deps.repo.decisoes(id), ator, hoje(this.deps));
  }

  async meus(ator: AuthContext): Promise<RecursoDetalhe[]> {
    const dia = hoje(this.deps);
    const lista = await this.deps.repo.doPescador(pescadorDoAtor(ator));
    return Promise.all(lista.map(async (r) => detalheDe(r, await this.deps.repo.decisoes(r.id), ator, dia)));
  }

  async atos(ator: AuthContext): Promise<{ atos: { id: number; nome: string; pendentes: number }[] }> {
    return { atos: await this.deps.repo.atosPendentes(ufsDoEscopo(ator)) };
  }

  async fila(ator: AuthContext, f: FiltrosRecurso): Promise<{ total: number; recursos: RecursoResumo[]; proximo: string | null }> {
    const dia = hoje(this.deps);
    const escopo = { ufs: ufsDoEscopo(ator) };
    // The page's audit row is written while the count still runs (the count is the slow half at a wave's scale);
    // both are awaited before anything is answered.
    const [total, linhas] = await Promise.all([
      this.deps.repo.contarFila(f, escopo, dia),
      this.deps.repo.paginaFila(f, escopo, dia).then(async (ls) => {
        await this.deps.auditoria.registrar({
          acao: 'VISUALIZACAO_LISTA_RECURSOS', ...doAtor(ator), recurso: 'recurso',
          detalhes: { pagina: f.apos ?? f.pagina, resultados: ls.length, ids: ls.map((l) => l.id) },
        });
        return ls;
      }),
    ]);
    const ultima = linhas.length === f.tamanhoPagina ? linhas[linhas.length - 1] : undefined;
    return {
      total,
      proximo: ultima ? `${ultima.prazoInstancia}_${ultima.id}` : null,
      recursos: linhas.map((r) => {
        const pendente = r.resultado === null && r.prazoInstancia !== null;
        const dias = pendente ? diasEntre(dia, r.prazoInstancia!) : null;
        return {
          id: r.id, numeroProtocolo: r.numeroProtocolo, nomePescador: r.nomePescador, uf: r.uf,
          objetoDescricao: objetoRecursoLabel[r.objeto as ObjetoRecurso] ?? '', instancia: r.instancia, orgao: r.orgao,
          prazoInstancia: r.prazoInstancia, diasRestantes: dias, atrasado: dias !== null && dias < 0,
          resultado: r.resultado, resultadoDescricao: r.resultado !== null ? rotuloResultado(r.resultado) : null, analista: r.nomeAnalista,
        };
      }),
    };
  }
}
