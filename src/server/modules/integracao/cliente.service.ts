import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { CodigoErro } from '../../../shared/codigos-erro';
import type { EscopoCliente } from '../../../shared/permissoes';
import {
  CAMINHO_TOKEN_CLIENTE, DURACAO_TOKEN_CLIENTE_S, MENSAGENS_INTEGRACAO, MetodoAutenticacaoCliente,
  type ClienteIntegracao, type ClienteIntegracaoCriacao, type CredencialCliente, type RotacaoCredencial,
} from '../../../shared/schemas/integracao';
import { erroDeCampo } from '../../lib/validacao';
import { AppError } from '../../lib/errors';
import { TIPO_TOKEN_CLIENTE } from '../../plugins/auth';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { ClienteIntegracaoRepository, ClienteIntegracaoRow } from './cliente.repository';

/** The caller of a machine route, as its guard found it at this request. */
export interface ClienteAutenticado {
  id: number;
  clientId: string;
  nome: string;
  orgao: string;
  limitePorMinuto: number;
  ip: string;
}

/** An OAuth 2.0 error (RFC 6749 §5.2), answered in OAuth's own shape by the token endpoint. */
export class ErroOAuth extends Error {
  constructor(readonly status: 400 | 401, readonly codigo: string, readonly descricao: string) {
    super(descricao);
  }
}

/** The form fields and Authorization header the token endpoint reads. */
export interface PedidoToken {
  grant_type?: string;
  scope?: string;
  client_id?: string;
  client_secret?: string;
  client_assertion_type?: string;
  client_assertion?: string;
  basic?: { id: string; segredo: string };
}

export interface TokenEmitido {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

const ASSERCAO_JWT = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const ALGORITMOS_ASSERCAO = ['RS256', 'PS256', 'ES256'];
const AUDIENCIA_TOKEN = 'rgp-integracao';
/** A client assertion is good for this long at most (RFC 7523 §3: a short `exp`). */
const VIDA_MAXIMA_ASSERCAO_S = 300;
/** Clock skew allowed to the client's clock; a used `jti` is kept this much past its `exp`, as long as it could pass. */
const TOLERANCIA_RELOGIO_S = 30;
/** The `jti` column's width; a longer one is refused rather than truncated. */
const TAMANHO_MAXIMO_JTI = 200;

const MENSAGEM_TOKEN_CLIENTE_INVALIDO = 'Token de cliente inválido, expirado, revogado ou substituído.';
const MENSAGEM_ESCOPO_AUSENTE = 'O cliente não tem o escopo desta operação.';

function hashSegredo(segredo: string): string {
  return createHash('sha256').update(segredo, 'utf8').digest('hex');
}

function mesmoHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function clienteDaLinha(r: ClienteIntegracaoRow): ClienteIntegracao {
  return {
    id: r.id, clientId: r.identificador, nome: r.nome, orgao: r.orgao, contato: r.contato, escopos: r.escopos,
    limitePorMinuto: r.limitePorMinuto, validoAte: r.validoAte.toISOString(), metodoAutenticacao: r.metodoAutenticacao,
    versaoCredencial: r.versaoCredencial, revogadoEm: r.revogadoEm?.toISOString() ?? null, criadoEm: r.criadoEm.toISOString(),
  };
}

/**
 * Machine clients (decision 0120): ADMIN registers, rotates and revokes them; the token endpoint runs the client
 * credentials grant; every machine route's guard reads the client's row at each request, so a rotation or a
 * revocation refuses the next call.
 */
export class ClienteIntegracaoService {
  readonly #chave: Uint8Array;

  constructor(
    private readonly repo: ClienteIntegracaoRepository,
    private readonly auditoria: AuditoriaService,
    private readonly opcoes: { jwtSecret: Uint8Array; publicUrl: string; now?: () => Date },
  ) {
    // Its own key: a session token can never pass for a client's, nor the reverse.
    this.#chave = createHmac('sha256', Buffer.from(opcoes.jwtSecret)).update('cliente-integracao').digest();
  }

