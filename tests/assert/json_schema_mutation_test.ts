/**
 * The lint's JSON Schema check (`assert/_json_schema.ts`) case by case:
 * the draft read from `$schema`, the keywords whose failures are their
 * sub-schemas' (or reported once), the texts it builds, the paths it
 * decodes, and what it leaves unchecked. The lint's own tests
 * (`schema_lint_test.ts`, `schema_keywords_test.ts`) go through the SDK.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { draftOf, schemaIssues } from '../../assert/_json_schema.ts';

/** The issues as `[path, expected, received]`. */
function issues(schema: unknown, value: unknown): string[][] {
  return schemaIssues(value, schema).map((
    i,
  ) => [i.path, i.expected, i.received]);
}

test('draftOf reads $schema: drafts 3 and 4 as 4, 6 and 7 as 7, else 2019-09 or 2020-12', () => {
  const cases: [unknown, string][] = [
    [undefined, '2020-12'],
    [null, '2020-12'],
    [{}, '2020-12'],
    [{ $schema: 4 }, '2020-12'],
    [{ $schema: 'http://json-schema.org/draft-03/schema#' }, '4'],
    [{ $schema: 'http://json-schema.org/draft-04/schema#' }, '4'],
    [{ $schema: 'http://json-schema.org/draft-040/schema#' }, '2020-12'],
    [{ $schema: 'http://json-schema.org/draft-06/schema#' }, '7'],
    [{ $schema: 'http://json-schema.org/draft-07/schema' }, '7'],
    [{ $schema: 'x/draft-07x' }, '2020-12'],
    [{ $schema: 'https://json-schema.org/draft/2019-09/schema' }, '2019-09'],
    [{ $schema: 'https://json-schema.org/draft/2020-12/schema' }, '2020-12'],
    [{ $schema: 'https://example.com/mine' }, '2020-12'],
  ];
  for (const [schema, draft] of cases) {
    assert.equal(draftOf(schema), draft, JSON.stringify(schema));
  }
});

test('A schema that is no object or boolean checks nothing; false allows nothing', () => {
  assert.deepEqual(issues('x', 1), []);
  assert.deepEqual(issues(7, 1), []);
  assert.deepEqual(issues(undefined, 1), []);
  assert.deepEqual(issues(null, 1), []);
  assert.deepEqual(issues(true, 1), []);
  assert.deepEqual(issues(false, 1), [
    ['', 'nothing (the schema allows no value)', '1'],
  ]);
});

test('Keywords that carry their sub-schemas report the sub-schemas only', () => {
  assert.deepEqual(issues({ prefixItems: [{ type: 'string' }] }, [1]), [
    ['[0]', 'a value of type string', '1'],
  ]);
  assert.deepEqual(
    issues({
      $schema: 'http://json-schema.org/draft-07/schema#',
      items: [{ type: 'string' }],
      additionalItems: { type: 'number' },
    }, ['a', 'b']),
    [['[1]', 'a value of type number', '"b"']],
  );
  assert.deepEqual(
    issues({ prefixItems: [true], unevaluatedItems: { type: 'number' } }, [
      1,
      'x',
    ]),
    [['[1]', 'a value of type number', '"x"']],
  );
  assert.deepEqual(
    issues({
      properties: { a: true },
      unevaluatedProperties: { type: 'string' },
    }, { a: 1, b: 2 }),
    [['b', 'a value of type string', '2']],
  );
  assert.deepEqual(
    issues({ properties: { a: true }, unevaluatedProperties: false }, {
      a: 1,
      b: 2,
    }),
    [['b', 'no such property', '2']],
  );
  assert.deepEqual(
    issues({ dependentSchemas: { a: { maxProperties: 1 } } }, { a: 1, b: 2 }),
    [['', 'an object of at most 1 properties', 'an object']],
  );
  assert.deepEqual(
    issues({ if: { const: 1 }, else: { type: 'string' } }, 2),
    [['', 'a value of type string', '2']],
  );
  // 2019-09's $recursiveRef: the failed keyword is read where it points.
  assert.deepEqual(
    issues({
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      $recursiveAnchor: true,
      type: 'object',
      properties: { n: { $recursiveRef: '#' } },
    }, { n: 1 }),
    [['n', 'a value of type object', '1']],
  );
});

test('A missing property is an issue at its path: required, dependentRequired, dependencies', () => {
  assert.deepEqual(
    issues({ dependentRequired: { a: ['b', 'c'] } }, { a: 1, c: 1 }),
    [
      ['b', 'a required property', 'undefined'],
    ],
  );
  assert.deepEqual(issues({ dependentRequired: { a: ['b'] } }, { b: 1 }), []);
  assert.deepEqual(
    issues({
      $schema: 'http://json-schema.org/draft-07/schema#',
      dependencies: { a: { required: ['c'] }, b: ['d'] },
    }, { a: 1, b: 2 }),
    [
      ['c', 'a required property', 'undefined'],
      ['d', 'a required property', 'undefined'],
    ],
  );
  assert.deepEqual(
    issues({ required: ['say "hi"'] }, {}),
    [['["say \\"hi\\""]', 'a required property', 'undefined']],
  );
});

