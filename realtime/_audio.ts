/**
 * Recording of `sendAudio` chunks. Allocating an `ArrayBuffer` per chunk is
 * nearly all the cost of a recorded call (and its garbage), so a chunk's
 * bytes are copied into a shared slab when the call is made, and its
 * `ArrayBuffer` is made on first read, then kept: the record stays detached
 * from the caller's buffer and reads always return the same buffer.
 *
 * @module
 */
import { snapshot } from '../_internal/snapshot.ts';

const slabSize = 1 << 16;
// Chunks larger than this get their own copy at once.
const largestSlabbed = slabSize >> 2;

let slab = new Uint8Array(slabSize);
let used = 0;

/** Where a recorded chunk's bytes are, and its buffer once made. */
interface Stored {
  readonly slab: Uint8Array;
  readonly offset: number;
  readonly length: number;
  buffer?: ArrayBuffer;
}

const stored: unique symbol = Symbol('scripted recorded audio');

// One getter shared by every record keeps their shapes alike (a getter per
// record would give each its own hidden class, slower than the copy).
const audioProperty: PropertyDescriptor = {
  enumerable: true,
  get(this: { [stored]: Stored }): ArrayBuffer {
    const chunk = this[stored];
    return chunk.buffer ??= chunk.slab.slice(
      chunk.offset,
      chunk.offset + chunk.length,
    ).buffer;
  },
};

/**
 * Builds the frozen `sendAudio` record: `{ index, method, audio, options }`,
 * with `audio` a copy of the caller's buffer.
 *
 * @param index Zero-based position of the call in `calls`.
 * @param audio The caller's audio buffer.
 * @param options The caller's options, snapshotted.
 * @returns The frozen record.
 */
export function recordAudioCall<A, O>(
  index: number,
  audio: A,
  options: O,
): { index: number; method: 'sendAudio'; audio: A; options: O } {
  const call = { index, method: 'sendAudio' as const } as {
    index: number;
    method: 'sendAudio';
    audio: A;
    options: O;
  };
  const length = audio instanceof ArrayBuffer ? audio.byteLength : -1;
  if (length < 0 || length > largestSlabbed) {
    call.audio = snapshot(audio);
    call.options = snapshot(options);
    return Object.freeze(call);
  }
  if (used + length > slabSize) {
    slab = new Uint8Array(slabSize);
    used = 0;
  }
  slab.set(new Uint8Array(audio as ArrayBuffer), used);
  Object.defineProperty(call, 'audio', audioProperty);
  call.options = snapshot(options);
  Object.defineProperty(call, stored, {
    value: { slab, offset: used, length } satisfies Stored,
  });
  used += length;
  return Object.freeze(call);
}
