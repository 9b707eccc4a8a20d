/**
 * The virtual clock's contract in detail: option and argument checking
 * (exact errors), ids, ordering by time then scheduling order, the bounds
 * of `advance()`, `next()`, `timeout()`, `sleep()`, failures, `dispose()`
 * and auto-advance.
 */
import assert from 'node:assert/strict';
import { VirtualClock } from '@scripted/agents/realtime/sim';
import { sanitizedTest as test } from '../../_support/sanitized.ts';
import { checkSpecError, throwsSpec } from './_spec_assert.ts';

// deno-lint-ignore no-explicit-any
type Loose = any;

test('VirtualClock options: start defaults to 0, any finite start is kept, bad options are rejected', () => {
  assert.equal(new VirtualClock().now, 0);
  assert.equal(new VirtualClock({}).now, 0);
  assert.equal(new VirtualClock({ start: -250.5 }).now, -250.5);
  assert.equal(new VirtualClock({ start: 1_000 }).pending, 0);
  throwsSpec(
    () => new VirtualClock(5 as Loose),
    {
      operation: 'VirtualClock',
      reason: 'invalid_type',
      path: 'options',
      issue: 'an object',
      received: '5',
    },
    'Invalid realtime spec ("VirtualClock"): expected "options" to be an object, got 5',
  );
  throwsSpec(
    () => new VirtualClock(null as Loose),
    {
      operation: 'VirtualClock',
      reason: 'invalid_type',
      path: 'options',
      issue: 'an object',
      received: 'null',
    },
    'Invalid realtime spec ("VirtualClock"): expected "options" to be an object, got null',
  );
  const hostile = {
    get start(): never {
      throw new Error('boom');
    },
  };
  throwsSpec(
    () => new VirtualClock(hostile as Loose),
    {
      operation: 'VirtualClock',
      reason: 'unreadable',
      path: 'options.start',
      issue: 'readable',
      received: 'the error "boom"',
    },
    'Invalid realtime spec ("VirtualClock"): expected "options.start" to be readable, got the error "boom"',
  );
  throwsSpec(
    () => new VirtualClock({ start: '1' } as Loose),
    {
      operation: 'VirtualClock',
      reason: 'invalid_type',
      path: 'options.start',
      issue: 'a finite number',
      received: '"1"',
    },
    'Invalid realtime spec ("VirtualClock"): expected "options.start" to be a finite number, got "1"',
  );
  throwsSpec(
    () => new VirtualClock({ start: NaN }),
    {
      operation: 'VirtualClock',
      reason: 'invalid_value',
      path: 'options.start',
      issue: 'a finite number',
      received: 'NaN',
    },
    'Invalid realtime spec ("VirtualClock"): expected "options.start" to be a finite number, got NaN',
  );
  throwsSpec(
    () => new VirtualClock({ autoAdvance: 1 } as Loose),
    {
      operation: 'VirtualClock',
      reason: 'invalid_type',
      path: 'options.autoAdvance',
      issue: 'a boolean',
      received: '1',
    },
    'Invalid realtime spec ("VirtualClock"): expected "options.autoAdvance" to be a boolean, got 1',
  );
});

