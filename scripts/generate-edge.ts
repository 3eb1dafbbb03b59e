// Writes the cluster edge from libs/routing: k8s/base/edge.yaml (Gateway, routes, policies, certificate, NetworkPolicies)
// and k8s/cluster/gatewayclass.yaml. Tests fail when the files and the generator disagree.
//   npm run k8s:edge
//   EDGE_HOST=api.example.org CORS_ALLOWED_ORIGINS=https://console.example.org ACME_EMAIL=ops@example.org npm run k8s:edge
// Body limits and proxy hops come from k8s/base/configmap.yaml, as the apps read them.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { clusterEdgeOptions, renderEdgeYaml, renderGatewayClassYaml } from '@platform/routing';

const k8s = join(__dirname, '..', 'k8s');
const base = join(k8s, 'base');
const manifests = readdirSync(base)
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) => parseAllDocuments(readFileSync(join(base, file), 'utf8')).map((doc) => doc.toJS()));
const options = clusterEdgeOptions(manifests, process.env);
mkdirSync(join(k8s, 'cluster'), { recursive: true });
for (const [file, text] of [
  [join('base', 'edge.yaml'), renderEdgeYaml(options)],
  [join('cluster', 'gatewayclass.yaml'), renderGatewayClassYaml()],
]) {
  writeFileSync(join(k8s, file), text);
  console.log(`wrote ${join(k8s, file)}`);
}
