/**
 * How a Realtime `connect` call is recorded, shared by the transport double
 * and the realtime recorder (`replay/`): the API key reduced to
 * `apiKeyProvided`, never stored.
 *
 * @module
 */
import type { RecordedConnectOptions } from './realtime_types.ts';
import { setOwn, snapshot } from './snapshot.ts';

/**
 * Records connect options without the API key, reduced to
 * `apiKeyProvided`; the key (string or function) is never read beyond its
 * type.
 *
 * @param options The options the SDK passed to `connect`.
 * @returns A frozen, detached record.
 */
export function recordConnectOptions(options: unknown): RecordedConnectOptions {
  const out: Record<string, unknown> = { apiKeyProvided: false };
  if (typeof options !== 'object' || options === null) {
    return Object.freeze(out) as RecordedConnectOptions;
  }
  const source = options as Record<string, unknown>;
  for (const key in source) {
    if (!Object.hasOwn(source, key)) continue;
    if (key === 'apiKey') {
      const apiKey = source.apiKey;
      out.apiKeyProvided = typeof apiKey === 'function' ||
        typeof apiKey === 'string';
    } else {
      setOwn(out, key, source[key]);
    }
  }
  return snapshot(out) as RecordedConnectOptions;
}
