/**
 * Fault injection in detail: which emit each fault hits (by event and
 * `nth`), what is delivered and returned, the exact log records, reorder
 * windows and flushing, delays on the virtual clock, disconnects and the
 * events lost meanwhile, and every malformed fault spec's exact error.
 */
import assert from 'node:assert/strict';
import {
  injectFaults,
  type RealtimeFault,
  VirtualClock,
} from '@scripted/agents/realtime/sim';
import { sanitizedTest as test } from '../../_support/sanitized.ts';
import { throwsSpec } from './_spec_assert.ts';

// deno-lint-ignore no-explicit-any
type Loose = any;

/** A transport stand-in: records deliveries and disconnects. */
function fake() {
  const delivered: unknown[][] = [];
  const transport = {
    status: 'connected',
    disconnects: [] as unknown[],
    emit(this: unknown, type: string, ...args: unknown[]): boolean {
      assert.equal(this, transport);
      delivered.push([type, ...args]);
      return true;
    },
    disconnect(this: unknown, error?: unknown): void {
      assert.equal(this, transport);
      transport.status = 'disconnected';
      transport.disconnects.push(error);
    },
  };
  return { transport, delivered };
}

function rec(
  index: number,
  fault: number,
  kind: string,
  action: string,
  event: string,
  sequence: number,
  time?: number,
) {
  return {
    index,
    fault,
    kind,
    action,
    event,
    sequence,
    time,
    afterCall: undefined,
  };
}

test('A drop fault hits only the nth emit of its event', () => {
  const { transport, delivered } = fake();
  const faulty = injectFaults(transport as Loose, [
    { kind: 'drop', event: 'a', nth: 2 },
  ]);
  const returned = [
    faulty.emit('a' as Loose, 1 as never),
    faulty.emit('b' as Loose, 2 as never),
    faulty.emit('a' as Loose, 3 as never),
    faulty.emit('a' as Loose, 4 as never),
  ];
  assert.deepEqual(returned, [true, true, false, true]);
  assert.deepEqual(delivered, [['a', 1], ['b', 2], ['a', 4]]);
  assert.deepEqual(faulty.log, [rec(0, 0, 'drop', 'dropped', 'a', 2)]);
  assert(Object.isFrozen(faulty.log));
  assert(Object.isFrozen(faulty.log[0]));
  assert.deepEqual(faulty.unused, []);
  assert(Object.isFrozen(faulty.unused));
});

test('A fault without nth hits the first emit; faults of one event are matched in their own nth', () => {
  const { transport, delivered } = fake();
  const faulty = injectFaults(transport as Loose, [
    { kind: 'drop', event: 'a', nth: 3 },
    { kind: 'drop', event: 'a' },
    { kind: 'drop', event: 'b', nth: 2 },
    { kind: 'drop', event: 'a', nth: 3 },
  ]);
  for (let i = 0; i < 4; i++) faulty.emit('a' as Loose, i as never);
  assert.deepEqual(delivered, [['a', 1], ['a', 3]]);
  assert.deepEqual(faulty.log, [
    rec(0, 1, 'drop', 'dropped', 'a', 0),
    rec(1, 0, 'drop', 'dropped', 'a', 2),
  ]);
  // The second fault on the same nth never hits; b never came twice.
  assert.deepEqual(faulty.unused, [2, 3]);
});

test('A duplicate fault delivers the event, then each copy, with the same arguments', () => {
  const { transport, delivered } = fake();
  const payload = { n: 1 };
  const faulty = injectFaults(transport as Loose, [
    { kind: 'duplicate', event: 'a' },
    { kind: 'duplicate', event: 'b', copies: 3 },
  ]);
  assert.equal(faulty.emit('a' as Loose, payload as never), true);
  assert.equal(faulty.emit('b' as Loose), true);
  assert.deepEqual(delivered, [
    ['a', payload],
    ['a', payload],
    ['b'],
    ['b'],
    ['b'],
    ['b'],
  ]);
  assert.equal(delivered[1]![1], payload);
  assert.deepEqual(faulty.log, [
    rec(0, 0, 'duplicate', 'duplicated', 'a', 0),
    rec(1, 1, 'duplicate', 'duplicated', 'b', 1),
    rec(2, 1, 'duplicate', 'duplicated', 'b', 1),
    rec(3, 1, 'duplicate', 'duplicated', 'b', 1),
  ]);
});

