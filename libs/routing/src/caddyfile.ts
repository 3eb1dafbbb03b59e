import { type BodyLimits, bodyLimits } from './body-limits';
import { edgeErrorBody } from './edge-errors';
import { CORS_POLICY, HSTS, IDENTITY_CHECK, STRIPPED_REQUEST_HEADERS } from './edge-policy';
import { type AppName, APPS, ROUTES, type Route } from './route-table';

/**
 * The local edge: a Caddyfile generated from the route table (libs/routing), so the local proxy and the cluster's
 * Gateway API routes come from one source. Caddy answers on HTTP (for curl) and, when asked, HTTPS with its own
 * local certificate authority; it checks the builder's callers with the identity endpoint, writes the client
 * address into X-Forwarded-For itself, passes on or makes the request id, refuses oversized bodies in the owning
 * service's error body, answers CORS for the console origins, and logs one JSON line per request with secrets
 * replaced by fingerprints.
 */
export interface EdgeConfig {
  /** Where each app answers: host:port, one per replica. Apps left out lead to a 502 in their error body. */
  upstreams: Partial<Record<AppName, string[]>>;
  /** The address to listen on (127.0.0.1 locally, 0.0.0.0 in a container). */
  bind: string;
  httpPort: number;
  /** HTTPS with the local certificate authority, for this host name; none when absent. */
  https?: { port: number; host: string };
  /** Caddy's storage: the local certificate authority (pki/authorities/local/root.crt) and its certificates. */
  storageDir: string;
  /** Where the access log goes: a file, or stdout. */
  accessLog: string;
  /** Console origins allowed by CORS (scheme://host[:port]). */
  corsOrigins: string[];
  bodyLimits?: BodyLimits;
  /** Health checks of each upstream (readiness), so a replica that is down or draining gets no requests. */
  healthChecks?: boolean;
  /** The rendered API reference (`npm run docs:reference`), served at /docs; not served when absent. */
  referenceDir?: string;
}

/** Where the edge serves the rendered API reference (a path no app's route starts with). */
export const REFERENCE_PATH = '/docs';

/** The API reference as static files, at REFERENCE_PATH/ (REFERENCE_PATH itself redirects there). */
function referenceBlock(dir: string): string[] {
  return [
    `redir ${REFERENCE_PATH} ${REFERENCE_PATH}/ 308`,
    `handle_path ${REFERENCE_PATH}/* {`,
    `	root * ${raw(dir)}`,
    '	header Cache-Control "no-cache"',
    '	file_server',
    '}',
  ];
}

/**
 * What the edge's health checks ask each app: whether the replica takes requests. Race content's is /v1/ping
 * (`ping`), which answers 503 only while the replica shuts down: its deep ping waits on the document store, which under
 * load (FerretDB locally) answers slower than the check's timeout and took healthy replicas out in the soak; a store
 * that is down fails both replicas alike, and each answers that itself (503 SERVICE_UNAVAILABLE).
 */
const READINESS: Record<AppName, string> = {
  'recruiting-api': '/health/ready',
  'survey-builder-api': '/health/ready',
  'race-content-api': '/v1/ping',
  'ai-webhook': '/health/ready',
  'article-worker': '/health/ready',
  'blog-worker': '/health/ready',
};

/** Malformed input answers 422 in race content and the webhook (their specs), 400 elsewhere. */
const INVALID_STATUS: Partial<Record<AppName, number>> = { 'race-content-api': 422, 'ai-webhook': 422 };

const appsOf = (routes: readonly Route[]) => [...new Set(routes.map((r) => r.app))];
const matcherName = (app: AppName) => app.replace(/-/g, '_');
/** A Caddyfile token taken as it is: backticks, inside which nothing is escaped (JSON holds none). */
const raw = (text: string) => `\`${text}\``;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The body an app's own filter would write, as a Caddy response template: the request id, method, path and time
 * come from placeholders. The path is the JSON-safe one the config maps ({safe_path}).
 */
