import assert from 'node:assert/strict';
import test from 'node:test';
import {
  appendTimeline,
  formatTimeline,
  type TimelineCall,
  type TimelineStep,
} from '../../_internal/timeline.ts';
import { brief, firstWords } from '../../_internal/brief.ts';

const heading = (counts: string, mark = true) =>
  `Timeline (${counts}${mark ? '; ">" marks the first divergence' : ''}):`;

test('formatTimeline interleaves steps and calls and marks the first call that matched none', () => {
  const steps: TimelineStep[] = [
    { label: '"response"', state: 'consumed' },
    { label: 'fault "disconnect"', state: 'fault' },
    { label: '"execCommand"', state: 'candidate' },
    { label: '"readFile"', state: 'consumed' },
    { label: '"close"', state: 'pending' },
  ];
  const calls: TimelineCall[] = [
    { label: '"getResponse"', step: 0 },
    { label: '"readFile"', step: 3 },
    { label: '"exec"', note: 'step 2 "execCommand": matcher returned false' },
  ];
  assert.equal(
    formatTimeline(steps, calls),
    [
      heading('4 steps, 1 injected fault, 3 calls'),
      '  call 0 "getResponse" -> step 0 "response"',
      '  fault "disconnect": injected fault',
      '  step 2 "execCommand": anyOrder candidate',
      '  call 1 "readFile" -> step 3 "readFile"',
      '> call 2 "exec": step 2 "execCommand": matcher returned false',
      '  step 4 "close": pending',
    ].join('\n'),
  );
});

test('formatTimeline marks the first step left pending when every call matched', () => {
  assert.equal(
    formatTimeline(
      [
        { label: '"a"', state: 'consumed' },
        { label: '"b"', state: 'consumed' },
        { label: '"c"', state: 'pending' },
        { label: '"d"', state: 'candidate' },
      ],
      [{ label: '"x"', step: 0 }],
    ),
    [
      heading('4 steps, 1 call'),
      '  call 0 "x" -> step 0 "a"',
      '  step 1 "b": consumed',
      '> step 2 "c": pending',
      '  step 3 "d": anyOrder candidate',
    ].join('\n'),
  );
});

test('formatTimeline marks a candidate left at the end, and nothing when nothing diverged', () => {
  assert.equal(
    formatTimeline(
      [{ label: '"a"', state: 'fault' }, { label: '"b"', state: 'candidate' }],
      [],
    ),
    [
      heading('1 step, 1 injected fault'),
      '  "a": injected fault',
      '> step 1 "b": anyOrder candidate',
    ]
      .join('\n'),
  );
  assert.equal(
    formatTimeline([{ label: '"a"', state: 'consumed' }], [{
      label: '"x"',
      step: 0,
    }]),
    [heading('1 step, 1 call', false), '  call 0 "x" -> step 0 "a"'].join('\n'),
  );
  assert.equal(formatTimeline([], []), heading('empty', false));
});

test('formatTimeline treats a step index out of range as matching none, and a step before it as skipped', () => {
  assert.equal(
    formatTimeline(
      [{ label: '"a"', state: 'pending' }],
      [{ label: '"x"', step: 1 }, { label: '"y"', step: -1 }],
    ),
    [
      heading('1 step, 2 calls'),
      '> call 0 "x": matched no step',
      '  call 1 "y": matched no step',
      '  step 0 "a": pending',
    ].join('\n'),
  );
});

test('formatTimeline keeps the lines around the divergence and says what it left out', () => {
  const steps: TimelineStep[] = Array.from(
    { length: 30 },
    (_, index) => ({
      label: `"s${index}"`,
      state: index < 15 ? 'consumed' : 'pending',
    }),
  );
  const calls: TimelineCall[] = [
    ...Array.from({ length: 15 }, (_, index) => ({
      label: `"c${index}"`,
      step: index,
    })),
    { label: '"bad"' },
  ];
  const text = formatTimeline(steps, calls);
  const lines = text.split('\n');
  assert.equal(lines.length, 20);
  assert.deepEqual(lines.slice(0, 3), [
    heading('30 steps, 16 calls'),
    '  … 7 steps and 7 calls left out',
    '  call 7 "c7" -> step 7 "s7"',
  ]);
  assert.equal(lines[10], '> call 15 "bad": matched no step');
  assert.deepEqual(lines.slice(-2), [
    '  step 22 "s22": pending',
    '  … 7 steps left out',
  ]);
  // The bound is configurable, never below 5 lines.
  const five = formatTimeline(steps, calls, { maxLines: 1 }).split('\n');
  assert.deepEqual(five, [
    heading('30 steps, 16 calls'),
    '  … 14 steps and 14 calls left out',
    '  call 14 "c14" -> step 14 "s14"',
    '> call 15 "bad": matched no step',
    '  … 15 steps left out',
  ]);
});

