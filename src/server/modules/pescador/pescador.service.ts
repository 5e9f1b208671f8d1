import { maskCpf } from '../../../shared/cpf';
import {
  Nacionalidade, Perfil, situacaoRegistroLabel, situacaoSolicitacaoLabel, SituacaoRegistro, tipoSolicitacaoLabel,
  type TipoSolicitacao,
} from '../../../shared/enums';
import {
  enderecoConsultaProtocolo, MENSAGENS_PESCADOR, type AtualizacaoEnderecoCorpo, type EnderecoPescador, type Pescador,
  type RegistroLegado,
} from '../../../shared/schemas/pescador';
import { AppError } from '../../lib/errors';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { DocumentoService } from '../documento/documento.service';
import { exigirLeituraPescador, MENSAGEM_FORA_DO_ESCOPO } from '../escopo';
import type { PescadorRepository, PescadorRow } from './pescador.repository';
import { gerarProtocoloPdf } from './protocolo-pdf';

export interface PescadorServiceOptions {
  publicUrl: string;
  now?: () => Date;
}

function endereco(p: PescadorRow): EnderecoPescador {
  return {
    cep: p.cep,
    logradouro: p.logradouro,
    numeroLogradouro: p.numeroLogradouro,
    bairro: p.bairro,
    complemento: p.complemento,
    municipio: p.municipioId,
    municipioNome: p.municipioNome,
    uf: p.uf,
  };
}

/**
 * The record as a reader sees it. CONSULTA_EXTERNO (read-only, outside the ministry) gets the CPF masked and no
 * more than identification needs: no contact data (e-mail, phone) and not the declared record `dados`, which
 * repeats the CPF and holds document numbers.
 */
function paraResposta(p: PescadorRow, externo: boolean): Pescador {
  const dados = p.dados && typeof p.dados === 'object' && !Array.isArray(p.dados) ? p.dados as Record<string, unknown> : null;
  return {
    id: p.id,
    cpf: externo ? maskCpf(p.cpf) : p.cpf,
    nome: p.nome,
    nomeMae: p.nomeMae,
    nomePai: p.nomePai,
    apelido: p.apelido,
    email: externo ? null : p.email,
    telefone: externo ? null : p.telefone,
    dataNascimento: p.dataNascimento,
    sexo: p.sexo,
    escolaridade: p.escolaridade,
    etnia: p.etnia,
    alfabetizacao: p.alfabetizacao,
    nacionalidadeBrasileira: p.nacionalidadeBrasileira === null ? null
      : p.nacionalidadeBrasileira ? Nacionalidade.BRASILEIRA : Nacionalidade.ESTRANGEIRA,
    cep: p.cep,
    logradouro: p.logradouro,
    numeroLogradouro: p.numeroLogradouro,
    bairro: p.bairro,
    complemento: p.complemento,
    municipio: p.municipioId,
    uf: p.uf,
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
    rgp: {
      numeroRGP: p.numeroRgp,
      numeroPrimeiroRGP: p.numeroPrimeiroRgp,
      orgao: p.orgaoRgp,
      dataPrimeiroRgp: p.dataPrimeiroRgp,
      origem: p.origemRgp,
      situacao: p.situacaoRegistro,
      dataSuspensoCancelado: p.dataSuspensoCancelado,
      podeAcessarSistema: p.podeAcessarSistema,
    },
    dados: externo ? null : dados,
  };
}

/**
 * The fisher record (spec point 7 "Fisher"): reading it (the fisher; staff in scope, audited; CONSULTA_EXTERNO
 * with the CPF masked), the address and its update by the fisher, the legacy registry and the protocol receipt.
 */