export function errorTemplate(app: AppName | undefined, status: number): string {
  return edgeErrorBody(app, status, {
    requestId: '{rid}',
    path: '{safe_path}',
    method: '{http.request.method}',
    // Caddy has no RFC 3339 placeholder before 2.11.9: recruiting's timestamp is written by a Go template (the error
    // handler runs `templates` on its own body; the only request-derived value in it, {safe_path}, is mapped to a
    // character set without braces or quotes, so a client cannot inject template actions or JSON).
    time: '{{now | date "2006-01-02T15:04:05.000Z07:00"}}',
  });
}

/** `path` matcher values of an app: each prefix itself and everything below it (segment-wise). */
function pathsOf(app: AppName, routes: readonly Route[]): string {
  return routes
    .filter((r) => r.app === app)
    .flatMap((r) => [r.prefix, `${r.prefix}/*`])
    .join(' ');
}

function indent(lines: string, depth: number): string {
  const pad = '\t'.repeat(depth);
  return lines
    .split('\n')
    .map((line) => (line ? pad + line : line))
    .join('\n');
}

/**
 * How the edge picks among an app's replicas, for its requests and for the identity check alike: round robin; a
 * request whose connection a replica refuses is tried on the next one (any method: nothing was sent). No passive
 * failure counting: Caddy would count a body the edge refused (413) as the upstream's failure and take a healthy
 * replica out. Active health checks take out a replica that is down or shutting down (its readiness answers 503).
 */
function replicaOptions(app: AppName, config: EdgeConfig): string[] {
  return [
    '\tlb_policy round_robin',
    '\tlb_retries 2',
    '\tlb_try_duration 5s',
    '\tlb_try_interval 100ms',
    ...(config.healthChecks
      ? [`\thealth_uri ${READINESS[app]}`, '\thealth_interval 2s', '\thealth_timeout 1500ms', '\thealth_status 200']
      : []),
    '\ttransport http {',
    '\t\tdial_timeout 2s',
    '\t}',
  ];
}

function upstreamBlock(app: AppName, config: EdgeConfig): string {
  const targets = config.upstreams[app] ?? [];
  if (targets.length === 0) return `error 502`;
  return [`reverse_proxy ${targets.join(' ')} {`, ...replicaOptions(app, config), '}'].join('\n');
}

/** A matcher condition that holds when the request declares a body longer than `bytes` (Content-Length). */
const declaresMoreThan = (bytes: number) =>
  `expression {http.request.header.Content-Length} != "" && int({http.request.header.Content-Length}) > ${bytes}`;

/**
 * The app's body limits. A body whose Content-Length is over the limit is refused before anything reaches the app
 * (the app would refuse it by that header at once and close the connection while the edge was still sending, and the
 * client would then see a 502); a body without one (chunked) is cut at the limit by request_body, which the app never
 * sees exceeded, so the edge's 413 is always the one answered.
 */
function bodyLimitBlock(app: AppName, limits: BodyLimits): string {
  const listed = limits.routes.filter((u) => u.app === app);
  const fallback = limits.defaults[app];
  const id = matcherName(app);
  const lines: string[] = [];
  listed.forEach((limited, i) => {
    const route = [`\tmethod ${limited.method}`, `\tpath_regexp ${limited.path}`];
    lines.push(
      `@limited_${id}_${i} {`,
      ...route,
      '}',
      `@limited_${id}_${i}_too_large {`,
      ...route,
      `\t${declaresMoreThan(limited.bytes)}`,
      '}',
    );
    lines.push(`error @limited_${id}_${i}_too_large 413`, `request_body @limited_${id}_${i} {`, `\tmax_size ${limited.bytes}`, '}');
  });
  if (fallback !== undefined) {
    // Every other request of the app (NOT route 1 AND NOT route 2 ...: the sets of one `not` are OR'ed).
    const others = listed.flatMap((limited) => ['\tnot {', `\t\tmethod ${limited.method}`, `\t\tpath_regexp ${limited.path}`, '\t}']);
    lines.push(`@regular_${id}_too_large {`, ...others, `\t${declaresMoreThan(fallback)}`, '}', `error @regular_${id}_too_large 413`);
    if (listed.length) lines.push(`@regular_${id} {`, ...others, '}', `request_body @regular_${id} {`);
    else lines.push('request_body {');
    lines.push(`\tmax_size ${fallback}`, '}');
  }
  return lines.join('\n');
}

