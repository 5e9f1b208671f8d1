import { formatCpf } from '../../../shared/cpf';
import { formatarData, partesSaoPaulo } from '../../../shared/datas';
import {
  categoriaLabel, Perfil, SituacaoRegistro, situacaoRegistroLabel, type Categoria,
} from '../../../shared/enums';
import { descricaoDe } from '../../../shared/referencias';
import { formatarRgp } from '../../../shared/rgp';
import { ROTA_CONSULTA_CARTEIRA, rotaVerificarCarteira } from '../../../shared/rotas-web';
import {
  MENSAGENS_CARTEIRA, type CarteiraPublica, type MotivoCarteiraInvalida, type VerificacaoCarteira,
} from '../../../shared/schemas/carteira';
import { MENSAGENS_PESCADOR } from '../../../shared/schemas/pescador';
import type { FileStorage } from '../../adapters/storage/storage';
import { AppError } from '../../lib/errors';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { auditarVisaoDoServidor, MENSAGEM_FORA_DO_ESCOPO, pescadorNoEscopo } from '../escopo';
import type { PescadorService } from '../pescador/pescador.service';
import type { AssinadorCarteira } from './carteira-token';
import { gerarCarteiraPdf } from './carteira-pdf';
import type { CarteiraRepository, PescadorCarteira } from './carteira.repository';

export interface CarteiraServiceOptions {
  publicUrl: string;
  now?: () => Date;
}

/** What a check of a card may show, and nothing else: no CPF, no address. */
function paraPublico(p: PescadorCarteira & { numeroRgp: string }): CarteiraPublica {
  let numero: string;
  try {
    numero = formatarRgp(p.numeroRgp);
  } catch {
    numero = p.numeroRgp;
  }
  return {
    nome: p.nome,
    situacao: p.situacaoRegistro,
    situacaoDescricao: p.situacaoRegistro === null ? null : situacaoRegistroLabel[p.situacaoRegistro as SituacaoRegistro] ?? null,
    categoria: p.categoria,
    categoriaDescricao: p.categoria === null ? null : categoriaLabel[p.categoria as Categoria] ?? null,
    municipio: p.municipioNome,
    uf: p.uf,
    numeroRGP: numero,
    dataPrimeiroRgp: p.dataPrimeiroRgp,
    formaAtuacaoDescricao: p.formaAtuacao === null ? null : descricaoDe('formas-atuacao', p.formaAtuacao) ?? null,
    gruposAlvo: (p.gruposAlvo ?? []).map((g) => descricaoDe('grupos-alvo', g) ?? String(g)),
    ambientesPesca: (p.ambientesPesca ?? []).map((a) => descricaoDe('ambientes-pesca', a) ?? String(a)),
    areasPesca: areasPescaDescritas(p.areasPesca),
    ativoDesde: p.situacaoRegistro === SituacaoRegistro.ATIVO ? p.situacaoDesde : null,
  };
}

/**
 * The public card lookup's row and answer, for consulta-publica's single statement (decision 0164): the columns
 * `SQL_PESCADOR_CARTEIRA` selects from pescador p are a PescadorCarteira, answered as consultaPublica answers it.
 */
export { SELECT_PESCADOR as SQL_PESCADOR_CARTEIRA } from './carteira.repository';
export type { PescadorCarteira } from './carteira.repository';
export function carteiraPublicaDe(p: PescadorCarteira): CarteiraPublica | null {
  return p.numeroRgp ? paraPublico({ ...p, numeroRgp: p.numeroRgp }) : null;
}

/** "Rio – Rio Tocantins": the kind of place and its popular name, as the fisher declared them. */
function areasPescaDescritas(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((a: unknown) => {
    if (typeof a !== 'object' || a === null) return [];
    const { tipoLocalPesca, nomePopularLocalPesca } = a as Record<string, unknown>;
    const tipo = typeof tipoLocalPesca === 'number' ? descricaoDe('tipos-local-pesca', tipoLocalPesca) : undefined;
    const nome = typeof nomePopularLocalPesca === 'string' && nomePopularLocalPesca.trim() ? nomePopularLocalPesca.trim() : undefined;
    const texto = [tipo, nome].filter(Boolean).join(' – ');
    return texto ? [texto] : [];
  });
}

/** dd/MM/yyyy of an instant, in São Paulo. */
function dataSp(instante: Date): string {
  return formatarData(partesSaoPaulo(instante).data);
}

/** A code, never personal data. */
type MotivoVerificacao = MotivoCarteiraInvalida | 'codigo_invalido';

