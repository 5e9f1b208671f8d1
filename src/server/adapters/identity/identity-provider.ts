import * as client from 'openid-client';

export interface IdentityProvider {
  authorizationUrl(p: { state: string; nonce: string; codeVerifier: string }): Promise<string>;
  exchange(p: { code: string; state: string; nonce: string; codeVerifier: string }): Promise<IdentityClaims>;
  logoutUrl(p: { idTokenHint?: string | null }): Promise<string>;
}

export interface IdentityClaims {
  cpf: string;
  nome: string;
  email: string | null;
  foto: string | null;
  idToken: string | null;
}

export const GOVBR_SCOPES = 'openid email profile govbr_confiabilidades';

interface OidcOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** For the built-in provider: requests go to the same process, without a network. */
  fetch?: client.CustomFetch;
}

/** Authorization code flow with PKCE, state and nonce. Discovery on first use, so the server boots before the provider answers. */
export class OidcIdentityProvider implements IdentityProvider {
  private config: Promise<client.Configuration> | undefined;

  constructor(private readonly opts: OidcOptions) {}

  private configuration(): Promise<client.Configuration> {
    if (!this.config) {
      const insecure = new URL(this.opts.issuer).protocol === 'http:';
      const options: client.DiscoveryRequestOptions = {};
      if (this.opts.fetch) options[client.customFetch] = this.opts.fetch;
      if (insecure) options.execute = [client.allowInsecureRequests];
      this.config = client
        .discovery(new URL(this.opts.issuer), this.opts.clientId, this.opts.clientSecret, undefined, options)
        .catch((err: unknown) => {
          this.config = undefined;
          throw err;
        });
    }
    return this.config;
  }

  async authorizationUrl(p: { state: string; nonce: string; codeVerifier: string }): Promise<string> {
    const config = await this.configuration();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.opts.redirectUri,
      scope: GOVBR_SCOPES,
      code_challenge: await client.calculatePKCECodeChallenge(p.codeVerifier),
      code_challenge_method: 'S256',
      state: p.state,
      nonce: p.nonce,
    });
    return url.href;
  }

  async exchange(p: { code: string; state: string; nonce: string; codeVerifier: string }): Promise<IdentityClaims> {
    const config = await this.configuration();
    const callback = new URL(this.opts.redirectUri);
    callback.searchParams.set('code', p.code);
    callback.searchParams.set('state', p.state);
    // RFC 9207: a provider that announces `iss` must have it echoed back; with one configured provider there is no
    // mix-up to defend against.
    const metadata = config.serverMetadata();
    if (metadata.authorization_response_iss_parameter_supported) callback.searchParams.set('iss', metadata.issuer);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: p.codeVerifier,
      expectedState: p.state,
      expectedNonce: p.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('identity provider answered without an id_token');
    let info: Record<string, unknown> = claims;
    if (tokens.access_token) {
      try {
        info = { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) };
      } catch {
        // The id_token already holds what sign-in needs; userinfo only adds the name, e-mail and photo.
      }
    }
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    return {
      cpf: claims.sub,
      nome: str(info.name) ?? str(info.social_name) ?? '',
      email: str(info.email),
      foto: str(info.picture),
      idToken: tokens.id_token ?? null,
    };
  }

  async logoutUrl(p: { idTokenHint?: string | null }): Promise<string> {
    const config = await this.configuration();
    const params: Record<string, string> = { post_logout_redirect_uri: this.opts.postLogoutRedirectUri };
    if (p.idTokenHint) params.id_token_hint = p.idTokenHint;
    try {
      return client.buildEndSessionUrl(config, params).href;
    } catch {
      // A provider without an end-session endpoint: the product's own logout is enough.
      return this.opts.postLogoutRedirectUri;
    }
  }
}
