import type { OpenAPIObject } from '@nestjs/swagger';
import { MAX_PARAM_LENGTH } from '@platform/runtime';
import { DocumentReader } from '../src/sweep/sweep-document';
import type { SweepRequest } from '../src/sweep/bad-input-sweep';
import {
  DEFAULT_STRING_LENGTH,
  inRounds,
  MAX_QUERY_VALUE_BYTES,
  PATHOLOGICAL_SHAPES,
  pathologicalRequests,
  pathologicalSlotValues,
  pathologicalString,
  stringSweepTimeoutMs,
} from '../src/sweep/sweep-strings';

const codePoints = (text: string) => [...text].length;

describe('the pathological strings of the bad-input sweep', () => {
  it.each(PATHOLOGICAL_SHAPES.map((shape) => [shape.label, shape] as const))(
    '%s: exactly the length in code points, well formed, with its prefix and suffix',
    (_, shape) => {
      for (const length of [1, 7, 128, 20_000]) {
        const text = pathologicalString(shape, length);
        expect(codePoints(text)).toBe(length);
        expect(text.isWellFormed()).toBe(true);
        if (length >= 20) {
          expect(text.startsWith(shape.prefix ?? '')).toBe(true);
          expect(text.endsWith(shape.suffix ?? '')).toBe(true);
          expect(text).toContain(shape.unit.repeat(3));
        }
      }
    },
  );

  it.each(PATHOLOGICAL_SHAPES.map((shape) => [shape.label, shape] as const))(
    '%s: the longest prefix whose URL encoding fits the bytes given',
    (_, shape) => {
      for (const maxBytes of [MAX_PARAM_LENGTH, MAX_QUERY_VALUE_BYTES]) {
        const text = pathologicalString(shape, DEFAULT_STRING_LENGTH, encodeURIComponent, maxBytes);
        expect(encodeURIComponent(text).length).toBeLessThanOrEqual(maxBytes);
        const next = [...pathologicalString(shape, DEFAULT_STRING_LENGTH)].slice(0, codePoints(text) + 1).join('');
        expect(encodeURIComponent(next).length).toBeGreaterThan(maxBytes);
        expect(text.isWellFormed()).toBe(true);
      }
    },
  );

  it('allows 2 s, and 2 s more per MiB the request and its answer carry', () => {
    expect(stringSweepTimeoutMs(0)).toBe(2_000);
    expect(stringSweepTimeoutMs(2 ** 20)).toBe(4_000);
  });

  describe('for an operation', () => {
    const document = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: {
          Item: { type: 'object', properties: { label: { type: 'string', maxLength: 40 }, count: { type: 'integer' } } },
          Body: {
            type: 'object',
            properties: {
              name: { type: 'string', maxLength: 255 },
              note: { type: 'string', nullable: true },
              kind: { type: 'string', enum: ['a', 'b'] },
              size: { type: 'integer' },
              items: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
            },
          },
        },
      },
    } as unknown as OpenAPIObject;
    const reader = new DocumentReader(document);
    const slots = pathologicalSlotValues(reader, {
      jsonSchema: { $ref: '#/components/schemas/Body' },
      queryParams: [{ name: 'page', schema: { type: 'integer' } }],
      pathParams: [
        { name: 'id', schema: { type: 'string', maxLength: 128 } },
        { name: 'slug', schema: { type: 'string' } },
      ],
    });

    it('gives every string field, query parameter and path parameter every shape, once', () => {
      const where = (slot: (typeof slots)[number]['slot']) =>
        slot.in === 'body' ? `body ${slot.path.join('.')}` : slot.in === 'none' ? 'none' : `${slot.in} ${slot.name}`;
      const expected = ['body name', 'body note', 'body kind', 'body items.0.label', 'query page', 'path id', 'path slug'].flatMap(
        (place) => PATHOLOGICAL_SHAPES.map((shape) => `${place}: ${shape.label}`),
      );
      expect(slots.map((s) => `${where(s.slot)}: ${s.label.split(': ').slice(2).join(': ')}`)).toEqual(expected);
    });

    it('makes each value at the field’s maxLength, or the default, within what a URL carries', () => {
      const spaces = (place: string) => slots.find((s) => s.label === `strings: ${place}: spaces`)!;
      expect(spaces('body name').value()).toBe(' '.repeat(255));
      expect(spaces('body items.0.label').value()).toBe(' '.repeat(40));
      expect(spaces('body note').value()).toHaveLength(DEFAULT_STRING_LENGTH);
      expect(spaces('path id').value()).toHaveLength(128);
      expect(spaces('path slug').value()).toHaveLength(Math.floor(MAX_PARAM_LENGTH / 3));
      expect(spaces('query page').value()).toHaveLength(MAX_QUERY_VALUE_BYTES / 3);
    });

    it('sends an operation that reads what others store unchanged once per shape, after the shape’s slots', () => {
      const reads = pathologicalSlotValues(reader, {
        queryParams: [],
        pathParams: [{ name: 'id', schema: { type: 'string' } }],
        rereads: true,
      });
      const unchanged = reads.filter((s) => s.slot.in === 'none');
      expect(unchanged.map((s) => s.round)).toEqual(PATHOLOGICAL_SHAPES.map((_, round) => round));
      expect(reads.filter((s) => s.slot.in === 'path').map((s) => s.round)).toEqual(PATHOLOGICAL_SHAPES.map((_, round) => round));
    });

    it('makes requests that change one slot of the valid request, each with the valid request as its baseline', () => {
      const base = (label: string, change: Partial<SweepRequest> = {}): SweepRequest => ({
        label,
        method: 'post',
        path: '/things/1',
        query: 'page=1&size=5',
        headers: {},
        body: '{"name":"ok"}',
        ...change,
      });
      const make = {
        base,
        pathOf: (overrides: Record<string, string>) => `/things/${overrides.id ?? '1'}`,
        baseQuery: 'page=1&size=5',
        bodyWith: (path: string[], value: string) => JSON.stringify({ [path.join('.')]: value }),
      };
      const value = () => 'a b';
      const [body, query, path] = pathologicalRequests(
        [
          { label: 'b', slot: { in: 'body', path: ['name'] }, value, round: 1 },
          { label: 'q', slot: { in: 'query', name: 'page' }, value, round: 0 },
          { label: 'p', slot: { in: 'path', name: 'id' }, value, round: 0 },
        ],
        make,
      );
      expect((body.body as () => string)()).toBe('{"name":"a b"}');
      expect(query.query).toBe('size=5&page=a%20b');
      expect(path.path).toBe('/things/a%20b');
      for (const request of [body, query, path]) {
        expect(request).toMatchObject({ always: true, baseline: { path: '/things/1', query: 'page=1&size=5', body: '{"name":"ok"}' } });
        expect(request.timeBound!(0)).toBe(2_000);
      }
      expect(inRounds([body, query, path]).map((r) => r.label)).toEqual(['q', 'p', 'b']);
    });

    it('gives an operation without fields the shapes in an undocumented query parameter, and one with fields none', () => {
      const bare = pathologicalSlotValues(reader, { queryParams: [], pathParams: [] });
      expect(bare.map((s) => s.slot)).toEqual(PATHOLOGICAL_SHAPES.map(() => ({ in: 'query', name: 'unexpected' })));
      const withPath = pathologicalSlotValues(reader, { queryParams: [], pathParams: [{ name: 'id', schema: { type: 'string' } }] });
      expect(withPath.map((s) => s.slot)).toEqual(PATHOLOGICAL_SHAPES.map(() => ({ in: 'path', name: 'id' })));
    });
  });
});
