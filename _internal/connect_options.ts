/**
 * How a Realtime `connect` call is recorded, shared by the transport double
 * and the realtime recorder (`replay/`): the API key reduced to
 * `apiKeyProvided`, never stored; the URL and the initial session config
 * redacted (`./redacted_copy.ts`), since errors carry the record and a
 * test log prints them.
 *
 * @module
 */
import type { RecordedConnectOptions } from './realtime_types.ts';
import { redactedCopy } from './redacted_copy.ts';
import { setOwn, snapshot } from './snapshot.ts';

// Fields that carry credentials the way the key does: a URL's userinfo and
// query, a session config's headers.
const redactedKeys = new Set(['url', 'initialSessionConfig']);

/**
 * Records connect options without the API key, reduced to
 * `apiKeyProvided` (the key, string or function, is never read beyond its
 * type), and with `url` and `initialSessionConfig` redacted as fixtures
 * redact them (`wss://[redacted]@host/?api-key=[redacted]`).
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
      const value = source[key];
      setOwn(out, key, redactedKeys.has(key) ? redactedCopy(value) : value);
    }
  }
  return snapshot(out) as RecordedConnectOptions;
}