test('VirtualClock scheduling methods check their arguments', async () => {
  const clock = new VirtualClock();
  throwsSpec(
    () => clock.setTimeout(() => {}, -1),
    {
      operation: 'setTimeout',
      reason: 'invalid_value',
      path: 'delay',
      issue: 'a finite number >= 0',
      received: '-1',
    },
    'Invalid realtime spec ("setTimeout"): expected "delay" to be a finite number >= 0, got -1',
  );
  throwsSpec(
    () => clock.setTimeout(5 as Loose, 1),
    {
      operation: 'setTimeout',
      reason: 'invalid_type',
      path: 'callback',
      issue: 'a function',
      received: '5',
    },
    'Invalid realtime spec ("setTimeout"): expected "callback" to be a function, got 5',
  );
  throwsSpec(
    () => clock.at('soon' as Loose, () => {}),
    {
      operation: 'at',
      reason: 'invalid_type',
      path: 'time',
      issue: 'a finite number',
      received: '"soon"',
    },
    'Invalid realtime spec ("at"): expected "time" to be a finite number, got "soon"',
  );
  throwsSpec(
    () => clock.at(1, null as Loose),
    {
      operation: 'at',
      reason: 'invalid_type',
      path: 'callback',
      issue: 'a function',
      received: 'null',
    },
    'Invalid realtime spec ("at"): expected "callback" to be a function, got null',
  );
  throwsSpec(
    () => clock.timeout(-0.5),
    {
      operation: 'timeout',
      reason: 'invalid_value',
      path: 'ms',
      issue: 'a finite number >= 0',
      received: '-0.5',
    },
    'Invalid realtime spec ("timeout"): expected "ms" to be a finite number >= 0, got -0.5',
  );
  throwsSpec(
    () => clock.sleep(Infinity),
    {
      operation: 'sleep',
      reason: 'invalid_value',
      path: 'ms',
      issue: 'a finite number >= 0',
      received: 'Infinity',
    },
    'Invalid realtime spec ("sleep"): expected "ms" to be a finite number >= 0, got Infinity',
  );
  throwsSpec(
    () => clock.sleep(1, { signal: 'x' } as Loose),
    {
      operation: 'sleep',
      reason: 'invalid_type',
      path: 'options.signal',
      issue: 'an AbortSignal or undefined',
      received: '"x"',
    },
    'Invalid realtime spec ("sleep"): expected "options.signal" to be an AbortSignal or undefined, got "x"',
  );
  const hostile = {
    get signal(): never {
      throw new Error('boom');
    },
  };
  throwsSpec(
    () => clock.sleep(1, hostile as Loose),
    {
      operation: 'sleep',
      reason: 'unreadable',
      path: 'options.signal',
      issue: 'readable',
      received: 'the error "boom"',
    },
    'Invalid realtime spec ("sleep"): expected "options.signal" to be readable, got the error "boom"',
  );
  await assert.rejects(clock.advance(-1), (error) =>
    checkSpecError(
      error,
      {
        operation: 'advance',
        reason: 'invalid_value',
        path: 'ms',
        issue: 'a finite number >= 0',
        received: '-1',
      },
      'Invalid realtime spec ("advance"): expected "ms" to be a finite number >= 0, got -1',
    ));
  // Nothing was scheduled by a rejected call.
  assert.equal(clock.pending, 0);
  // A delay of 0 and no delay are both fine.
  clock.setTimeout(() => {});
  clock.setTimeout(() => {}, 0);
  assert.equal(clock.pending, 2);
  assert.equal(clock.dispose(), 2);
});

test('VirtualClock timer ids count up from 1 across every kind of timer; clearTimeout removes one', () => {
  const clock = new VirtualClock();
  assert.equal(clock.setTimeout(() => {}, 5), 1);
  assert.equal(clock.at(3, () => {}), 2);
  void clock.timeout(9);
  assert.equal(clock.setTimeout(() => {}, 1), 4);
  assert.equal(clock.pending, 4);
  clock.clearTimeout(2);
  assert.equal(clock.pending, 3);
  clock.clearTimeout(undefined);
  clock.clearTimeout(2);
  clock.clearTimeout('1' as Loose);
  assert.equal(clock.pending, 3);
  assert.equal(clock.dispose(), 3);
  assert.equal(clock.pending, 0);
});

