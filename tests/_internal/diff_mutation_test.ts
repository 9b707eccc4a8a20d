import assert from 'node:assert/strict';
import test from 'node:test';
import {
  firstDifference,
  lineDiff,
  toLines,
  valueAt,
} from '../../_internal/diff.ts';

/** `n` arrays nested around `1`. */
function nest(n: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < n; i++) value = [value];
  return value;
}

/** The numbers `0..n-1`. */
function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/** An object that refers to itself under `self`. */
function selfish(): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  value.self = value;
  return value;
}

/** An object whose only prototype is `null`, with the given keys. */
function bare(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.assign(Object.create(null), fields);
}

const header = '- expected\n+ actual\n';

test('firstDifference names the first differing path of each pair', () => {
  class Box {
    constructor(readonly a: number) {}
  }
  const shared = new Box(1);
  const cases: [unknown, unknown, string | undefined][] = [
    [1, 1, undefined],
    [1, 2, ''],
    [Number.NaN, Number.NaN, undefined],
    [0, -0, undefined],
    ['a', 'a', undefined],
    [null, undefined, ''],
    [[1, 2], [1, 2], undefined],
    [[1, 2], [1, 3], '[1]'],
    [[1, 2], [1, 2, 3], '[2]'],
    [[1, 2, 3], [1, 2], '[2]'],
    [[1], [1, undefined], '[1]'],
    [[1, undefined], [1], '[1]'],
    [[], [], undefined],
    [[1], { 0: 1 }, ''],
    [{ 0: 1 }, [1], ''],
    [{ a: 1, b: undefined }, { a: 1 }, undefined],
    [{ a: 1 }, { a: 1, b: undefined }, undefined],
    [{ a: 1 }, { a: 1, b: 2 }, 'b'],
    [{ a: 1, b: 2 }, { a: 1 }, 'b'],
    [{ b: 1, a: 1 }, { a: 2, b: 2 }, 'b'],
    [{ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] }, 'a[1].b'],
    [[[1, 2]], [[1, 3]], '[0][1]'],
    [{ 'a-b': 1 }, { 'a-b': 2 }, '["a-b"]'],
    [{ '-a': 1 }, { '-a': 2 }, '["-a"]'],
    [{ 'a-': 1 }, { 'a-': 2 }, '["a-"]'],
    [{ '1a': 1 }, { '1a': 2 }, '["1a"]'],
    [{ x: { 'a b': 1 } }, { x: { 'a b': 2 } }, 'x["a b"]'],
    [{ x: { $_a1: 1 } }, { x: { $_a1: 2 } }, 'x.$_a1'],
    [{ x: { Z9: 1 } }, { x: { Z9: 2 } }, 'x.Z9'],
    [bare({ a: 1 }), { a: 1 }, undefined],
    [bare({ a: 1 }), bare({ a: 2 }), 'a'],
    [new Box(1), new Box(1), ''],
    [shared, shared, undefined],
    [{ box: new Box(1) }, { box: new Box(1) }, 'box'],
    [new Map(), new Map(), ''],
  ];
  for (const [expected, actual, path] of cases) {
    assert.equal(
      firstDifference(expected, actual),
      path,
      `${JSON.stringify(expected)} vs ${JSON.stringify(actual)}`,
    );
  }
});

test('firstDifference compares cycles by identity past depth 100', () => {
  const path = Array.from({ length: 101 }, () => 'self').join('.');
  assert.equal(firstDifference(selfish(), selfish()), path);
  const loop = (): unknown[] => {
    const list: unknown[] = [];
    list.push(list);
    return list;
  };
  assert.equal(firstDifference(loop(), loop()), '[0]'.repeat(101));
  const one = selfish();
  assert.equal(firstDifference(one, one), undefined);
  assert.equal(firstDifference({ a: 1 }, { a: 2 }, 'root.x', 5), 'root.x.a');
  assert.equal(firstDifference(1, 2, 'at', 101), 'at');
  assert.equal(firstDifference([1], [2], 'at', 101), 'at');
  assert.equal(firstDifference([1], [2], 'at', 100), 'at[0]');
});