/** The professional card: the printable PDF, the QR code that proves an issue without the CPF, its public face. */
export class CarteiraService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: CarteiraRepository,
    private readonly pescadores: PescadorService,
    private readonly storage: FileStorage,
    private readonly auditoria: AuditoriaService,
    private readonly assinador: AssinadorCarteira,
    private readonly opts: CarteiraServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  enderecoVerificacao(token: string): string {
    return `${this.base()}${rotaVerificarCarteira(token)}`;
  }

  private enderecoPortal(): string {
    return `${this.base()}${ROTA_CONSULTA_CARTEIRA}`;
  }

  private base(): string {
    return this.opts.publicUrl.replace(/\/+$/, '');
  }

  /** 403 out of scope whether or not the fisher exists, then 404, then 406 unless ATIVO; staff views audited. */
  async imprimir(ator: AuthContext, id: number): Promise<{ numeroRgp: string; pdf: Buffer }> {
    if (ator.perfil === Perfil.CONSULTA_EXTERNO) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
    const p = await pescadorNoEscopo(ator, id, (i) => this.repo.findPescador(i), MENSAGENS_PESCADOR.naoEncontrado);
    if (p.situacaoRegistro !== SituacaoRegistro.ATIVO || !p.numeroRgp) {
      throw AppError.notAcceptable(MENSAGENS_CARTEIRA.registroInativo);
    }
    const numeroRgp = p.numeroRgp;
    await auditarVisaoDoServidor(this.auditoria, ator, 'pescador/carteira', id, id);
    const emitidaEm = p.dataEmissaoCarteira ?? await this.pescadores.garantirEmissaoCarteira(id);
    const chaveFoto = await this.repo.findChaveFoto(id);
    const foto = chaveFoto ? await this.storage.get(chaveFoto) : null;
    const token = this.assinador.assinar({ idPescador: id, numeroRgp, emitidaEm });
    const publico = paraPublico({ ...p, numeroRgp });
    const pdf = await gerarCarteiraPdf({
      nome: p.nome,
      cpf: formatCpf(p.cpf),
      numeroRgp: publico.numeroRGP,
      categoria: publico.categoriaDescricao ?? '—',
      situacao: publico.situacaoDescricao ?? '—',
      municipio: p.municipioNome ?? '—',
      uf: p.uf ?? '—',
      dataPrimeiroRgp: p.dataPrimeiroRgp ? formatarData(p.dataPrimeiroRgp) : '—',
      dataEmissao: dataSp(emitidaEm),
      foto: foto?.bytes ?? null,
      enderecoVerificacao: this.enderecoVerificacao(token),
      enderecoPortal: this.enderecoPortal(),
      emitidoEm: this.now(),
    });
    return { numeroRgp: publico.numeroRGP, pdf };
  }

  /** A code not signed by this server is 400; a genuine one says whether the card is still good. Audited with the IP. */
  async verificar(token: string, ip: string): Promise<{ verificacao: VerificacaoCarteira; mensagem: string }> {
    const dados = this.assinador.verificar(token);
    const p = dados ? await this.repo.findPescador(dados.idPescador) : undefined;
    if (!dados || !p?.numeroRgp) {
      await this.auditarVerificacao(ip, dados?.idPescador ?? null, false, 'codigo_invalido');
      throw AppError.badRequest(MENSAGENS_CARTEIRA.codigoInvalido);
    }
    let motivo: MotivoCarteiraInvalida | null = null;
    let mensagem: string = MENSAGENS_CARTEIRA.carteiraValida;
    const emissaoAtual = p.dataEmissaoCarteira ? Math.floor(p.dataEmissaoCarteira.getTime() / 1000) : null;
    if (p.numeroRgp !== dados.numeroRgp) {
      motivo = 'outro_rgp';
      mensagem = MENSAGENS_CARTEIRA.carteiraOutroRgp;
    } else if (emissaoAtual !== Math.floor(dados.emitidaEm.getTime() / 1000)) {
      motivo = 'substituida';
      mensagem = MENSAGENS_CARTEIRA.carteiraSubstituida;
    } else if (p.situacaoRegistro !== SituacaoRegistro.ATIVO) {
      motivo = 'registro_nao_ativo';
      mensagem = MENSAGENS_CARTEIRA.carteiraRegistroNaoAtivo;
    }
    await this.auditarVerificacao(ip, p.id, motivo === null, motivo);
    const dataEmissao = dados.emitidaEm.toISOString();
    return {
      verificacao: motivo === null
        ? { ...paraPublico({ ...p, numeroRgp: p.numeroRgp }), valida: true, motivo: null, dataEmissao }
        : { valida: false, motivo, dataEmissao },
      mensagem,
    };
  }

  private async auditarVerificacao(ip: string, idPescador: number | null, valida: boolean, motivo: MotivoVerificacao | null) {
    const evento = {
      acao: 'VERIFICACAO_CARTEIRA',
      recurso: 'carteira-profissional/verificar',
      recursoId: idPescador,
      ip,
      sucesso: valida,
      detalhes: motivo ? { motivo } : null,
    };
    // A card's data is not shown unless the check is on record; a refusal is recorded on a best-effort basis.
    if (motivo === 'codigo_invalido') await this.auditoria.tentarRegistrar(evento);
    else await this.auditoria.registrar(evento);
  }
}
