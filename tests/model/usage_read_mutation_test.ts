import { InvalidScriptedModelStepError, modelResponse } from '@scripted/agents';
import assert from 'node:assert/strict';
import test from 'node:test';
import { readUsage } from '../../model/_usage.ts';

const where = { callIndex: 2 };

/** Asserts reading `usage` fails with exactly this fault. */
function assertFault(
  usage: unknown,
  want: { issue: string; path: string; received?: string; expected?: string },
): InvalidScriptedModelStepError {
  let caught: unknown;
  try {
    readUsage(usage, where, 'steps[1]');
  } catch (error) {
    caught = error;
  }
  assert(caught instanceof InvalidScriptedModelStepError, String(caught));
  const { expected, ...fields } = want;
  assert.deepEqual(
    {
      reason: caught.reason,
      issue: caught.issue,
      path: caught.path,
      ...('received' in want ? { received: caught.received } : {}),
    },
    { reason: 'invalid_response', ...fields },
  );
  assert.equal(caught.callIndex, 2);
  if (expected !== undefined) {
    assert.equal(
      caught.message,
      `Invalid model step for call 2: expected "${want.path}" to be ${expected}, got ${want.received}`,
    );
  }
  return caught;
}

test('readUsage names the exact count that is not a finite number', () => {
  const finite = 'a finite number';
  const cases: [unknown, string, string][] = [
    [{ input_tokens: '5' }, 'steps[1].usage.input_tokens', '"5"'],
    [{ inputTokens: '5' }, 'steps[1].usage.inputTokens', '"5"'],
    [{ output_tokens: true }, 'steps[1].usage.output_tokens', 'true'],
    [{ requests: Infinity }, 'steps[1].usage.requests', 'Infinity'],
    // Counts that add up past the largest number.
    [
      { inputTokens: 1e308, outputTokens: 1e308 },
      'steps[1].usage.totalTokens',
      'Infinity',
    ],
    [
      { outputTokensDetails: { reasoning_tokens: 'x' } },
      'steps[1].usage.outputTokensDetails[0].reasoning_tokens',
      '"x"',
    ],
    [
      { requestUsageEntries: [{ inputTokens: 1, outputTokens: 'x' }] },
      'steps[1].usage.requestUsageEntries[0].outputTokens',
      '"x"',
    ],
    [
      {
        requestUsageEntries: [{ inputTokens: 1, outputTokens: 1 }, {
          inputTokens: 1,
          outputTokens: 1,
          totalTokens: 'x',
        }],
      },
      'steps[1].usage.requestUsageEntries[1].totalTokens',
      '"x"',
    ],
    [
      {
        requestUsageEntries: [{
          inputTokens: 1,
          outputTokens: 1,
          output_tokens_details: { a: 'x' },
        }],
      },
      'steps[1].usage.requestUsageEntries[0].outputTokensDetails.a',
      '"x"',
    ],
  ];
  for (const [usage, path, received] of cases) {
    assertFault(usage, {
      issue: 'invalid_usage',
      path,
      received,
      expected: finite,
    });
  }
});

test('readUsage names token details and entry fields of the wrong kind', () => {
  const details = 'an object of token counts';
  assertFault({ inputTokens: 1, inputTokensDetails: 5 }, {
    issue: 'invalid_usage',
    path: 'steps[1].usage.inputTokensDetails[0]',
    received: '5',
    expected: details,
  });
  assertFault({ outputTokensDetails: ['x'] }, {
    issue: 'invalid_usage',
    path: 'steps[1].usage.outputTokensDetails[0]',
    received: '"x"',
    expected: details,
  });
  assertFault({
    requestUsageEntries: [{
      inputTokens: 1,
      outputTokens: 1,
      inputTokensDetails: 5,
    }],
  }, {
    issue: 'invalid_usage',
    path: 'steps[1].usage.requestUsageEntries[0].inputTokensDetails',
    received: '5',
    expected: details,
  });
  assertFault({
    requestUsageEntries: [{
      inputTokens: 1,
      outputTokens: 1,
      outputTokensDetails: [1],
    }],
  }, {
    issue: 'invalid_usage',
    path: 'steps[1].usage.requestUsageEntries[0].outputTokensDetails',
    received: 'an array of 1',
    expected: details,
  });
  assertFault({
    requestUsageEntries: [{ inputTokens: 1, outputTokens: 2, endpoint: 5 }],
  }, {
    issue: 'invalid_usage',
    path: 'steps[1].usage.requestUsageEntries[0].endpoint',
    received: '5',
    expected: 'a string',
  });
  assertFault([1], {
    issue: 'invalid_usage',
    path: 'steps[1].usage',
    received: 'an array of 1',
    expected: 'a Usage or usage data',
  });
});

