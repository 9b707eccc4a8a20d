import assert from 'node:assert/strict';
import test from 'node:test';
import { type Schema, Unsatisfiable } from '../../auto/_schema_common.ts';
import { merge, resolveRef } from '../../auto/_schema_merge.ts';

/** Asserts `run` throws exactly this Unsatisfiable. */
function assertUnsatisfiable(
  run: () => unknown,
  want: { path: string; reason: string; detail: string },
): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof Unsatisfiable, `not Unsatisfiable: ${error}`);
    assert.equal(error.name, 'Unsatisfiable');
    assert.deepEqual(
      { path: error.path, reason: error.reason, detail: error.detail },
      want,
    );
    assert.equal(error.message, `${want.path}: ${want.detail}`);
    return true;
  });
}

const root = {
  $defs: {
    a: { type: 'string' },
    'x/y': { type: 'number' },
    'p~q': { type: 'boolean' },
    '%': { const: 1 },
    'bad%E0%A4%A': { const: 2 },
    text: 'abc',
    nothing: null,
    n: 5,
  },
};

test('resolveRef follows local JSON pointers with ~1, ~0 and percent escapes', () => {
  const cases: [string, unknown][] = [
    ['#', root],
    ['#/$defs', root.$defs],
    ['#/$defs/a', { type: 'string' }],
    ['#/$defs/a/type', 'string'],
    ['#/$defs/x~1y', { type: 'number' }],
    ['#/$defs/p~0q', { type: 'boolean' }],
    ['#/$defs/%25', { const: 1 }],
    ['#/$defs/bad%E0%A4%A', { const: 2 }],
  ];
  for (const [ref, want] of cases) {
    assert.deepEqual(resolveRef(root, ref, ['s', '$ref']), want, ref);
  }
  assert.equal(resolveRef(root, '#', []), root);
});

test('resolveRef rejects non-local, non-string and malformed references by name', () => {
  const path = ['parameters', 'properties', 'x', '$ref'];
  const where = 'parameters.properties.x.$ref';
  const cases: [unknown, string][] = [
    [5, 'only local references ("#...") are supported, got number'],
    [undefined, 'only local references ("#...") are supported, got undefined'],
    [null, 'only local references ("#...") are supported, got object'],
    [
      'other.json#/a',
      'only local references ("#...") are supported, got "other.json#/a"',
    ],
    ['', 'only local references ("#...") are supported, got ""'],
    ['#defs', 'cannot resolve "#defs"'],
    ['#a/b', 'cannot resolve "#a/b"'],
    ['#/missing', 'nothing at "#/missing"'],
    ['#/$defs/b', 'nothing at "#/$defs/b"'],
    ['#/$defs/toString', 'nothing at "#/$defs/toString"'],
    ['#/$defs/a/type/length', 'nothing at "#/$defs/a/type/length"'],
    ['#/$defs/text/0', 'nothing at "#/$defs/text/0"'],
    ['#/$defs/text/length', 'nothing at "#/$defs/text/length"'],
    ['#/$defs/nothing/a', 'nothing at "#/$defs/nothing/a"'],
    ['#/$defs/n/x', 'nothing at "#/$defs/n/x"'],
    ['#/', 'nothing at "#/"'],
  ];
  for (const [ref, detail] of cases) {
    assertUnsatisfiable(() => resolveRef(root, ref, path), {
      path: where,
      reason: 'unresolved_ref',
      detail,
    });
  }
});