test('formatTimeline keeps one side whole when the divergence is near an end', () => {
  const steps: TimelineStep[] = Array.from({ length: 12 }, (_, index) => ({
    label: `"s${index}"`,
    state: 'pending',
  }));
  const start = formatTimeline(steps, [{ label: '"bad"' }], { maxLines: 6 });
  assert.deepEqual(start.split('\n'), [
    heading('12 steps, 1 call'),
    '> call 0 "bad": matched no step',
    '  step 0 "s0": pending',
    '  step 1 "s1": pending',
    '  step 2 "s2": pending',
    '  … 9 steps left out',
  ]);
  const consumed = steps.map((step) => ({
    ...step,
    state: 'consumed' as const,
  }));
  const end = formatTimeline(consumed, [
    ...consumed.map((_, index) => ({ label: `"c${index}"`, step: index })),
    { label: '"bad"' },
  ], { maxLines: 6 });
  assert.deepEqual(end.split('\n'), [
    heading('12 steps, 13 calls'),
    '  … 9 steps and 9 calls left out',
    '  call 9 "c9" -> step 9 "s9"',
    '  call 10 "c10" -> step 10 "s10"',
    '  call 11 "c11" -> step 11 "s11"',
    '> call 12 "bad": matched no step',
  ]);
  // With no divergence, the end is kept.
  const calm = formatTimeline(consumed, [], { maxLines: 5 }).split('\n');
  assert.deepEqual(calm, [
    heading('12 steps', false),
    '  … 9 steps left out',
    '  step 9 "s9": consumed',
    '  step 10 "s10": consumed',
    '  step 11 "s11": consumed',
  ]);
});

test('formatTimeline cuts long labels and notes at 60 characters, lines at 100', () => {
  const long = 'x'.repeat(100);
  const text = formatTimeline([{ label: long, state: 'pending' }], [{
    label: long,
    note: long,
  }]);
  const cut = `${'x'.repeat(59)}…`;
  assert.equal(
    text,
    [
      heading('1 step, 1 call'),
      // 100 characters: the note's end is cut.
      `> call 0 ${cut}: ${'x'.repeat(28)}…`,
      `  step 0 ${cut}: pending`,
    ]
      .join('\n'),
  );
  assert.equal(
    formatTimeline([{ label: 'x'.repeat(60), state: 'consumed' }], []),
    [heading('1 step', false), `  step 0 ${'x'.repeat(60)}: consumed`].join(
      '\n',
    ),
  );
});

test('formatTimeline places a step by `at` among the calls (an injected fault)', () => {
  assert.equal(
    formatTimeline(
      [
        { label: '"sendMessage"', state: 'consumed' },
        { label: '"sendEvent"', state: 'pending' },
        { label: 'dropped "audio"', state: 'fault', at: 1 },
        { label: 'disconnect "x"', state: 'fault', at: 0 },
      ],
      [{ label: '"sendMessage"', step: 0 }, {
        label: '"mute"',
        note: 'expected "sendEvent"',
      }],
    ),
    [
      heading('2 steps, 2 injected faults, 2 calls'),
      '  disconnect "x": injected fault',
      '  call 0 "sendMessage" -> step 0 "sendMessage"',
      '  dropped "audio": injected fault',
      '> call 1 "mute": expected "sendEvent"',
      '  step 1 "sendEvent": pending',
    ].join('\n'),
  );
});

