/**
 * The deliberate differences are listed once in `_deliberate.ts`, documented
 * in `docs/core.md`'s section "Differences from `@openai/agents/testing`", and each
 * is shown by at least one differential check.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { deliberate } from './_deliberate.ts';

const read = (path: string): string =>
  readFileSync(new URL(path, import.meta.url), 'utf8');

// The guide, found from `tests/compat/` or from a build of the tests
// (`npm/tests/compat/`, `.tmp/mutation/tests/compat/`): the nearest
// `docs/core.md` up the folders.
function guide(): string {
  for (let up = '../../'; up.length < 20; up += '../') {
    try {
      return read(`${up}docs/core.md`);
    } catch {
      // Not at this level: one further up.
    }
  }
  throw new Error('docs/core.md not found above tests/compat/');
}

const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

test('Every deliberate difference is in the core guide section, with its id', () => {
  const readme = guide();
  const start = readme.indexOf('## Differences from `@openai/agents/testing`');
  assert.notEqual(start, -1, 'docs/core.md lacks the differences section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const listed = [...section.matchAll(/^\| `([a-z-]+)` /gm)].map((m) => m[1]);
  assert.deepEqual(listed.sort(), Object.keys(deliberate).sort());
});

test('Every deliberate difference is shown by a differential check', () => {
  const sources = ['model', 'sandbox', 'realtime']
    .map((name) => read(`./${name}_differential_test.${ext}`))
    .join('\n');
  for (const id of Object.keys(deliberate)) {
    assert.match(
      sources,
      new RegExp(`differs\\(\\s*['"]${id}['"]`),
      `no check names ${id}`,
    );
  }
});
