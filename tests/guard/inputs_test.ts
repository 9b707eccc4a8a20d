/**
 * `blockRealCalls()` reads its options at the call: each malformed option
 * fails with an `InvalidGuardInputError` (every field and the message
 * pinned) and nothing is patched then; and the errors' messages are built
 * from their fields, redacted.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { OpenAIResponsesModel } from '@openai/agents';
import {
  blockRealCalls,
  InvalidGuardInputError,
  RealCallBlockedError,
} from '@scripted/agents/guard';
import { describe } from '../../_internal/format.ts';

const entry =
  'a kind ("model", "trace-export", "mcp", "realtime", "fetch" or "websocket") or a host name ("api.example.com", "*.example.com", "::1")';
const list = 'an array of kinds and host names';
const secret = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

// What reading a revoked proxy throws: each engine words it its own way.
const revokedMessage = (() => {
  try {
    Array.isArray(revoked());
  } catch (error) {
    return (error as Error).message;
  }
  return assert.fail('a revoked proxy was read');
})();

interface Case {
  options: unknown;
  code: InvalidGuardInputError['code'];
  path: string;
  expected: string;
  received: string;
  suggestion?: string;
  message: string;
  cause?: string;
}

const cases: Record<string, Case> = {
  'a number': {
    options: 42,
    code: 'invalid_type',
    path: 'options',
    expected: 'an object',
    received: '42',
    message: 'expected "options" to be an object, got 42',
  },
  'null': {
    options: null,
    code: 'invalid_type',
    path: 'options',
    expected: 'an object',
    received: 'null',
    message: 'expected "options" to be an object, got null',
  },
  'a misspelt key': {
    options: { alow: ['model'] },
    code: 'unknown_key',
    path: 'options.alow',
    expected: 'only "allow"',
    received: '"alow"',
    suggestion: 'allow',
    message: 'expected only "allow", got "alow" (did you mean "allow"?)',
  },
  'allow as a string': {
    options: { allow: 'model' },
    code: 'invalid_type',
    path: 'options.allow',
    expected: list,
    received: '"model"',
    message: `expected "options.allow" to be ${list}, got "model"`,
  },
  'allow as an array-like': {
    options: { allow: { length: 1, 0: 'model' } },
    code: 'invalid_type',
    path: 'options.allow',
    expected: list,
    received: 'an object',
    message: `expected "options.allow" to be ${list}, got an object`,
  },
  'a number entry': {
    options: { allow: ['model', 1] },
    code: 'invalid_type',
    path: 'options.allow[1]',
    expected: entry,
    received: '1',
    message: `expected "options.allow[1]" to be ${entry}, got 1`,
  },
  'an absent entry': {
    options: { allow: ['model', undefined] },
    code: 'missing',
    path: 'options.allow[1]',
    expected: entry,
    received: 'undefined',
    message: `expected "options.allow[1]" to be ${entry}, got undefined`,
  },
  'an empty entry': {
    options: { allow: [''] },
    code: 'invalid_value',
    path: 'options.allow[0]',
    expected: entry,
    received: '""',
    message: `expected "options.allow[0]" to be ${entry}, got ""`,
  },
  'a URL entry': {
    options: { allow: ['https://api.example.com/v1'] },
    code: 'invalid_value',
    path: 'options.allow[0]',
    expected: entry,
    received: '"https://api.example.com/v1"',
    suggestion: 'api.example.com',
    message:
      `expected "options.allow[0]" to be ${entry}, got "https://api.example.com/v1" (did you mean "api.example.com"?)`,
  },
  'a host with a port': {
    options: { allow: ['Example.com:8080'] },
    code: 'invalid_value',
    path: 'options.allow[0]',
    expected: entry,
    received: '"Example.com:8080"',
    suggestion: 'example.com',
    message:
      `expected "options.allow[0]" to be ${entry}, got "Example.com:8080" (did you mean "example.com"?)`,
  },
  'a short IPv4 address': {
    options: { allow: ['127.1'] },
    code: 'invalid_value',
    path: 'options.allow[0]',
    expected: entry,
    received: '"127.1"',
    suggestion: '127.0.0.1',
    message:
      `expected "options.allow[0]" to be ${entry}, got "127.1" (did you mean "127.0.0.1"?)`,
  },
  'a host with a space': {
    options: { allow: ['a b'] },
    code: 'invalid_value',
    path: 'options.allow[0]',
    expected: entry,
    received: '"a b"',
    message: `expected "options.allow[0]" to be ${entry}, got "a b"`,
  },
  'a bare star': {
    options: { allow: ['*'] },
    code: 'invalid_value',
    path: 'options.allow[0]',
    expected: entry,
    received: '"*"',
    message: `expected "options.allow[0]" to be ${entry}, got "*"`,
  },
  'a star inside a host': {
    options: { allow: ['a*.example.com'] },
    code: 'invalid_value',
    path: 'options.allow[0]',
    expected: entry,
    received: '"a*.example.com"',
    message: `expected "options.allow[0]" to be ${entry}, got "a*.example.com"`,
  },
  'a pattern of nothing': {
    options: { allow: ['*.'] },
    code: 'invalid_value',
    path: 'options.allow[0]',
    expected: entry,
    received: '"*."',
    message: `expected "options.allow[0]" to be ${entry}, got "*."`,
  },
  'a secret written as a URL': {
    options: { allow: [`https://${secret}/`] },
    code: 'invalid_value',
    path: 'options.allow[0]',
    expected: entry,
    // Shortened to 40 characters, then redacted: no piece of it is shown.
    received: '"https://[redacted]…"',
    message:
      `expected "options.allow[0]" to be ${entry}, got "https://[redacted]…"`,
  },
  'a throwing getter': {
    options: {
      get allow(): string[] {
        throw new Error('boom');
      },
    },
    code: 'unreadable',
    path: 'options.allow',
    expected: 'readable',
    received: 'the error "boom"',
    message: 'expected "options.allow" to be readable, got the error "boom"',
    cause: 'boom',
  },
  'a revoked proxy': {
    options: revoked(),
    code: 'unreadable',
    path: 'options',
    expected: 'readable',
    received: `the error ${describe(revokedMessage)}`,
    message: `expected "options" to be readable, got the error ${
      describe(revokedMessage)
    }`,
    cause: revokedMessage,
  },
};

for (const [label, expected] of Object.entries(cases)) {
  test(`blockRealCalls rejects ${label} and patches nothing`, () => {
    const before = OpenAIResponsesModel.prototype.getResponse;
    const fetchBefore = globalThis.fetch;
    let thrown: unknown;
    try {
      blockRealCalls(expected.options as never);
    } catch (error) {
      thrown = error;
    }
    assert.ok(thrown instanceof InvalidGuardInputError);
    assert.equal(thrown.name, 'InvalidGuardInputError');
    assert.equal(thrown.code, expected.code);
    assert.equal(thrown.path, expected.path);
    assert.equal(thrown.expected, expected.expected);
    assert.equal(thrown.received, expected.received);
    assert.equal(thrown.suggestion, expected.suggestion);
    assert.equal(
      thrown.message,
      `Invalid blockRealCalls input: ${expected.message}`,
    );
    assert.equal((thrown.cause as Error | undefined)?.message, expected.cause);
    assert.equal(OpenAIResponsesModel.prototype.getResponse, before);
    assert.equal(globalThis.fetch, fetchBefore);
  });
}

test('blockRealCalls takes no options, empty options and an absent allow', () => {
  for (const options of [undefined, {}, { allow: undefined }, { allow: [] }]) {
    const guard = blockRealCalls(options);
    assert.deepEqual(guard.allow, []);
    guard.restore();
  }
});

test('blockRealCalls rejects an allow entry with brackets anywhere but around the whole host', () => {
  for (const entry of ['a[b]', '[a]b', 'x[::1]']) {
    assert.throws(() => blockRealCalls({ allow: [entry] }), (error) => {
      assert.ok(error instanceof InvalidGuardInputError);
      assert.equal(error.code, 'invalid_value');
      assert.equal(error.path, 'options.allow[0]');
      assert.equal(error.received, JSON.stringify(entry));
      assert.equal('cause' in error, false);
      return true;
    });
  }
});

test('blockRealCalls reads allow entries lower-cased, without brackets or a trailing dot', () => {
  using guard = blockRealCalls({
    allow: ['MCP', 'Trace-Export', '[::1]', '*.Example.com', 'localhost.'],
  });
  assert.deepEqual(guard.allow, [
    'mcp',
    'trace-export',
    '::1',
    '*.example.com',
    'localhost',
  ]);
});

test('RealCallBlockedError builds its message from its fields, the agent when known', () => {
  const error = new RealCallBlockedError({
    kind: 'model',
    call: 'OpenAIResponsesModel.getResponse',
    target: 'openai',
    agent: 'Triage',
  });
  assert.equal(error.name, 'RealCallBlockedError');
  assert.equal(error.host, undefined);
  assert.equal(error.agent, 'Triage');
  assert.deepEqual(error.allow, ['model']);
  assert.equal(Object.isFrozen(error.allow), true);
  assert.equal(
    error.message,
    'Real model request blocked: OpenAIResponsesModel.getResponse to "openai" (agent "Triage"): blockRealCalls() is on and keeps the SDK\'s real clients offline, loopback too; to let it through, add "model" to blockRealCalls({ allow })',
  );
  const mcp = new RealCallBlockedError({
    kind: 'mcp',
    call: 'MCPServerStdio.connect',
    target: 'fs',
  });
  assert.equal(
    mcp.message,
    'Real MCP server connect blocked: MCPServerStdio.connect to "fs": blockRealCalls() is on and keeps the SDK\'s real clients offline, loopback too; to let it through, add "mcp" to blockRealCalls({ allow })',
  );
});

test('RealCallBlockedError redacts its target, host and agent, and offers no redacted host', () => {
  const error = new RealCallBlockedError({
    kind: 'websocket',
    call: 'new WebSocket',
    target: secret,
    host: secret,
    agent: `agent ${secret}`,
  });
  assert.equal(error.target, '[redacted]');
  assert.equal(error.host, '[redacted]');
  assert.equal(error.agent, 'agent [redacted]');
  assert.deepEqual(error.allow, ['websocket']);
  assert.equal(error.message.includes(secret), false);
  assert.equal(
    error.message,
    'Real WebSocket open blocked: new WebSocket to "[redacted]" (agent "agent [redacted]"): blockRealCalls() is on and reaches no host but loopback; to let it through, add "websocket" to blockRealCalls({ allow })',
  );
});

test('InvalidGuardInputError names the path unless the key is unknown, and drops a secret suggestion', () => {
  const shown = new InvalidGuardInputError({
    code: 'invalid_value',
    path: 'options.allow[0]',
    expected: 'a host',
    received: '"x y"',
    suggestion: secret,
  });
  assert.equal(shown.suggestion, undefined);
  assert.equal(
    shown.message,
    'Invalid blockRealCalls input: expected "options.allow[0]" to be a host, got "x y"',
  );
  const unknown = new InvalidGuardInputError({
    code: 'unknown_key',
    path: 'options.alow',
    expected: 'only "allow"',
    received: `"${secret}"`,
  });
  assert.equal(unknown.received, '"[redacted]"');
  assert.equal(
    unknown.message,
    'Invalid blockRealCalls input: expected only "allow", got "[redacted]"',
  );
});