test('valueAt reads the value at each path firstDifference writes', () => {
  const value = {
    a: [5, { b: 'x' }],
    'a-b': { c: 3 },
    'x"y': 7,
    nested: [[0, [1, 2]]],
  };
  const cases: [string, unknown][] = [
    ['', value],
    ['a', value.a],
    ['a[0]', 5],
    ['a[1].b', 'x'],
    ['a[1]', value.a[1]],
    ['["a-b"].c', 3],
    ['["x\\"y"]', 7],
    ['nested[0][1][1]', 2],
    ['nested[0][1][0]', 1],
    ['missing', undefined],
    ['missing.deeper', undefined],
    ['a[0].length', undefined],
    ['a[1].b.length', undefined],
  ];
  for (const [path, expected] of cases) {
    assert.equal(valueAt(value, path), expected, path);
  }
  assert.equal(valueAt([10, 20, 30], '[2]'), 30);
  assert.equal(valueAt(range(20), '[12]'), 12);
  assert.equal(valueAt({ a: range(120) }, 'a[107]'), 107);
  assert.equal(valueAt('abc', 'length'), undefined);
  assert.equal(valueAt(null, 'a'), undefined);
  assert.equal(valueAt(Object.assign(() => {}, { a: 1 }), 'a'), undefined);
  const hostile = {
    get a(): number {
      throw new Error('no');
    },
  };
  assert.equal(valueAt(hostile, 'a'), undefined);
  const { proxy, revoke } = Proxy.revocable({ a: 1 }, {});
  revoke();
  assert.equal(valueAt(proxy, 'a'), undefined);
});

test('toLines renders scalars by kind, strings quoted and cut past 200', () => {
  const cases: [unknown, string][] = [
    ['hi', '"hi"'],
    ['say "x"\n', '"say \\"x\\"\\n"'],
    [1.5, '1.5'],
    [-0, '0'],
    [Number.NaN, 'NaN'],
    [true, 'true'],
    [false, 'false'],
    [null, 'null'],
    [undefined, 'undefined'],
    [10n, '10n'],
    [Symbol('s'), 'a symbol'],
    [() => {}, 'a function'],
    [new Map(), 'a class instance (Map)'],
    ['x'.repeat(200), `"${'x'.repeat(200)}"`],
    ['x'.repeat(201), `"${'x'.repeat(200)}…"`],
  ];
  for (const [value, line] of cases) {
    assert.deepEqual(toLines(value), [line], line);
  }
});

test('toLines renders containers as indented JSON-like lines', () => {
  class Point {
    x = 1;
  }
  const inner = [1];
  const cycle: Record<string, unknown> = { x: 1 };
  cycle.self = cycle;
  const cases: [unknown, string[]][] = [
    [[], ['[]']],
    [{}, ['{}']],
    [{ a: undefined }, ['{}']],
    [[1, 'a'], ['[', '  1,', '  "a"', ']']],
    [{ a: 1, b: 'x' }, ['{', '  "a": 1,', '  "b": "x"', '}']],
    [{ a: undefined, b: 1 }, ['{', '  "b": 1', '}']],
    [{ a: 1, b: undefined }, ['{', '  "a": 1', '}']],
    [[undefined, null], ['[', '  undefined,', '  null', ']']],
    [{ 'a"b': 1 }, ['{', '  "a\\"b": 1', '}']],
    [bare({ a: 1 }), ['{', '  "a": 1', '}']],
    [{ a: [], b: {} }, ['{', '  "a": [],', '  "b": {}', '}']],
    [
      { a: [1], b: { c: [2, 3] } },
      [
        '{',
        '  "a": [',
        '    1',
        '  ],',
        '  "b": {',
        '    "c": [',
        '      2,',
        '      3',
        '    ]',
        '  }',
        '}',
      ],
    ],
    [
      { p: new Point(), m: new Map() },
      [
        '{',
        '  "p": a class instance (Point),',
        '  "m": a class instance (Map)',
        '}',
      ],
    ],
    [
      cycle,
      ['{', '  "x": 1,', '  "self": a circular reference', '}'],
    ],
    [
      { p: inner, q: inner },
      ['{', '  "p": [', '    1', '  ],', '  "q": [', '    1', '  ]', '}'],
    ],
  ];
  for (const [value, lines] of cases) {
    assert.deepEqual(toLines(value), lines, lines.join('|'));
  }
});

test('toLines stops nesting at depth 8', () => {
  const opened = (n: number) =>
    Array.from({ length: n }, (_, k) => `${'  '.repeat(k)}[`);
  const closed = (n: number) =>
    Array.from({ length: n }, (_, k) => `${'  '.repeat(n - 1 - k)}]`);
  assert.deepEqual(toLines(nest(8)), [
    ...opened(8),
    `${'  '.repeat(8)}1`,
    ...closed(8),
  ]);
  assert.deepEqual(toLines(nest(9)), [
    ...opened(8),
    `${'  '.repeat(8)}an array of 1`,
    ...closed(8),
  ]);
});