test('A duplicate fault returns what the first delivery returned', () => {
  const delivered: string[] = [];
  const transport = {
    status: 'connected',
    emit: (type: string) => {
      delivered.push(type);
      return delivered.length > 1;
    },
    disconnect: () => {},
  };
  const faulty = injectFaults(transport as Loose, [
    { kind: 'duplicate', event: 'a' },
  ]);
  assert.equal(faulty.emit('a' as Loose), false);
  assert.deepEqual(delivered, ['a', 'a']);
});

test('A delay fault delivers the event late, at its virtual time, and logs both moments', async () => {
  const { transport, delivered } = fake();
  const clock = new VirtualClock({ start: 10 });
  const faulty = injectFaults(transport as Loose, [
    { kind: 'delay', event: 'a', ms: 50 },
    { kind: 'delay', event: 'a', nth: 2, ms: 0 },
  ], { clock });
  assert.equal(faulty.emit('a' as Loose, 1 as never), false);
  assert.equal(faulty.emit('a' as Loose, 2 as never), false);
  assert.equal(faulty.emit('b' as Loose, 3 as never), true);
  assert.deepEqual(delivered, [['b', 3]]);
  assert.equal(clock.pending, 2);
  await clock.advance(0);
  assert.deepEqual(delivered, [['b', 3], ['a', 2]]);
  await clock.advance(49);
  assert.equal(delivered.length, 2);
  await clock.advance(1);
  assert.deepEqual(delivered, [['b', 3], ['a', 2], ['a', 1]]);
  assert.deepEqual(faulty.log, [
    rec(0, 0, 'delay', 'delayed', 'a', 0, 10),
    rec(1, 1, 'delay', 'delayed', 'a', 1, 10),
    rec(2, 1, 'delay', 'delivered-late', 'a', 1, 10),
    rec(3, 0, 'delay', 'delivered-late', 'a', 0, 60),
  ]);
  // Nothing left to cancel once delivered.
  assert.equal(faulty.cancelDelayed(), 0);
});

test('cancelDelayed() cancels the late deliveries still pending and counts them', async () => {
  const { transport, delivered } = fake();
  const clock = new VirtualClock();
  const faulty = injectFaults(transport as Loose, [
    { kind: 'delay', event: 'a', ms: 5 },
    { kind: 'delay', event: 'b', ms: 10 },
  ], { clock });
  faulty.emit('a' as Loose);
  faulty.emit('b' as Loose);
  await clock.advance(5);
  assert.deepEqual(delivered, [['a']]);
  assert.equal(faulty.cancelDelayed(), 1);
  assert.equal(clock.pending, 0);
  await clock.advance(10);
  assert.deepEqual(delivered, [['a']]);
  assert.equal(faulty.cancelDelayed(), 0);
});

test('A reorder fault holds a window of emits, of any event, and releases it reversed', () => {
  const { transport, delivered } = fake();
  const faulty = injectFaults(transport as Loose, [
    { kind: 'reorder', event: 'a', window: 3 },
  ]);
  assert.equal(faulty.emit('x' as Loose, 0 as never), true);
  assert.equal(faulty.emit('a' as Loose, 1 as never), false);
  assert.equal(faulty.emit('b' as Loose, 2 as never), false);
  assert.deepEqual(delivered, [['x', 0]]);
  assert.equal(faulty.emit('a' as Loose, 3 as never), false);
  assert.deepEqual(delivered, [['x', 0], ['a', 3], ['b', 2], ['a', 1]]);
  assert.equal(faulty.emit('a' as Loose, 4 as never), true);
  assert.deepEqual(faulty.log, [
    rec(0, 0, 'reorder', 'held', 'a', 1),
    rec(1, 0, 'reorder', 'held', 'b', 2),
    rec(2, 0, 'reorder', 'held', 'a', 3),
    rec(3, 0, 'reorder', 'released', 'a', 3),
    rec(4, 0, 'reorder', 'released', 'b', 2),
    rec(5, 0, 'reorder', 'released', 'a', 1),
  ]);
  assert.equal(faulty.flush(), 0);
});

test('A reorder fault with an order releases in that order; held emits do not count toward nth', () => {
  const { transport, delivered } = fake();
  const faulty = injectFaults(transport as Loose, [
    { kind: 'reorder', event: 'a', window: 3, order: [1, 2, 0] },
    { kind: 'drop', event: 'b' },
  ]);
  faulty.emit('a' as Loose, 0 as never);
  faulty.emit('b' as Loose, 1 as never);
  faulty.emit('c' as Loose, 2 as never);
  assert.deepEqual(delivered, [['b', 1], ['c', 2], ['a', 0]]);
  // The b held in the window was not counted: this is b's first emit.
  assert.equal(faulty.emit('b' as Loose, 3 as never), false);
  assert.deepEqual(faulty.unused, []);
});

