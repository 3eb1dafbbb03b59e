import type { OpenAPIObject } from '@nestjs/swagger';

export type Schema = Record<string, unknown>;

/**
 * What the bad-input sweep reads from an app's OpenAPI document: schemas with their references resolved, a value each
 * schema accepts (the base every malformed variant changes one thing of), and the property paths of a body.
 */
export class DocumentReader {
  constructor(private readonly document: OpenAPIObject) {}

  resolve(schema: unknown): Schema {
    let current = (schema ?? {}) as Schema;
    for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
      const name = (current.$ref as string).split('/').pop()!;
      current = (this.document.components?.schemas?.[name] ?? {}) as Schema;
    }
    return current;
  }

  /** A value the schema accepts: required properties only, the smallest sizes. */
  sample(schema: unknown, rng: () => number, depth = 0): unknown {
    const s = this.resolve(schema);
    if (depth > 6) return null;
    if (Array.isArray(s.enum) && s.enum.length) return s.enum.find((v) => v !== null) ?? s.enum[0];
    const variants = (s.oneOf ?? s.anyOf ?? s.allOf) as unknown[] | undefined;
    if (variants?.length) return this.sample(variants[0], rng, depth + 1);
    switch (s.type) {
      case 'string':
        if (s.format === 'uuid') return uuid(rng);
        if (s.format === 'date-time') return new Date(Date.UTC(2027, 0, 15, 10)).toISOString();
        if (s.format === 'date') return '2027-01-15';
        if (s.format === 'email') return 'sweep@example.com';
        if (typeof s.pattern === 'string' && s.pattern.includes('\\d')) return '1';
        return 'sweep'.padEnd(Number(s.minLength ?? 0), 'x').slice(0, Number(s.maxLength ?? 64));
      case 'integer':
      case 'number':
        return Math.min(Math.max(Number(s.minimum ?? 1), 1), Number(s.maximum ?? 1_000_000));
      case 'boolean':
        return true;
      case 'array':
        return Array.from({ length: Number(s.minItems ?? 0) }, () => this.sample(s.items, rng, depth + 1));
      default: {
        const properties = (s.properties ?? {}) as Record<string, unknown>;
        const required = (s.required ?? []) as string[];
        if (!s.properties && s.type !== 'object') return 'sweep';
        return Object.fromEntries(
          required.filter((name) => name in properties).map((name) => [name, this.sample(properties[name], rng, depth + 1)]),
        );
      }
    }
  }

  /** Every property path of a body schema, with its schema, up to a depth. */
  fields(schema: unknown, prefix: string[] = [], depth = 0): Array<{ path: string[]; schema: Schema }> {
    const s = this.resolve(schema);
    if (depth > 3) return [];
    const properties = (s.properties ?? {}) as Record<string, unknown>;
    return Object.entries(properties).flatMap(([name, child]) => {
      const resolved = this.resolve(child);
      const path = [...prefix, name];
      const nested =
        resolved.type === 'array' ? this.fields(resolved.items, [...path, '0'], depth + 1) : this.fields(resolved, path, depth + 1);
      return [{ path, schema: resolved }, ...nested];
    });
  }
}

function uuid(rng: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rng() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