test('toLines cuts a rendering longer than 120 lines with …', () => {
  const numbered = (n: number, last: number) =>
    range(n).map((i) => `  ${i}${i < last ? ',' : ''}`);
  // 118 items: 120 lines, shown whole.
  assert.deepEqual(toLines(range(118)), ['[', ...numbered(118, 117), ']']);
  // 119 items: 121 lines, the closing bracket cut.
  assert.deepEqual(toLines(range(119)), ['[', ...numbered(119, 118), '…']);
  assert.deepEqual(toLines(range(500)), ['[', ...numbered(119, 500), '…']);
  const keys = Object.fromEntries(range(130).map((i) => [`k${i}`, i]));
  assert.deepEqual(toLines(keys), [
    '{',
    ...range(119).map((i) => `  "k${i}": ${i},`),
    '…',
  ]);
  // Huge shared nesting: four levels of 121 items stays fast and cut.
  let wide: unknown = 0;
  for (let level = 0; level < 4; level++) wide = new Array(121).fill(wide);
  const lines = toLines(wide);
  assert.equal(lines.length, 121);
  assert.equal(lines[0], '[');
  assert.equal(lines[4], '        0,');
  assert.equal(lines.at(-1), '…');
});

test('toLines reads a hostile value as unreadable', () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  assert.deepEqual(toLines(proxy), ['an unreadable value']);
  const getter = {
    get a(): number {
      throw new Error('no');
    },
  };
  assert.deepEqual(toLines(getter), ['an unreadable value']);
  assert.deepEqual(toLines([getter]), ['an unreadable value']);
});

test('lineDiff renders the shortest edit, removals first', () => {
  const cases: [string[], string[], string][] = [
    [[], [], header],
    [['a'], ['a'], `${header}\n  a`],
    [['a'], [], `${header}\n- a`],
    [[], ['a'], `${header}\n+ a`],
    [['a'], ['b'], `${header}\n- a\n+ b`],
    [['a', 'b', 'c'], ['a', 'x', 'c'], `${header}\n  a\n- b\n+ x\n  c`],
    [['a', 'b'], ['b', 'a'], `${header}\n- a\n  b\n+ a`],
    [
      ['x', 'a', 'b', 'c'],
      ['a', 'b', 'c', 'x'],
      `${header}\n- x\n  a\n  b\n  c\n+ x`,
    ],
    [
      ['a', 'b', 'c', 'x'],
      ['x', 'a', 'b', 'c'],
      `${header}\n+ x\n  a\n  b\n  c\n- x`,
    ],
    [['a', 'b'], ['a'], `${header}\n  a\n- b`],
    [['a'], ['a', 'b'], `${header}\n  a\n+ b`],
    [['b'], ['a', 'b'], `${header}\n+ a\n  b`],
    [['a', 'b'], ['b'], `${header}\n- a\n  b`],
    [
      ['p', 'a', 'q', 'b'],
      ['a', 'r', 'b', 's'],
      `${header}\n- p\n  a\n- q\n+ r\n  b\n+ s`,
    ],
  ];
  for (const [expected, actual, diff] of cases) {
    assert.equal(lineDiff(expected, actual), diff, diff);
  }
});

test('lineDiff of two renderings shows exactly the changed lines', () => {
  const cases: [unknown, unknown, string][] = [
    [
      { city: 'Paris', days: 2 },
      { city: 'Rome', days: 2 },
      `${header}\n  {\n-   "city": "Paris",\n+   "city": "Rome",\n    "days": 2\n  }`,
    ],
    [
      [1, 2],
      [1, 2, 3],
      `${header}\n  [\n    1,\n-   2\n+   2,\n+   3\n  ]`,
    ],
    [
      { a: [1, { b: null }] },
      { a: [1, { b: undefined }] },
      `${header}\n  {\n    "a": [\n      1,\n-     {\n-       "b": null\n-     }\n+     {}\n    ]\n  }`,
    ],
    [
      'short',
      'x'.repeat(201),
      `${header}\n- "short"\n+ "${'x'.repeat(200)}…"`,
    ],
    [undefined, null, `${header}\n- undefined\n+ null`],
  ];
  for (const [expected, actual, diff] of cases) {
    assert.equal(lineDiff(toLines(expected), toLines(actual)), diff, diff);
  }
});