function appBlock(app: AppName, config: EdgeConfig, limits: BodyLimits): string {
  const identity = IDENTITY_CHECK.protectedApps.includes(app);
  const checker = config.upstreams[IDENTITY_CHECK.app] ?? [];
  const lines = [bodyLimitBlock(app, limits)];
  if (identity) {
    lines.push(
      // The builder's callers are who a platform access token says (issue 19); the identity endpoint answers 200 with
      // the headers to set, or a refusal the client gets as it is.
      checker.length
        ? [
            `forward_auth ${checker.join(' ')} {`,
            `\turi ${IDENTITY_CHECK.path}{http.request.uri.path}`,
            `\tcopy_headers ${IDENTITY_CHECK.identityHeaders.map(headerCase).join(' ')}`,
            ...replicaOptions(IDENTITY_CHECK.app, config),
            '}',
          ].join('\n')
        : 'error 502',
    );
  }
  lines.push(upstreamBlock(app, config));
  // `route` keeps the written order (Caddy would otherwise sort forward_auth before error): a body declared too large
  // is refused at once, before the identity check is asked, so a client waiting for 100-continue never sends it.
  const routed = ['route {', indent(lines.join('\n'), 1), '}'].join('\n');
  return [`handle @${matcherName(app)} {`, indent(routed, 1), '}'].join('\n');
}

const headerCase = (name: string) => name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

/** The statuses the edge answers itself, each in the owning service's error body. */
const EDGE_STATUSES = [400, 404, 413, 422, 502, 503, 504];

function errorBlocks(apps: AppName[], https: boolean): string {
  const common = [
    'header Content-Type "application/json; charset=utf-8"',
    'header X-Request-Id {rid}',
    ...(https ? [`header Strict-Transport-Security ${raw(HSTS)}`] : []),
    ...corsHeaders(),
  ];
  const block = (statuses: number[], status: number | '{err.status_code}', template: (app: AppName | undefined) => string) =>
    [
      `handle_errors ${statuses.join(' ')} {`.replace(' {', statuses.length ? ' {' : '{'),
      indent(
        [
          ...common,
          ...apps.map((app) => {
            const body = template(app);
            const timed = body.includes('{{now');
            return `handle @${matcherName(app)} {\n${timed ? '\ttemplates {\n\t\tmime application/json\n\t}\n' : ''}\trespond ${raw(body)} ${status}\n}`;
          }),
          `handle {\n\trespond ${raw(template(undefined))} ${status}\n}`,
        ].join('\n'),
        1,
      ),
      '}',
    ].join('\n');
  return [
    ...EDGE_STATUSES.map((status) => block([status], status, (app) => errorTemplate(app, status))),
    // Anything else the edge itself fails with (it should not happen): the service's body, the status kept.
    block([], '{err.status_code}', (app) => errorTemplate(app, 502).replace('"BAD_GATEWAY"', '"EDGE_ERROR"')),
  ].join('\n');
}

/** Query keys whose values the access log replaces (the app logs fingerprints of the same). */
const SECRET_QUERY = '(?:code|state|token|access_token|refresh_token|refreshToken|id_token)';

