import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { FilterError, filterToSql, parseFilter, parseFilterText } from './response-filter';

const db = new Kysely<never>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const compile = (text: string) => filterToSql(parseFilterText(text)).compile(db);

describe('responseFilter parsing', () => {
  it('reads an array of conditions as an and-group, and prefixed fields as one source', () => {
    expect(
      parseFilterText('[{"field":"attributes.age","operator":"eq","value":3},{"field":"q1","operator":"in","value":["a",2]}]'),
    ).toEqual({
      kind: 'group',
      logic: 'and',
      children: [
        { kind: 'condition', source: 'attributes', field: 'age', operator: 'eq', value: 3 },
        { kind: 'condition', source: 'either', field: 'q1', operator: 'in', value: ['a', 2] },
      ],
    });
  });

  it('reads nested groups with or', () => {
    const node = parseFilterText(
      '{"logic":"or","conditions":[{"field":"surveyResponses.x","operator":"contains","value":"東京"},{"conditions":[{"field":"a","operator":"neq","value":"b"}]}]}',
    );
    expect(node).toMatchObject({ kind: 'group', logic: 'or', children: [{ source: 'surveyResponses' }, { kind: 'group', logic: 'and' }] });
  });

  it.each([
    ['{', 'not valid JSON'],
    ['[{"field":"a","operator":"like","value":"x"}]', 'operator "like" is unknown'],
    ['[{"operator":"eq","value":"x"}]', 'field is required'],
    ['[{"field":"a","value":"x"}]', 'operator is required'],
    ['[{"field":"a","operator":"eq"}]', 'value is required'],
    ['[{"field":"a","operator":"in","value":"x"}]', 'must be a non-empty array for in'],
    ['[{"field":"a","operator":"eq","value":true}]', 'must be a string or a number'],
    ['[{"field":"a","operator":"eq","value":"x","extra":1}]', 'extra is not a condition key'],
    ['{"logic":"xor","conditions":[{"field":"a","operator":"eq","value":"x"}]}', 'logic must be and or or'],
    ['[]', 'has no conditions'],
    ['"text"', 'must be a condition or a group'],
  ])('refuses %s', (text, message) => {
    expect(() => parseFilterText(text)).toThrow(FilterError);
    expect(() => parseFilterText(text)).toThrow(message);
  });

  it('refuses nesting deeper than 5 levels and more than 50 conditions', () => {
    const condition = { field: 'a', operator: 'eq', value: 1 };
    let nested: unknown = { conditions: [condition] };
    for (let i = 0; i < 4; i++) nested = { conditions: [nested] };
    expect(() => parseFilter(nested, 'f')).not.toThrow();
    expect(() => parseFilter({ conditions: [nested] }, 'f')).toThrow('deeper than 5');
    expect(() => parseFilter(Array(50).fill(condition), 'f')).not.toThrow();
    expect(() => parseFilter(Array(51).fill(condition), 'f')).toThrow('at most 50 conditions');
  });
});

describe('responseFilter to SQL', () => {
  it('binds every field name and value as a parameter, never in the SQL text', () => {
    const evil = `x'); drop table users; --`;
    const { sql, parameters } = compile(JSON.stringify([{ field: evil, operator: 'contains', value: evil }]));
    expect(sql).not.toContain('drop table');
    expect(parameters).toEqual(expect.arrayContaining([evil, `%x'); drop table users; --%`]));
  });

  it('escapes LIKE wildcards of contains so they match literally', () => {
    const { parameters } = compile('[{"field":"a","operator":"contains","value":"100%_\\\\"}]');
    expect(parameters).toContain('%100\\%\\_\\\\%');
  });

  it('looks for a numeric value as a number and as text, and for any value alone or inside an array', () => {
    const numeric = compile('[{"field":"a","operator":"eq","value":"3"}]');
    expect(numeric.parameters).toEqual(expect.arrayContaining(['{"a":"3"}', '{"a":["3"]}', '{"a":3}', '{"a":[3]}']));
    const text = compile('[{"field":"attributes.a","operator":"eq","value":"abc"}]');
    expect(text.parameters).toEqual(['{"a":"abc"}', '{"a":["abc"]}']);
  });

  it('reads an unprefixed field in either object, a prefixed one in that object only', () => {
    const either = compile('[{"field":"a","operator":"eq","value":"x"}]').sql;
    expect(either).toContain('"pc"."attributes" @>');
    expect(either).toContain('"pc"."survey_responses" @>');
    expect(compile('[{"field":"attributes.a","operator":"eq","value":"x"}]').sql).not.toContain('survey_responses');
  });

  it('negates eq for neq, so a missing field matches', () => {
    expect(compile('[{"field":"a","operator":"neq","value":"x"}]').sql).toMatch(/^\(\(not coalesce\(/);
  });
});
