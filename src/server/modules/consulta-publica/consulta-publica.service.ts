import {
  situacaoSolicitacaoLabel, tipoSolicitacaoLabel, type TipoSolicitacao,
} from '../../../shared/enums';
import {
  mascararNome, MENSAGENS_CARTEIRA, type CarteiraPublica, type ConfiguracaoCaptcha, type ConsultaPublicaCarteiraQuery,
  type ProtocoloPublico,
} from '../../../shared/schemas/carteira';
import type { CaptchaVerifier } from '../../adapters/captcha/captcha';
import { CodigoErro } from '../../../shared/codigos-erro';
import { AppError } from '../../lib/errors';
import type { AuditoriaService, EventoAuditoria } from '../auditoria/auditoria.service';
import type { CarteiraService } from '../carteira/carteira.service';
import type { ConsultaPublicaRepository } from './consulta-publica.repository';

const ACAO_CARTEIRA = 'CONSULTA_PUBLICA_CARTEIRA';
const ACAO_PROTOCOLO = 'CONSULTA_PUBLICA_PROTOCOLO';

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

  /** 403 'Token de CAPTCHA inválido ou não fornecido' for a missing, invalid, expired or already used token. */
  private async exigirCaptcha(token: string | undefined, ip: string, acao: string, recurso: string): Promise<void> {
    const valido = !!token && await this.captcha.verificar(token, ip);
    if (valido) return;
    const evento: EventoAuditoria = { acao, recurso, ip, sucesso: false, detalhes: { motivo: token ? 'captcha_invalido' : 'captcha_ausente' } };
    await this.auditoria.tentarRegistrar(evento);
    throw AppError.forbidden(MENSAGENS_CARTEIRA.captchaInvalido, CodigoErro.CAPTCHA_INVALIDO);
  }
}