test('appendTimeline quotes the names, says why the refused call was refused, and keeps the error', () => {
  const trail = {
    steps: ['readFile', 'execCommand', 'close'],
    calls: ['readFile', 'exec'],
    took: new Map([[0, 0]]),
  };
  const cases: [object, string][] = [
    [{}, 'matched no step'],
    [{ expectedMethod: 'execCommand' }, 'expected "execCommand"'],
    [{ matcherResult: 'false' }, 'matcher returned false'],
    [{ matcherResult: 'threw' }, 'matcher threw'],
    [
      { matcherResult: 'false', candidates: [], expectedMethod: 'x' },
      'no anyOrder candidate accepts it',
    ],
  ];
  for (const [fields, note] of cases) {
    const error = Object.assign(new RangeError('Unexpected call'), {
      callIndex: 1,
      ...fields,
    });
    assert.equal(
      appendTimeline(error, { ...trail, candidates: [1] }),
      error,
    );
    assert.equal(
      error.message,
      [
        'Unexpected call',
        heading('3 steps, 2 calls'),
        '  call 0 "readFile" -> step 0 "readFile"',
        `> call 1 "exec": ${note}`,
        '  step 1 "execCommand": anyOrder candidate',
        '  step 2 "close": pending',
      ].join('\n'),
    );
    assert.match(String(error.stack), /^RangeError: Unexpected call\nTimeline/);
  }
  // Only the refused call says why; faults and the unit are passed on.
  const other = Object.assign(new Error('Incomplete'), {
    expectedMethod: 'close',
  });
  appendTimeline(other, {
    steps: ['close'],
    calls: ['mute'],
    took: new Map(),
    faults: [{ label: 'dropped "audio"', state: 'fault', at: 0 }],
    unit: 'expectation',
  });
  assert.equal(
    other.message,
    [
      'Incomplete',
      heading('1 expectation, 1 injected fault, 1 call'),
      '  dropped "audio": injected fault',
      '> call 0 "mute": matched no expectation',
      '  expectation 0 "close": pending',
    ].join('\n'),
  );
});

test('formatTimeline shows every line when they fit the bound exactly', () => {
  const steps: TimelineStep[] = Array.from({ length: 18 }, (_, index) => ({
    label: `"s${index}"`,
    state: 'consumed',
  }));
  const calls: TimelineCall[] = [
    ...steps.map((_, index) => ({ label: `"c${index}"`, step: index })),
    { label: '"bad"' },
  ];
  // 19 lines and the heading: 20, the default bound.
  const lines = formatTimeline(steps, calls).split('\n');
  assert.equal(lines.length, 20);
  assert.equal(lines[1], '  call 0 "c0" -> step 0 "s0"');
  assert.equal(lines[19], '> call 18 "bad": matched no step');
  // One more line and the first goes.
  const over = formatTimeline(steps, [{ label: '"x"', step: -1 }, ...calls])
    .split('\n');
  assert.equal(over.length, 20);
  assert.equal(over[1], '> call 0 "x": matched no step');
  assert.equal(over[19], '  … 1 step and 2 calls left out');
});

test('appendTimeline shows what each entry held: redacted, one line, cut at 40; fills a timeline field', () => {
  const planted = 'sk-proj-PLANTEDabcdefghijklmnopqrstuvwxyz0123';
  const error = Object.assign(new Error('Unexpected call'), {
    callIndex: 1,
    expectedTool: 'b',
    timeline: undefined as string | undefined,
  });
  appendTimeline(error, {
    steps: [
      { name: 'a', detail: brief(`key ${planted}`) },
      { name: 'b', detail: brief(' \n ') },
      { name: 'c' },
    ],
    calls: [
      { name: 'a', detail: brief('first\n  second') },
      { name: 'x', detail: brief('y'.repeat(41)) },
    ],
    took: new Map([[0, 0]]),
  });
  const timeline = [
    heading('3 steps, 2 calls'),
    '  call 0 "a" first second -> step 0 "a" key [redacted]',
    `> call 1 "x" ${'y'.repeat(39)}…: expected "b"`,
    '  step 1 "b": pending',
    '  step 2 "c": pending',
  ].join('\n');
  assert.equal(error.message, `Unexpected call\n${timeline}`);
  assert.equal(error.timeline, timeline);
  assert.ok(!error.message.includes('PLANTED'));
  // An error without the field does not gain one; 40 characters stay whole.
  const plain = appendTimeline(new Error('E'), {
    steps: [{ name: 's', detail: brief('z'.repeat(40)) }],
    calls: [],
    took: new Map(),
  });
  assert.equal(Object.hasOwn(plain, 'timeline'), false);
  assert.equal(
    plain.message,
    `E\n${heading('1 step')}\n> step 0 "s" ${'z'.repeat(40)}: pending`,
  );
});

test('brief redacts before cutting; firstWords keeps six words', () => {
  // A key cut in half would no longer be found: redacted whole first.
  const key = 'sk-proj-PLANTEDabcdefghijklmnopqrstuvwxyz0123';
  assert.equal(
    brief(`${'w '.repeat(15)}${key}`),
    `${'w '.repeat(15)}[redacted]`,
  );
  assert.equal(brief(`\t a\n\n b `), 'a b');
  assert.equal(
    firstWords('one two three four five six'),
    '"one two three four five six"',
  );
  assert.equal(
    firstWords('one two three four five six seven'),
    '"one two three four five six …"',
  );
  assert.equal(firstWords('  '), '""');
});
