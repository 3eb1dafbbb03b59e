// Local development OpenID Connect provider (oidc-provider), for tests and scripts/up.sh only: never deployed.
// Plain ES module run by `node` (oidc-provider ships ES modules only; Jest's CommonJS runtime never loads it).
// Environment: DEV_IDP_PORT (0 = any free port), DEV_IDP_HOST (127.0.0.1), DEV_IDP_CLIENTS (JSON array of
// {clientId, clientSecret, redirectUris}). Prints one line `{"issuer": ..., "port": ...}` on stdout when listening.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { URL, URLSearchParams } from 'node:url';
import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { generateKeyPair, exportJWK } from 'jose';
import Provider from 'oidc-provider';

// Development-only users and passwords (docs/getting-started.md): this provider never runs outside a developer's machine or tests.
const SEEDED_USERS = JSON.parse(readFileSync(new URL('./dev-idp-users.json', import.meta.url), 'utf8'));

const host = process.env.DEV_IDP_HOST || '127.0.0.1';
const port = Number(process.env.DEV_IDP_PORT ?? 9400);
const clients = JSON.parse(process.env.DEV_IDP_CLIENTS || '[]');

const digest = (text) => createHash('sha256').update(text).digest();
const usersByEmail = new Map(SEEDED_USERS.map((user) => [user.email, user]));
const usersBySubject = new Map(SEEDED_USERS.map((user) => [user.subject, user]));

function checkPassword(email, password) {
  const user = usersByEmail.get(String(email).trim().toLowerCase());
  if (!user) return undefined;
  return timingSafeEqual(digest(String(password)), digest(user.password)) ? user : undefined;
}

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function signInPage(uid, message) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in (development identity provider)</title></head>
<body>
<h1>Sign in</h1>
<p>Development identity provider. Seeded users are listed in docs/getting-started.md of the repository.</p>
${message ? `<p role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Email <input type="email" name="email" autocomplete="username" required autofocus></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button>
</form>
</body></html>`;
}

async function readForm(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 16_384) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function main() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') };

  const server = createServer();
  await new Promise((resolve) => server.listen(port, host, resolve));
  const issuer = `http://${host}:${server.address().port}`;

  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'RS256',
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, subject) {
      const user = usersBySubject.get(subject);
      if (!user) return undefined;
      return {
        accountId: subject,
        claims: async () => ({
          sub: subject,
          email: user.email,
          email_verified: user.emailVerified !== false,
          name: user.name,
          picture: user.picture,
        }),
      };
    },
    // Every registered client is the platform's own: the grant is given without a consent page.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html><body><h1>Error</h1><p>${escapeHtml(out.error)}</p></body></html>`;
    },
  });
  const providerCallback = provider.callback();

  server.on('request', async (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(new URL(req.url, issuer).pathname);
    if (!match) return providerCallback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== match[1]) throw new Error('interaction mismatch');
      if (req.method === 'GET' && !match[2]) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(signInPage(details.uid));
      }
      if (req.method === 'POST' && match[2]) {
        const form = await readForm(req);
        const user = checkPassword(form.get('email') ?? '', form.get('password') ?? '');
        if (!user) {
          res.writeHead(401, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
          return res.end(signInPage(details.uid, 'Unknown email or wrong password.'));
        }
        return provider.interactionFinished(req, res, { login: { accountId: user.subject } }, { mergeWithLastSubmission: false });
      }
      res.writeHead(405).end();
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('This sign-in attempt is no longer valid.');
    }
  });

  process.stdout.write(`${JSON.stringify({ issuer, port: server.address().port })}\n`);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  process.stderr.write(`[dev-idp] ${error?.stack ?? error}\n`);
  process.exit(1);
});