  get tokenUrl(): string {
    return `${this.opcoes.publicUrl}${CAMINHO_TOKEN_CLIENTE}`;
  }

  private agora(): Date {
    return this.opcoes.now?.() ?? new Date();
  }

  async listar(): Promise<ClienteIntegracao[]> {
    return (await this.repo.listar()).map(clienteDaLinha);
  }

  async cadastrar(ator: AuthContext, c: ClienteIntegracaoCriacao): Promise<CredencialCliente> {
    const validoAte = new Date(`${c.validoAte}T23:59:59-03:00`);
    if (Number.isNaN(validoAte.getTime()) || validoAte <= this.agora()) throw erroDeCampo('validoAte', MENSAGENS_INTEGRACAO.validadeNoPassado);
    const credencial = await this.novaCredencial(c.metodoAutenticacao, c.chavePublica ?? null);
    const row = await this.repo.criar({
      identificador: `rgp-${randomBytes(12).toString('base64url')}`,
      nome: c.nome, orgao: c.orgao, contato: c.contato, escopos: [...new Set(c.escopos)], limitePorMinuto: c.limitePorMinuto,
      validoAte, metodoAutenticacao: c.metodoAutenticacao, segredoHash: credencial.segredoHash, chavePublica: credencial.chavePublica,
      cpfCriador: ator.cpf,
    });
    await this.auditoria.registrar({
      acao: 'CLIENTE_INTEGRACAO_CADASTRADO', ...doAtor(ator), recurso: 'cliente-integracao', recursoId: row.id,
      detalhes: { nome: row.nome, orgao: row.orgao, escopos: row.escopos },
    });
    return this.credencialDe(row, credencial.segredo);
  }

  async rotacionar(ator: AuthContext, id: number, r: RotacaoCredencial): Promise<CredencialCliente> {
    const atual = await this.exigir(id);
    if (atual.revogadoEm) throw AppError.recusa(CodigoErro.CLIENTE_REVOGADO, MENSAGENS_INTEGRACAO.clienteRevogado);
    const credencial = await this.novaCredencial(atual.metodoAutenticacao as MetodoAutenticacaoCliente, r.chavePublica ?? atual.chavePublica);
    const row = await this.repo.trocarCredencial(id, { segredoHash: credencial.segredoHash, chavePublica: credencial.chavePublica });
    if (!row) throw AppError.recusa(CodigoErro.CLIENTE_REVOGADO, MENSAGENS_INTEGRACAO.clienteRevogado);
    await this.auditoria.registrar({
      acao: 'CLIENTE_INTEGRACAO_CREDENCIAL_TROCADA', ...doAtor(ator), recurso: 'cliente-integracao', recursoId: id,
      detalhes: { versaoCredencial: row.versaoCredencial },
    });
    return this.credencialDe(row, credencial.segredo);
  }

  async revogar(ator: AuthContext, id: number): Promise<ClienteIntegracao> {
    await this.exigir(id);
    const row = (await this.repo.revogar(id))!;
    await this.auditoria.registrar({ acao: 'CLIENTE_INTEGRACAO_REVOGADO', ...doAtor(ator), recurso: 'cliente-integracao', recursoId: id });
    return clienteDaLinha(row);
  }