test('propertyNames names the property, once; contains counts name the bound', () => {
  assert.deepEqual(
    issues({ propertyNames: { maxLength: 2 } }, { ab: 1, abc: 2 }),
    [
      ['abc', 'a property name matching the "propertyNames" schema', '"abc"'],
    ],
  );
  const contains = { contains: { type: 'string' } };
  assert.deepEqual(issues({ ...contains, minContains: 2 }, ['a', 1]), [
    [
      '',
      'an array of at least 2 items matching the "contains" schema',
      'an array of 2',
    ],
  ]);
  assert.deepEqual(issues({ ...contains, minContains: 2 }, ['a', 'b', 1]), []);
  assert.deepEqual(issues({ ...contains, maxContains: 1 }, ['a', 'b', 1]), [
    [
      '',
      'an array of at most 1 items matching the "contains" schema',
      'an array of 3',
    ],
  ]);
  // Under another property, the counted items of one array stay hidden only.
  assert.deepEqual(
    issues({
      properties: {
        minContains: { ...contains, minContains: 2 },
        b: { items: { type: 'string' } },
      },
    }, { minContains: [1], b: [1] }),
    [
      [
        'minContains',
        'an array of at least 2 items matching the "contains" schema',
        'an array of 1',
      ],
      ['b[0]', 'a value of type string', '1'],
    ],
  );
});

test('Paths decode every escaped character of a property name', () => {
  const names = ['a/b/c', 'x~y~z', '~1', 'sp ace%25'];
  const schema = {
    properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])),
  };
  assert.deepEqual(
    issues(schema, Object.fromEntries(names.map((n) => [n, 1]))).map(([p]) =>
      p
    ),
    ['["a/b/c"]', '["x~y~z"]', '["~1"]', '["sp ace%25"]'],
  );
});

test('What the validator cannot use is left out, the rest is checked', () => {
  const n = { type: 'number' };
  // A pattern only a non-Unicode RegExp compiles (`\a`), and one nested
  // in a sub-schema.
  assert.deepEqual(
    issues({ properties: { odd: { type: 'string', pattern: '\\a' }, n } }, {
      odd: 'a',
      n: 'x',
    }),
    [['n', 'a value of type number', '"x"']],
  );
  assert.deepEqual(
    issues({ properties: { list: { items: { pattern: '(' } }, n } }, {
      list: ['x'],
      n: 'x',
    }),
    [['n', 'a value of type number', '"x"']],
  );
  assert.deepEqual(
    issues({ properties: { list: { items: { not: { pattern: '(' } } } } }, {
      list: ['x'],
    }),
    [['list[0]', 'a value not matching the "not" schema', '"x"']],
  );
  // A map keyword that is no object, a sub-schema that is no schema.
  assert.deepEqual(issues({ properties: null, required: ['a'] }, {}), [
    ['a', 'a required property', 'undefined'],
  ]);
  assert.deepEqual(issues({ patternProperties: 3, required: ['a'] }, {}), [
    ['a', 'a required property', 'undefined'],
  ]);
  assert.deepEqual(issues({ not: 7 }, 1), [
    ['', 'a value not matching the "not" schema', '1'],
  ]);
  assert.deepEqual(issues({ items: [1, { type: 'string' }] }, [1, 2]), [
    ['[1]', 'a value of type string', '2'],
  ]);
  assert.deepEqual(issues({ items: [[{ type: 'string' }]] }, [1]), []);
});

test('The schema given is never marked, however deep', () => {
  const schema = {
    $defs: { s: { type: 'string' } },
    properties: {
      a: { $ref: '#/$defs/s' },
      b: { items: { anyOf: [{ $ref: '#/$defs/s' }] } },
    },
  };
  const before = JSON.stringify(schema);
  assert.deepEqual(issues(schema, { a: 1, b: [1] }), [
    ['a', 'a value of type string', '1'],
    ['b[0]', 'a value matching one of 1 schemas', '1'],
  ]);
  assert.equal(JSON.stringify(schema), before);
});

test('A $schema that is no string is no draft, even when it reads like one', () => {
  assert.equal(
    draftOf({ $schema: ['http://json-schema.org/draft-04/schema#'] }),
    '2020-12',
  );
});

test('Only a pattern that does not compile is left out; other keywords with such text stay', () => {
  assert.deepEqual(schemaIssues('x', { const: '(' }), [
    { path: '', expected: '"("', received: '"x"' },
  ]);
  assert.deepEqual(schemaIssues('x', { type: 'number', pattern: '(' }), [
    { path: '', expected: 'a value of type number', received: '"x"' },
  ]);
});

test('oneOf names how many schemas matched, ten and more included', () => {
  assert.deepEqual(schemaIssues(1, { oneOf: Array(10).fill({}) }), [{
    path: '',
    expected: 'a value matching exactly one of 10 schemas (it matches 10)',
    received: '1',
  }]);
});

test('A false sub-schema deeper than additionalProperties allows nothing; it is no unknown property', () => {
  assert.deepEqual(
    schemaIssues({ x: { a: 1 } }, {
      additionalProperties: { properties: { a: false } },
    }),
    [{
      path: 'x.a',
      expected: 'nothing (the schema allows no value)',
      received: '1',
    }],
  );
});

test('A keyword beside $recursiveRef is read from its own schema, not the referenced one', () => {
  assert.deepEqual(
    schemaIssues({ child: { n: 1 } }, {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      $recursiveAnchor: true,
      properties: {
        child: { $recursiveRef: '#', properties: { n: { minimum: 5 } } },
      },
    }),
    [{ path: 'child.n', expected: 'at least 5', received: '1' }],
  );
});

test('A property named minContains does not hide what its own contains counted', () => {
  assert.deepEqual(
    schemaIssues({ minContains: [1] }, {
      properties: {
        minContains: { contains: { type: 'string' }, minContains: 1 },
      },
    }),
    [{
      path: 'minContains',
      expected: 'an array of at least 1 items matching the "contains" schema',
      received: 'an array of 1',
    }],
  );
});