test('merge combines two schemas keyword by keyword into the exact schema', () => {
  const cases: [Schema, Schema, Schema][] = [
    [{}, {}, {}],
    [{ type: 'string' }, {}, { type: 'string' }],
    [{}, { minLength: 2 }, { minLength: 2 }],
    [{ minLength: undefined }, { minLength: 2 }, { minLength: 2 }],
    [{ pattern: 'a+' }, { pattern: 'a+' }, { pattern: 'a+' }],
    [{ const: [1, { a: 2 }] }, { const: [1, { a: 2 }] }, {
      const: [1, { a: 2 }],
    }],
    // types: intersection, integer inside number
    [{ type: 'string' }, { type: 'string' }, { type: 'string' }],
    [{ type: 'string' }, { type: ['null', 'string'] }, { type: ['string'] }],
    [{ type: ['string', 'null'] }, { type: ['null', 'string'] }, {
      type: ['string', 'null'],
    }],
    [{ type: 'integer' }, { type: 'number' }, { type: ['integer'] }],
    [{ type: 'number' }, { type: 'integer' }, { type: ['integer'] }],
    [{ type: ['string', 'integer'] }, { type: ['number', 'boolean'] }, {
      type: ['integer'],
    }],
    [{ type: ['string', 'number'] }, { type: ['integer', 'boolean'] }, {
      type: ['integer'],
    }],
    [{ type: ['boolean', 'number'] }, { type: ['number', 'string'] }, {
      type: ['number'],
    }],
    // properties: union, shared names as allOf
    [
      { properties: { a: { type: 'string' }, b: { minimum: 1 } } },
      { properties: { b: { maximum: 3 }, c: { type: 'null' } } },
      {
        properties: {
          a: { type: 'string' },
          b: { allOf: [{ minimum: 1 }, { maximum: 3 }] },
          c: { type: 'null' },
        },
      },
    ],
    [
      { properties: { a: { type: 'string' } } },
      { properties: {} },
      { properties: { a: { type: 'string' } } },
    ],
    // required: ordered union
    [{ required: ['a', 'b'] }, { required: ['c', 'b', 'a'] }, {
      required: ['a', 'b', 'c'],
    }],
    // enum: the left's order, kept when in the right
    [{ enum: [1, 2, 3, 'x'] }, { enum: ['x', 3, 2, 9] }, {
      enum: [2, 3, 'x'],
    }],
    [{ enum: [{ a: 1 }, [2], null] }, { enum: [null, { a: 1 }] }, {
      enum: [{ a: 1 }, null],
    }],
    [{ enum: [1, 2] }, { enum: [3] }, { enum: [] }],
    // bounds: the tighter one wins, whichever side it is on
    [{ minimum: 1 }, { minimum: 3 }, { minimum: 3 }],
    [{ minimum: 3 }, { minimum: 1 }, { minimum: 3 }],
    [{ maximum: 1 }, { maximum: 3 }, { maximum: 1 }],
    [{ maximum: 3 }, { maximum: 1 }, { maximum: 1 }],
    [{ minLength: 2 }, { minLength: 5 }, { minLength: 5 }],
    [{ maxLength: 2 }, { maxLength: 5 }, { maxLength: 2 }],
    [{ minItems: 4 }, { minItems: 1 }, { minItems: 4 }],
    [{ maxItems: 4 }, { maxItems: 1 }, { maxItems: 1 }],
    [{ minProperties: 0 }, { minProperties: 2 }, { minProperties: 2 }],
    [{ maxProperties: 0 }, { maxProperties: 2 }, { maxProperties: 0 }],
    [{ exclusiveMinimum: -1 }, { exclusiveMinimum: 2.5 }, {
      exclusiveMinimum: 2.5,
    }],
    [{ exclusiveMaximum: -1 }, { exclusiveMaximum: 2.5 }, {
      exclusiveMaximum: -1,
    }],
    [
      { minimum: 0, maximum: 10, exclusiveMaximum: 8 },
      { minimum: 2, maximum: 20, exclusiveMaximum: 9 },
      { minimum: 2, maximum: 10, exclusiveMaximum: 8 },
    ],
    // additionalProperties and items: false wins, true yields, else allOf
    [{ additionalProperties: false }, { additionalProperties: true }, {
      additionalProperties: false,
    }],
    [{ additionalProperties: true }, { additionalProperties: false }, {
      additionalProperties: false,
    }],
    [{ additionalProperties: { type: 'string' } }, {
      additionalProperties: false,
    }, { additionalProperties: false }],
    [{ additionalProperties: false }, {
      additionalProperties: { type: 'string' },
    }, { additionalProperties: false }],
    [{ additionalProperties: true }, {
      additionalProperties: { type: 'string' },
    }, { additionalProperties: { type: 'string' } }],
    [{ additionalProperties: { type: 'string' } }, {
      additionalProperties: true,
    }, { additionalProperties: { type: 'string' } }],
    [
      { additionalProperties: { type: 'string' } },
      { additionalProperties: { minLength: 1 } },
      {
        additionalProperties: { allOf: [{ type: 'string' }, { minLength: 1 }] },
      },
    ],
    [{ items: { type: 'string' } }, { items: { minLength: 1 } }, {
      items: { allOf: [{ type: 'string' }, { minLength: 1 }] },
    }],
    [{ items: true }, { items: { type: 'null' } }, {
      items: { type: 'null' },
    }],
    [{ items: { type: 'null' } }, { items: false }, { items: false }],
    // multipleOf: the larger when it is a multiple of the smaller
    [{ multipleOf: 2 }, { multipleOf: 6 }, { multipleOf: 6 }],
    [{ multipleOf: 6 }, { multipleOf: 2 }, { multipleOf: 6 }],
    [{ multipleOf: 0.5 }, { multipleOf: 1.5 }, { multipleOf: 1.5 }],
    // several keywords at once, the left's order first
    [
      { type: 'object', required: ['a'], title: 'L' },
      { required: ['b'], description: 'R', type: 'object' },
      { type: 'object', required: ['a', 'b'], title: 'L', description: 'R' },
    ],
  ];
  for (const [a, b, want] of cases) {
    const label = `${JSON.stringify(a)} + ${JSON.stringify(b)}`;
    const before = JSON.stringify([a, b]);
    const got = merge(a, b, ['p']);
    assert.deepEqual(got, want, label);
    assert.deepEqual(Object.keys(got), Object.keys(want), label);
    assert.equal(JSON.stringify([a, b]), before, `${label} changed an input`);
  }
});