  /** The client credentials grant (RFC 6749 §4.4) with `client_secret_basic`, `client_secret_post` or `private_key_jwt`. */
  async emitirToken(p: PedidoToken): Promise<TokenEmitido> {
    if (p.grant_type !== 'client_credentials') {
      throw new ErroOAuth(400, 'unsupported_grant_type', 'Apenas grant_type=client_credentials é aceito.');
    }
    const cliente = await this.autenticarCliente(p);
    const pedidos = p.scope?.trim() ? p.scope.trim().split(/\s+/) : cliente.escopos;
    const fora = pedidos.filter((e) => !cliente.escopos.includes(e));
    if (fora.length > 0) throw new ErroOAuth(400, 'invalid_scope', `Escopo não concedido a este cliente: ${fora.join(' ')}.`);
    const escopo = [...new Set(pedidos)].join(' ');
    const access_token = await new SignJWT({ scope: escopo, cid: cliente.id, ver: cliente.versaoCredencial })
      .setProtectedHeader({ alg: 'HS256', typ: TIPO_TOKEN_CLIENTE })
      .setIssuer(this.opcoes.publicUrl).setAudience(AUDIENCIA_TOKEN).setSubject(cliente.identificador)
      .setIssuedAt(Math.floor(this.agora().getTime() / 1000))
      .setExpirationTime(Math.floor(this.agora().getTime() / 1000) + DURACAO_TOKEN_CLIENTE_S)
      .setJti(randomBytes(12).toString('base64url'))
      .sign(this.#chave);
    await this.auditoria.registrar({
      acao: 'CLIENTE_INTEGRACAO_TOKEN', recurso: 'cliente-integracao', recursoId: cliente.id, orgaoAtor: cliente.orgao.slice(0, 20),
      detalhes: { clientId: cliente.identificador, escopo },
    });
    return { access_token, token_type: 'Bearer', expires_in: DURACAO_TOKEN_CLIENTE_S, scope: escopo };
  }

  /**
   * The guard of a machine route: 401 for a token that is not a live client's (expired, revoked, rotated, past the
   * client's validity), 403 for a client without the route's scope, both at this very request.
   */
  async autenticar(token: string | undefined, escopo: EscopoCliente, ip: string, rota: string): Promise<ClienteAutenticado> {
    const naoAutenticado = () => AppError.unauthorized(MENSAGEM_TOKEN_CLIENTE_INVALIDO);
    if (!token) throw naoAutenticado();
    let claims: { cid?: unknown; ver?: unknown; scope?: unknown };
    try {
      const { payload } = await jwtVerify(token, this.#chave, {
        algorithms: ['HS256'], typ: TIPO_TOKEN_CLIENTE, audience: AUDIENCIA_TOKEN, issuer: this.opcoes.publicUrl, currentDate: this.agora(),
      });
      claims = payload as typeof claims;
    } catch {
      throw naoAutenticado();
    }
    const row = typeof claims.cid === 'number' ? await this.repo.porId(claims.cid) : undefined;
    if (!row || row.revogadoEm || row.validoAte <= this.agora() || row.versaoCredencial !== claims.ver) throw naoAutenticado();
    const noToken = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    if (!row.escopos.includes(escopo) || !noToken.includes(escopo)) {
      await this.auditoria.tentarRegistrar({
        acao: 'AUTORIZACAO_RECUSADA', recurso: rota, recursoId: row.id, orgaoAtor: row.orgao.slice(0, 20), ip, sucesso: false,
        detalhes: { motivo: 'escopo', clientId: row.identificador, escopo },
      });
      throw AppError.forbidden(MENSAGEM_ESCOPO_AUSENTE);
    }
    return { id: row.id, clientId: row.identificador, nome: row.nome, orgao: row.orgao, limitePorMinuto: row.limitePorMinuto, ip };
  }

  private async autenticarCliente(p: PedidoToken): Promise<ClienteIntegracaoRow> {
    const invalido = (status: 400 | 401 = 401) => new ErroOAuth(status, 'invalid_client', 'Cliente desconhecido ou credencial inválida.');
    if (p.client_assertion_type !== undefined || p.client_assertion !== undefined) {
      if (p.client_assertion_type !== ASSERCAO_JWT || !p.client_assertion) throw invalido(400);
      return this.porAssercao(p.client_assertion, p.client_id);
    }
    const id = p.basic?.id ?? p.client_id;
    const segredo = p.basic?.segredo ?? p.client_secret;
    if (!id || !segredo) throw invalido();
    const row = await this.repo.porIdentificador(id);
    if (!row || !row.segredoHash || !mesmoHash(row.segredoHash, hashSegredo(segredo)) || !this.vigente(row)) throw invalido();
    return row;
  }

