import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { CustomFetch } from 'openid-client';
import { isValidCpf, onlyDigits } from '../../../shared/cpf';
import { sobDemanda } from '../../lib/sob-demanda';

/**
 * The development identity provider: a real OpenID Connect provider under /dev-idp, standing in for gov.br when no
 * OIDC_* is set; its page asks for a CPF and no password. Scripts and tests rely on its one form with an input `cpf`.
 */
export const DEV_IDP_PREFIX = '/dev-idp';
export const DEV_IDP_CLIENT_ID = 'rgp-dev';

export interface DevIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface DevIdpOptions {
  publicUrl: string;
  findName(cpf: string): Promise<string | null>;
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – Provedor de identidade de desenvolvimento</title>
<link rel="stylesheet" href="${DEV_IDP_PREFIX}/assets/idp.css">
</head>
<body>
<main>
<p class="aviso">Ambiente de desenvolvimento: este provedor substitui o gov.br e não pede senha.</p>
${body}
</main>
</body>
</html>`;
}

const CSS = `body{font-family:Raleway,Arial,sans-serif;margin:0;background:#f8f8f8;color:#1b1b1b}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:4px;box-shadow:0 1px 4px rgba(0,0,0,.2)}
h1{font-size:1.5rem;color:#1351b4}label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{font-size:1rem;padding:.5rem;width:100%;box-sizing:border-box;border:1px solid #888;border-radius:4px}
input:focus,button:focus{outline:3px solid #c2850c;outline-offset:2px}
button{margin-top:1rem;font-size:1rem;padding:.6rem 1.5rem;background:#1351b4;color:#fff;border:0;border-radius:2rem;cursor:pointer;min-height:2.5rem}
.erro{color:#b3261e;font-weight:600}.aviso{font-size:.875rem;background:#fff5c2;padding:.5rem;border-radius:4px}
.dica{font-size:.875rem;color:#555}`;

const LOGOUT_JS = `document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('op.logoutForm');if(f){f.submit();}});`;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loginForm(uid: string, cpf: string, erro: string | null): string {
  const invalid = erro ? ' aria-invalid="true" aria-describedby="cpf-erro"' : '';
  return page(
    'Entrar',
    `<h1>Entrar com gov.br (desenvolvimento)</h1>
<form method="post" action="${DEV_IDP_PREFIX}/interaction/${escapeHtml(uid)}" novalidate>
<label for="cpf">CPF</label>
<input id="cpf" name="cpf" type="text" inputmode="numeric" autocomplete="username" value="${escapeHtml(cpf)}"${invalid} required autofocus>
${erro ? `<p id="cpf-erro" class="erro" role="alert">${escapeHtml(erro)}</p>` : ''}
<label for="nome">Nome (opcional, para um CPF novo)</label>
<input id="nome" name="nome" type="text" autocomplete="name" maxlength="120">
<p class="dica">Contas de demonstração estão listadas no README do projeto.</p>
<button type="submit">Entrar</button>
</form>`,
  );
}

function defaultName(cpf: string): string {
  return `PESSOA DE TESTE ${cpf.slice(0, 3)}`;
}

export async function registerDevIdp(app: FastifyInstance, opts: DevIdpOptions): Promise<DevIdp> {
  const issuer = `${opts.publicUrl}${DEV_IDP_PREFIX}`;
  const clientSecret = crypto.randomBytes(32).toString('hex');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), use: 'sig', alg: 'RS256', kid: crypto.randomUUID() };
  const names = new Map<string, string>();

  const configuration: Configuration = {
    clients: [
      {
        client_id: DEV_IDP_CLIENT_ID,
        client_secret: clientSecret,
        client_name: 'RGP',
        redirect_uris: [`${opts.publicUrl}/login`],
        post_logout_redirect_uris: [`${opts.publicUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', 'govbr_confiabilidades'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
      govbr_confiabilidades: [],
    },
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          const autoForm = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
          ctx.body = page(
            'Sair',
            `<h1>Saindo…</h1>${autoForm}<button type="submit" form="op.logoutForm">Sair</button>
<script src="${DEV_IDP_PREFIX}/assets/logout.js"></script>`,
          );
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.body = page('Sessão encerrada', `<h1>Sessão encerrada</h1><p><a href="${opts.publicUrl}/">Voltar ao RGP</a></p>`);
        },
      },
    },
    interactions: {
      url: (_ctx, interaction) => `${DEV_IDP_PREFIX}/interaction/${interaction.uid}`,
    },
    // First-party client: consent is implied, as with gov.br for a registered service.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile govbr_confiabilidades');
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        name: names.get(id) ?? (await opts.findName(id)) ?? defaultName(id),
        email: `${id}@dev.rgp.local`,
        email_verified: true,
        picture: null,
      }),
    }),
    ttl: { Session: 3600, Interaction: 600, Grant: 3600, AccessToken: 600, AuthorizationCode: 120, IdToken: 600 },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('Erro', `<h1>Erro na autenticação</h1><p class="erro">${escapeHtml(String(out.error_description ?? out.error))}</p>`);
    },
  };

  // oidc-provider and its Koa stack (about 45 MB resident) load on the first request to /dev-idp: a server no one
  // signs in to does not carry them (lib/sob-demanda.ts).
  const obterProvider = sobDemanda(async () => {
    const { default: Provider } = await import('oidc-provider');
    const provider = new Provider(issuer, configuration);
    provider.proxy = true;
    return provider;
  });

  async function toProvider(req: FastifyRequest, reply: FastifyReply) {
    const provider = await obterProvider();
    reply.hijack();
    // Mounted under a prefix: the provider finds its mount path from originalUrl, as behind express.
    const raw = req.raw as typeof req.raw & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = raw.url!.slice(DEV_IDP_PREFIX.length) || '/';
    provider.callback()(req.raw, reply.raw);
  }

  await app.register(async (scope) => {
    // The provider reads its own request bodies: leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.route({ method: ['GET', 'POST', 'DELETE', 'PUT', 'OPTIONS'], url: `${DEV_IDP_PREFIX}/*`, handler: toProvider, schema: { hide: true } });
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    scope.get(`${DEV_IDP_PREFIX}/assets/idp.css`, { schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/css; charset=utf-8').send(CSS));
    scope.get(`${DEV_IDP_PREFIX}/assets/logout.js`, { schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/javascript; charset=utf-8').send(LOGOUT_JS));

    scope.get<{ Params: { uid: string } }>(`${DEV_IDP_PREFIX}/interaction/:uid`, { schema: { hide: true } }, async (req, reply) => {
      const provider = await obterProvider();
      try {
        const details = await provider.interactionDetails(req.raw, reply.raw);
        return reply.type('text/html; charset=utf-8').send(loginForm(details.uid, '', null));
      } catch {
        return reply.status(400).type('text/html; charset=utf-8')
          .send(page('Erro', `<h1>Sessão de login expirada</h1><p><a href="${opts.publicUrl}/">Voltar ao RGP e entrar de novo</a></p>`));
      }
    });

    scope.post<{ Params: { uid: string }; Body: { cpf?: string; nome?: string } }>(
      `${DEV_IDP_PREFIX}/interaction/:uid`,
      { schema: { hide: true } },
      async (req, reply) => {
        const provider = await obterProvider();
        let details;
        try {
          details = await provider.interactionDetails(req.raw, reply.raw);
        } catch {
          return reply.status(400).type('text/html; charset=utf-8')
            .send(page('Erro', `<h1>Sessão de login expirada</h1><p><a href="${opts.publicUrl}/">Voltar ao RGP e entrar de novo</a></p>`));
        }
        const typed = String(req.body?.cpf ?? '');
        const cpf = onlyDigits(typed);
        if (!isValidCpf(cpf)) {
          const erro = typed.trim() ? 'CPF inválido. Confira os números digitados.' : 'Informe o CPF.';
          return reply.status(400).type('text/html; charset=utf-8').send(loginForm(details.uid, typed, erro));
        }
        const nome = String(req.body?.nome ?? '').trim().toUpperCase().slice(0, 120);
        if (nome) names.set(cpf, nome);
        reply.hijack();
        await provider.interactionFinished(req.raw, reply.raw, { login: { accountId: cpf } }, { mergeWithLastSubmission: false });
      },
    );
  });

  app.log.info({ issuer }, 'development identity provider enabled (no OIDC_ISSUER set)');
  return { issuer, clientId: DEV_IDP_CLIENT_ID, clientSecret };
}

/** Serves the provider's addresses from this process (app.inject), so the server talks OIDC to itself before it listens. */
export function injectFetch(app: FastifyInstance, publicUrl: string): CustomFetch {
  const origin = new URL(publicUrl).origin;
  return async (url, options) => {
    const target = new URL(url);
    if (target.origin !== origin) return fetch(url, options as RequestInit);
    const headers: Record<string, string> = {};
    new Headers(options.headers as HeadersInit).forEach((v, k) => {
      headers[k] = v;
    });
    headers.host = target.host;
    headers['x-forwarded-proto'] = target.protocol.replace(':', '');
    const body = options.body;
    const res = await app.inject({
      method: (options.method ?? 'GET') as 'GET',
      url: target.pathname + target.search,
      headers,
      payload: body === undefined || body === null ? undefined : typeof body === 'string' ? body : body instanceof URLSearchParams ? body.toString() : Buffer.from(body as ArrayBuffer),
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined) continue;
      if (Array.isArray(v)) v.forEach((x) => out.append(k, String(x)));
      else out.set(k, String(v));
    }
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: out });
  };
}
