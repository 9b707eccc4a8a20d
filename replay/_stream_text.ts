/**
 * The deltas of a streamed text (`output_text_delta` events, a provider's
 * raw `*.delta` events, Realtime transcript deltas), redacted as the text
 * they make up: a credential split across two deltas goes from both.
 *
 * @module
 */
import { type Redaction, redactPieces } from '../_internal/redact.ts';

type Path = readonly (string | number)[];

interface Delta {
  /** The stored entry (event or log entry) holding it. */
  readonly entry: number;
  /** Where inside the entry the object with the `delta` lies. */
  readonly path: Path;
  /** Which text it belongs to. */
  readonly run: string;
  /** The delta as received. */
  readonly text: string;
}

type Holder = Record<string, unknown>;

function isObject(value: unknown): value is Holder {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function at(value: unknown, path: Path): unknown {
  let out = value;
  for (const key of path) {
    out = isObject(out) || Array.isArray(out)
      ? (out as Record<string | number, unknown>)[key]
      : undefined;
  }
  return out;
}

/** The deltas of one stream (one model call, one Realtime log). */
export class StreamDeltas {
  readonly #deltas: Delta[] = [];

  /**
   * Notes the delta `value` carries, if any: a string `delta` of the
   * object itself or of its `event` (a raw provider event).
   *
   * @param entry The position of the stored entry holding `value`.
   * @param value The event as received.
   * @param path Where `value` lies in the stored entry.
   * @param name The event's name (Realtime), part of which text it is.
   */
  note(entry: number, value: unknown, path: Path = [], name = ''): void {
    const inner = isObject(value) && typeof value.delta === 'string'
      ? path
      : isObject(value) && isObject(value.event) &&
          typeof value.event.delta === 'string'
      ? [...path, 'event']
      : undefined;
    if (inner === undefined) return;
    const holder = at(value, inner.slice(path.length)) as Holder;
    const run = [
      name,
      holder.type,
      holder.itemId ?? holder.item_id,
      holder.output_index ?? holder.outputIndex,
      holder.content_index ?? holder.contentIndex,
    ].map((part) => String(part ?? '')).join(' ');
    this.#deltas.push({
      entry,
      path: inner,
      run,
      text: holder.delta as string,
    });
  }

  /**
   * Writes each noted delta into `entries` (the stored copies, in the
   * order noted), redacted with the rest of its text.
   *
   * @param entries The stored entries, changed in place.
   * @param redaction The recording's redaction.
   * @param finish Encodes one redacted delta for storing.
   */
  apply(
    entries: readonly unknown[],
    redaction: Redaction,
    finish: (text: string) => unknown,
  ): void {
    const runs = new Map<string, Delta[]>();
    for (const delta of this.#deltas) {
      const run = runs.get(delta.run) ?? [];
      run.push(delta);
      runs.set(delta.run, run);
    }
    for (const run of runs.values()) {
      const cut = redactPieces(redaction, run.map((delta) => delta.text));
      run.forEach((delta, i) => {
        const holder = at(entries[delta.entry], delta.path);
        if (isObject(holder)) holder.delta = finish(cut[i]!);
      });
    }
  }
}
