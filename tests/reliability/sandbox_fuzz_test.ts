import assert from 'node:assert/strict';
import test from 'node:test';
import fc from 'fast-check';
import { scriptedSandboxSession } from '@scripted/agents';
import {
  anyValue,
  fuzzParameters,
  Hostile,
  hostileValue,
  inheritedNames,
  isHostileThrow,
  materialize,
  mutatedRecord,
  outcomeOf,
  smallValue,
  structured,
} from '../_support/fuzz.ts';
import { checkListOutcome, tag, type Tagged } from '../_support/verdicts.ts';

const stepError = ['InvalidScriptedSandboxStepError'];
const callErrors = [
  'UnexpectedSandboxCallError',
  'SandboxCallMatcherError',
  'InvalidScriptedSandboxStepError',
];

// SandboxSession methods (sync and async) from the SDK interface.
const methods = [
  'execCommand',
  'supportsPty',
  'readFile',
  'listDir',
  'writeStdin',
  'close',
] as const;
// Never SandboxSession methods: inherited names and the double's own members.
const notMethods = [
  ...inheritedNames,
  'calls',
  'remainingSteps',
  'assertComplete',
  'state',
  'EXECCOMMAND',
];

const method = fc.constantFrom(...methods);
// Any value the result copy can read (hostile ones are generated apart).
const copyableValue = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withNullPrototype: true,
  withObjectString: true,
  withSet: true,
  withSparseArray: true,
  withTypedArray: true,
  maxDepth: 3,
});
const outcome = fc.oneof(
  fc.record({ result: copyableValue }),
  fc.constant({ respond: () => 'responded' }),
  fc.constant({ error: new Error('scripted failure') }),
);
const validStep = fc.record({
  method,
  outcome,
  match: fc.option(fc.constant(() => true), { nil: undefined }),
}).map(({ method, outcome, match }) => ({
  method,
  ...(match === undefined ? {} : { match }),
  ...outcome,
}));

const notAFunction = anyValue.filter((value) => {
  const made = materialize(value);
  return typeof made !== 'function' && made !== undefined;
});

const throwingMethodGetter = fc.constant(
  new Hostile(
    'step with a throwing method getter',
    () =>
      Object.defineProperty({ result: 1 }, 'method', {
        enumerable: true,
        get(): never {
          throw new Error('hostile method getter');
        },
      }),
  ),
);

// Native async matchers, rejected where the script is defined.
const asyncMatcher = fc.constantFrom<(...args: never[]) => unknown>(
  async () => await Promise.resolve(true),
  async function () {
    return await Promise.resolve(false);
  },
  async function* () {
    yield true;
  },
);

// Each invalid kind with the SDK testing module's reason for it.
const invalidStep: fc.Arbitrary<Tagged> = fc.oneof(
  tag(
    'invalid',
    fc.constantFrom(null, undefined, 0, 'execCommand', true, () => ({})),
    'invalid_input',
  ),
  // The SDK module reads an array as a step without a method.
  tag('invalid', fc.array(method, { maxLength: 2 }), 'unknown_method'),
  tag('invalid', fc.record({ result: anyValue }), 'unknown_method'),
  tag(
    'invalid',
    fc.constantFrom(...notMethods).map((name) => ({ method: name, result: 1 })),
    'unknown_method',
  ),
  tag(
    'invalid',
    anyValue.filter((value) => typeof materialize(value) !== 'string').map((
      name,
    ) => ({
      method: name,
      result: 1,
    })),
  ),
  tag('invalid', method.map((name) => ({ method: name })), 'invalid_outcome'),
  tag(
    'invalid',
    method.map((name) => ({ method: name, result: 1, error: new Error('x') })),
    'invalid_outcome',
  ),
  tag(
    'invalid',
    fc.tuple(method, notAFunction).map(([name, respond]) => ({
      method: name,
      respond,
    })),
    'invalid_outcome',
  ),
  tag(
    'invalid',
    fc.tuple(method, notAFunction).map(([name, match]) => ({
      method: name,
      match,
      result: 1,
    })),
    'invalid_matcher',
  ),
  tag(
    'invalid',
    fc.tuple(method, asyncMatcher).map(([name, match]) => ({
      method: name,
      match,
      result: 1,
    })),
    'invalid_matcher',
  ),
  tag('invalid', throwingMethodGetter, 'invalid_input'),
  tag(
    'invalid',
    hostileValue.filter((value) => typeof materialize(value) !== 'string'),
  ),
);

