/**
 * Recording of `sendAudio` chunks. Allocating an `ArrayBuffer` per chunk is
 * nearly all the cost of a recorded call (and its garbage), so a chunk's
 * bytes are copied into a shared slab when the call is made, and an
 * `ArrayBuffer` is made only when a reader asks for it. Every read of
 * `audio` gets a fresh copy: the record stays detached from the caller's
 * buffer, and a reader's write never reaches the record (an `ArrayBuffer`
 * cannot be frozen).
 *
 * @module
 */
import { snapshot } from '../_internal/snapshot.ts';

const slabSize = 1 << 16;
// Chunks larger than this get their own copy at once.
const largestSlabbed = slabSize >> 2;

let slab = new Uint8Array(slabSize);
let used = 0;

/** Where a recorded chunk's bytes are. */
interface Stored {
  readonly bytes: Uint8Array;
  readonly offset: number;
  readonly length: number;
}

const stored: unique symbol = Symbol('scripted recorded audio');

// One getter shared by every record keeps their shapes alike (a getter per
// record would give each its own hidden class, slower than the copy).
const audioProperty: PropertyDescriptor = {
  enumerable: true,
  get(this: { [stored]: Stored }): ArrayBuffer {
    const chunk = this[stored];
    return chunk.bytes.slice(chunk.offset, chunk.offset + chunk.length)
      .buffer;
  },
};

/**
 * Builds the `sendAudio` record: `{ index, method, audio, options }`, with
 * `audio` a fresh copy of the caller's buffer on every read.
 *
 * @param index Zero-based position of the call in `calls`.
 * @param data The caller's audio buffer and options (snapshotted here).
 * @returns The record.
 */
export function recordAudioCall<A, O>(
  index: number,
  data: { readonly audio: A; readonly options: O },
): { index: number; method: 'sendAudio'; audio: A; options: O } {
  const { audio, options } = data;
  const call = { index, method: 'sendAudio' as const } as {
    index: number;
    method: 'sendAudio';
    audio: A;
    options: O;
  };
  const length = audio instanceof ArrayBuffer ? audio.byteLength : -1;
  if (length < 0) {
    // Not a buffer of this realm: recorded as any other argument.
    call.audio = snapshot(audio);
    call.options = snapshot(options);
    return call;
  }
  let chunk: Stored;
  if (length > largestSlabbed) {
    chunk = {
      bytes: new Uint8Array((audio as ArrayBuffer).slice(0)),
      offset: 0,
      length,
    };
  } else {
    if (used + length > slabSize) {
      slab = new Uint8Array(slabSize);
      used = 0;
    }
    slab.set(new Uint8Array(audio as ArrayBuffer), used);
    chunk = { bytes: slab, offset: used, length };
    used += length;
  }
  Object.defineProperty(call, 'audio', audioProperty);
  call.options = snapshot(options);
  Object.defineProperty(call, stored, { value: chunk });
  return call;
}