test('flush() releases a partial reorder window: reversed, or the order entries that exist', () => {
  const reversed = fake();
  const a = injectFaults(reversed.transport as Loose, [
    { kind: 'reorder', event: 'a', window: 4 },
  ]);
  a.emit('a' as Loose, 0 as never);
  a.emit('a' as Loose, 1 as never);
  assert.equal(a.flush(), 2);
  assert.deepEqual(reversed.delivered, [['a', 1], ['a', 0]]);
  assert.equal(a.flush(), 0);
  assert.deepEqual(a.log.map((r) => r.action), [
    'held',
    'held',
    'released',
    'released',
  ]);

  const ordered = fake();
  const b = injectFaults(ordered.transport as Loose, [
    { kind: 'reorder', event: 'a', window: 4, order: [3, 1, 0, 2] },
  ]);
  b.emit('a' as Loose, 0 as never);
  b.emit('a' as Loose, 1 as never);
  b.emit('a' as Loose, 2 as never);
  assert.equal(b.flush(), 3);
  assert.deepEqual(ordered.delivered, [['a', 1], ['a', 0], ['a', 2]]);
});

test('A disconnect fault disconnects with its error; events are lost until the transport is connected again', () => {
  const { transport, delivered } = fake();
  const error = new Error('network');
  const faulty = injectFaults(transport as Loose, [
    { kind: 'disconnect', event: 'a', error },
    { kind: 'drop', event: 'b', nth: 2 },
  ]);
  assert.equal(faulty.emit('b' as Loose, 0 as never), true);
  assert.equal(faulty.emit('a' as Loose, 1 as never), false);
  assert.deepEqual(transport.disconnects, [error]);
  assert.equal(faulty.emit('b' as Loose, 2 as never), false);
  assert.equal(faulty.emit('c' as Loose, 3 as never), false);
  transport.status = 'connected';
  // The lost b did not count: this b is the second one, and dropped.
  assert.equal(faulty.emit('b' as Loose, 4 as never), false);
  assert.equal(faulty.emit('c' as Loose, 5 as never), true);
  assert.deepEqual(delivered, [['b', 0], ['c', 5]]);
  assert.deepEqual(faulty.log, [
    rec(0, 0, 'disconnect', 'disconnected', 'a', 1),
    rec(1, 0, 'disconnect', 'lost', 'b', 2),
    rec(2, 0, 'disconnect', 'lost', 'c', 3),
    rec(3, 1, 'drop', 'dropped', 'b', 4),
  ]);
});

test('A disconnect fault without an error disconnects with undefined', () => {
  const { transport } = fake();
  const faulty = injectFaults(transport as Loose, [
    { kind: 'disconnect', event: 'a' },
  ]);
  faulty.emit('a' as Loose);
  assert.deepEqual(transport.disconnects, [undefined]);
});

test('The injector expectCall() forwards to the transport, or reports that it has none', async () => {
  const { transport } = fake();
  const calls: unknown[] = [];
  const withExpect = {
    ...transport,
    expectCall(this: unknown, method: string, matcher: unknown) {
      calls.push(this === withExpect, method, matcher);
      return Promise.resolve('call');
    },
  };
  const matcher = () => true;
  const faulty = injectFaults(withExpect as Loose, []);
  assert.equal(await faulty.expectCall('close', matcher as Loose), 'call');
  assert.deepEqual(calls, [true, 'close', matcher]);
  throwsSpec(
    () => injectFaults(transport as Loose, []).expectCall('close'),
    {
      operation: 'expectCall',
      reason: 'missing',
      path: 'transport.expectCall',
      issue: 'a function',
      received: 'undefined',
    },
    'Invalid realtime spec ("expectCall"): expected "transport.expectCall" to be a function, got undefined',
  );
});

