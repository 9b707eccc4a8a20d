/**
 * What the guard knows of places: the kinds of real call, the hosts that
 * are loopback, a URL's host, and the allow list (`blockRealCalls({ allow
 * })`), read at the call.
 *
 * @module
 */
import { either } from '../_internal/format.ts';
import { array, fields, reject, string } from '../_internal/read.ts';

/**
 * A kind of real call the guard blocks: a model request through the SDK's
 * OpenAI models (`model`), a hosted trace export (`trace-export`), an MCP
 * server connect (`mcp`), a Realtime connect (`realtime`), and `fetch` or
 * `new WebSocket` to a host but loopback (`fetch`, `websocket`).
 *
 * @example
 * ```ts
 * import type { RealCallKind } from '@scripted/agents/guard';
 *
 * const kind: RealCallKind = 'trace-export';
 * ```
 */
export type RealCallKind =
  | 'model'
  | 'trace-export'
  | 'mcp'
  | 'realtime'
  | 'fetch'
  | 'websocket';

/** The kinds of real call, in the order the docs list them. */
export const realCallKinds: readonly RealCallKind[] = [
  'model',
  'trace-export',
  'mcp',
  'realtime',
  'fetch',
  'websocket',
];

/**
 * Whether an allow-list entry is a kind (then it is no host name, even
 * where a host has that name).
 *
 * @param entry An entry, lower-cased.
 * @returns Whether it names a kind.
 */
export function isKind(entry: string): entry is RealCallKind {
  return (realCallKinds as readonly string[]).includes(entry);
}

/**
 * `new URL()`'s host, as the allow list writes it: without the brackets of
 * an IPv6 address or a trailing dot.
 *
 * @param hostname A URL's `hostname`.
 * @returns The host.
 */
function normalized(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/**
 * Whether a host is loopback: `localhost`, `127.x.x.x` or `::1`.
 *
 * @param host A host as {@link hostOf} returns it.
 * @returns Whether it is loopback.
 */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' ||
    /^127\.\d+\.\d+\.\d+$/.test(host);
}

const networkProtocols = ['http:', 'https:', 'ws:', 'wss:'];

/**
 * The host a URL reaches over the network: `undefined` for one that
 * reaches none (`data:`, `blob:`, `file:`) or does not parse (the caller
 * then fails as it would have).
 *
 * @param href The URL, absolute, or relative to the page (in a browser).
 * @returns The host, lower-cased.
 */
export function hostOf(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href, pageAddress());
  } catch {
    return undefined;
  }
  if (!networkProtocols.includes(url.protocol)) return undefined;
  return normalized(url.hostname);
}

/**
 * The host a URL given as a string reaches (see {@link hostOf}); a value of
 * any other type names none.
 *
 * @param value A URL, or what a client or option holds in its place.
 * @returns The host, or `undefined`.
 */
export function hostIn(value: unknown): string | undefined {
  return typeof value === 'string' ? hostOf(value) : undefined;
}

// A browser page's address; elsewhere none: reading it throws where there
// is no `location` (Node, Bun; Deno without `--location`).
function pageAddress(): string | undefined {
  let href: unknown;
  try {
    href = (globalThis as { location: { href?: unknown } }).location.href;
  } catch {
    // No page.
  }
  return typeof href === 'string' ? href : undefined;
}

/**
 * Whether an allow-list entry lets `host` through: the same host, or a
 * subdomain of a `*.` pattern (`*.example.com` is `a.example.com`, not
 * `example.com`).
 *
 * @param entry An entry {@link readAllow} returned.
 * @param host The call's host.
 * @returns Whether it matches.
 */
export function allowsHost(entry: string, host: string): boolean {
  return entry === host ||
    (entry.startsWith('*.') && host.endsWith(entry.slice(1)));
}

const expected = `a kind (${
  either(realCallKinds)
}) or a host name ("api.example.com", "*.example.com", "::1")`;

// The host an entry written as a URL or with a port names.
function hostWritten(entry: string): string | undefined {
  for (const href of [entry, `http://${entry}`]) {
    const host = hostOf(href);
    if (host !== undefined && isHostName(host)) return host;
  }
  return undefined;
}

// Whether `name` is a host as URLs write it (IPv6 without brackets), with
// no `*` (only a leading `*.` is a pattern).
function isHostName(name: string): boolean {
  if (name.includes('*')) return false;
  const written = name.includes(':') ? `[${name}]` : name;
  const href = `http://${written}/`;
  return URL.canParse(href) && new URL(href).hostname === written;
}

function readEntry(value: unknown, path: string): string {
  const entry = string(value, path, { expected })
    .toLowerCase();
  if (isKind(entry)) return entry;
  const host = normalized(entry);
  if (isHostName(host.replace(/^\*\./, ''))) return host;
  throw reject('invalid_value', path, value, {
    expected,
    suggestion: hostWritten(entry),
  });
}

/**
 * Reads `blockRealCalls()`'s options: `{ allow? }`, each entry a kind or
 * a host name (lower-cased, without brackets or a trailing dot).
 *
 * @param options The options as given.
 * @returns The allow list.
 * @throws {InputIssue} Where an option is malformed.
 */
export function readAllow(options: unknown): string[] {
  const read = fields(options, 'options', ['allow'], { optional: true })
    .fields;
  return (array(read.allow, 'options.allow', {
    optional: true,
    expected: 'an array of kinds and host names',
  }) ?? []).map((entry, i) => readEntry(entry, `options.allow[${i}]`));
}