function accessLog(config: EdgeConfig): string {
  const output = config.accessLog === 'stdout' ? 'output stdout' : `output file ${config.accessLog} {\n\t\troll_disabled\n\t}`;
  return [
    '# A scheduling token or a login code in the URL is logged as a fingerprint (the first 4 bytes of its SHA-256,',
    '# as recruiting-api logs it), so one candidate can be followed without the secret being in the log.',
    '@scheduling_api path_regexp tok ^/api/v1/scheduling/([^/]+)',
    '@scheduling_page path_regexp tok ^/schedule/([^/]+)',
    'log_append @scheduling_api token_fp {re.tok.1}',
    'log_append @scheduling_page token_fp {re.tok.1}',
    '@login_callback query code=*',
    'log_append @login_callback code_fp {http.request.uri.query.code}',
    'log_append request_id {rid}',
    'log {',
    `\t${output}`,
    '\tformat filter {',
    '\t\twrap json',
    '\t\tfields {',
    `\t\t\trequest>uri regexp ([?&]${SECRET_QUERY}=)[^&#]* \${1}[redacted]`,
    '\t\t\trequest>uri regexp ^/api/v1/scheduling/[^/?]+ /api/v1/scheduling/[token]',
    '\t\t\trequest>uri regexp ^/schedule/[^/?]+ /schedule/[token]',
    '\t\t\ttoken_fp hash',
    '\t\t\tcode_fp hash',
    '\t\t\trequest>headers>Referer delete',
    '\t\t\trequest>headers>X-Api-Key delete',
    '\t\t\tresp_headers>Location delete',
    '\t\t}',
    '\t}',
    '}',
  ].join('\n');
}

/** The site-level matcher of the console origins allowed by CORS. */
function corsMatcher(origins: string[]): string {
  // An empty list matches nothing (no origin is the empty string).
  const allowed = origins.length ? `^(${origins.map(escapeRegex).join('|')})$` : '^$';
  return `@cors_allowed header_regexp Origin ${raw(allowed)}`;
}

/** The CORS headers of every answer to a listed origin, errors included. */
function corsHeaders(): string[] {
  return [
    'header @cors_allowed {',
    '\tAccess-Control-Allow-Origin {http.request.header.Origin}',
    `\tAccess-Control-Expose-Headers ${raw(CORS_POLICY.exposeHeaders.map(headerCase).join(', '))}`,
    '}',
    'header +Vary Origin',
  ];
}

