/**
 * The transport's listener registry: once semantics under re-entrant
 * emits, removal while an emit walks its list, and the emit result.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import { ListenerRegistry } from '../../_internal/emitter.ts';

test('ScriptedRealtimeTransport once fires once even when a listener emits the same event again', () => {
  const transport = new ScriptedRealtimeTransport();
  const seen: string[] = [];
  let nested = false;
  transport.on('audio_done', () => {
    seen.push('a');
    if (nested) return;
    nested = true;
    transport.emit('audio_done');
  });
  transport.once('audio_done', () => seen.push('once'));
  assert.equal(transport.emit('audio_done'), true);
  assert.deepEqual(seen, ['a', 'a', 'once']);
  assert.equal(transport.emit('audio_done'), true);
  assert.deepEqual(seen, ['a', 'a', 'once', 'a']);
});

test('ListenerRegistry: a once listener removed by an earlier listener still runs in that emit, and the rest stay', () => {
  const target = {};
  const registry = new ListenerRegistry(target);
  const seen: unknown[] = [];
  const once = function (this: unknown, value: unknown) {
    seen.push(['once', this === target, value]);
  };
  registry.add('e', () => {
    seen.push('a');
    registry.remove('e', once);
  });
  registry.addOnce('e', once);
  registry.add('e', () => seen.push('c'));
  assert.equal(registry.emit('e', [1]), true);
  assert.deepEqual(seen, ['a', ['once', true, 1], 'c']);
  assert.equal(registry.emit('e', [2]), true);
  assert.deepEqual(seen.slice(3), ['a', 'c']);
});

test('ListenerRegistry emit reports whether anyone listens, and passes every argument', () => {
  const registry = new ListenerRegistry(undefined);
  assert.equal(registry.emit('e', []), false);
  const seen: unknown[][] = [];
  const listener = (...args: unknown[]) => seen.push(args);
  registry.add('e', listener);
  assert.equal(registry.emit('e', []), true);
  assert.equal(registry.emit('e', [1, 2, 3]), true);
  assert.deepEqual(seen, [[], [1, 2, 3]]);
  registry.remove('e', listener);
  assert.equal(registry.emit('e', [1]), false);
  // Removing what is not there changes nothing.
  registry.remove('e', listener);
  registry.remove('other', listener);
  assert.equal(registry.emit('e', [1]), false);
  // A once listener that fired is gone: the type has no listener left.
  registry.addOnce('e', listener);
  assert.equal(registry.emit('e', ['x']), true);
  assert.equal(registry.emit('e', ['y']), false);
  assert.deepEqual(seen.slice(2), [['x']]);
});
