import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { workspaceRoot } from '@platform/testing/harness';

/** The k8s files as parsed objects, walked field by field in the assertions of the deployment tests. */
export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec: Record<string, any>;
  data?: Record<string, string>;
};

/** The repository's k8s/ folder: base/, components/, overlays/ and cluster/. */
export const k8sRoot = join(workspaceRoot, 'k8s');
/** The base every overlay builds on. */
export const k8sDir = join(k8sRoot, 'base');

export const readManifests = (file: string): Manifest[] =>
  parseAllDocuments(readFileSync(join(k8sDir, file), 'utf8')).map((doc) => doc.toJS() as Manifest);

/** Every object of the base (its files but the Secret template). */
export const manifests: Manifest[] = readdirSync(k8sDir)
  .filter((file) => file.endsWith('.yaml') && file !== 'secret.example.yaml')
  .flatMap(readManifests);

export const ofKind = (kind: string, from: Manifest[] = manifests) => from.filter((m) => m.kind === kind);

export const named = (kind: string, name: string) => ofKind(kind).find((m) => m.metadata.name === name);

/** kustomize, built by scripts/schemas.sh. */
const KUSTOMIZE = join(workspaceRoot, '.tools', 'bin', 'kustomize');

/** What `kubectl apply -k k8s/<folder>` would apply: the folder rendered by kustomize (an overlay, or the base). */
export function rendered(folder: string): Manifest[] {
  const yaml = execFileSync(KUSTOMIZE, ['build', join(k8sRoot, folder)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return parseAllDocuments(yaml).map((doc) => doc.toJS() as Manifest);
}