  /** RFC 7523 §2.2 and §3: `iss` = `sub` = client_id, `aud` the token endpoint, a short `exp`. */
  private async porAssercao(assercao: string, clientId: string | undefined): Promise<ClienteIntegracaoRow> {
    const invalido = () => new ErroOAuth(401, 'invalid_client', 'Asserção do cliente inválida.');
    let alg: string | undefined;
    let sub: string | undefined;
    let jti = '';
    let expiraEm = new Date(0);
    try {
      alg = decodeProtectedHeader(assercao).alg;
      sub = JSON.parse(Buffer.from(assercao.split('.')[1] ?? '', 'base64url').toString('utf8')).sub as string | undefined;
    } catch {
      throw invalido();
    }
    if (!alg || !ALGORITMOS_ASSERCAO.includes(alg) || !sub || (clientId !== undefined && clientId !== sub)) throw invalido();
    const row = await this.repo.porIdentificador(sub);
    if (!row || !row.chavePublica || row.metodoAutenticacao !== MetodoAutenticacaoCliente.CHAVE_PRIVADA || !this.vigente(row)) throw invalido();
    try {
      const chave = await importJWK(row.chavePublica as JWK, alg);
      const { payload } = await jwtVerify(assercao, chave, {
        algorithms: [alg], issuer: sub, subject: sub, audience: this.tokenUrl, currentDate: this.agora(), requiredClaims: ['exp', 'jti'],
        // maxTokenAge requires iat and refuses one in the future, so an assertion lives at most its limit from now.
        maxTokenAge: VIDA_MAXIMA_ASSERCAO_S, clockTolerance: TOLERANCIA_RELOGIO_S,
      });
      const agora = Math.floor(this.agora().getTime() / 1000);
      if (payload.exp! - payload.iat! > VIDA_MAXIMA_ASSERCAO_S || payload.exp! - agora > VIDA_MAXIMA_ASSERCAO_S + TOLERANCIA_RELOGIO_S) throw invalido();
      jti = payload.jti!;
      expiraEm = new Date((payload.exp! + TOLERANCIA_RELOGIO_S) * 1000);
    } catch {
      throw invalido();
    }
    // Only a verified assertion is remembered, so forged ones cannot fill the table (decision 0124).
    if (jti.length === 0 || jti.length > TAMANHO_MAXIMO_JTI || !(await this.repo.usarAssercao(row.id, jti, expiraEm, this.agora()))) {
      throw new ErroOAuth(401, 'invalid_client', 'Asserção do cliente já usada: gere outra com um novo jti.');
    }
    return row;
  }

  private vigente(row: ClienteIntegracaoRow): boolean {
    return !row.revogadoEm && row.validoAte > this.agora();
  }

  private async exigir(id: number): Promise<ClienteIntegracaoRow> {
    const row = await this.repo.porId(id);
    if (!row) throw AppError.notFound(MENSAGENS_INTEGRACAO.clienteNaoEncontrado);
    return row;
  }

  private async novaCredencial(
    metodo: MetodoAutenticacaoCliente, chavePublica: unknown,
  ): Promise<{ segredo: string | null; segredoHash: string | null; chavePublica: unknown }> {
    if (metodo === MetodoAutenticacaoCliente.CHAVE_PRIVADA) {
      try {
        await importJWK(chavePublica as JWK, (chavePublica as { kty?: string }).kty === 'EC' ? 'ES256' : 'RS256');
      } catch {
        throw erroDeCampo('chavePublica', MENSAGENS_INTEGRACAO.chavePublicaInvalida);
      }
      return { segredo: null, segredoHash: null, chavePublica };
    }
    const segredo = randomBytes(32).toString('base64url');
    return { segredo, segredoHash: hashSegredo(segredo), chavePublica: null };
  }

  private credencialDe(row: ClienteIntegracaoRow, segredo: string | null): CredencialCliente {
    return { cliente: clienteDaLinha(row), clientId: row.identificador, clientSecret: segredo, tokenUrl: this.tokenUrl };
  }
}