export class PescadorService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: PescadorRepository,
    private readonly auditoria: AuditoriaService,
    private readonly documento: DocumentoService,
    private readonly opts: PescadorServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** GET /api/pescador/{id}. */
  async obter(ator: AuthContext, id: number): Promise<Pescador> {
    const externo = ator.perfil === Perfil.CONSULTA_EXTERNO;
    const p = await this.ler(ator, id, { consultaExterna: externo });
    await this.auditar(ator, 'pescador', id, externo ? { cpfMascarado: true } : undefined);
    return paraResposta(p, externo);
  }

  /** GET /api/pescador/cpf/{cpf} (staff; SFPA in its state). */
  async obterPorCpf(ator: AuthContext, cpf: string): Promise<Pescador> {
    const p = await this.repo.findByCpf(cpf);
    if (!p) throw AppError.notFound(MENSAGENS_PESCADOR.naoEncontrado);
    exigirLeituraPescador(ator, p.id, p.uf);
    await this.auditar(ator, 'pescador', p.id, { consulta: 'cpf' });
    return paraResposta(p, false);
  }

  /** GET /api/pescador/{id}/endereco. */
  async endereco(ator: AuthContext, id: number): Promise<EnderecoPescador> {
    const p = await this.ler(ator, id);
    await this.auditar(ator, 'pescador/endereco', id);
    return endereco(p);
  }

  /** PUT /api/pescador/{id}/atualizacao-endereco: the fisher only, on their own record. */
  async atualizarEndereco(ator: AuthContext, id: number, novo: AtualizacaoEnderecoCorpo): Promise<EnderecoPescador> {
    if (ator.perfil !== Perfil.INTERESSADO || ator.idPescador !== id) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
    if (!await this.repo.municipioPertenceAUf(novo.municipio, novo.uf)) {
      throw AppError.badRequest(MENSAGENS_PESCADOR.municipioForaDaUf, [`municipio: ${MENSAGENS_PESCADOR.municipioForaDaUf}`]);
    }
    await this.repo.atualizarEndereco(id, novo, this.now());
    await this.auditoria.registrar({
      acao: 'ATUALIZACAO_ENDERECO', cpfAtor: ator.cpf, perfilAtor: ator.perfil, sessaoId: ator.sessaoId,
      recurso: 'pescador/endereco', recursoId: id, ip: ator.ip,
    });
    const p = await this.repo.findById(id);
    if (!p) throw AppError.notFound(MENSAGENS_PESCADOR.naoEncontrado);
    return endereco(p);
  }

  /** GET /api/pescador/legado/{id}: the registry as migrated from the legacy system (decision 0010). */
  async legado(ator: AuthContext, id: number): Promise<RegistroLegado> {
    const p = await this.ler(ator, id);
    await this.auditar(ator, 'pescador/legado', id);
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

  /** GET /api/pescador/{id}/imprimir-protocolo: the receipt (PDF) of a sent request. */
  async imprimirProtocolo(ator: AuthContext, id: number, idSolicitacao?: number): Promise<{ numeroProtocolo: string; pdf: Buffer }> {
    const p = await this.ler(ator, id);
    const sol = await this.repo.findSolicitacaoEnviada(id, idSolicitacao);
    if (!sol) throw AppError.notFound(MENSAGENS_PESCADOR.nenhumaSolicitacaoEnviada);
    await this.auditar(ator, 'solicitacao/protocolo', sol.id, { idPescador: id });
    const pdf = await gerarProtocoloPdf({
      numeroProtocolo: sol.numeroProtocolo,
      enviadaEm: sol.enviadaEm,
      tipoDescricao: tipoSolicitacaoLabel[sol.tipo as TipoSolicitacao] ?? String(sol.tipo),
      situacaoDescricao: situacaoSolicitacaoLabel(sol.situacao),
      nomePescador: p.nome,
      cpfMascarado: maskCpf(p.cpf),
      enderecoConsulta: enderecoConsultaProtocolo(this.opts.publicUrl, sol.numeroProtocolo),
      emitidoEm: this.now(),
    });
    return { numeroProtocolo: sol.numeroProtocolo, pdf };
  }

  /**
   * The fisher, if `ator` may read them: 403 out of scope whether or not the fisher exists, 404 otherwise.
   * CONSULTA_EXTERNO reads only the record itself (with the CPF masked), never the rest.
   */
  private async ler(ator: AuthContext, id: number, opts: { consultaExterna?: boolean } = {}): Promise<PescadorRow> {
    const p = await this.repo.findById(id);
    if (!(opts.consultaExterna && ator.perfil === Perfil.CONSULTA_EXTERNO)) exigirLeituraPescador(ator, id, p?.uf ?? null);
    if (!p) throw AppError.notFound(MENSAGENS_PESCADOR.naoEncontrado);
    return p;
  }

  private async auditar(ator: AuthContext, recurso: string, recursoId: number, detalhes?: Record<string, unknown>): Promise<void> {
    if (ator.perfil === Perfil.INTERESSADO) return;
    await this.auditoria.visualizacao(ator, recurso, recursoId, detalhes);
  }
}
