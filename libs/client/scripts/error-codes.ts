import type { OpenAPI3, ReferenceObject, SchemaObject } from 'openapi-typescript';

type Schema = SchemaObject | ReferenceObject;

const resolve = (document: OpenAPI3, schema: Schema | undefined): SchemaObject | undefined => {
  if (!schema) return undefined;
  if (!('$ref' in schema)) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return resolve(document, document.components?.schemas?.[name]);
};

/** The enum of the `code` property somewhere under ErrorBody (its `error` block, through refs and allOf). */
function codeEnum(document: OpenAPI3, schema: Schema | undefined, depth = 0): string[] | undefined {
  const resolved = resolve(document, schema);
  if (!resolved || depth > 5) return undefined;
  const properties = 'properties' in resolved ? resolved.properties : undefined;
  const code = resolve(document, properties?.code);
  if (code && 'enum' in code && code.enum) return code.enum.map(String);
  const parts = [...(('allOf' in resolved && resolved.allOf) || []), ...Object.values(properties ?? {})];
  for (const part of parts) {
    const found = codeEnum(document, part, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The error codes of a service, sorted: its ErrorBody's code enum. A document without one cannot be generated. */
export function errorCodesOf(app: string, document: OpenAPI3): string[] {
  const codes = codeEnum(document, document.components?.schemas?.ErrorBody);
  if (!codes?.length) throw new Error(`docs/openapi/${app}.json: components.schemas.ErrorBody lists no error codes (an enum on code)`);
  return [...new Set(codes)].sort();
}