test('readUsage treats a null count as absent and keeps entries without an endpoint', () => {
  assert.deepEqual(
    readUsage({ inputTokens: null, outputTokens: 2 }, where, undefined),
    {
      requests: 1,
      inputTokens: 0,
      outputTokens: 2,
      totalTokens: 2,
      inputTokensDetails: [],
      outputTokensDetails: [],
    },
  );
  assert.deepEqual(
    readUsage(
      {
        inputTokens: 1,
        requestUsageEntries: [
          { inputTokens: 1, outputTokens: 2 },
          { input_tokens: 3, output_tokens: 0, endpoint: 'responses' },
        ],
      },
      where,
      undefined,
    ),
    {
      requests: 1,
      inputTokens: 1,
      outputTokens: 0,
      totalTokens: 1,
      inputTokensDetails: [],
      outputTokensDetails: [],
      requestUsageEntries: [
        {
          inputTokens: 1,
          outputTokens: 2,
          totalTokens: 3,
          inputTokensDetails: {},
          outputTokensDetails: {},
        },
        {
          inputTokens: 3,
          outputTokens: 0,
          totalTokens: 3,
          inputTokensDetails: {},
          outputTokensDetails: {},
          endpoint: 'responses',
        },
      ],
    },
  );
});

test('readUsage checks the counts the SDK Usage reads, not only the first read', () => {
  // A count that is finite when first read and not when read again.
  for (const key of ['requests', 'inputTokens', 'outputTokens']) {
    let reads = 0;
    const usage = Object.defineProperty({}, key, {
      enumerable: true,
      get: () => (reads++ === 0 ? 1 : Number.NaN),
    });
    assertFault(usage, {
      issue: 'invalid_usage',
      path: `steps[1].usage.${key}`,
      received: 'NaN',
      expected: 'a finite number',
    });
  }
});

test('readUsage keeps what a throwing usage threw as the cause, and passes its own faults through', () => {
  const failure = new Error('nope');
  const error = assertFault({
    get inputTokens(): number {
      throw failure;
    },
  }, { issue: 'unreadable', path: 'steps[1].usage' });
  assert.equal(error.cause, failure);
  assert.equal(error.received, undefined);
  assert.equal(
    error.message,
    'Invalid model step for call 2: expected "steps[1].usage" to be readable, got the error "nope"',
  );

  const own = new InvalidScriptedModelStepError({
    reason: 'invalid_input',
    issue: 'unreadable',
  } as never);
  let caught: unknown;
  try {
    readUsage(
      {
        get outputTokens(): number {
          throw own;
        },
      },
      where,
      undefined,
    );
  } catch (thrown) {
    caught = thrown;
  }
  assert.equal(caught, own);
});

test('ScriptedModel refuses a step whose usage entry has a non-string endpoint', () => {
  assert.throws(
    () =>
      modelResponse({
        output: [],
        usage: {
          requestUsageEntries: [{
            inputTokens: 1,
            outputTokens: 1,
            endpoint: 1,
          }],
        },
      } as never),
    (error: unknown) => {
      assert(error instanceof InvalidScriptedModelStepError);
      assert.equal(
        error.path,
        'response.usage.requestUsageEntries[0].endpoint',
      );
      assert.equal(error.issue, 'invalid_usage');
      return true;
    },
  );
});