test('VirtualClock advance fires due timers in time order, then scheduling order, each at its own time', async () => {
  const clock = new VirtualClock({ start: 100 });
  const fired: [string, number][] = [];
  const log = (name: string) => () => fired.push([name, clock.now]);
  clock.setTimeout(log('c'), 30);
  clock.at(110, log('a'));
  clock.setTimeout(log('b'), 10);
  clock.at(50, log('past'));
  clock.setTimeout(log('late'), 31);
  await clock.advance(30);
  assert.deepEqual(fired, [
    ['past', 100],
    ['a', 110],
    ['b', 110],
    ['c', 130],
  ]);
  assert.equal(clock.now, 130);
  assert.equal(clock.pending, 1);
  await clock.advance(0);
  assert.equal(fired.length, 4);
  await clock.advance(1);
  assert.deepEqual(fired.at(-1), ['late', 131]);
  assert.equal(clock.pending, 0);
  // Advancing with nothing due still moves time.
  await clock.advance(9);
  assert.equal(clock.now, 140);
});

test('VirtualClock advance runs timers scheduled while advancing when they fall inside the step', async () => {
  const clock = new VirtualClock();
  const fired: [string, number][] = [];
  clock.setTimeout(() => {
    fired.push(['first', clock.now]);
    clock.setTimeout(() => fired.push(['inside', clock.now]), 5);
    clock.setTimeout(() => fired.push(['outside', clock.now]), 50);
  }, 10);
  // A timer a promise schedules before the first tick is seen too.
  void Promise.resolve().then(() =>
    clock.setTimeout(() => fired.push(['microtask', clock.now]), 20)
  );
  await clock.advance(20);
  assert.deepEqual(fired, [['first', 10], ['inside', 15], ['microtask', 20]]);
  assert.equal(clock.now, 20);
  assert.equal(clock.pending, 1);
  clock.dispose();
});

test('VirtualClock next() jumps to the earliest timer or reports none', async () => {
  const clock = new VirtualClock({ start: 5 });
  assert.equal(await clock.next(), false);
  assert.equal(clock.now, 5);
  const fired: number[] = [];
  clock.setTimeout(() => fired.push(clock.now), 40);
  clock.setTimeout(() => fired.push(clock.now), 10);
  assert.equal(await clock.next(), true);
  assert.deepEqual(fired, [15]);
  assert.equal(clock.now, 15);
  assert.equal(await clock.next(), true);
  assert.deepEqual(fired, [15, 45]);
  assert.equal(await clock.next(), false);
  assert.equal(clock.now, 45);
});

test('VirtualClock timeout() aborts its signal with a TimeoutError exactly at its time', async () => {
  const clock = new VirtualClock();
  const signal = clock.timeout(100);
  await clock.advance(99);
  assert.equal(signal.aborted, false);
  await clock.advance(1);
  assert.equal(signal.aborted, true);
  assert(signal.reason instanceof DOMException);
  assert.equal(signal.reason.name, 'TimeoutError');
  assert.equal(signal.reason.message, 'The signal timed out');
  assert.equal(clock.pending, 0);
});

test('VirtualClock sleep() resolves at its time and rejects with the abort reason', async () => {
  const clock = new VirtualClock();
  let woke = -1;
  const sleeping = clock.sleep(30).then(() => {
    woke = clock.now;
  });
  await clock.advance(29);
  assert.equal(woke, -1);
  await clock.advance(1);
  await sleeping;
  assert.equal(woke, 30);

  const controller = new AbortController();
  const reason = new Error('stop');
  const aborted = clock.sleep(10, { signal: controller.signal });
  assert.equal(clock.pending, 1);
  controller.abort(reason);
  await assert.rejects(aborted, (error) => error === reason);
  assert.equal(clock.pending, 0);

  const already = AbortSignal.abort(reason);
  await assert.rejects(
    clock.sleep(10, { signal: already }),
    (error) => error === reason,
  );
  assert.equal(clock.pending, 0);
  // A sleep that completed no longer listens: a later abort changes nothing.
  const late = new AbortController();
  const done = clock.sleep(0, { signal: late.signal });
  await clock.advance(0);
  await done;
  late.abort(new Error('too late'));
  assert.equal(clock.pending, 0);
});

