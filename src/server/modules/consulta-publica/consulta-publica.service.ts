import {
  situacaoSolicitacaoLabel, tipoSolicitacaoLabel, type TipoSolicitacao,
} from '../../../shared/enums';
import {
  mascararNome, MENSAGENS_CARTEIRA, type CarteiraPublica, type ConfiguracaoCaptcha, type ConsultaPublicaCarteiraQuery,
  type ProtocoloPublico,
} from '../../../shared/schemas/carteira';
import type { CaptchaVerifier } from '../../adapters/captcha/captcha';
import { CodigoErro } from '../../../shared/codigos-erro';
import { MENSAGENS_VERIFICACAO } from '../../../shared/schemas/verificacao';
import { AppError } from '../../lib/errors';
import { hojeSaoPaulo } from '../../../shared/datas';
import { SituacaoRegistro } from '../../../shared/enums';
import { MENSAGENS_ANEXO, type ListaDoAto } from '../../../shared/schemas/recurso';
import { ultimoDiaParaRecorrer } from '../../../shared/prazo-recurso';
import type { AuditoriaService, EventoAuditoria } from '../auditoria/auditoria.service';
import { carteiraPublicaDe } from '../carteira/carteira.service';
import type { AssinadorProtocolo } from '../../lib/codigos-comprovantes';
import { erroLimiteExcedido, type ContadorEmInstrucao } from '../../plugins/rate-limit-store';
import type { ConsultaPublicaRepository, ParametrosConsultaCarteira, ProtocoloRow } from './consulta-publica.repository';

const ACAO_CARTEIRA = 'CONSULTA_PUBLICA_CARTEIRA';
const ACAO_PROTOCOLO = 'CONSULTA_PUBLICA_PROTOCOLO';
const ACAO_LISTA_ATO = 'CONSULTA_PUBLICA_LISTA_ATO';
const ACAO_VERIFICACAO_PROTOCOLO = 'VERIFICACAO_PROTOCOLO';
const RECURSO_CARTEIRA = 'carteira-profissional/consulta-publica';
/** A key PgRegistroUsoUnico would refuse. */
const TAMANHO_MAXIMO_CHAVE_CAPTCHA = 128;

/** A rate limit counted in the lookup's own statement: the client's key (@fastify/rate-limit's), the limit, the window. */
export interface LimiteDaConsulta { chaveCliente: string; max: number; janelaMs: number }

/** The count of a lookup's limit, for the x-ratelimit-* headers the route sets. */
export interface ContagemDoLimite { max: number; atual: number; ttlMs: number }

/**
 * The anonymous lookups: each needs a captcha token, spent on use, and is audited with the client's IP, found or not;
 * the audit never holds the CPF or RGP number typed.
 */