test('injectFaults rejects what is not a transport and bad options', () => {
  const { transport } = fake();
  throwsSpec(
    () => injectFaults(5 as Loose, []),
    {
      operation: 'injectFaults',
      reason: 'invalid_type',
      path: 'transport',
      issue: 'a transport with emit() and disconnect()',
      received: '5',
    },
    'Invalid realtime spec ("injectFaults"): expected "transport" to be a transport with emit() and disconnect(), got 5',
  );
  throwsSpec(
    () => injectFaults(null as Loose, []),
    {
      operation: 'injectFaults',
      reason: 'invalid_type',
      path: 'transport',
      issue: 'a transport with emit() and disconnect()',
      received: 'null',
    },
    'Invalid realtime spec ("injectFaults"): expected "transport" to be a transport with emit() and disconnect(), got null',
  );
  throwsSpec(
    () => injectFaults({ emit: () => true } as Loose, []),
    {
      operation: 'injectFaults',
      reason: 'missing',
      path: 'transport.disconnect',
      issue: 'a transport with emit() and disconnect()',
      received: 'undefined',
    },
    'Invalid realtime spec ("injectFaults"): expected "transport.disconnect" to be a transport with emit() and disconnect(), got undefined',
  );
  throwsSpec(
    () => injectFaults({ disconnect: () => {} } as Loose, []),
    {
      operation: 'injectFaults',
      reason: 'missing',
      path: 'transport.emit',
      issue: 'a transport with emit() and disconnect()',
      received: 'undefined',
    },
    'Invalid realtime spec ("injectFaults"): expected "transport.emit" to be a transport with emit() and disconnect(), got undefined',
  );
  throwsSpec(
    () => injectFaults(transport as Loose, [], { clock: 5 } as Loose),
    {
      operation: 'injectFaults',
      reason: 'invalid_type',
      path: 'options.clock',
      issue: 'a VirtualClock',
      received: '5',
    },
    'Invalid realtime spec ("injectFaults"): expected "options.clock" to be a VirtualClock, got 5',
  );
  throwsSpec(
    () => injectFaults(transport as Loose, [], { clock: null } as Loose),
    {
      operation: 'injectFaults',
      reason: 'invalid_type',
      path: 'options.clock',
      issue: 'a VirtualClock',
      received: 'null',
    },
    'Invalid realtime spec ("injectFaults"): expected "options.clock" to be a VirtualClock, got null',
  );
  throwsSpec(
    () =>
      injectFaults(
        transport as Loose,
        [],
        { clock: { setTimeout: 1 } } as Loose,
      ),
    {
      operation: 'injectFaults',
      reason: 'invalid_type',
      path: 'options.clock',
      issue: 'a VirtualClock',
      received: 'an object',
    },
    'Invalid realtime spec ("injectFaults"): expected "options.clock" to be a VirtualClock, got an object',
  );
  throwsSpec(
    () => injectFaults(transport as Loose, [], { clok: 1 } as Loose),
    {
      operation: 'injectFaults',
      reason: 'unknown_key',
      path: 'options.clok',
      issue: 'only "clock"',
      received: '"clok"',
      suggestion: 'clock',
    },
    'Invalid realtime spec ("injectFaults"): expected "options.clok" to be only "clock", got "clok" (did you mean "clock"?)',
  );
  throwsSpec(
    () => injectFaults(transport as Loose, 'drop' as Loose),
    {
      operation: 'injectFaults',
      reason: 'invalid_type',
      path: 'faults',
      issue: 'an array',
      received: '"drop"',
    },
    'Invalid realtime spec ("injectFaults"): expected "faults" to be an array, got "drop"',
  );
  const many = Array.from(
    { length: 1001 },
    () => ({ kind: 'drop', event: 'a' }),
  );
  throwsSpec(
    () => injectFaults(transport as Loose, many as Loose),
    {
      operation: 'injectFaults',
      reason: 'invalid_value',
      path: 'faults',
      issue: 'a list of at most 1000',
      received: 'an array of 1001',
    },
    'Invalid realtime spec ("injectFaults"): expected "faults" to be a list of at most 1000, got an array of 1001',
  );
  // Absent or null options, and 1000 faults, are fine.
  assert.deepEqual(injectFaults(transport as Loose, []).unused, []);
  assert.deepEqual(injectFaults(transport as Loose, [], null as Loose).log, []);
  assert.equal(
    injectFaults(transport as Loose, many.slice(1) as Loose).unused.length,
    1000,
  );
});

function faultError(
  fault: unknown,
  fields: {
    reason: string;
    path: string;
    issue: string;
    received: string;
    suggestion?: string;
  },
  withClock = false,
): void {
  const { transport } = fake();
  const options = withClock ? { clock: new VirtualClock() } : {};
  throwsSpec(
    () => injectFaults(transport as Loose, [fault as RealtimeFault], options),
    { operation: 'injectFaults', ...fields },
    `Invalid realtime spec ("injectFaults"): expected "${fields.path}" to be ${fields.issue}, got ${fields.received}${
      fields.suggestion === undefined
        ? ''
        : ` (did you mean "${fields.suggestion}"?)`
    }`,
  );
}