test('VirtualClock reports the first failing callback from advance() and keeps going', async () => {
  const clock = new VirtualClock();
  const first = new Error('first');
  const fired: number[] = [];
  clock.setTimeout(() => {
    throw first;
  }, 1);
  clock.setTimeout(() => {
    throw new Error('second');
  }, 2);
  clock.setTimeout(() => fired.push(clock.now), 3);
  await assert.rejects(clock.advance(5), (error) => error === first);
  assert.deepEqual(fired, [3]);
  assert.equal(clock.now, 5);
  // The failures were reported once: the next advance is clean.
  await clock.advance(1);
  assert.equal(clock.now, 6);
});

test('VirtualClock dispose() cancels every timer, returns the count, and refuses further use', async () => {
  const clock = new VirtualClock({ start: 7 });
  let ran = false;
  clock.setTimeout(() => {
    ran = true;
  }, 1);
  clock.at(100, () => {});
  assert.equal(clock.dispose(), 2);
  assert.equal(clock.dispose(), 0);
  assert.equal(clock.pending, 0);
  assert.equal(clock.now, 7);
  assert.equal(ran, false);
  const disposed = (operation: string) => (error: unknown) =>
    checkSpecError(
      error,
      {
        operation,
        reason: 'disposed',
        path: 'clock',
        issue: 'a clock that was not disposed',
        received: 'a disposed clock',
      },
      `Invalid realtime spec ("${operation}"): expected "clock" to be a clock that was not disposed, got a disposed clock`,
    );
  assert.throws(() => clock.setTimeout(() => {}, 1), disposed('setTimeout'));
  assert.throws(() => clock.at(1, () => {}), disposed('at'));
  assert.throws(() => clock.timeout(1), disposed('timeout'));
  await assert.rejects(clock.sleep(1), disposed('sleep'));
  await assert.rejects(clock.advance(1), disposed('advance'));
  await assert.rejects(clock.next(), disposed('next'));
  assert.equal(clock.now, 7);
});

test('VirtualClock dispose() inside a callback stops the advance where it is', async () => {
  const clock = new VirtualClock();
  const fired: number[] = [];
  clock.setTimeout(() => {
    fired.push(clock.now);
    clock.dispose();
  }, 10);
  clock.setTimeout(() => fired.push(clock.now), 20);
  await clock.advance(50);
  assert.deepEqual(fired, [10]);
  assert.equal(clock.now, 10);
});

test('VirtualClock without autoAdvance never fires on its own', async () => {
  const clock = new VirtualClock({ autoAdvance: false });
  let ran = false;
  clock.setTimeout(() => {
    ran = true;
  }, 0);
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal(ran, false);
  assert.equal(clock.pending, 1);
  clock.dispose();
});

test('VirtualClock with autoAdvance fires one timer per real tick, in order, moving time to each', async () => {
  const clock = new VirtualClock({ autoAdvance: true });
  const fired: [string, number][] = [];
  clock.setTimeout(() => fired.push(['b', clock.now]), 200);
  clock.setTimeout(() => fired.push(['a', clock.now]), 100);
  await clock.sleep(300, { signal: AbortSignal.timeout(5_000) });
  assert.deepEqual(fired, [['a', 100], ['b', 200]]);
  assert.equal(clock.now, 300);
  assert.equal(clock.pending, 0);
  clock.dispose();
});

test('VirtualClock with autoAdvance keeps a failing callback for dispose() to report', async () => {
  const clock = new VirtualClock({ autoAdvance: true });
  const failure = new Error('late failure');
  clock.setTimeout(() => {
    throw failure;
  }, 1);
  const after = clock.sleep(2, { signal: AbortSignal.timeout(5_000) });
  await after;
  assert.throws(() => clock.dispose(), (error) => error === failure);
  assert.equal(clock.dispose(), 0);
});