const reasons = [
  'invalid_input',
  'unknown_method',
  'invalid_matcher',
  'invalid_outcome',
];

const openStep: fc.Arbitrary<Tagged> = fc.oneof(
  tag('either', validStep.chain((step) => mutatedRecord(step))),
  tag('either', anyValue),
  // A hostile result may not survive the copy made at definition.
  tag(
    'either',
    fc.tuple(method, hostileValue).map(([name, result]) => ({
      method: name,
      result,
    })),
  ),
);

const taggedStep: fc.Arbitrary<Tagged> = fc.oneof(
  { weight: 4, arbitrary: tag('valid', validStep) },
  { weight: 2, arbitrary: invalidStep },
  { weight: 1, arbitrary: openStep },
);

test('scriptedSandboxSession accepts valid scripts and rejects invalid ones with the blamed step', () => {
  fc.assert(
    fc.property(fc.array(taggedStep, { maxLength: 6 }), (inputs) => {
      const steps = inputs.map((input) => materialize(input.value));
      const result = outcomeOf(
        () => scriptedSandboxSession(steps as never),
        stepError,
      );
      checkListOutcome(result, inputs);
      if (!result.accepted) {
        // Every rejection carries the contract's reason and a position.
        assert(
          reasons.includes(result.error.reason as string),
          `reason ${String(result.error.reason)}`,
        );
        assert.equal(typeof result.error.inputIndex, 'number');
        assert.equal(typeof result.error.issue, 'string');
        return;
      }
      const session = result.value as unknown as Record<string, unknown>;
      assert.equal(session.remainingSteps, steps.length);
      // Only scripted methods are installed, so capability checks stay true.
      const scripted = new Set(
        steps.map((step) => (step as { method: string }).method),
      );
      for (const name of methods) {
        assert.equal(typeof session[name] === 'function', scripted.has(name));
      }
    }),
    fuzzParameters(),
  );
});

/** Whether the SDK's own iteration protocol would accept `value`. */
function isIterable(value: unknown): boolean {
  try {
    return value !== null && value !== undefined &&
      typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] ===
        'function';
  } catch {
    return false; // A revoked or throwing proxy.
  }
}

test('scriptedSandboxSession rejects any script that is not iterable, at input 0', () => {
  fc.assert(
    fc.property(
      anyValue.filter((value) => {
        const made = materialize(value);
        return made !== undefined && !isIterable(made);
      }),
      (steps) => {
        const result = outcomeOf(
          () => scriptedSandboxSession(materialize(steps) as never),
          stepError,
        );
        assert(!result.accepted, 'Accepted a script that is not iterable');
        assert.equal(result.error.reason, 'invalid_input');
        assert.equal(result.error.inputIndex, 0);
      },
    ),
    fuzzParameters(),
  );
});

test('scriptedSandboxSession judges every matcher where the script is defined: 0 late outcomes', async () => {
  // Steps accepted where they were defined, then found invalid (an input
  // error, not the matcher's verdict) when a call ran their matcher.
  let late = 0;
  const syncMatcher = fc.constantFrom<(...args: never[]) => unknown>(
    () => true,
    () => false,
    () => undefined,
    function () {
      return true;
    },
    Boolean,
    function* () {},
  );
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        syncMatcher.map((match) => ({ match, sync: true })),
        asyncMatcher.map((match) => ({ match, sync: false })),
      ),
      fc.constantFrom('execCommand', 'supportsPty', 'readFile') as fc.Arbitrary<
        'execCommand' | 'supportsPty' | 'readFile'
      >,
      async ({ match, sync }, name) => {
        const defined = outcomeOf(
          () =>
            scriptedSandboxSession(
              [{ method: name, match, result: true }] as never,
            ),
          stepError,
        );
        if (!sync) {
          assert(!defined.accepted, 'Accepted a native async matcher');
          assert.equal(defined.error.reason, 'invalid_matcher');
          assert.equal(defined.error.issue, 'async_matcher');
          assert.equal(defined.error.inputIndex, 0);
          return;
        }
        assert(defined.accepted, 'Rejected a synchronous matcher');
        const session = defined.value as Record<
          string,
          (...args: unknown[]) => unknown
        >;
        try {
          await session[name]!({ path: 'a', cmd: 'a' });
        } catch (error) {
          const named = structured(error, [
            'SandboxCallMatcherError',
            ...stepError,
          ]);
          if (stepError.includes(named.name as string)) late++;
          else assert.equal(named.matcherResult, 'false');
        }
      },
    ),
    fuzzParameters(),
  );
  assert.equal(late, 0, 'matchers judged invalid only when a call ran them');
});

