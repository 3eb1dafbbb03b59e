// Renders the four committed OpenAPI documents (docs/openapi) into a static API reference with Redoc 2 (its standalone
// bundle, served beside the pages: nothing is fetched from a CDN, nothing is reported anywhere), one page per service
// reading its document from the same folder, plus an index page linking them. The local edge serves the folder at /docs (scripts/up.sh renders it); the docs image
// (docker/docs.Dockerfile) serves it in a cluster.
//   npm run docs:reference                 writes .data/reference
//   npm run docs:reference -- <folder>
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const DOCUMENTS = join(ROOT, 'docs/openapi');
const REDOC = join(ROOT, 'node_modules/redoc/bundles/redoc.standalone.js');

interface Rendered {
  app: string;
  title: string;
  summary: string;
  version: string;
  tags: string[];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function render(app: string, out: string): Rendered {
  const document = JSON.parse(readFileSync(join(DOCUMENTS, `${app}.json`), 'utf8')) as {
    info: { title: string; description?: string; version: string };
    tags?: Array<{ name: string }>;
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  writeFileSync(join(out, `${app}.html`), servicePage(app, document.info.title));
  const tags = new Set(document.tags?.map((tag) => tag.name));
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item)) operation.tags?.forEach((t) => tags.add(t));
  return {
    app,
    title: document.info.title,
    summary: (document.info.description ?? '').split('\n')[0],
    version: document.info.version,
    tags: [...tags],
  };
}

/**
 * Redoc's bundle as served: the one address it fetches from another origin, the logo beside its "API docs by Redocly"
 * link (cdn.redoc.ly), points at nothing, so the reference loads nothing but its own files (the link stays; the image,
 * which Redoc hides when it fails to load, is not shown). Throws when a new Redoc no longer has it, to be looked at.
 */
function offline(bundle: string): string {
  const logo = 'src:"https://cdn.redoc.ly/redoc/logo-mini.svg"';
  if (!bundle.includes(logo)) throw new Error(`Redoc's bundle no longer loads ${logo}: check what it fetches before serving it`);
  return bundle.replace(logo, 'src:"data:,"');
}

/** One service's page: Redoc reads `openapi/<app>.json` beside it and renders it in place. */
function servicePage(app: string, title: string): string {
  const options = { expandResponses: '200,201', jsonSampleExpandLevel: 4, sortTagsAlphabetically: false, hideHostname: false };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}: API reference</title>
<style>body{margin:0;padding:0}</style>
</head>
<body>
<div id="redoc"></div>
<script src="redoc.standalone.js"></script>
<script>Redoc.init('openapi/${app}.json', ${JSON.stringify(options)}, document.getElementById('redoc'));</script>
</body>
</html>
`;
}

function indexPage(rendered: Rendered[]): string {
  const items = rendered
    .map(
      (r) =>
        `<li><h2><a href="${r.app}.html">${escapeHtml(r.title)}</a> <small>${escapeHtml(r.version)}</small></h2>` +
        `<p>${escapeHtml(r.summary)}</p><p class="tags">${r.tags.map(escapeHtml).join(' · ')}</p>` +
        `<p><a href="openapi/${r.app}.json">OpenAPI document</a></p></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Platform API reference</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
li{list-style:none;margin:0 0 1.5rem}ul{padding:0}small{color:#666;font-weight:normal}.tags{color:#555;font-size:.9rem}</style>
</head>
<body>
<h1>Platform API reference</h1>
<p>The four HTTP services behind the edge. Each page is rendered from the committed OpenAPI document; the console's typed
client (<code>@platform/client</code>) is generated from the same documents.</p>
<ul>
${items}
</ul>
</body>
</html>
`;
}

const out = resolve(process.argv[2] ?? join(ROOT, '.data/reference'));
mkdirSync(join(out, 'openapi'), { recursive: true });
const apps = readdirSync(DOCUMENTS)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length))
  .sort();
const rendered = apps.map((app) => render(app, out));
writeFileSync(join(out, 'redoc.standalone.js'), offline(readFileSync(REDOC, 'utf8')));
for (const app of apps) writeFileSync(join(out, 'openapi', `${app}.json`), readFileSync(join(DOCUMENTS, `${app}.json`)));
writeFileSync(join(out, 'index.html'), indexPage(rendered));
console.log(`reference: ${rendered.map((r) => `${r.app}.html`).join(', ')} and index.html in ${out}`);
