import crypto from 'node:crypto';
import { compactVerify, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { Perfil } from '../../../shared/enums';
import { isValidCpf, onlyDigits } from '../../../shared/cpf';
import { tokenPayload, type TokenPayload } from '../../../shared/schemas/auth';
import type { IdentityProvider } from '../../adapters/identity/identity-provider';
import { CodigoErro } from '../../../shared/codigos-erro';
import { AppError } from '../../lib/errors';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthRepository, UsuarioMapaAcesso } from './auth.repository';
import { motivoForaDaJanela, type JanelaPadrao } from './janela-acesso';
import { assinadoPorNos, TokensVerificados } from './tokens-verificados';

export interface AuthContext {
  sessaoId: string;
  cpf: string;
  nome: string;
  perfil: Perfil;
  idPescador: number | null;
  idUsuarioMapa: number | null;
  siglaOrgao: string | null;
  ufOrgao: string | null;
  ufsForcaTarefa: string[];
  ip: string;
  /** An entity's agent acting for a fisher (docs/decisions/0110): `idPescador` is then that fisher's, `cpf` the agent's. */
  representacao?: Representacao;
}

export interface Representacao {
  idEntidade: number;
  nomeEntidade: string;
  idDelegacao: number;
  servico: number;
}

/** Declared here, by its caller, because every service imports `AuthContext` from this file: no import cycle. */
export interface CadastroDePescadores {
  findOrCreate(cpf: string, nome: string, email: string | null): Promise<{ id: number; nome: string }>;
}

export interface AuthServiceOptions {
  jwtSecret: Uint8Array;
  tokenTtlSeconds: number;
  sessionTtlHours: number;
  janelaPadrao: JanelaPadrao;
  publicUrl: string;
  /** Decision 0068; by default derived from the token key. */
  chaveVinculo?: Uint8Array;
  chaveIdCelular?: Uint8Array;
  now?: () => Date;
}

/** The link row and the browser's binding cookie live as long. */
export const LINK_TTL_SECONDS = 600;

export const COOKIE_VINCULO_LOGIN = 'rgp-login';

/** Expired sign-in links are deleted at most this often, by the next link created. */
const INTERVALO_LIMPEZA_LINKS_MS = 60_000;

/**
 * HMAC of the CPF (decision 0069): stable across sessions and not reversible without the server's key (a plain hash
 * of a CPF is: there are only 10⁹).
 */
export function idCelularDe(cpf: string, chave: Uint8Array): string {
  return crypto.createHmac('sha256', chave).update(cpf).digest('hex').slice(0, 32);
}

/** PHONE_ID_SECRET lets the token key rotate without orphaning unsent saves; else derived from the token key. */
export function chaveIdCelular(configurada: string | undefined, jwtSecret: Uint8Array): Uint8Array {
  const base = configurada ? new TextEncoder().encode(configurada) : jwtSecret;
  return new Uint8Array(crypto.hkdfSync('sha256', base, 'rgp', 'rgp:id-celular:v1', 32));
}

export const MENSAGENS_AUTH = {
  sessaoExpirada: 'Sessão expirada.',
  tokenInvalido: 'Token de acesso inválido ou ausente.',
  sessaoEncerrada: 'Sessão encerrada. Entre novamente com o gov.br.',
  linkInvalido: 'Link de acesso inválido ou expirado. Tente entrar novamente.',
  falhaGovBr: 'Não foi possível validar o login no GOV.BR. Tente entrar novamente.',
  cpfInvalido: 'O CPF informado pelo provedor de identidade é inválido.',
  refreshFalhou: 'Não foi possível renovar a sessão. Entre novamente.',
  outroNavegador: 'O retorno do GOV.BR não corresponde ao acesso iniciado neste navegador. Entre novamente.',
} as const;

export function chaveVinculoLogin(jwtSecret: Uint8Array): Uint8Array {
  return new Uint8Array(crypto.hkdfSync('sha256', jwtSecret, 'rgp', 'rgp:vinculo-login:v1', 32));
}

