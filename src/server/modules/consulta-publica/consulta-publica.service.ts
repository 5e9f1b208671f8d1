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
import type { AuditoriaService, EventoAuditoria } from '../auditoria/auditoria.service';
import type { CarteiraService } from '../carteira/carteira.service';
import type { AssinadorProtocolo } from '../../lib/codigos-comprovantes';
import type { ConsultaPublicaRepository, ProtocoloRow } from './consulta-publica.repository';

const ACAO_CARTEIRA = 'CONSULTA_PUBLICA_CARTEIRA';
const ACAO_PROTOCOLO = 'CONSULTA_PUBLICA_PROTOCOLO';
const ACAO_VERIFICACAO_PROTOCOLO = 'VERIFICACAO_PROTOCOLO';

/**
 * The anonymous lookups of the product guide ("Public lookups and the card"): a card by CPF and RGP number, a
 * request by protocol number. Each needs a captcha token, spent on use, and is audited with the client's IP,
 * found or not; the audit never holds the CPF or the RGP number typed.
 */
export class ConsultaPublicaService {
  constructor(
    private readonly captcha: CaptchaVerifier,
    private readonly carteira: CarteiraService,
    private readonly repo: ConsultaPublicaRepository,
    private readonly auditoria: AuditoriaService,
    /** Opens the signed codes of the protocol receipts' QR (decision 0044). */
    private readonly assinadorProtocolo: AssinadorProtocolo,
    /** hCaptcha's public site key when hCaptcha verifies the lookups; undefined for ALTCHA. */
    private readonly hcaptchaSiteKey?: string,
  ) {}

  /** GET /api/captcha/configuracao: the widget the browser must show. */
  configuracao(): ConfiguracaoCaptcha {
    return this.hcaptchaSiteKey ? { tipo: 'hcaptcha', siteKey: this.hcaptchaSiteKey } : { tipo: 'altcha' };
  }

  /** GET /api/captcha/desafio: a challenge for the ALTCHA widget; 404 when hCaptcha is configured instead. */
  async desafio(): Promise<unknown> {
    const d = this.captcha.desafio();
    if (d === null) throw AppError.notFound(MENSAGENS_CARTEIRA.captchaExterno);
    return d;
  }

  /** GET /api/carteira-profissional/consulta-publica: the same 404 whether the CPF or the RGP number is wrong. */
  async consultarCarteira(q: ConsultaPublicaCarteiraQuery, token: string | undefined, ip: string): Promise<CarteiraPublica> {
    const recurso = 'carteira-profissional/consulta-publica';
    await this.exigirCaptcha(token, ip, ACAO_CARTEIRA, recurso);
    const r = await this.carteira.consultaPublica(q.cpf, q.rgp);
    if (!r) {
      await this.auditoria.tentarRegistrar({ acao: ACAO_CARTEIRA, recurso, ip, sucesso: false, detalhes: { motivo: 'nao_encontrada' } });
      throw AppError.notFound(MENSAGENS_CARTEIRA.carteiraNaoEncontrada);
    }
    await this.auditoria.registrar({ acao: ACAO_CARTEIRA, recurso, recursoId: r.idPescador, ip, sucesso: true });
    return r.carteira;
  }

  /** GET /api/pescador/protocolo-solicitacao-registro/{numero}: the fisher's name masked, the rest as filed. */
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

  /**
   * GET /api/protocolo-solicitacao/verificar/{token}: the request behind a receipt's QR code, as the captcha
   * lookup answers it. A code this server did not sign is 400 'Código de verificação inválido.'; a genuine code
   * whose request is no longer a sent one (a deleted row) is 404. Audited with the IP.
   */
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

  /** 403 'Token de CAPTCHA inválido ou não fornecido' for a missing, invalid, expired or already used token. */
  private async exigirCaptcha(token: string | undefined, ip: string, acao: string, recurso: string): Promise<void> {
    const valido = !!token && await this.captcha.verificar(token, ip);
    if (valido) return;
    const evento: EventoAuditoria = { acao, recurso, ip, sucesso: false, detalhes: { motivo: token ? 'captcha_invalido' : 'captcha_ausente' } };
    await this.auditoria.tentarRegistrar(evento);
    throw AppError.forbidden(MENSAGENS_CARTEIRA.captchaInvalido, CodigoErro.CAPTCHA_INVALIDO);
  }
}

/** What the public protocol checks show of a request: the fisher's name masked, the rest as filed. */
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
