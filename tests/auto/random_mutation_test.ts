import assert from 'node:assert/strict';
import test from 'node:test';
import { seeded } from '../../auto/_random.ts';

test('seeded chance(p) is true exactly when the draw is below p', () => {
  const draw = seeded(['edge']).next();
  assert.ok(draw > 0 && draw < 1);
  // The same seed draws the same value: equal to p is not below p.
  assert.equal(seeded(['edge']).chance(draw), false);
  assert.equal(seeded(['edge']).chance(draw + 1e-9), true);
  const random = seeded(['chances']);
  let hits = 0;
  for (let i = 0; i < 400; i++) {
    assert.equal(random.chance(0), false);
    assert.equal(random.chance(1), true);
    if (random.chance(0.25)) hits++;
  }
  assert.ok(hits > 60 && hits < 140, `chance(0.25) held ${hits} of 400 times`);
});

test('seeded pick refuses an empty list, saying so', () => {
  assert.throws(() => seeded(['empty']).pick([]), {
    name: 'RangeError',
    message: 'Cannot pick from an empty list',
  });
  const random = seeded(['picks']);
  const seen = new Set<string>();
  for (let i = 0; i < 60; i++) seen.add(random.pick(['a', 'b', 'c']));
  assert.deepEqual([...seen].sort(), ['a', 'b', 'c']);
});