const kinds = 'one of "drop", "duplicate", "delay", "reorder" or "disconnect"';

test('injectFaults names a missing, unknown or misspelt fault kind', () => {
  faultError({ event: 'a' }, {
    reason: 'missing',
    path: 'faults[0].kind',
    issue: kinds,
    received: 'undefined',
  });
  faultError({ kind: 'explode', event: 'a' }, {
    reason: 'unknown_kind',
    path: 'faults[0].kind',
    issue: kinds,
    received: '"explode"',
  });
  faultError({ kind: 'dely', event: 'a' }, {
    reason: 'unknown_kind',
    path: 'faults[0].kind',
    issue: kinds,
    received: '"dely"',
    suggestion: 'delay',
  });
  faultError({ kind: 7, event: 'a' }, {
    reason: 'unknown_kind',
    path: 'faults[0].kind',
    issue: kinds,
    received: '7',
  });
  faultError({ kind: 'toString', event: 'a' }, {
    reason: 'unknown_kind',
    path: 'faults[0].kind',
    issue: kinds,
    received: '"toString"',
  });
  faultError('drop', {
    reason: 'invalid_type',
    path: 'faults[0]',
    issue: 'an object',
    received: '"drop"',
  });
});

test('injectFaults rejects a key that belongs to another kind of fault', () => {
  const cases: [string, string, unknown][] = [
    ['drop', 'copies', 2],
    ['drop', 'ms', 5],
    ['drop', 'window', 2],
    ['drop', 'order', [0]],
    ['drop', 'error', 'x'],
    ['duplicate', 'ms', 5],
    ['delay', 'copies', 2],
    ['reorder', 'error', 'x'],
    ['disconnect', 'window', 2],
  ];
  for (const [kind, key, value] of cases) {
    faultError({
      kind,
      event: 'a',
      ms: kind === 'delay' ? 1 : undefined,
      window: kind === 'reorder' ? 2 : undefined,
      [key]: value,
    }, {
      reason: 'unknown_key',
      path: `faults[0].${key}`,
      issue: `absent for a "${kind}" fault`,
      received: Array.isArray(value)
        ? 'an array of 1'
        : typeof value === 'string'
        ? `"${value}"`
        : String(value),
    }, true);
  }
});

test('injectFaults checks the event name and nth', () => {
  faultError({ kind: 'drop' }, {
    reason: 'missing',
    path: 'faults[0].event',
    issue: 'a non-empty string',
    received: 'undefined',
  });
  faultError({ kind: 'drop', event: '' }, {
    reason: 'invalid_value',
    path: 'faults[0].event',
    issue: 'a non-empty string',
    received: '""',
  });
  faultError({ kind: 'drop', event: '*' }, {
    reason: 'invalid_value',
    path: 'faults[0].event',
    issue: 'a named inbound event (not "*")',
    received: '"*"',
  });
  faultError({ kind: 'drop', event: 'a', nth: 0 }, {
    reason: 'invalid_value',
    path: 'faults[0].nth',
    issue: 'an integer >= 1',
    received: '0',
  });
  faultError({ kind: 'drop', event: 'a', nth: 1.5 }, {
    reason: 'invalid_value',
    path: 'faults[0].nth',
    issue: 'an integer >= 1',
    received: '1.5',
  });
});

test('injectFaults checks duplicate copies and delay ms', () => {
  const { transport } = fake();
  faultError({ kind: 'duplicate', event: 'a', copies: 0 }, {
    reason: 'invalid_value',
    path: 'faults[0].copies',
    issue: 'an integer >= 1 <= 1000',
    received: '0',
  });
  faultError({ kind: 'duplicate', event: 'a', copies: 1001 }, {
    reason: 'invalid_value',
    path: 'faults[0].copies',
    issue: 'an integer >= 1 <= 1000',
    received: '1001',
  });
  assert.deepEqual(
    injectFaults(transport as Loose, [
      { kind: 'duplicate', event: 'a', copies: 1000 },
    ]).unused,
    [0],
  );
  faultError({ kind: 'delay', event: 'a' }, {
    reason: 'missing',
    path: 'faults[0].ms',
    issue: 'a finite number >= 0',
    received: 'undefined',
  }, true);
  faultError({ kind: 'delay', event: 'a', ms: -1 }, {
    reason: 'invalid_value',
    path: 'faults[0].ms',
    issue: 'a finite number >= 0',
    received: '-1',
  }, true);
  faultError({ kind: 'delay', event: 'a', ms: 5 }, {
    reason: 'requires_clock',
    path: 'faults[0].ms',
    issue: 'used with a clock (injectFaults(transport, faults, { clock }))',
    received: '5',
  });
});

