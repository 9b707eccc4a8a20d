/**
 * Tests of the project's lint plugin through `Deno.lint.runPlugin`, which
 * exists only under `deno test`: the `deno-test` stage runs this folder;
 * elsewhere the tests skip, saying why.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import plugin from './lint_plugin.ts';

const runPlugin = (globalThis as {
  Deno?: { lint?: { runPlugin?: typeof Deno.lint.runPlugin } };
}).Deno?.lint?.runPlugin;
const skip = runPlugin === undefined &&
  'Deno.lint.runPlugin exists only under deno test';

/** The messages of `rule`'s diagnostics for `source` in file `filename`. */
function lint(
  filename: string,
  source: string,
): { id: string; message: string; text: string }[] {
  assert.ok(runPlugin, 'Deno.lint.runPlugin is available');
  return runPlugin(plugin, filename, source).map((diagnostic) => ({
    id: diagnostic.id,
    message: diagnostic.message,
    text: source.slice(diagnostic.range[0], diagnostic.range[1]),
  }));
}

test('Lint error-message accepts std grammar and non-literal messages', {
  skip,
}, () => {
  const source = `
new Error('Cannot read the script');
new TypeError('Invalid step 2: expected "type", got "x"');
new RangeError(\`Expected 2 calls, got \${count}\`);
new Error(message);
new Error(\`\${name} is not a function\`);
new Error('Version 1.2 is "x.y"');
new Thing('lowercase thing.');
new errors.FooError('not checked: a member callee');
new Error();
new Error(42);
`;
  assert.deepEqual(lint('model/errors.ts', source), []);
});

test('Lint error-message reports a lowercase start and a trailing period', {
  skip,
}, () => {
  const source = `
new Error('cannot read the script');
new TypeError('Cannot read the script.');
new InvalidThingError(\`bad step \${index}.\`);
`;
  assert.deepEqual(lint('sandbox/scripted_session.ts', source), [
    {
      id: 'scripted-agents/error-message',
      message: 'Error message starts with a lowercase letter',
      text: "'cannot read the script'",
    },
    {
      id: 'scripted-agents/error-message',
      message: 'Error message ends with a period',
      text: "'Cannot read the script.'",
    },
    {
      id: 'scripted-agents/error-message',
      message: 'Error message starts with a lowercase letter',
      text: '`bad step ${index}.`',
    },
    {
      id: 'scripted-agents/error-message',
      message: 'Error message ends with a period',
      text: '`bad step ${index}.`',
    },
  ]);
});

test('Lint error-message leaves tests, benches and scripts alone', {
  skip,
}, () => {
  const source = "new Error('boom.');\n";
  for (
    const filename of [
      'tests/model/steps_test.ts',
      'bench/report.ts',
      'scripts/test.ts',
      '/repo/tests/_support/fuzz.ts',
    ]
  ) {
    assert.deepEqual(lint(filename, source), [], filename);
  }
  assert.equal(lint('_internal/format.ts', source).length, 2);
});

test('Lint exported-function-args-maximum accepts two then options', {
  skip,
}, () => {
  const source = `
export function none(): void {}
export function two(a: string, b: number): void {}
export function withOptions(a: string, b: number, options?: Opts): void {}
export function typed(a: string, b: number, c: { signal?: AbortSignal }): void {}
export function named(a: string, b: number, c: StepOptions): void {}
export function pattern(a: string, b: number, { signal }: Opts = {}): void {}
export function callback(a: string, b: number, c: () => void): void {}
export function receiver(this: Foo, a: string, b: number): void {}
export const arrow = (a: string, b: number): void => {};
function local(a: string, b: number, c: number, d: number): void {}
`;
  assert.deepEqual(lint('model/steps.ts', source), []);
});

test('Lint exported-function-args-maximum reports positional overflow', {
  skip,
}, () => {
  const source = `
export function three(a: string, b: number, flag: boolean): void {}
export function four(a: string, b: number, c: number, options: Opts): void {}
export function overload(a: string, b: number, c: number): void;
export const arrow = (a: string, b: number, c: number): void => {};
export default function (a: string, b: number, c: number): void {}
`;
  const id = 'scripted-agents/exported-function-args-maximum';
  assert.deepEqual(lint('realtime/calls.ts', source), [
    {
      id,
      message:
        'Exported function "three" takes a third parameter that is not an options object',
      text: 'three',
    },
    {
      id,
      message:
        'Exported function "four" takes 4 parameters: expected at most 2, then an options object',
      text: 'four',
    },
    {
      id,
      message:
        'Exported function "overload" takes a third parameter that is not an options object',
      text: 'overload',
    },
    {
      id,
      message:
        'Exported function "arrow" takes a third parameter that is not an options object',
      text: 'arrow',
    },
    {
      id,
      message:
        'Exported function takes a third parameter that is not an options object',
      text: 'function (a: string, b: number, c: number): void {}',
    },
  ]);
});

test('Lint exported-function-args-maximum skips private and tooling files', {
  skip,
}, () => {
  const source =
    'export function f(a: string, b: number, c: number): void {}\n';
  for (
    const filename of [
      '_internal/format.ts',
      'model/_checks.ts',
      '/repo/_internal/read.ts',
      'tests/model/steps_test.ts',
      'scripts/build_npm.ts',
    ]
  ) {
    assert.deepEqual(lint(filename, source), [], filename);
  }
  assert.equal(lint('/repo/sandbox/steps.ts', source).length, 1);
  assert.equal(lint('mod.ts', source).length, 1);
});
