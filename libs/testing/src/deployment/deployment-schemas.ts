import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parseAllDocuments } from 'yaml';
import { workspaceRoot } from '../workspace';

/** Where scripts/schemas.sh puts the schemas (git-ignored; scripts/test.sh and scripts/jest.sh run it first). */
export const schemasDir = join(workspaceRoot, '.tools', 'schemas');

/** The path of a fetched schema file or folder; throws with the way out when scripts/schemas.sh has not run. */
function fetched(name: string): string {
  const path = join(schemasDir, name);
  if (!existsSync(path)) throw new Error(`${path} is missing: run bash scripts/schemas.sh`);
  return path;
}

const readSchema = (name: string): Record<string, unknown> => JSON.parse(readFileSync(fetched(name), 'utf8'));

const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);

/**
 * Validates a parsed compose file (anchors and `<<` merges resolved) against the Compose Specification's
 * schema, the one Docker Compose embeds (compose-go). Returns the problems; none means valid.
 */
export function composeSpecValidator(): (compose: unknown) => string[] {
  // The schema is JSON Schema 2020-12 (compose-go 2.x), so Ajv's 2020 build. Strict about keywords (one Ajv did
  // not know would go unchecked), not about the schema's style (`properties` without `type`, `required` naming
  // a property only a sibling branch defines), which Ajv's strict mode also refuses.
  const ajv = new Ajv2020({ strictSchema: true, strictTypes: false, strictTuples: false, strictRequired: false, allErrors: true });
  const validate = ajv.compile(readSchema('compose-spec.json'));
  return (compose) => (validate(compose) ? [] : describeErrors(validate.errors));
}

type Schema = Record<string, unknown>;

/**
 * Every object schema that lists its properties allows no others: Kubernetes' documents leave objects open
 * (the API server drops unknown fields, and only warns), so a misspelt field would pass unseen otherwise.
 */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (node === null || typeof node !== 'object') return node;
  const copy: Schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, closed(value)]));
  if (copy.type === 'object' && copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

/** The OpenAPI v3 document of an apiVersion: `v1` is api__v1, `apps/v1` apis__apps__v1, and so on. */
const documentName = (apiVersion: string) =>
  `${apiVersion.includes('/') ? `apis__${apiVersion.replace('/', '__')}` : `api__${apiVersion}`}_openapi.json`;

interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/**
 * Validates Kubernetes objects against the API's own OpenAPI v3 schemas (k8s.io/kubernetes, version pinned
 * in scripts/schemas.sh), with objects closed to unknown fields. Returns the problems; none means valid.
 */
export function kubernetesValidator(): (object: { apiVersion: string; kind: string; [field: string]: unknown }) => string[] {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  // Kubernetes' own formats: IntOrString is described by its oneOf already.
  ajv.addFormat('int-or-string', true);
  const loaded = new Map<string, Record<string, Schema>>();

  return ({ apiVersion, kind, ...rest }) => {
    const name = documentName(apiVersion);
    if (!loaded.has(name)) {
      if (!existsSync(join(fetched('kubernetes-openapi-v3'), name))) return [`${apiVersion} is not an API of Kubernetes itself`];
      const document = readSchema(join('kubernetes-openapi-v3', name));
      ajv.addSchema(closed(document) as Schema, name);
      loaded.set(name, (document.components as { schemas: Record<string, Schema> }).schemas);
    }
    // The schema whose group, version and kind are the object's.
    const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
    const schemas = loaded.get(name)!;
    const id = Object.keys(schemas).find((key) =>
      ((schemas[key]['x-kubernetes-group-version-kind'] as GroupVersionKind[] | undefined) ?? []).some(
        (gvk) => gvk.group === group && gvk.version === version && gvk.kind === kind,
      ),
    );
    if (!id) return [`${apiVersion} ${kind} is not a kind of ${name}`];
    const validate = ajv.getSchema(`${name}#/components/schemas/${id}`)!;
    return validate({ apiVersion, kind, ...rest }) ? [] : describeErrors(validate.errors);
  };
}

/** The custom resource definitions scripts/schemas.sh fetches: Gateway API, Envoy Gateway's policies, cert-manager, KEDA, the Prometheus Operator. */
const CRD_FOLDERS = ['gateway-api-crds', 'envoy-gateway-crds', 'cert-manager-crds', 'keda-crds', 'prometheus-operator-crds'];

const OBJECT_META = 'k8s-meta#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

/**
 * A CRD version's openAPIV3Schema as Ajv reads it, closed like Kubernetes' own schemas (an object that lists its
 * properties allows no others, unless it says `x-kubernetes-preserve-unknown-fields`), int-or-string fields as
 * either, and the object's metadata as Kubernetes' ObjectMeta (a CRD leaves it as any object). Other x-kubernetes-*
 * keywords are the API server's: list semantics and CEL rules (x-kubernetes-validations) are not checked here.
 */
function crdSchema(node: unknown, root = true): unknown {
  if (Array.isArray(node)) return node.map((item) => crdSchema(item, false));
  if (node === null || typeof node !== 'object') return node;
  const schema = node as Schema;
  const copy: Schema = Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !key.startsWith('x-kubernetes-') && key !== 'description')
      .map(([key, value]) => [key, crdSchema(value, false)]),
  );
  if (schema['x-kubernetes-int-or-string'] && !copy.anyOf) copy.anyOf = [{ type: 'integer' }, { type: 'string' }];
  if (copy.properties && copy.additionalProperties === undefined && !schema['x-kubernetes-preserve-unknown-fields']) {
    copy.additionalProperties = false;
  }
  if (root && copy.properties) copy.properties = { ...(copy.properties as Schema), metadata: { $ref: OBJECT_META } };
  return copy;
}

