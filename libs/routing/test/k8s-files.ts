import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { workspaceRoot } from '@platform/testing';

/** The k8s files as parsed objects, walked field by field in the assertions of the deployment tests. */
export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec: Record<string, any>;
  data?: Record<string, string>;
};

export const k8sDir = join(workspaceRoot, 'k8s');

export const readManifests = (file: string): Manifest[] =>
  parseAllDocuments(readFileSync(join(k8sDir, file), 'utf8')).map((doc) => doc.toJS() as Manifest);

/** Every object the kustomization deploys (the top-level files but the Secret template). */
export const manifests: Manifest[] = readdirSync(k8sDir)
  .filter((file) => file.endsWith('.yaml') && file !== 'secret.example.yaml')
  .flatMap(readManifests);

export const ofKind = (kind: string, from: Manifest[] = manifests) => from.filter((m) => m.kind === kind);

export const named = (kind: string, name: string) => ofKind(kind).find((m) => m.metadata.name === name);
