/**
 * What recording removes before anything is stored: the rules of key names
 * that name a credential, the shapes of credentials inside text, and the
 * values the user (or the environment) marks as secret. Stateless and
 * web-standard; the fixture encoder (`replay/_codec.ts`) applies it to every stored value.
 *
 * @module
 */

import {
  cutPieces,
  fixedStages,
  redacted,
  scan,
  type Stage,
  valuesStage,
} from './redact_scan.ts';

export { redacted };

/** Shortest value that may be marked secret (shorter ones match too much). */
export const minSecretLength = 8;

// Key names, lower-cased without `-`, `_`, `.` and spaces.
const secretNameParts =
  /secret|passw(?:or)?d|passphrase|credential|cookie|authori[sz]ation|apikey/;
const secretNameEnds =
  /(?:token|pwd|(?:private|access|signing|encryption|session|client|master|ssh|auth|subscription)key(?:id)?)$/;
const secretNames = new Set(['openaiorganization', 'openaiproject']);
// In a URL's query only: `?key=AIza…`, `&sig=…`, `X-Amz-Signature=…`.
const secretQueryNames = /^(?:key|sig|.*signature)$/;

function normalize(name: string): string {
  return name.toLowerCase().replace(/[-_.\s]/g, '');
}

/**
 * Whether a key name names a credential: a token (`id_token`,
 * `sessionToken`, `x-auth-token`; not `inputTokens` or `max_tokens`), a
 * secret, a password, a credential, a cookie, an authorization, an API key,
 * another credential key (`private_key`, `aws_secret_access_key`,
 * `Ocp-Apim-Subscription-Key`; not `prompt_cache_key`), or the OpenAI
 * organization and project headers.
 * Case, `-`, `_`, `.` and spaces do not matter.
 *
 * @param name A key name.
 * @returns Whether its value is a credential.
 */
export function isSecretName(name: string): boolean {
  const key = normalize(name);
  return secretNameParts.test(key) || secretNameEnds.test(key) ||
    secretNames.has(key);
}

const rules = {
  secret: isSecretName,
  query: (name: string) =>
    isSecretName(name) || secretQueryNames.test(normalize(name)),
  cookie: (name: string) => normalize(name).includes('cookie'),
};
const fixed = fixedStages(rules);

/**
 * The redaction of one recording: the fixed rules plus the values marked
 * secret.
 */
export interface Redaction {
  /**
   * Removes the values marked secret (also URL-encoded) and every
   * credential shape from a text that is not JSON.
   */
  text(text: string): string;
}

/**
 * A redaction removing the fixed shapes and each of `secrets` (already
 * checked: strings of at least {@link minSecretLength} characters).
 *
 * @param secrets Values to remove wherever they appear.
 * @returns The redaction.
 */
export function redaction(secrets: readonly string[]): Redaction {
  const values = new Set<string>();
  for (const secret of secrets) {
    values.add(secret);
    values.add(encodeURIComponent(secret));
  }
  const stages = [valuesStage([...values]), ...fixed];
  const out: Redaction = {
    text: (text) => scan(text, stages).text,
  };
  stagesOf.set(out, stages);
  return out;
}

const stagesOf = new WeakMap<Redaction, readonly Stage[]>();

/**
 * Redacts a text that arrived in pieces (a stream's deltas) as the whole:
 * a credential split across pieces goes from every piece it overlaps, and
 * the piece where it starts carries the marker, so the pieces joined are
 * `redaction.text()` of the text joined. A piece that is its own credential
 * goes too.
 *
 * @param redaction The redaction (one made by {@link redaction}; another
 * applies the fixed rules to the joined text).
 * @param pieces The parts of the text, in order.
 * @returns Each part, redacted.
 */
export function redactPieces(
  redaction: Redaction,
  pieces: readonly string[],
): string[] {
  const stages = stagesOf.get(redaction) ?? fixed;
  const { removed } = scan(pieces.join(''), stages, true);
  return cutPieces(pieces, removed);
}

const none: readonly string[] = [];

/**
 * A redaction of the fixed rules only. Each is its own: the encoder keeps
 * one cache per redaction, so a recording or replay makes its own.
 *
 * @returns The redaction.
 */
export function plainRedaction(): Redaction {
  return redaction(none);
}

/** The fixed rules only, for messages (never for encoding). */
export const defaultRedaction: Redaction = plainRedaction();

/**
 * Whether a value may be marked secret: a string of at least
 * {@link minSecretLength} characters that the marker does not contain
 * (else redacting would not be stable).
 *
 * @param value A candidate.
 * @returns Whether it may be.
 */
export function isSecretValue(value: unknown): value is string {
  return typeof value === 'string' && value.length >= minSecretLength &&
    !redacted.includes(value);
}

/**
 * Whether an environment variable's name names a credential: a credential
 * key name ({@link isSecretName}), or a name whose last word is `KEY`
 * (`STRIPE_KEY`, `MAPBOX_KEY`, `KEY`), except a public key's (`PUBLIC_KEY`,
 * `PUB_KEY`). A word merely ending in `key` (`MONKEY`, `HOTKEY`, `PUBKEY`)
 * is not the word `KEY`.
 *
 * @param name A variable name.
 * @returns Whether its value is a credential.
 */
export function isSecretEnvironmentName(name: string): boolean {
  if (isSecretName(name)) return true;
  const words = name.toLowerCase().split(/[-_.\s]+/);
  return words.at(-1) === 'key' && !/^pub(?:lic)?$/.test(words.at(-2) ?? '');
}

/**
 * The values of the environment variables whose names name a credential
 * ({@link isSecretEnvironmentName}) and that may be marked secret.
 *
 * @param env Variable names and values.
 * @returns The values, each once.
 */
export function secretValues(
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const out = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (isSecretEnvironmentName(name) && isSecretValue(value)) out.add(value);
  }
  return [...out];
}
