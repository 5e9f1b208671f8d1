import { maskCpf } from '../../../shared/cpf';
import {
  situacaoRegistroLabel, situacaoSolicitacaoLabel, SituacaoRegistro, TipoNotificacao, tipoSolicitacaoLabel, type TipoSolicitacao,
} from '../../../shared/enums';
import { erroCampo } from '../../../shared/erros-campo';
import { isOrgaoPrimeiroRgp } from '../../../shared/referencias';
import { montarRgp } from '../../../shared/rgp';
import { ROTA_HOME } from '../../../shared/rotas-web';
import {
  enderecoConsultaProtocolo, enderecoVerificacaoProtocolo, MENSAGENS_PESCADOR, type AtualizacaoEnderecoCorpo, type EnderecoPescador, type Pescador,
  type RegistroLegado,
} from '../../../shared/schemas/pescador';
import { MENSAGENS_SOLICITACAO_API, type AtualizarRgpCorpo, type RgpPescador } from '../../../shared/schemas/solicitacao-api';
import { naTransacao, type Database, type Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { erroDeCampo } from '../../lib/validacao';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { DocumentoService } from '../documento/documento.service';
import { auditarVisaoDoServidor, exigirLeituraPescador, exigirPescadorProprio, pescadorNoEscopo } from '../escopo';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import { dadosDasColunas, identificacaoDe, type DadosDeclarados } from './dados-declarados';
import type { CamposRegistro, PescadorComMunicipio, PescadorRepository, PescadorRow, RestauracaoSituacao } from './pescador.repository';
import type {
  HistoricoSituacaoRow, MudancaSituacaoEmLote, ResultadoMudancaSituacao,
} from './pescador.repository';
import { hojeSaoPaulo } from '../../../shared/datas';
import { gerarProtocoloPdf } from './protocolo-pdf';
import type { AssinadorProtocolo } from '../../lib/codigos-comprovantes';

export type { CamposRegistro, PescadorRow } from './pescador.repository';
export type { DadosDeclarados } from './dados-declarados';
export type { HistoricoSituacaoRow, MudancaSituacaoEmLote, ResultadoMudancaSituacao } from './pescador.repository';

/** Cancel any registry; suspend one not cancelled; reactivate only a suspended one. */
export const ORIGENS_EM_LOTE: Record<number, number[]> = {
  [SituacaoRegistro.CANCELADO]: [1, 3, 4, 5, 6, 7, 8],
  [SituacaoRegistro.SUSPENSO]: [1, 3, 4, 5, 7, 8],
  [SituacaoRegistro.ATIVO]: [SituacaoRegistro.SUSPENSO],
};

export const MOTIVO_FIM_SUSPENSAO = 'Fim da suspensão: a data limite da suspensão passou e o registro voltou a ser ativo.';

export interface PescadorServiceOptions {
  publicUrl: string;
  assinadorProtocolo: AssinadorProtocolo;
  now?: () => Date;
}

export function rgpDe(p: PescadorRow): RgpPescador {
  return {
    numeroRGP: p.numeroRgp,
    numeroPrimeiroRGP: p.numeroPrimeiroRgp,
    orgao: p.orgaoRgp,
    dataPrimeiroRgp: p.dataPrimeiroRgp,
    origem: p.origemRgp,
    situacao: p.situacaoRegistro,
    situacaoDescricao: p.situacaoRegistro === null ? null : (situacaoRegistroLabel[p.situacaoRegistro as SituacaoRegistro] ?? null),
    dataSuspensoCancelado: p.dataSuspensoCancelado,
    podeAcessarSistema: p.podeAcessarSistema,
  };
}

function endereco(p: PescadorComMunicipio): EnderecoPescador {
  const { cep, logradouro, numeroLogradouro, bairro, complemento, municipioNome, uf } = p;
  return { cep, logradouro, numeroLogradouro, bairro, complemento, municipio: p.municipioId, municipioNome, uf };
}

/** CONSULTA_EXTERNO never reads it (escopo.ts). */
function paraResposta(p: PescadorComMunicipio): Pescador {
  const dados = p.dados && typeof p.dados === 'object' && !Array.isArray(p.dados) ? p.dados as Record<string, unknown> : null;
  const { situacaoDescricao: _, ...rgp } = rgpDe(p);
  const { municipioNome: _nome, ...enderecoPlano } = endereco(p);
  return {
    id: p.id,
    cpf: p.cpf,
    ...identificacaoDe(p),
    email: p.email,
    telefone: p.telefone,
    ...enderecoPlano,
    endereco: endereco(p),
    categoria: p.categoria,
    formaAtuacao: p.formaAtuacao,
    propriedadeEmbarcacao: p.propriedadeEmbarcacao,
    possuiRegistroEmbarcacao: p.possuiRegistroEmbarcacao,
    tie: p.tie,
    cnpjEntidadeRepresentante: p.cnpjEntidadeRepresentante,
    recebeuAjuda: p.recebeuAjuda,
    idSolicitacaoAtiva: p.idSolicitacaoAtiva,
    dataEmissaoCarteira: p.dataEmissaoCarteira ? p.dataEmissaoCarteira.toISOString() : null,
    rgp,
    dados,
  };
}

/**
 * The only writer of the fisher's tables: other modules ask it to create the fisher, apply a declared record, change
 * the registry block or issue an RGP number, inside their own transaction (`ex`).
 */
export class PescadorService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly repo: PescadorRepository,
    private readonly auditoria: AuditoriaService,
    private readonly documento: DocumentoService,
    private readonly notificacoes: NotificacaoService,
    private readonly opts: PescadorServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** The whole record (mother's name, birth date, address…): CONSULTA_EXTERNO gets 403 here as everywhere. */
  async obter(ator: AuthContext, id: number): Promise<Pescador> {
    const p = await this.ler(ator, id);
    await this.auditar(ator, 'pescador', id, id);
    return paraResposta(p);
  }

  async obterPorCpf(ator: AuthContext, cpf: string): Promise<Pescador> {
    const p = await this.repo.findByCpf(cpf);
    if (!p) throw AppError.notFound(MENSAGENS_PESCADOR.naoEncontrado);
    exigirLeituraPescador(ator, p.id, p.uf);
    await this.auditar(ator, 'pescador', p.id, p.id, { consulta: 'cpf' });
    return paraResposta(p);
  }

  async endereco(ator: AuthContext, id: number): Promise<EnderecoPescador> {
    const p = await this.ler(ator, id);
    await this.auditar(ator, 'pescador/endereco', id, id);
    return endereco(p);
  }

  async atualizarEndereco(ator: AuthContext, id: number, novo: AtualizacaoEnderecoCorpo): Promise<EnderecoPescador> {
    exigirPescadorProprio(ator, id);
    if (!await this.repo.municipioPertenceAUf(novo.municipio, novo.uf)) {
      throw AppError.badRequest(MENSAGENS_PESCADOR.municipioForaDaUf, [erroCampo('municipio', MENSAGENS_PESCADOR.municipioForaDaUf)]);
    }
    await this.repo.atualizarEndereco(id, novo, this.now());
    await this.auditoria.registrar({
      acao: 'ATUALIZACAO_ENDERECO', ...doAtor(ator), recurso: 'pescador/endereco', recursoId: id,
    });
    const p = await this.repo.findById(id);
    if (!p) throw AppError.notFound(MENSAGENS_PESCADOR.naoEncontrado);
    return endereco(p);
  }

  async legado(ator: AuthContext, id: number): Promise<RegistroLegado> {
    const p = await this.ler(ator, id);
    await this.auditar(ator, 'pescador/legado', id, id);
    const situacao = p.situacaoRegistro;
    return {
      idPescador: p.id,
      migrado: p.origemRgp !== null || situacao === SituacaoRegistro.MIGRACAO,
      origem: p.origemRgp,
      numeroRGP: p.numeroRgp,
      numeroPrimeiroRGP: p.numeroPrimeiroRgp,
      orgao: p.orgaoRgp,
      dataPrimeiroRgp: p.dataPrimeiroRgp,
      situacao,
      situacaoDescricao: situacao === null ? null : situacaoRegistroLabel[situacao as SituacaoRegistro] ?? null,
      dataSuspensoCancelado: p.dataSuspensoCancelado,
      documentos: await this.documento.migradosDoPescador(p.id),
    };
  }

  /** The QR opens the check of a signed code (decision 0044), never the sequential protocol number. */
  async imprimirProtocolo(ator: AuthContext, id: number, idSolicitacao?: number): Promise<{ numeroProtocolo: string; pdf: Buffer }> {
    const p = await this.ler(ator, id);
    const sol = await this.repo.findSolicitacaoEnviada(id, idSolicitacao);
    if (!sol) throw AppError.notFound(MENSAGENS_PESCADOR.nenhumaSolicitacaoEnviada);
    await this.auditar(ator, 'solicitacao/protocolo', sol.id, id, { idPescador: id });
    const pdf = await gerarProtocoloPdf({
      numeroProtocolo: sol.numeroProtocolo,
      enviadaEm: sol.enviadaEm,
      tipoDescricao: tipoSolicitacaoLabel[sol.tipo as TipoSolicitacao] ?? String(sol.tipo),
      situacaoDescricao: situacaoSolicitacaoLabel(sol.situacao),
      nomePescador: p.nome,
      cpfMascarado: maskCpf(p.cpf),
      enderecoVerificacao: enderecoVerificacaoProtocolo(
        this.opts.publicUrl, this.opts.assinadorProtocolo.assinar({ idSolicitacao: sol.id, numeroProtocolo: sol.numeroProtocolo }),
      ),
      enderecoConsulta: enderecoConsultaProtocolo(this.opts.publicUrl),
      emitidoEm: this.now(),
    });
    return { numeroProtocolo: sol.numeroProtocolo, pdf };
  }

  async rgp(ator: AuthContext, id: number): Promise<RgpPescador> {
    const p = await this.ler(ator, id);
    await this.auditar(ator, 'pescador-rgp', id, id);
    return rgpDe(p);
  }

  async corrigirPrimeiroRgp(ator: AuthContext, id: number, corpo: AtualizarRgpCorpo): Promise<RgpPescador> {
    await this.ler(ator, id);
    if (corpo.orgao !== undefined) await this.exigirOrgao(corpo.orgao);
    const { antes, depois } = await this.db.transaction(async (tx) => {
      const antes = (await this.repo.findParaAtualizar(id, tx))!;
      const set: CamposRegistro = {};
      if (corpo.numeroPrimeiroRGP !== undefined) set.numeroPrimeiroRgp = corpo.numeroPrimeiroRGP;
      if (corpo.dataPrimeiroRgp !== undefined) set.dataPrimeiroRgp = corpo.dataPrimeiroRgp;
      if (corpo.orgao !== undefined) set.orgaoRgp = corpo.orgao;
      const mudou = (set.numeroPrimeiroRgp !== undefined && set.numeroPrimeiroRgp !== antes.numeroPrimeiroRgp)
        || (set.dataPrimeiroRgp !== undefined && set.dataPrimeiroRgp !== antes.dataPrimeiroRgp)
        || (set.orgaoRgp !== undefined && set.orgaoRgp !== antes.orgaoRgp);
      if (!mudou) return { antes, depois: antes };
      const depois = await this.repo.atualizarRegistro(id, set, tx);
      await this.notificacoes.criar({
        pescadorId: id,
        tipo: TipoNotificacao.EDICAO_PRIMEIRO_RGP,
        conteudo: MENSAGENS_SOLICITACAO_API.notificacaoPrimeiroRgp,
        urlRedirecionamento: ROTA_HOME,
      }, tx);
      return { antes, depois };
    });
    await this.auditoria.registrar({
      acao: 'PRIMEIRO_RGP_ALTERADO',
      ...doAtor(ator),
      recurso: 'pescador-rgp',
      recursoId: id,
      pescadorId: id,
      detalhes: {
        antes: { numeroPrimeiroRGP: antes.numeroPrimeiroRgp, dataPrimeiroRgp: antes.dataPrimeiroRgp, orgao: antes.orgaoRgp },
        depois: { numeroPrimeiroRGP: depois.numeroPrimeiroRgp, dataPrimeiroRgp: depois.dataPrimeiroRgp, orgao: depois.orgaoRgp },
      },
    });
    return rgpDe(depois);
  }

  /** A historic issuer of first RGPs or an agency of the `orgao` table. */
  async exigirOrgao(sigla: string): Promise<void> {
    if (!isOrgaoPrimeiroRgp(sigla) && !(await this.repo.orgaoExiste(sigla))) throw erroDeCampo('orgao', MENSAGENS_SOLICITACAO_API.orgaoInvalido);
  }

  findOrCreate(cpf: string, nome: string, email: string | null): Promise<{ id: number; nome: string }> {
    return this.repo.findOrCreate(cpf, nome, email);
  }

  /** A migrated registry without an issue date gets its first issue now. */
  garantirEmissaoCarteira(id: number): Promise<Date> {
    return this.repo.garantirEmissaoCarteira(id);
  }

  /** Only the steps present touch their typed columns; the whole record is kept in `dados`. */
  aplicarDadosDeclarados(id: number, dados: DadosDeclarados, ex: Executor = this.db): Promise<PescadorRow> {
    return naTransacao(this.db, ex, (tx) => this.repo.aplicarDadosDeclarados(id, dados, tx));
  }

  /** Migrated fishers have no `dados`: their typed columns stand in. */
  async dadosDeclarados(p: PescadorRow, ex: Executor = this.db): Promise<Record<string, unknown>> {
    const registro = p.dados && typeof p.dados === 'object' ? p.dados as Record<string, unknown> : {};
    if (Object.keys(registro).length > 0) return registro;
    const { ambientes, grupos } = await this.repo.ambientesEGrupos(p.id, ex);
    return dadosDasColunas(p, ambientes, grupos);
  }

  atualizarRegistro(id: number, campos: CamposRegistro, ex: Executor = this.db): Promise<PescadorRow> {
    return this.repo.atualizarRegistro(id, campos, ex);
  }

  /** PA or PI by category (artesanal by default). */
  async emitirNumeroRgp(p: Pick<PescadorRow, 'uf' | 'categoria'>, ex: Executor = this.db): Promise<string> {
    if (!p.uf) throw AppError.badRequest(MENSAGENS_PESCADOR.semUfParaRgp);
    return montarRgp(p.uf, p.categoria ?? 2, await this.repo.proximoNumeroRgp(ex));
  }

  /** Locks the fishers in id order (db/travas.ts). CPFs not answered are unknown. */
  mudarSituacaoEmLote(
    m: Omit<MudancaSituacaoEmLote, 'de' | 'dataSuspensoCancelado'>, ex: Executor = this.db,
  ): Promise<ResultadoMudancaSituacao[]> {
    return naTransacao(this.db, ex, async (tx) => {
      await this.repo.bloquearPorCpfs(m.cpfs, tx);
      return this.repo.mudarSituacaoEmLote({
        ...m,
        de: ORIGENS_EM_LOTE[m.situacaoNova] ?? [],
        dataSuspensoCancelado: m.situacaoNova === SituacaoRegistro.ATIVO ? null : hojeSaoPaulo(this.now()),
      }, tx);
    });
  }

  /** Only if the sanction still stands (decision 0090). */
  restaurarSituacao(r: RestauracaoSituacao, ex: Executor = this.db): Promise<boolean> {
    return naTransacao(this.db, ex, (tx) => this.repo.restaurarSituacao(r, tx));
  }

  /** Many at once, the same rule (a batch decision). */
  restaurarSituacoes(rs: RestauracaoSituacao[], tx: Executor): Promise<number[]> {
    return this.repo.restaurarSituacoes(rs, tx);
  }

  /** The day after their last day, ATIVO again with a history line. */
  async encerrarSuspensoesVencidas(): Promise<number> {
    const hoje = hojeSaoPaulo(this.now());
    const ids = await this.db.transaction((tx) => this.repo.encerrarSuspensoesVencidas(hoje, MOTIVO_FIM_SUSPENSAO, tx));
    return ids.length;
  }

  historicoSituacao(pescadorId: number, ex: Executor = this.db): Promise<HistoricoSituacaoRow[]> {
    return this.repo.historicoSituacao(pescadorId, ex);
  }

  /** 403 out of scope whether or not the fisher exists, 404 otherwise. */
  private ler(ator: AuthContext, id: number): Promise<PescadorComMunicipio> {
    return pescadorNoEscopo(ator, id, (i) => this.repo.findById(i), MENSAGENS_PESCADOR.naoEncontrado);
  }

  /** A staff view of the fisher `pescadorId`'s data (the fisher sees it on their /home). */
  private auditar(
    ator: AuthContext, recurso: string, recursoId: number, pescadorId: number, detalhes?: Record<string, unknown>,
  ): Promise<void> {
    return auditarVisaoDoServidor(this.auditoria, ator, recurso, recursoId, pescadorId, detalhes);
  }
}