export class AuthService {
  private readonly now: () => Date;
  private readonly chaveVinculo: Uint8Array;
  private readonly chaveIdCelular: Uint8Array;
  /** Decision 0200: a token's signature checked once per process, its expiry and session at every request. */
  private readonly tokensVerificados = new TokensVerificados();
  private ultimaLimpezaLinks = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly repo: AuthRepository,
    private readonly idp: IdentityProvider,
    private readonly auditoria: AuditoriaService,
    private readonly pescadores: CadastroDePescadores,
    private readonly opts: AuthServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
    this.chaveVinculo = opts.chaveVinculo ?? chaveVinculoLogin(opts.jwtSecret);
    this.chaveIdCelular = opts.chaveIdCelular ?? chaveIdCelular(undefined, opts.jwtSecret);
  }

  async criarLink(chave: string): Promise<{ url: string; vinculo: string }> {
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    // Housekeeping only (a link older than its life is refused by `takeLink` anyway): at most once a minute.
    if (this.now().getTime() - this.ultimaLimpezaLinks >= INTERVALO_LIMPEZA_LINKS_MS) {
      this.ultimaLimpezaLinks = this.now().getTime();
      await this.repo.deleteStaleLinks(LINK_TTL_SECONDS);
    }
    await this.repo.insertLink(chave.toLowerCase(), codeVerifier, nonce);
    const url = await this.idp.authorizationUrl({ state: chave.toLowerCase(), nonce, codeVerifier });
    return { url, vinculo: this.vinculoDe(chave) };
  }

  private vinculoDe(chave: string): string {
    return crypto.createHmac('sha256', this.chaveVinculo).update(chave.toLowerCase()).digest('base64url');
  }

  /**
   * A state this browser did not start (login forgery via an attacker's `/login?code=…`) is refused before anything
   * is consumed.
   */
  async login(code: string, state: string, ip: string, vinculo: string | undefined): Promise<{ token: string; foto: string | null }> {
    const esperado = Buffer.from(this.vinculoDe(state));
    const recebido = Buffer.from(vinculo ?? '');
    if (recebido.length !== esperado.length || !crypto.timingSafeEqual(recebido, esperado)) {
      await this.auditoria.tentarRegistrar({ acao: 'LOGIN_RECUSADO', ip, sucesso: false, detalhes: { motivo: 'navegador' } });
      throw AppError.badRequest(MENSAGENS_AUTH.outroNavegador);
    }
    const link = await this.repo.takeLink(state.toLowerCase(), LINK_TTL_SECONDS);
    if (!link) {
      await this.auditoria.tentarRegistrar({ acao: 'LOGIN_RECUSADO', ip, sucesso: false, detalhes: { motivo: 'link' } });
      throw AppError.badRequest(MENSAGENS_AUTH.linkInvalido);
    }
    let claims;
    try {
      claims = await this.idp.exchange({ code, state: link.chave, nonce: link.nonce, codeVerifier: link.codeVerifier });
    } catch {
      await this.auditoria.tentarRegistrar({ acao: 'LOGIN_RECUSADO', ip, sucesso: false, detalhes: { motivo: 'troca_codigo' } });
      throw new AppError(401, MENSAGENS_AUTH.falhaGovBr, { dados: { expirado: false } });
    }
    const cpf = onlyDigits(claims.cpf);
    if (!isValidCpf(cpf)) {
      await this.auditoria.tentarRegistrar({ acao: 'LOGIN_RECUSADO', ip, sucesso: false, detalhes: { motivo: 'cpf' } });
      throw AppError.forbidden(MENSAGENS_AUTH.cpfInvalido);
    }

    const servidor = await this.repo.findUsuarioMapaByCpf(cpf);
    let payload: Omit<TokenPayload, 'iat' | 'exp' | 'sid'>;
    let sessao: { pescadorId: number | null; usuarioMapaId: number | null };
    if (servidor) {
      const motivo = this.motivoBloqueio(servidor);
      if (motivo) {
        await this.auditoria.tentarRegistrar({
          acao: 'LOGIN_RECUSADO', cpfAtor: cpf, perfilAtor: servidor.tipoUsuario, ip, sucesso: false, detalhes: { motivo: 'janela_acesso' },
        });
        throw AppError.forbidden(motivo, CodigoErro.FORA_DO_HORARIO);
      }
      payload = {
        sub: cpf,
        nome: servidor.nome,
        perfil: servidor.tipoUsuario as Perfil,
        idUsuarioMapa: servidor.idUsuarioMapa,
        siglaOrgao: servidor.siglaOrgao,
        ufOrgao: servidor.ufOrgao,
      };
      sessao = { pescadorId: null, usuarioMapaId: servidor.idUsuarioMapa };
    } else {
      const nome = (claims.nome || 'PESCADOR').toUpperCase();
      const p = await this.pescadores.findOrCreate(cpf, nome, claims.email);
      payload = { sub: cpf, nome: p.nome, perfil: Perfil.INTERESSADO, idPescador: p.id, idCelular: idCelularDe(cpf, this.chaveIdCelular) };
      sessao = { pescadorId: p.id, usuarioMapaId: null };
    }

    const sid = await this.repo.insertSessao({
      cpf,
      perfil: payload.perfil,
      ...sessao,
      idTokenHint: claims.idToken,
      ttlHours: this.opts.sessionTtlHours,
    });
    await this.auditoria.registrar({ acao: 'LOGIN', cpfAtor: cpf, perfilAtor: payload.perfil, sessaoId: sid, ip });
    return { token: await this.assinar({ ...payload, sid }), foto: claims.foto };
  }

  async renovar(bearer: string | undefined, ip: string): Promise<string> {
    const claims = bearer ? await this.lerAssinado(bearer) : null;
    const falhar = async (motivo: string) => {
      await this.auditoria.tentarRegistrar({
        acao: 'REFRESH_RECUSADO', cpfAtor: claims?.sub ?? null, perfilAtor: claims?.perfil ?? null, sessaoId: claims?.sid ?? null, ip, sucesso: false,
        detalhes: { motivo },
      });
      return AppError.unauthorized(MENSAGENS_AUTH.refreshFalhou);
    };
    if (!claims) throw await falhar('token');
    const sessao = await this.repo.findSessao(claims.sid);
    if (!sessao || sessao.revogadaEm || sessao.expiraEm <= this.now() || sessao.cpf !== claims.sub) throw await falhar('sessao');
    let payload: Omit<TokenPayload, 'iat' | 'exp'> = {
      sub: claims.sub, nome: claims.nome, perfil: claims.perfil as Perfil, sid: claims.sid,
      ...(claims.idPescador !== undefined ? { idPescador: claims.idPescador } : {}),
      // A fisher's phone id; also for a token issued before it existed (decision 0069).
      ...(sessao.pescadorId !== null ? { idCelular: idCelularDe(claims.sub, this.chaveIdCelular) } : {}),
    };
    if (sessao.usuarioMapaId !== null) {
      const servidor = await this.repo.findUsuarioMapaById(sessao.usuarioMapaId);
      if (!servidor || this.motivoBloqueio(servidor)) throw await falhar('janela_acesso');
      payload = {
        ...payload,
        nome: servidor.nome,
        perfil: servidor.tipoUsuario as Perfil,
        idUsuarioMapa: servidor.idUsuarioMapa,
        siglaOrgao: servidor.siglaOrgao,
        ufOrgao: servidor.ufOrgao,
      };
    }
    return this.assinar(payload);
  }

  async logout(bearer: string | undefined, ip: string): Promise<string> {
    const claims = bearer ? await this.lerAssinado(bearer) : null;
    let idTokenHint: string | null = null;
    if (claims) {
      const sessao = await this.repo.findSessao(claims.sid);
      if (sessao && sessao.cpf === claims.sub) {
        idTokenHint = sessao.idTokenHint;
        await this.repo.revokeSessao(sessao.id);
        await this.auditoria.tentarRegistrar({ acao: 'LOGOUT', cpfAtor: sessao.cpf, perfilAtor: sessao.perfil, sessaoId: sessao.id, ip });
      }
    }
    try {
      return await this.idp.logoutUrl({ idTokenHint });
    } catch {
      return `${this.opts.publicUrl}/`;
    }
  }

  async autenticar(bearer: string | undefined, ip: string): Promise<AuthContext> {
    if (!bearer) throw AppError.unauthorized(MENSAGENS_AUTH.tokenInvalido, false);
    const claims = await this.verificarToken(bearer);
    const found = await this.repo.findSessaoComServidor(claims.sid);
    const sessao = found?.sessao;
    if (!sessao || sessao.revogadaEm || sessao.expiraEm <= this.now() || sessao.cpf !== claims.sub) {
      throw AppError.unauthorized(MENSAGENS_AUTH.sessaoEncerrada, false);
    }
    const ctx: AuthContext = {
      sessaoId: sessao.id,
      cpf: sessao.cpf,
      nome: claims.nome,
      perfil: sessao.perfil as Perfil,
      idPescador: sessao.pescadorId,
      idUsuarioMapa: sessao.usuarioMapaId,
      siglaOrgao: null,
      ufOrgao: null,
      ufsForcaTarefa: [],
      ip,
    };
    if (sessao.usuarioMapaId !== null) {
      const servidor = found!.servidor;
      const motivo = servidor ? this.motivoBloqueio(servidor) : MENSAGENS_AUTH.sessaoEncerrada;
      if (motivo) {
        await this.auditoria.tentarRegistrar({
          acao: 'AUTORIZACAO_RECUSADA', cpfAtor: sessao.cpf, perfilAtor: sessao.perfil, sessaoId: sessao.id, ip, sucesso: false,
          detalhes: { motivo: 'janela_acesso' },
        });
        throw AppError.forbidden(motivo, CodigoErro.FORA_DO_HORARIO);
      }
      // The profile and agency are read from the database on every request: a change by a manager applies at once.
      ctx.perfil = servidor!.tipoUsuario as Perfil;
      ctx.nome = servidor!.nome;
      ctx.siglaOrgao = servidor!.siglaOrgao;
      ctx.ufOrgao = servidor!.ufOrgao;
      ctx.ufsForcaTarefa = servidor!.ufsForcaTarefa;
    }
    return ctx;
  }

  /**
   * A token seen before answers its claims until its exp; one of ours is checked with node:crypto; anything else by
   * jose (decision 0200). An expired one is 401 expired whichever path finds it, as jose answered it.
   */
  private async verificarToken(bearer: string): Promise<TokenPayload> {
    const agora = this.now();
    const agoraSegundos = Math.floor(agora.getTime() / 1000);
    const conhecido = this.tokensVerificados.ler(bearer, agoraSegundos);
    if (conhecido) return conhecido;
    try {
      const nosso = assinadoPorNos(bearer, this.opts.jwtSecret);
      if (nosso && typeof nosso.exp === 'number' && nosso.exp <= agoraSegundos) throw new joseErrors.JWTExpired('"exp" claim timestamp check failed', nosso);
      const payload = nosso ?? (await jwtVerify(bearer, this.opts.jwtSecret, { algorithms: ['HS256'], currentDate: agora })).payload;
      const claims = tokenPayload.parse(payload);
      this.tokensVerificados.guardar(bearer, claims);
      return claims;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw AppError.unauthorized(MENSAGENS_AUTH.sessaoExpirada, true);
      throw AppError.unauthorized(MENSAGENS_AUTH.tokenInvalido, false);
    }
  }

  private motivoBloqueio(s: UsuarioMapaAcesso): string | null {
    return motivoForaDaJanela(
      {
        bloqueado: s.bloqueado,
        validade: s.validade,
        acessoCustomizado: s.acessoCustomizado,
        horaLimiteInicioAcesso: s.horaLimiteInicioAcesso,
        horaLimiteTerminoAcesso: s.horaLimiteTerminoAcesso,
        usuarioPodeAcessarTodosDias: s.usuarioPodeAcessarTodosDias,
        orgao: s.orgaoInicio && s.orgaoTermino
          ? { inicio: s.orgaoInicio, termino: s.orgaoTermino, todosDias: s.orgaoTodosDias ?? false }
          : null,
      },
      this.now(),
      this.opts.janelaPadrao,
    );
  }

  private async assinar(payload: Omit<TokenPayload, 'iat' | 'exp'>): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ ...payload })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.opts.tokenTtlSeconds)
      .setJti(crypto.randomUUID())
      .sign(this.opts.jwtSecret);
  }

  /** Not the expiry: for refresh and logout of an expired token. */
  private async lerAssinado(token: string): Promise<TokenPayload | null> {
    try {
      const { payload, protectedHeader } = await compactVerify(token, this.opts.jwtSecret, { algorithms: ['HS256'] });
      if (protectedHeader.alg !== 'HS256') return null;
      return tokenPayload.parse(JSON.parse(new TextDecoder().decode(payload)));
    } catch {
      return null;
    }
  }
}
