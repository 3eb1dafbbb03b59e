import type { OpenAPIObject, OperationObject } from '@nestjs/swagger';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** A service's name as the prefix of its schemas and security schemes in the combined document (survey-builder-api: SurveyBuilder). */
export const prefixOf = (app: string) =>
  app
    .replace(/-api$/, '')
    .split('-')
    .map((word) => (word === 'ai' ? 'Ai' : word[0].toUpperCase() + word.slice(1)))
    .join('');

/**
 * The four services' documents as one, for a mock that answers all of them on one port: their paths never overlap
 * (each service has its prefixes) but for the health probes every app shares, kept once; each service's named schemas
 * and security schemes take its prefix (every ErrorBody is its own service's), and every operation carries its
 * service's security requirement, since the combined document has no default.
 */
export function combinedDocument(documents: Record<string, OpenAPIObject>): OpenAPIObject {
  const combined = {
    openapi: '3.0.0',
    info: { title: 'Platform mock', version: '', description: 'The four services of the platform, answered from their examples.' },
    servers: [{ url: '/' }],
    tags: [] as Array<{ name: string }>,
    paths: {} as OpenAPIObject['paths'],
    components: { schemas: {}, securitySchemes: {} } as NonNullable<OpenAPIObject['components']>,
  };
  for (const [app, source] of Object.entries(documents)) {
    const prefix = prefixOf(app);
    combined.info.version ||= source.info.version;
    const text = JSON.stringify(source).replace(/"#\/components\/schemas\/([^"]+)"/g, `"#/components/schemas/${prefix}$1"`);
    const document = JSON.parse(text) as OpenAPIObject;
    const scheme = (name: string) => `${prefix[0].toLowerCase()}${prefix.slice(1)}${name[0].toUpperCase()}${name.slice(1)}`;
    const renamed = (requirements: OperationObject['security']) =>
      requirements?.map((requirement) => Object.fromEntries(Object.entries(requirement).map(([name, scopes]) => [scheme(name), scopes])));
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {}))
      combined.components.schemas![`${prefix}${name}`] = schema;
    for (const [name, value] of Object.entries(document.components?.securitySchemes ?? {}))
      combined.components.securitySchemes![scheme(name)] = value;
    for (const tag of document.tags ?? []) if (!combined.tags.some((t) => t.name === tag.name)) combined.tags.push(tag);
    for (const [path, item] of Object.entries(document.paths)) {
      if (combined.paths[path]) continue;
      for (const method of METHODS) {
        const operation = item[method];
        if (operation) operation.security = renamed(operation.security ?? document.security ?? []);
      }
      combined.paths[path] = item;
    }
  }
  return combined as unknown as OpenAPIObject;
}