test('VirtualClock with autoAdvance does not fire while an explicit advance runs, nor after dispose', async () => {
  const clock = new VirtualClock({ autoAdvance: true });
  const fired: number[] = [];
  clock.setTimeout(() => fired.push(clock.now), 10);
  clock.setTimeout(() => fired.push(clock.now), 20);
  await clock.advance(10);
  assert.deepEqual(fired, [10]);
  assert.equal(clock.dispose(), 1);
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.deepEqual(fired, [10]);
});

test('VirtualClock with autoAdvance never fires past the target of an explicit advance', async () => {
  const clock = new VirtualClock({ autoAdvance: true });
  const fired: number[] = [];
  clock.setTimeout(() => fired.push(clock.now), 100);
  await clock.advance(50);
  assert.deepEqual(fired, []);
  assert.equal(clock.now, 50);
  // Once the advance is over, auto-advance runs again.
  await clock.sleep(100, { signal: AbortSignal.timeout(5_000) });
  assert.deepEqual(fired, [100]);
  assert.equal(clock.now, 150);
  clock.dispose();
});

test('VirtualClock with autoAdvance survives a tick after its only timer was cleared', async () => {
  const clock = new VirtualClock({ autoAdvance: true });
  const id = clock.setTimeout(() => assert.fail('cleared'), 10);
  clock.clearTimeout(id);
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal(clock.pending, 0);
  assert.equal(clock.now, 0);
  // It still fires what comes next.
  await clock.sleep(5, { signal: AbortSignal.timeout(5_000) });
  assert.equal(clock.now, 5);
  clock.dispose();
});

test('VirtualClock sleep() accepts null options as no signal', async () => {
  const clock = new VirtualClock({ autoAdvance: true });
  await clock.sleep(3, null as Loose);
  assert.equal(clock.now, 3);
  // Other options are not its business.
  await clock.sleep(1, { other: true } as Loose);
  assert.equal(clock.now, 4);
  clock.dispose();
});

test('VirtualClock sleep() removes its abort listener once it has slept', async () => {
  const clock = new VirtualClock();
  const { signal } = new AbortController();
  const removed: unknown[] = [];
  const remove = signal.removeEventListener.bind(signal);
  Object.defineProperty(signal, 'removeEventListener', {
    value: (type: string, listener: EventListener) => {
      removed.push(type);
      remove(type, listener);
    },
  });
  const slept = clock.sleep(5, { signal });
  await clock.advance(5);
  await slept;
  assert.deepEqual(removed, ['abort']);
  clock.dispose();
});

test('VirtualClock equal times fire in scheduling order, whatever the kind of timer', async () => {
  const clock = new VirtualClock();
  const fired: string[] = [];
  for (let i = 0; i < 6; i++) {
    if (i % 2 === 0) clock.at(10, () => fired.push(`at${i}`));
    else clock.setTimeout(() => fired.push(`timeout${i}`), 10);
  }
  clock.setTimeout(() => fired.push('early'), 9);
  await clock.advance(10);
  assert.deepEqual(fired, [
    'early',
    'at0',
    'timeout1',
    'at2',
    'timeout3',
    'at4',
    'timeout5',
  ]);
});

test('VirtualClock advance lets pending promise chains run first, and again after each timer', async () => {
  const clock = new VirtualClock();
  const fired: [string, number][] = [];
  void (async () => {
    for (let i = 0; i < 5; i++) await null;
    clock.setTimeout(() => fired.push(['chained', clock.now]), 5);
  })();
  clock.setTimeout(() => {
    fired.push(['first', clock.now]);
    void (async () => {
      for (let i = 0; i < 5; i++) await null;
      clock.setTimeout(() => fired.push(['reaction', clock.now]), 1);
    })();
  }, 6);
  await clock.advance(10);
  assert.deepEqual(fired, [['chained', 5], ['first', 6], ['reaction', 7]]);
  assert.equal(clock.now, 10);
});
