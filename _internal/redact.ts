/**
 * What recording removes before anything is stored: the rules of key names
 * that name a credential, the shapes of credentials inside text, and the
 * values the user (or the environment) marks as secret. Stateless and
 * web-standard; the fixture encoder (`replay/_codec.ts`) applies it to every stored value.
 *
 * @module
 */

/** What replaces a secret in a fixture. */
export const redacted = '[redacted]';

/** Shortest value that may be marked secret (shorter ones match too much). */
export const minSecretLength = 8;

// Key names, lower-cased without `-`, `_`, `.` and spaces.
const secretNameParts =
  /secret|passw(?:or)?d|passphrase|credential|cookie|authori[sz]ation|apikey/;
const secretNameEnds =
  /(?:token|pwd|(?:private|access|signing|encryption|session|client|master|ssh|auth)key(?:id)?)$/;
const secretNames = new Set(['openaiorganization', 'openaiproject']);
// In a URL's query only: `?key=AIza…`, `&sig=…` (signed URLs).
const secretQueryNames = new Set(['key', 'sig', 'signature']);

function normalize(name: string): string {
  return name.toLowerCase().replace(/[-_.\s]/g, '');
}

/**
 * Whether a key name names a credential: a token (`id_token`,
 * `sessionToken`, `x-auth-token`; not `inputTokens` or `max_tokens`), a
 * secret, a password, a credential, a cookie, an authorization, an API key,
 * another credential key (`private_key`, `aws_secret_access_key`; not
 * `prompt_cache_key`), or the OpenAI organization and project headers.
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

/**
 * Whether `text` reads like a credential rather than a word: at least
 * {@link minSecretLength} characters, with a digit, a symbol or an
 * upper-case letter after the first.
 */
function credentialLike(text: string): boolean {
  return text.length >= minSecretLength &&
    (/[\d._~+/=-]/.test(text) || /[A-Z]/.test(text.slice(1)));
}

// Whole-match shapes: each replaced by the marker.
const shapes = new RegExp(
  [
    // PEM private keys, to their end line (or the end of the text).
    String
      .raw`-----BEGIN[A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END[A-Z0-9 ]*PRIVATE KEY-----|$)`,
    // OpenAI keys and ephemeral Realtime keys.
    String.raw`(?<![\w-])sk-[\w-]{16,}`,
    String.raw`(?<![\w-])ek_[A-Za-z0-9]{16,}`,
    String.raw`openai-insecure-api-key\.[^\s,"']+`,
    // JWTs.
    String.raw`(?<![\w-])eyJ(?=([\w-]{8,}))\1\.(?=([\w-]{8,}))\2\.[\w-]*`,
    // GitHub, AWS, Slack and Google keys.
    String.raw`(?<![\w-])gh[pousr]_[A-Za-z0-9]{20,}`,
    String.raw`(?<![\w-])github_pat_\w{20,}`,
    String.raw`(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])`,
    String.raw`(?<![\w-])xox[a-z]-[A-Za-z0-9-]{10,}`,
    String.raw`(?<![\w-])AIza[\w-]{30,}`,
  ].join('|'),
  'g',
);
// `Bearer …`, `Basic …`, `Token …` in any case.
const schemes = /\b(bearer|basic|token)(\s+)([\w.~+/=-]+)/gi;
// Every pattern runs in linear time: a run that must be followed by
// something is matched whole by a lookahead and consumed by reference
// (`(?=(x+))\1`), so it is never tried again shorter, and matches start
// only where a run starts (`(?<!x)`).

// URL userinfo: `https://user:pass@host`.
const userinfo =
  /(?<![A-Za-z0-9+.-])(?=([A-Za-z][A-Za-z0-9+.-]*))\1(:\/\/)(?=([^\s/?#@"'<>]+))\3@/g;
// `?name=value` and `&name=value` in a URL's query.
const queryParameter = /([?&;])(?=([\w.%[\]-]+))\2=([^&#\s"'<>]+)/g;
// `name: value`, `name=value`, `"name": "value"` in free text.
const namedValue =
  /(["']?)(?<![\w.-])(?=([A-Za-z_][\w.-]*))\2\1(\s*[:=]\s*)(?:"([^"\\\n]+)("?)|'([^'\\\n]+)('?)|([^\s"'&,;<>)}\]]+))/g;

function replaceShapes(text: string): string {
  return text
    .replace(shapes, redacted)
    .replace(
      schemes,
      (match, scheme: string, space: string, value: string) =>
        credentialLike(value) ? `${scheme}${space}${redacted}` : match,
    )
    .replace(userinfo, `$1$2${redacted}@`)
    .replace(
      queryParameter,
      (match, separator: string, name: string) =>
        isSecretName(name) || secretQueryNames.has(normalize(name))
          ? `${separator}${name}=${redacted}`
          : match,
    )
    .replace(
      namedValue,
      (
        match,
        quote: string,
        name: string,
        colon: string,
        double: string | undefined,
        doubleEnd: string | undefined,
        single: string | undefined,
        singleEnd: string | undefined,
        bare: string | undefined,
      ) => {
        if (!isSecretName(name)) return match;
        const key = `${quote}${name}${quote}${colon}`;
        if (double !== undefined) return `${key}"${redacted}${doubleEnd}`;
        if (single !== undefined) return `${key}'${redacted}${singleEnd}`;
        return credentialLike(bare!) ? `${key}${redacted}` : match;
      },
    );
}

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
  // Longest first, so a secret containing another goes whole.
  const ordered = [...values].sort((a, b) => b.length - a.length);
  return {
    text(text: string): string {
      let out = text;
      for (const value of ordered) out = out.split(value).join(redacted);
      return replaceShapes(out);
    },
  };
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
 * The values of the environment variables whose names name a credential
 * ({@link isSecretName}) and that may be marked secret.
 *
 * @param env Variable names and values.
 * @returns The values, each once.
 */
export function secretValues(
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const out = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (isSecretName(name) && isSecretValue(value)) out.add(value);
  }
  return [...out];
}