type ClusterObject = { apiVersion: string; kind: string; [field: string]: unknown };

/**
 * CRD patterns are Go (RE2) regular expressions: the only RE2 syntax JavaScript lacks that they use is the inline
 * case-insensitive flag `(?i)` (the Prometheus Operator's CRDs), read here as the `i` flag on the whole pattern, a
 * little more lenient where it sits inside a group.
 */
const goRegExp = Object.assign(
  (pattern: string, flags: string) =>
    pattern.includes('(?i)') ? new RegExp(pattern.replaceAll('(?i)', ''), `${flags}i`) : new RegExp(pattern, flags),
  { code: 'goRegExp' },
);

/**
 * Validates custom resources against their CRDs' schemas (versions pinned in scripts/schemas.sh), unknown fields
 * refused, and every other object against Kubernetes' own (kubernetesValidator). Returns the problems; none means valid.
 */
export function clusterValidator(): (object: ClusterObject) => string[] {
  const ajv = new Ajv({ strict: false, allErrors: true, code: { regExp: goRegExp } });
  addFormats(ajv);
  ajv.addSchema(closed(readSchema(join('kubernetes-openapi-v3', 'apis__networking.k8s.io__v1_openapi.json'))) as Schema, 'k8s-meta');
  const crds = new Map<string, Schema>();
  for (const folder of CRD_FOLDERS) {
    for (const file of readdirSync(fetched(folder)).filter((name) => name.endsWith('.yaml'))) {
      for (const doc of parseAllDocuments(readFileSync(join(fetched(folder), file), 'utf8'))) {
        const crd = doc.toJS() as { kind?: string; spec: { group: string; names: { kind: string }; versions: CrdVersion[] } };
        if (crd?.kind !== 'CustomResourceDefinition') continue;
        for (const version of crd.spec.versions.filter((v) => v.served)) {
          crds.set(`${crd.spec.group}/${version.name} ${crd.spec.names.kind}`, version.schema.openAPIV3Schema);
        }
      }
    }
  }
  const core = kubernetesValidator();
  return (object) => {
    const key = `${object.apiVersion} ${object.kind}`;
    if (!crds.has(key)) return core(object);
    const id = `crd-${key.replace(/[^A-Za-z0-9.]+/g, '-')}`;
    if (!ajv.getSchema(id)) ajv.addSchema(crdSchema(crds.get(key)) as Schema, id);
    const validate = ajv.getSchema(id)!;
    return validate(object) ? [] : describeErrors(validate.errors);
  };
}

interface CrdVersion {
  name: string;
  served: boolean;
  schema: { openAPIV3Schema: Schema };
}