test('merge keeps the left annotation when both sides differ', () => {
  const keys = [
    'title',
    'description',
    'default',
    'examples',
    '$comment',
    '$schema',
    '$id',
    '$anchor',
    'readOnly',
    'writeOnly',
    'deprecated',
    '$defs',
    'definitions',
  ];
  for (const key of keys) {
    assert.deepEqual(
      merge({ [key]: 'left' }, { [key]: { other: true } }, ['p']),
      { [key]: 'left' },
      key,
    );
  }
});

test('merge names the keyword two schemas cannot share, with its path', () => {
  const cases: [Schema, Schema, string, string, string][] = [
    [
      { type: 'string' },
      { type: 'number' },
      'p.type',
      'contradictory_bounds',
      'no type satisfies both sides',
    ],
    [
      { type: ['integer'] },
      { type: ['string', 'boolean'] },
      'p.type',
      'contradictory_bounds',
      'no type satisfies both sides',
    ],
    [
      { type: 'integer' },
      { type: ['null'] },
      'p.type',
      'contradictory_bounds',
      'no type satisfies both sides',
    ],
    [
      { type: 5 },
      { type: 'string' },
      'p.type',
      'invalid_schema',
      'expected type names',
    ],
    [
      { type: 'string' },
      { type: ['string', 1] },
      'p.type',
      'invalid_schema',
      'expected type names',
    ],
    [
      { type: ['string', null] },
      { type: ['string'] },
      'p.type',
      'invalid_schema',
      'expected type names',
    ],
    [
      { const: 1 },
      { const: 2 },
      'p.const',
      'contradictory_bounds',
      'two different constants',
    ],
    [
      { multipleOf: 4 },
      { multipleOf: 6 },
      'p.multipleOf',
      'unsupported_keyword',
      'multiples of both 4 and 6',
    ],
    [
      { multipleOf: 3 },
      { multipleOf: 2 },
      'p.multipleOf',
      'unsupported_keyword',
      'multiples of both 3 and 2',
    ],
    [
      { multipleOf: '2' },
      { multipleOf: 4 },
      'p.multipleOf',
      'unsupported_keyword',
      'two different "multipleOf" values in one "allOf"',
    ],
    [
      { multipleOf: 2 },
      { multipleOf: '4' },
      'p.multipleOf',
      'unsupported_keyword',
      'two different "multipleOf" values in one "allOf"',
    ],
    [
      { pattern: 'a' },
      { pattern: 'b' },
      'p.pattern',
      'unsupported_keyword',
      'two different "pattern" values in one "allOf"',
    ],
    [
      { format: 'date' },
      { format: 'email' },
      'p.format',
      'unsupported_keyword',
      'two different "format" values in one "allOf"',
    ],
    [
      { properties: [1] },
      { properties: { a: {} } },
      'p.properties',
      'unsupported_keyword',
      'two different "properties" values in one "allOf"',
    ],
    [
      { properties: { a: {} } },
      { properties: [1] },
      'p.properties',
      'unsupported_keyword',
      'two different "properties" values in one "allOf"',
    ],
    [
      { required: 'a' },
      { required: ['b'] },
      'p.required',
      'unsupported_keyword',
      'two different "required" values in one "allOf"',
    ],
    [
      { required: ['a'] },
      { required: 'b' },
      'p.required',
      'unsupported_keyword',
      'two different "required" values in one "allOf"',
    ],
    [
      { enum: 'a' },
      { enum: ['a'] },
      'p.enum',
      'unsupported_keyword',
      'two different "enum" values in one "allOf"',
    ],
    [
      { enum: ['a'] },
      { enum: 'a' },
      'p.enum',
      'unsupported_keyword',
      'two different "enum" values in one "allOf"',
    ],
    [
      { minimum: '1' },
      { minimum: 2 },
      'p.minimum',
      'unsupported_keyword',
      'two different "minimum" values in one "allOf"',
    ],
    [
      { maxLength: 1 },
      { maxLength: null },
      'p.maxLength',
      'unsupported_keyword',
      'two different "maxLength" values in one "allOf"',
    ],
    [
      { exclusiveMinimum: true },
      { exclusiveMinimum: 1 },
      'p.exclusiveMinimum',
      'unsupported_keyword',
      'two different "exclusiveMinimum" values in one "allOf"',
    ],
    [
      { exclusiveMaximum: 1 },
      { exclusiveMaximum: 'x' },
      'p.exclusiveMaximum',
      'unsupported_keyword',
      'two different "exclusiveMaximum" values in one "allOf"',
    ],
    [
      { prefixItems: [{ type: 'string' }] },
      { prefixItems: [{ type: 'string' }, { type: 'null' }] },
      'p.prefixItems',
      'unsupported_keyword',
      'two different "prefixItems" values in one "allOf"',
    ],
    [
      { uniqueItems: true },
      { uniqueItems: false },
      'p.uniqueItems',
      'unsupported_keyword',
      'two different "uniqueItems" values in one "allOf"',
    ],
    [
      { x: null },
      { x: 1 },
      'p.x',
      'unsupported_keyword',
      'two different "x" values in one "allOf"',
    ],
  ];
  for (const [a, b, path, reason, detail] of cases) {
    assertUnsatisfiable(() => merge(a, b, ['p']), { path, reason, detail });
  }
  assertUnsatisfiable(
    () => merge({ const: 'a' }, { const: 'b' }, ['parameters', 'allOf', '1']),
    {
      path: 'parameters.allOf.1.const',
      reason: 'contradictory_bounds',
      detail: 'two different constants',
    },
  );
});