// Mirrors `isError` of `_internal/matcher.ts`: errors of any realm, and a
// value that cannot be inspected is not one.
function isAnError(value: unknown): boolean {
  try {
    return value instanceof Error ||
      Object.prototype.toString.call(value) === '[object Error]';
  } catch {
    return false;
  }
}

test('scriptedSandboxSession maps every matcher answer and every thrown value by one rule', async () => {
  const answer = fc.oneof(
    fc.record({ kind: fc.constant('threw' as const), value: anyValue }),
    fc.record({
      kind: fc.constant('threw' as const),
      value: fc.constantFrom<unknown>(
        new Error('assertion'),
        new TypeError('wrong type'),
        new assert.AssertionError({ message: 'differs' }),
      ),
    }),
    fc.record({ kind: fc.constant('returned' as const), value: anyValue }),
    fc.record({
      kind: fc.constant('promise' as const),
      value: fc.constantFrom('resolve', 'reject', 'thenable'),
    }),
  );
  await fc.assert(
    fc.asyncProperty(answer, async ({ kind, value }) => {
      const made = kind === 'promise' ? undefined : materialize(value);
      const match = () => {
        if (kind === 'threw') throw made;
        if (kind === 'returned') return made;
        return value === 'resolve'
          ? Promise.resolve(false)
          : value === 'reject'
          ? Promise.reject(undefined)
          : { then: () => {} };
      };
      const sandbox = scriptedSandboxSession([
        { method: 'readFile', match: match as never, result: 'ok' },
      ]);
      let failure: { error: unknown } | undefined;
      try {
        await sandbox.readFile({ path: 'a' });
      } catch (error) {
        failure = { error };
      }
      if (kind === 'returned' && made !== false) {
        if (failure === undefined) {
          sandbox.assertComplete();
          return;
        }
        // A returned value with a callable `then` is a thenable.
        const named = structured(failure.error, stepError);
        assert.equal(named.issue, 'async_matcher');
      } else {
        assert(failure !== undefined, 'A rejecting matcher let the call pass');
        const error = failure.error;
        if (kind === 'threw' && isAnError(made)) {
          assert.equal(error, made, 'A thrown error was replaced');
        } else if (kind === 'threw') {
          const named = structured(error, ['SandboxCallMatcherError']);
          assert.equal(named.matcherResult, 'threw');
          assert(Object.is((error as Error).cause, made), 'Lost the cause');
        } else if (kind === 'promise') {
          const named = structured(error, stepError);
          assert.equal(named.issue, 'async_matcher');
        } else {
          const named = structured(error, ['SandboxCallMatcherError']);
          assert.equal(named.matcherResult, 'false');
        }
      }
      // Never consumed, always remembered.
      assert.equal(sandbox.remainingSteps, 1);
      assert.throws(
        () => sandbox.assertComplete(),
        (error) => error === failure!.error,
      );
    }),
    fuzzParameters(),
  );
});

const plainStep = fc.record({
  method,
  outcome: fc.oneof(
    fc.record({ result: fc.jsonValue() }),
    fc.constant({ error: new Error('scripted failure') }),
  ),
  match: fc.option(fc.constant(() => true), { nil: undefined }),
}).map(({ method, outcome, match }) => ({
  method,
  ...(match === undefined ? {} : { match }),
  ...outcome,
}));

test('scriptedSandboxSession survives hostile call arguments', async () => {
  await fc.assert(
    fc.asyncProperty(
      plainStep,
      // Known gap, reported: a revoked proxy argument makes snapshot() throw
      // a TypeError. Arguments come from the SDK, so it is left out here.
      fc.array(
        smallValue.filter((value) =>
          !(value instanceof Hostile && value.label === 'revoked proxy')
        ),
        { maxLength: 3 },
      ),
      async (step, generated) => {
        const args = generated.map(materialize);
        const session = scriptedSandboxSession([step] as never) as unknown as
          & Record<string, (...args: unknown[]) => unknown>
          & { assertComplete(): void };
        let answer: unknown;
        try {
          answer = await session[step.method]!(...args);
        } catch (error) {
          if ('error' in step && error === step.error) return;
          // Arguments come from the SDK, not the script: a hostile argument's
          // own error may pass through, but nothing may break inside.
          if (isHostileThrow(error)) return;
          structured(error, callErrors);
          return;
        }
        if ('result' in step) assert.deepEqual(answer, step.result);
        session.assertComplete();
      },
    ),
    fuzzParameters(),
  );
});
