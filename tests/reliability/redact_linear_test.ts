import assert from 'node:assert/strict';
import test from 'node:test';
import {
  defaultRedaction,
  redaction,
  redactPieces,
} from '../../_internal/redact.ts';

// Texts built to make a backtracking pattern quadratic: each is the start of
// a shape or a pair repeated, or one start followed by a long run that never
// completes it.
const n = 40_000;
const adversarial: Record<string, string> = {
  pairs: 'a='.repeat(n),
  colons: 'a:'.repeat(n),
  names: 'a '.repeat(n),
  spaces: `password${' '.repeat(n)}`,
  value: `password=${'a'.repeat(n)}`,
  quoted: `"password": "${'a'.repeat(n)}`,
  escapes: `"password": "${'\\'.repeat(n)}`,
  escapedQuotes: `'password': '${"\\'".repeat(n)}`,
  nested: 'note: token='.repeat(n / 4),
  dashes: '--'.repeat(n),
  cookies: `Cookie: ${'a=b;'.repeat(n)}`,
  cookieNames: `Cookie: ${'a'.repeat(n)}`,
  curl: '-u=-u '.repeat(n / 2),
  curlUser: `-u ${'a'.repeat(n)}`,
  query: `?${'a'.repeat(n)}`,
  queries: '?a=&'.repeat(n),
  userinfo: `https://${'a'.repeat(n)}`,
  schemes: 'https://'.repeat(n / 4),
  bearer: `Bearer${' '.repeat(n)}`,
  jwt: `eyJ${'a'.repeat(n)}.`,
  pem: '-----BEGIN PRIVATE KEY-----'.repeat(n / 20),
  slack: 'hooks.slack.com/services/'.repeat(n / 20),
  keys: 'xai-gsk_hf_glpat-npm_sk_live_'.repeat(n / 20),
  markers: '[redacted]'.repeat(n / 5),
  pairMarkers: 'token=[redacted]'.repeat(n / 10),
};

test('Every redaction pattern runs in linear time on adversarial text', () => {
  const marked = redaction(['a'.repeat(9), 'ab'.repeat(8)]);
  for (const [name, text] of Object.entries(adversarial)) {
    const began = performance.now();
    const once = defaultRedaction.text(text);
    marked.text(text);
    redactPieces(marked, [text.slice(0, 7), text.slice(7)]);
    const took = performance.now() - began;
    // Quadratic on 80,000 characters takes minutes; linear, milliseconds.
    assert.ok(took < 3_000, `${name} took ${Math.round(took)} ms`);
    assert.equal(defaultRedaction.text(once), once, name);
  }
});

test('A stream of many deltas is redacted in linear time', () => {
  const key = `sk-proj-${'Ab1'.repeat(8)}`;
  const deltas: string[] = [];
  for (let i = 0; i < 5_000; i++) {
    deltas.push(key.slice(0, 9), `${key.slice(9)} `);
  }
  const began = performance.now();
  const out = redactPieces(defaultRedaction, deltas);
  assert.ok(performance.now() - began < 3_000);
  assert.equal(out.join(''), '[redacted] '.repeat(5_000));
});
