import { CodigoErro } from '../../../shared/codigos-erro';
import { MENSAGENS_HORARIO_ACESSO, type ListaConfiguracoes, type SalvarConfiguracoesCorpo } from '../../../shared/schemas/horario-acesso';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { UsuarioMapaService } from '../usuario-mapa/usuario-mapa.service';
import type { HorarioAcessoRepository } from './horario-acesso.repository';

/**
 * Working hours per agency (spec points 3 and 7 "Access hours"). The staff access window
 * (modules/auth/janela-acesso.ts) reads them for every map user without custom hours, at each request.
 */
export class HorarioAcessoService {
  constructor(
    private readonly db: Database,
    private readonly repo: HorarioAcessoRepository,
    private readonly usuariosMapa: UsuarioMapaService,
    private readonly auditoria: AuditoriaService,
  ) {}

  async listar(): Promise<ListaConfiguracoes> {
    const linhas = await this.repo.listar();
    return {
      configuracoes: linhas.map((l) => ({
        idConfiguracao: l.idConfiguracao,
        orgao: l.orgao,
        nomeOrgao: l.nomeOrgao,
        horaLimiteInicioAcesso: l.horaLimiteInicioAcesso,
        horaLimiteTerminoAcesso: l.horaLimiteTerminoAcesso,
        usuarioPodeAcessarTodosDias: l.usuarioPodeAcessarTodosDias ?? false,
        totalServidores: l.totalServidores,
      })),
    };
  }

  /** POST /api/configuracao-horario-acesso: every agency of `configuracoes`, at once; audited with before and after. */
  async salvar(ator: AuthContext, corpo: SalvarConfiguracoesCorpo): Promise<ListaConfiguracoes> {
    const siglas = corpo.configuracoes.map((c) => c.orgao);
    await this.db.transaction(async (tx) => {
      const existentes = new Set(await this.repo.orgaosExistentes(siglas, tx));
      const erros = corpo.configuracoes.flatMap((c, i) => (existentes.has(c.orgao) ? [] : [`configuracoes.${i}.orgao: ${MENSAGENS_HORARIO_ACESSO.orgaoInexistente}`]));
      if (erros.length > 0) throw AppError.badRequest(MENSAGENS_HORARIO_ACESSO.orgaoInexistente, erros);
      const antes = new Map((await this.repo.findByOrgaos(siglas, tx)).map((c) => [c.orgao, c]));
      for (const c of corpo.configuracoes) {
        const depois = {
          orgao: c.orgao,
          horaLimiteInicioAcesso: c.horaLimiteInicioAcesso,
          horaLimiteTerminoAcesso: c.horaLimiteTerminoAcesso,
          usuarioPodeAcessarTodosDias: c.usuarioPodeAcessarTodosDias,
        };
        const anterior = antes.get(c.orgao);
        if (anterior && anterior.horaLimiteInicioAcesso === depois.horaLimiteInicioAcesso
          && anterior.horaLimiteTerminoAcesso === depois.horaLimiteTerminoAcesso
          && anterior.usuarioPodeAcessarTodosDias === depois.usuarioPodeAcessarTodosDias) continue;
        const id = await this.repo.upsert(depois, tx);
        const { idConfiguracao: _id, ...semId } = anterior ?? { idConfiguracao: null };
        await this.auditoria.registrar({
          acao: 'HORARIO_ACESSO_ORGAO_ALTERADO', ...doAtor(ator),
          recurso: 'configuracao-horario-acesso', recursoId: id, detalhes: { antes: anterior ? semId : null, depois },
        }, tx);
      }
    });
    return this.listar();
  }

  /**
   * PATCH /api/configuracao-horario-acesso/usuario-unidade-trabalho: the agency's users drop their custom hours
   * and follow the agency's. 404 HORARIO_NADA_A_APLICAR when the agency has no hours configured or no user (the
   * client tells it as information).
   */
  async aplicarAosServidores(ator: AuthContext, sigla: string): Promise<{ orgao: string; servidoresAtualizados: number }> {
    const n = await this.db.transaction(async (tx) => {
      const [config] = await this.repo.findByOrgaos([sigla], tx);
      if (!config) throw AppError.notFound(MENSAGENS_HORARIO_ACESSO.semConfiguracao, CodigoErro.HORARIO_NADA_A_APLICAR);
      return this.usuariosMapa.seguirHorarioDoOrgao(ator, sigla, tx);
    });
    if (n === 0) throw AppError.notFound(MENSAGENS_HORARIO_ACESSO.semServidores, CodigoErro.HORARIO_NADA_A_APLICAR);
    return { orgao: sigla, servidoresAtualizados: n };
  }
}