/** The Caddyfile of the edge. */
export function renderCaddyfile(config: EdgeConfig, routes: readonly Route[] = ROUTES): string {
  const apps = appsOf(routes);
  const limits = config.bodyLimits ?? bodyLimits();
  const site = (https: boolean) =>
    [
      // Headers no client may set: the identity headers (the edge sets them from the check) and forwarding headers.
      ...STRIPPED_REQUEST_HEADERS.map((name) => `request_header -${headerCase(name)}`),
      // The request id: the client's when well formed, else a new one; passed on, answered, logged.
      'map {http.request.header.X-Request-Id} {rid} {',
      '\t~^([A-Za-z0-9._:-]{1,128})$ "${1}"',
      '\tdefault {http.request.uuid}',
      '}',
      'request_header X-Request-Id {rid}',
      // The path as the edge's own error bodies show it: the request's escaped path when it is made only of characters
      // that need no JSON escaping and start no template action (no quotes, backslashes or braces), else "/". A
      // candidate's scheduling token is shown as [token], as the access log shows it (the first match wins).
      'map {http.request.uri} {safe_path} {',
      `\t${raw("~^/(api/v1/scheduling|schedule)/[^/?]+((/[A-Za-z0-9/._~%!$&'()*+,;=:@-]*)?)(\\?.*)?$")} "/\${1}/[token]\${2}"`,
      `\t${raw("~^([A-Za-z0-9/._~%!$&'()*+,;=:@-]*)(\\?.*)?$")} "\${1}"`,
      '\tdefault "/"',
      '}',
      ...(https ? [`header Strict-Transport-Security ${raw(HSTS)}`] : []),
      corsMatcher(config.corsOrigins),
      'header {',
      '\tdefer',
      '\tX-Request-Id {rid}',
      '}',
      ...corsHeaders(),
      accessLog(config),
      ...apps.map((app) => `@${matcherName(app)} path ${pathsOf(app, routes)}`),
      // CORS preflights are the edge's: 204 with the allowed methods and headers for a listed origin, no
      // Access-Control-Allow-Origin for any other (the browser then refuses).
      '@preflight {',
      '\tmethod OPTIONS',
      '\theader Origin *',
      '\theader Access-Control-Request-Method *',
      '}',
      'handle @preflight {',
      '\theader @cors_allowed {',
      `\t\tAccess-Control-Allow-Methods ${raw(CORS_POLICY.allowMethods.join(', '))}`,
      `\t\tAccess-Control-Allow-Headers ${raw(CORS_POLICY.allowHeaders.join(', '))}`,
      `\t\tAccess-Control-Max-Age ${CORS_POLICY.maxAgeSeconds}`,
      '\t}',
      '\trespond 204',
      '}',
      // A GET or HEAD with a body is refused here: the app would answer before reading it, which a proxy cannot
      // recover from (the old gateway did the same).
      '@bodyless_with_body {',
      '\tmethod GET HEAD',
      `\texpression {http.request.header.Content-Length} != "" && {http.request.header.Content-Length} != "0" || {http.request.header.Transfer-Encoding} != ""`,
      '}',
      'handle @bodyless_with_body {',
      ...apps.map((app) => `\terror @${matcherName(app)} ${INVALID_STATUS[app] ?? 400}`),
      '\terror 400',
      '}',
      ...apps.map((app) => appBlock(app, config, limits)),
      ...(config.referenceDir ? referenceBlock(config.referenceDir) : []),
      'handle {',
      '\terror 404',
      '}',
      errorBlocks(apps, https),
    ].join('\n');
  const global = [
    '{',
    '\tadmin off',
    '\tauto_https disable_redirects',
    '\tskip_install_trust',
    `\tstorage file_system ${config.storageDir}`,
    `\tdefault_bind ${config.bind}`,
    `\thttp_port ${config.httpPort}`,
    ...(config.https ? [`\thttps_port ${config.https.port}`] : []),
    '\tservers {',
    '\t\tprotocols h1 h2',
    '\t}',
    // Caddy's own error lines print the URI: the same secrets are replaced there.
    '\tlog default {',
    '\t\toutput stderr',
    '\t\tformat filter {',
    '\t\t\twrap json',
    '\t\t\tfields {',
    `\t\t\t\trequest>uri regexp ([?&]${SECRET_QUERY}=)[^&#]* \${1}[redacted]`,
    '\t\t\t\trequest>uri regexp ^/api/v1/scheduling/[^/?]+ /api/v1/scheduling/[token]',
    '\t\t\t\trequest>uri regexp ^/schedule/[^/?]+ /schedule/[token]',
    '\t\t\t}',
    '\t\t}',
    '\t}',
    '}',
  ].join('\n');
  const header = '# Generated from libs/routing (route table and edge policy) by the edge scripts. Do not edit.';
  const sites = [`http://:${config.httpPort} {\n${indent(site(false), 1)}\n}`];
  if (config.https) sites.push(`https://${config.https.host}:${config.https.port} {\n\ttls internal\n${indent(site(true), 1)}\n}`);
  return [header, global, ...sites].join('\n\n') + '\n';
}

/** Every app's upstream on its local port (APPS), the layout of up.sh with one replica each. */
export function localUpstreams(host = '127.0.0.1'): Partial<Record<AppName, string[]>> {
  return Object.fromEntries(
    (Object.keys(APPS) as AppName[]).filter((app) => APPS[app].http === 'api').map((app) => [app, [`${host}:${APPS[app].port}`]]),
  );
}