test('injectFaults checks the reorder window and its order, a permutation', () => {
  const { transport } = fake();
  faultError({ kind: 'reorder', event: 'a' }, {
    reason: 'missing',
    path: 'faults[0].window',
    issue: 'an integer >= 2 <= 1000',
    received: 'undefined',
  });
  faultError({ kind: 'reorder', event: 'a', window: 1 }, {
    reason: 'invalid_value',
    path: 'faults[0].window',
    issue: 'an integer >= 2 <= 1000',
    received: '1',
  });
  faultError({ kind: 'reorder', event: 'a', window: 1001 }, {
    reason: 'invalid_value',
    path: 'faults[0].window',
    issue: 'an integer >= 2 <= 1000',
    received: '1001',
  });
  for (
    const order of [[0, 0], [0], [0, 2], [-1, 0], [0.5, 1], ['0', 1], [0, 1, 2]]
  ) {
    faultError({ kind: 'reorder', event: 'a', window: 2, order }, {
      reason: 'invalid_value',
      path: 'faults[0].order',
      issue: 'a permutation of 0..1',
      received: `an array of ${order.length}`,
    });
  }
  faultError({ kind: 'reorder', event: 'a', window: 2, order: '10' }, {
    reason: 'invalid_type',
    path: 'faults[0].order',
    issue: 'an array',
    received: '"10"',
  });
  faultError({
    kind: 'reorder',
    event: 'a',
    window: 2,
    order: Array.from({ length: 1001 }, (_, i) => i),
  }, {
    reason: 'invalid_value',
    path: 'faults[0].order',
    issue: 'a list of at most 1000',
    received: 'an array of 1001',
  });
  const ok = injectFaults(transport as Loose, [
    { kind: 'reorder', event: 'a', window: 1000 },
    { kind: 'reorder', event: 'a', window: 2, order: [1, 0] },
    { kind: 'reorder', event: 'a', window: 3, order: [2, 0, 1] },
  ]);
  assert.deepEqual(ok.unused, [0, 1, 2]);
  // The index of a bad fault is in its path.
  const { transport: t2 } = fake();
  throwsSpec(
    () =>
      injectFaults(t2 as Loose, [
        { kind: 'drop', event: 'a' },
        { kind: 'drop', event: 'a', nth: -2 },
      ]),
    {
      operation: 'injectFaults',
      reason: 'invalid_value',
      path: 'faults[1].nth',
      issue: 'an integer >= 1',
      received: '-2',
    },
    'Invalid realtime spec ("injectFaults"): expected "faults[1].nth" to be an integer >= 1, got -2',
  );
});

test('injectFaults takes only a string kind and whole copies', () => {
  faultError({ kind: { toString: () => 'drop' }, event: 'a' }, {
    reason: 'unknown_kind',
    path: 'faults[0].kind',
    issue: kinds,
    received: 'an object',
  });
  faultError({ kind: 'duplicate', event: 'a', copies: 1.5 }, {
    reason: 'invalid_value',
    path: 'faults[0].copies',
    issue: 'an integer >= 1 <= 1000',
    received: '1.5',
  });
});

test('Without a disconnect fault, events are delivered whatever the transport status', () => {
  const { transport, delivered } = fake();
  transport.status = 'disconnected';
  const faulty = injectFaults(transport as Loose, [
    { kind: 'drop', event: 'b' },
  ]);
  assert.equal(faulty.emit('a' as Loose, 1 as never), true);
  assert.deepEqual(delivered, [['a', 1]]);
  assert.deepEqual(faulty.log, []);
});

test('injectFaults rejects a function as the clock, even one with setTimeout', () => {
  const { transport } = fake();
  throwsSpec(
    () =>
      injectFaults(transport as Loose, [], {
        clock: Object.assign(() => {}, { setTimeout: () => 1 }),
      } as Loose),
    {
      operation: 'injectFaults',
      reason: 'invalid_type',
      path: 'options.clock',
      issue: 'a VirtualClock',
      received: 'a function',
    },
    'Invalid realtime spec ("injectFaults"): expected "options.clock" to be a VirtualClock, got a function',
  );
});