export class ConsultaPublicaService {
  constructor(
    private readonly captcha: CaptchaVerifier,
    /** The card lookup's rate limit counted in its statement; null when another store counts it (memoria). */
    private readonly contador: ContadorEmInstrucao | null,
    private readonly repo: ConsultaPublicaRepository,
    private readonly auditoria: AuditoriaService,
    private readonly assinadorProtocolo: AssinadorProtocolo,
    private readonly hcaptchaSiteKey?: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Whether the card lookup counts its own rate limit (the route's limiter then only hands it the client's key). */
  get contaOLimiteDaCarteira(): boolean {
    return this.contador !== null;
  }

  configuracao(): ConfiguracaoCaptcha {
    return this.hcaptchaSiteKey ? { tipo: 'hcaptcha', siteKey: this.hcaptchaSiteKey } : { tipo: 'altcha' };
  }

  /** 404 when hCaptcha is configured instead. */
  async desafio(): Promise<unknown> {
    const d = this.captcha.desafio();
    if (d === null) throw AppError.notFound(MENSAGENS_CARTEIRA.captchaExterno);
    return d;
  }

  /**
   * "Estou na lista?" (decision 0102): whether the registry of this CPF and RGP number is on the list of an act that
   * suspended or cancelled it, what that means and the last day to appeal; a wrong CPF or RGP gets the same "no".
   * Nothing else about the fisher is answered. Audited with the IP.
   */
  async consultarListaDoAto(q: ConsultaPublicaCarteiraQuery, token: string | undefined, ip: string): Promise<ListaDoAto> {
    const recurso = 'consulta-publica/lista-do-ato';
    await this.exigirCaptcha(token, ip, ACAO_LISTA_ATO, recurso);
    const sancoes = await this.repo.sancoesDoAto(q.cpf, q.rgp);
    const hoje = hojeSaoPaulo(this.now());
    await this.auditoria.registrar({ acao: ACAO_LISTA_ATO, recurso, recursoId: sancoes[0]?.pescadorId ?? null, ip, sucesso: true, detalhes: { naLista: sancoes.length > 0 } });
    return {
      naLista: sancoes.length > 0,
      atos: sancoes.map((s) => {
        // The window opens when the act comes into force, or when the batch applied it if later (as the appeal counts it).
        const ultimoDia = ultimoDiaParaRecorrer(s.atoInicio > s.aplicadaEm ? s.atoInicio : s.aplicadaEm, s.prazoRecursoDias);
        return {
          ato: s.atoNome,
          significado: s.situacaoNova === SituacaoRegistro.CANCELADO ? MENSAGENS_ANEXO.significadoCancelamento : MENSAGENS_ANEXO.significadoSuspensao,
          ultimoDia, noPrazo: hoje <= ultimoDia,
        };
      }),
    };
  }

  /**
   * The same 404 whether the CPF or the RGP number is wrong. The limit (when `limite` is given), the token spent, the
   * card read and the audit of the outcome go to the database in one statement (decision 0164); `q` null: a request
   * the schema refused, whose limit is still counted (as @fastify/rate-limit counted it before the schema).
   * `aoContar` is told the count before any answer, for the headers.
   */
  async consultarCarteira(
    q: ConsultaPublicaCarteiraQuery | null, token: string | undefined, ip: string, limite: LimiteDaConsulta | null,
    aoContar: (c: ContagemDoLimite) => void = () => undefined,
  ): Promise<CarteiraPublica | null> {
    const base: ParametrosConsultaCarteira = {
      limite: limite && this.contador ? { chave: this.contador.chave(limite.chaveCliente), janelaMs: limite.janelaMs, max: limite.max } : null,
      consultar: q !== null, captcha: null, cpf: q?.cpf ?? '', numeroRgp: q?.rgp ?? '', ip, acao: ACAO_CARTEIRA, recurso: RECURSO_CARTEIRA,
      motivoCaptcha: token ? 'captcha_invalido' : 'captcha_ausente', motivoNaoEncontrada: 'nao_encontrada',
    };
    this.contador?.purgarSeDevido();
    const executar = async (p: ParametrosConsultaCarteira) => {
      const r = await this.repo.consultarCarteira(p);
      if (p.limite && r.contagem !== null) {
        aoContar({ max: p.limite.max, atual: r.contagem, ttlMs: r.ttl ?? 0 });
        if (r.contagem > p.limite.max) throw erroLimiteExcedido(r.ttl ?? 0);
      }
      return r;
    };
    if (q === null) {
      await executar(base);
      return null;
    }
    let p = base;
    if (this.captcha.externo && base.limite) {
      // A third party is asked only for a client under its limit: counted first, in a statement of its own.
      await executar({ ...base, consultar: false });
      p = { ...base, limite: null };
    }
    let gasto: { chave: string; expiraEm: Date } | null = null;
    try {
      gasto = token ? await this.captcha.conferir(token, ip) : null;
    } catch (err) {
      // hCaptcha unreachable (503): the request still counts against the limit.
      if (p.limite) await executar({ ...p, consultar: false });
      throw err;
    }
    const r = await executar({ ...p, captcha: gasto && gasto.chave.length <= TAMANHO_MAXIMO_CHAVE_CAPTCHA ? gasto : null });
    if (!r.gasto) throw AppError.forbidden(MENSAGENS_CARTEIRA.captchaInvalido, CodigoErro.CAPTCHA_INVALIDO);
    const carteira = r.pescador && carteiraPublicaDe(r.pescador);
    if (!carteira) throw AppError.notFound(MENSAGENS_CARTEIRA.carteiraNaoEncontrada);
    return carteira;
  }

  async consultarProtocolo(numeroProtocolo: string, token: string | undefined, ip: string): Promise<ProtocoloPublico> {
    const recurso = 'pescador/protocolo-solicitacao-registro';
    await this.exigirCaptcha(token, ip, ACAO_PROTOCOLO, recurso);
    const s = await this.repo.findProtocolo(numeroProtocolo);
    if (!s) {
      await this.auditoria.tentarRegistrar({ acao: ACAO_PROTOCOLO, recurso, ip, sucesso: false, detalhes: { motivo: 'nao_encontrado' } });
      throw AppError.notFound(MENSAGENS_CARTEIRA.protocoloNaoEncontrado);
    }
    await this.auditoria.registrar({ acao: ACAO_PROTOCOLO, recurso, recursoId: s.id, ip, sucesso: true });
    return protocoloPublico(s);
  }

  /** A code this server did not sign is 400; a genuine code of a request no longer sent is 404. Audited. */
  async verificarProtocolo(token: string, ip: string): Promise<{ protocolo: ProtocoloPublico; mensagem: string }> {
    const recurso = 'protocolo-solicitacao/verificar';
    const dados = this.assinadorProtocolo.verificar(token);
    if (!dados) {
      await this.auditoria.tentarRegistrar({ acao: ACAO_VERIFICACAO_PROTOCOLO, recurso, ip, sucesso: false, detalhes: { motivo: 'codigo_invalido' } });
      throw AppError.badRequest(MENSAGENS_VERIFICACAO.codigoInvalido);
    }
    const s = await this.repo.findProtocoloDoComprovante(dados.idSolicitacao, dados.numeroProtocolo);
    if (!s) {
      await this.auditoria.tentarRegistrar({
        acao: ACAO_VERIFICACAO_PROTOCOLO, recurso, recursoId: dados.idSolicitacao, ip, sucesso: false, detalhes: { motivo: 'nao_encontrado' },
      });
      throw AppError.notFound(MENSAGENS_VERIFICACAO.protocoloNaoEncontrado);
    }
    await this.auditoria.registrar({ acao: ACAO_VERIFICACAO_PROTOCOLO, recurso, recursoId: s.id, ip, sucesso: true });
    return { protocolo: protocoloPublico(s), mensagem: MENSAGENS_VERIFICACAO.protocoloAutentico };
  }

  /** Missing, invalid, expired or already used alike. */
  private async exigirCaptcha(token: string | undefined, ip: string, acao: string, recurso: string): Promise<void> {
    const valido = !!token && await this.captcha.verificar(token, ip);
    if (valido) return;
    const evento: EventoAuditoria = { acao, recurso, ip, sucesso: false, detalhes: { motivo: token ? 'captcha_invalido' : 'captcha_ausente' } };
    await this.auditoria.tentarRegistrar(evento);
    throw AppError.forbidden(MENSAGENS_CARTEIRA.captchaInvalido, CodigoErro.CAPTCHA_INVALIDO);
  }
}

function protocoloPublico(s: ProtocoloRow): ProtocoloPublico {
  return {
    numeroProtocolo: s.numeroProtocolo,
    tipo: s.tipo,
    tipoDescricao: tipoSolicitacaoLabel[s.tipo as TipoSolicitacao] ?? String(s.tipo),
    situacao: s.situacao,
    situacaoDescricao: situacaoSolicitacaoLabel(s.situacao),
    dataEnvio: s.enviadaEm.toISOString(),
    nome: mascararNome(s.nome),
    uf: s.uf,
  };
}
