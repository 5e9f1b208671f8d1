import { CodigoErro } from '../../../shared/codigos-erro';
import { hojeSaoPaulo } from '../../../shared/datas';
import { Perfil, perfilLabel, type Perfil as PerfilT } from '../../../shared/enums';
import {
  MENSAGENS_USUARIO_MAPA, orgaoDoPerfil, type FiltrosUsuarioMapa, type HorarioAcessoUsuarioCorpo, type ListaUsuariosMapa,
  type PessoaBcpf, type UsuarioMapa, type UsuarioMapaCorpo,
} from '../../../shared/schemas/usuario-mapa';
import { perfisDe } from '../../../shared/permissoes';
import { BcpfIndisponivel, type ConsultaBcpf } from '../../adapters/bcpf/bcpf';
import { naTransacao, type Database, type Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { HorasUsuario, UsuarioMapaDados, UsuarioMapaLinha, UsuarioMapaRepository } from './usuario-mapa.repository';

/** The registry must always keep one of them active. */
const PERFIS_GESTORES: readonly number[] = perfisDe('administracao.gerir');

export interface UsuarioMapaServiceOptions {
  now?: () => Date;
  onBcpfIndisponivel?: (err: unknown) => void;
}

export type { HorasUsuario };

const CAMPOS_DADOS = [
  'nome', 'bloqueado', 'tipoUsuario', 'siglaOrgao', 'ufOrgao', 'matricula', 'validade', 'email',
  'acessoCustomizado', 'horaLimiteInicioAcesso', 'horaLimiteTerminoAcesso', 'usuarioPodeAcessarTodosDias',
] as const satisfies readonly (keyof UsuarioMapaDados)[];

/** No CPF: the record's id names it. */
function retrato(l: UsuarioMapaDados): Pick<UsuarioMapaDados, (typeof CAMPOS_DADOS)[number]> {
  return Object.fromEntries(CAMPOS_DADOS.map((k) => [k, l[k]])) as Pick<UsuarioMapaDados, (typeof CAMPOS_DADOS)[number]>;
}

export function paraResposta(l: UsuarioMapaLinha): UsuarioMapa {
  const { nome: _nome, bloqueado, tipoUsuario, ...campos } = retrato(l);
  return {
    id: l.id,
    usuario: { id: l.usuarioId, nome: l.nome, cpf: l.cpf, bloqueado },
    tipoUsuario: { id: tipoUsuario, descricao: perfilLabel[tipoUsuario as PerfilT] ?? 'Perfil' },
    ...campos,
    ativo: !bloqueado,
  };
}

function diferencas(antes: Record<string, unknown>, depois: Record<string, unknown>) {
  const a: Record<string, unknown> = {};
  const d: Record<string, unknown> = {};
  for (const k of Object.keys(depois)) {
    if (antes[k] !== depois[k]) {
      a[k] = antes[k];
      d[k] = depois[k];
    }
  }
  return { antes: a, depois: d };
}

/** Sign-in re-reads a user on every request, so a block or a lower profile applies at once. */
export class UsuarioMapaService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly repo: UsuarioMapaRepository,
    private readonly bcpf: ConsultaBcpf,
    private readonly auditoria: AuditoriaService,
    private readonly opts: UsuarioMapaServiceOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** Audited. */
  async listar(ator: AuthContext, filtros: FiltrosUsuarioMapa): Promise<{ dados: ListaUsuariosMapa; mensagem: string }> {
    const { total, linhas } = await this.repo.listar(filtros);
    await this.auditoria.registrar({
      acao: 'VISUALIZACAO_LISTA_USUARIOS_MAPA', ...doAtor(ator),
      recurso: 'usuario-mapa', detalhes: { pagina: filtros.pagina, total, ids: linhas.map((l) => l.id) },
    });
    return {
      dados: { total, usuarios: linhas.map(paraResposta) },
      mensagem: total === 0 ? MENSAGENS_USUARIO_MAPA.nenhumUsuario : 'Sucesso',
    };
  }

  /** None: 404; more than one record: 409; the registry down: 503. Audited. */
  async consultarBcpf(ator: AuthContext, cpf: string): Promise<PessoaBcpf> {
    let pessoas: PessoaBcpf[];
    try {
      pessoas = await this.bcpf.consultar(cpf);
    } catch (err) {
      if (!(err instanceof BcpfIndisponivel)) throw err;
      this.opts.onBcpfIndisponivel?.(err);
      throw new AppError(503, MENSAGENS_USUARIO_MAPA.erroConsultarCpf, { codigoErro: CodigoErro.INDISPONIVEL, cause: err });
    }
    await this.auditoria.registrar({
      acao: 'CONSULTA_BCPF', ...doAtor(ator),
      recurso: 'dados-bcpf', recursoId: cpf, detalhes: { encontrados: pessoas.length },
    });
    if (pessoas.length === 0) throw AppError.notFound(MENSAGENS_USUARIO_MAPA.nenhumServidorCpf);
    if (pessoas.length > 1) throw new AppError(409, MENSAGENS_USUARIO_MAPA.maisDeUmServidor);
    return pessoas[0]!;
  }

  async salvar(ator: AuthContext, corpo: UsuarioMapaCorpo): Promise<UsuarioMapa> {
    const orgao = orgaoDoPerfil(corpo.tipoUsuario.id, corpo.siglaOrgao);
    if (!orgao) throw AppError.badRequest(MENSAGENS_USUARIO_MAPA.orgaoObrigatorio, [`siglaOrgao: ${MENSAGENS_USUARIO_MAPA.orgaoObrigatorio}`]);
    const dados: UsuarioMapaDados = {
      nome: corpo.usuario.nome,
      bloqueado: corpo.usuario.bloqueado,
      tipoUsuario: corpo.tipoUsuario.id,
      siglaOrgao: orgao.siglaOrgao,
      ufOrgao: orgao.ufOrgao,
      matricula: corpo.matricula,
      validade: corpo.validade,
      email: corpo.email,
      ...horas(corpo),
    };
    const id = await this.db.transaction(async (tx) => {
      if (!(await this.repo.orgaoExiste(dados.siglaOrgao, tx))) {
        throw AppError.badRequest(MENSAGENS_USUARIO_MAPA.orgaoInexistente, [`siglaOrgao: ${MENSAGENS_USUARIO_MAPA.orgaoInexistente}`]);
      }
      if (dados.tipoUsuario === Perfil.ADMIN) this.exigirAdmin(ator);
      await this.repo.travarGestores(tx);
      if (corpo.id) return this.atualizar(ator, corpo.id, corpo.usuario.cpf, dados, tx);
      if (await this.repo.findByCpf(corpo.usuario.cpf, tx)) throw AppError.recusa(CodigoErro.USUARIO_JA_CADASTRADO, MENSAGENS_USUARIO_MAPA.jaCadastrado);
      const novo = await this.repo.insert(corpo.usuario.cpf, dados, tx);
      await this.auditoria.registrar({
        acao: 'USUARIO_MAPA_CRIADO', ...doAtor(ator),
        recurso: 'usuario-mapa', recursoId: novo, detalhes: { antes: null, depois: retrato(dados) },
      }, tx);
      return novo;
    });
    return paraResposta((await this.repo.findById(id))!);
  }

  private async atualizar(ator: AuthContext, id: number, cpf: string, dados: UsuarioMapaDados, tx: Executor): Promise<number> {
    const atual = await this.repo.findById(id, tx);
    if (!atual) throw AppError.notFound(MENSAGENS_USUARIO_MAPA.naoEncontrado);
    if (atual.cpf !== cpf) throw AppError.badRequest(MENSAGENS_USUARIO_MAPA.cpfNaoMuda, [`usuario.cpf: ${MENSAGENS_USUARIO_MAPA.cpfNaoMuda}`]);
    if (atual.tipoUsuario === Perfil.ADMIN) this.exigirAdmin(ator);
    await this.exigirGestorRestante(atual, dados, tx);
    await this.repo.update(id, atual.usuarioId, dados, tx);
    await this.auditoria.registrar({
      acao: 'USUARIO_MAPA_ALTERADO', ...doAtor(ator),
      recurso: 'usuario-mapa', recursoId: id, detalhes: diferencas(retrato(atual), retrato(dados)),
    }, tx);
    return id;
  }

  async alterarHorario(ator: AuthContext, corpo: HorarioAcessoUsuarioCorpo): Promise<UsuarioMapa> {
    await this.db.transaction(async (tx) => {
      const atual = await this.repo.findById(corpo.id, tx);
      if (!atual) throw AppError.notFound(MENSAGENS_USUARIO_MAPA.naoEncontrado);
      if (atual.tipoUsuario === Perfil.ADMIN) this.exigirAdmin(ator);
      const novas = horas(corpo);
      await this.repo.updateHoras(corpo.id, novas, tx);
      await this.auditoria.registrar({
        acao: 'USUARIO_MAPA_HORARIO_ALTERADO', ...doAtor(ator),
        recurso: 'usuario-mapa', recursoId: corpo.id, detalhes: diferencas(retrato(atual), { ...retrato(atual), ...novas }),
      }, tx);
    });
    return paraResposta((await this.repo.findById(corpo.id))!);
  }

  /** Audited as one event naming every user changed. */
  async seguirHorarioDoOrgao(ator: AuthContext, sigla: string, ex: Executor = this.db): Promise<number> {
    return naTransacao(this.db, ex, async (tx) => {
      const alterados = await this.repo.seguirHorarioDoOrgao(sigla, tx);
      if (alterados.length > 0) {
        await this.auditoria.registrar({
          acao: 'USUARIO_MAPA_HORARIO_ORGAO_APLICADO', ...doAtor(ator),
          recurso: 'usuario-mapa', recursoId: sigla,
          detalhes: {
            orgao: sigla,
            antes: alterados.map((a) => ({ id: a.id, ...a.antes })),
            depois: { acessoCustomizado: false, horaLimiteInicioAcesso: null, horaLimiteTerminoAcesso: null, usuarioPodeAcessarTodosDias: false },
          },
        }, tx);
      }
      return alterados.length;
    });
  }

  /** A GESTOR cannot raise anyone above itself. */
  private exigirAdmin(ator: AuthContext): void {
    if (ator.perfil !== Perfil.ADMIN) throw AppError.forbidden(MENSAGENS_USUARIO_MAPA.somenteAdminGereAdmin);
  }

  /** Otherwise nobody could manage the staff again. Runs under `travarGestores`. */
  private async exigirGestorRestante(atual: UsuarioMapaLinha, novo: UsuarioMapaDados, tx: Executor): Promise<void> {
    const hoje = hojeSaoPaulo(this.now());
    const ativo = (u: { tipoUsuario: number; bloqueado: boolean; validade: string | null }) =>
      PERFIS_GESTORES.includes(u.tipoUsuario) && !u.bloqueado && (u.validade === null || u.validade >= hoje);
    if (!ativo(atual) || ativo(novo)) return;
    if ((await this.repo.contarGestoresAtivos(PERFIS_GESTORES, hoje, atual.id, tx)) === 0) {
      throw AppError.recusa(CodigoErro.ULTIMO_GESTOR, MENSAGENS_USUARIO_MAPA.ultimoGestor);
    }
  }
}

function horas(c: {
  acessoCustomizado: boolean;
  horaLimiteInicioAcesso?: string | null | undefined;
  horaLimiteTerminoAcesso?: string | null | undefined;
  usuarioPodeAcessarTodosDias: boolean;
}): HorasUsuario {
  return {
    acessoCustomizado: c.acessoCustomizado,
    horaLimiteInicioAcesso: c.acessoCustomizado ? c.horaLimiteInicioAcesso ?? null : null,
    horaLimiteTerminoAcesso: c.acessoCustomizado ? c.horaLimiteTerminoAcesso ?? null : null,
    usuarioPodeAcessarTodosDias: c.usuarioPodeAcessarTodosDias,
  };
}
