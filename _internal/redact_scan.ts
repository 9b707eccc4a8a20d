/**
 * The free-text scanner of the redaction: where in a text each credential
 * shape, scheme, URL part and named pair lies. Each stage reports spans of
 * the text to replace by the marker; {@link scan} applies them in order and
 * can say which characters of the original text went, so a text cut in
 * pieces (stream deltas) is redacted piece by piece as it is whole.
 *
 * Every pattern runs in linear time: a run that must be followed by
 * something is matched whole by a lookahead and consumed by reference
 * (`(?=(x+))\1`), so it is never tried again shorter, and matches start
 * only where a run starts (`(?<!x)`).
 *
 * @module
 */

/** What replaces a secret in a fixture. */
export const redacted = '[redacted]';

/** A part of a text, from `start` up to `end`. */
export type Span = readonly [start: number, end: number];

/** Where in a text the parts to replace lie, in order. */
export type Stage = (text: string) => Span[];

/** The name rules the pairs stage asks (from `redact.ts`). */
export interface NameRules {
  /** Whether a key name names a credential. */
  readonly secret: (name: string) => boolean;
  /** Whether a URL query parameter name names a credential. */
  readonly query: (name: string) => boolean;
  /** Whether a name is a cookie header's. */
  readonly cookie: (name: string) => boolean;
}

/**
 * Whether `text` reads like a credential rather than a word: at least
 * 8 characters, with a digit, a symbol or an upper-case letter after the
 * first.
 */
export function credentialLike(text: string): boolean {
  return text.length >= 8 &&
    (/[\d._~+/=-]/.test(text) || /[A-Z]/.test(text.slice(1)));
}

// Whole-match shapes, or the `v` group where the rest is kept.
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
    // GitHub, GitLab, AWS, Slack and Google keys.
    String.raw`(?<![\w-])gh[pousr]_[A-Za-z0-9]{20,}`,
    String.raw`(?<![\w-])github_pat_\w{20,}`,
    String.raw`(?<![\w-])glpat-[\w-]{20,}`,
    String.raw`(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])`,
    String.raw`(?<![\w-])xox[a-z]-[A-Za-z0-9-]{10,}`,
    String.raw`hooks\.slack\.com\/services\/(?<v>[\w/-]+)`,
    String.raw`(?<![\w-])AIza[\w-]{30,}`,
    // xAI, Groq, Hugging Face, npm and Stripe keys.
    String.raw`(?<![\w-])xai-[A-Za-z0-9]{20,}`,
    String.raw`(?<![\w-])(?:gsk|hf)_[A-Za-z0-9]{20,}`,
    String.raw`(?<![\w-])npm_[A-Za-z0-9]{30,}`,
    String.raw`(?<![\w-])[sr]k_(?:live|test)_[A-Za-z0-9]{16,}`,
  ].join('|'),
  'g',
);
// `Bearer …`, `Basic …`, `Token …` in any case.
const schemes = /\b(?:bearer|basic|token)\s+(?<v>[\w.~+/=-]+)/gi;
// URL userinfo: `https://user:pass@host`.
const userinfo =
  /(?<![A-Za-z0-9+.-])(?=([A-Za-z][A-Za-z0-9+.-]*))\1:\/\/(?=(?<v>[^\s/?#@"'<>]+))\k<v>(?=@)/g;
// `?name=value` and `&name=value` in a URL's query.
const queryParameter = /[?&;](?=(?<n>[\w.%[\]-]+))\k<n>=(?<v>[^&#\s"'<>]+)/g;
// `curl -u user:pass`, `--user=user:pass`: the password.
const userOption =
  /(?<![\w-])(?:-u|--user)(?:[ \t]+|=)['"]?(?=([^\s:='"]*))\1:(?<v>[^\s'"]+)/g;

// `name: value`, `name=value`, `"name": "value"`, `--name=value` in free
// text, one line each.
const pairName =
  /(["']?)(?<![\w.-])(?=(-{0,2}[A-Za-z_][\w.-]*))\2\1[ \t]*[:=][ \t]*/g;
// The value after a credential name; a scheme before it is kept, and a
// marker an earlier stage left ends it.
const pairValue =
  /"(?<d>(?:[^"\\\n]|\\.)+)|'(?<s>(?:[^'\\\n]|\\.)+)|(?:(?:bearer|basic|token|digest)[ \t]+)?(?<b>\[redacted\]|(?:\[redacted\]|[^\s"'&,;<>(){}[\]])+)/yi;
// Each `name=value` of a cookie header, to the end of the line.
const cookiePair = /(?=([^\s=;,"']+))\1=(?<v>[^\s;,"']*)/y;
const cookieNext = /[ \t]*;[ \t]*/y;

// A `v` group ends its match: it is what goes, else the whole match.
function spansOf(
  pattern: RegExp,
  text: string,
  keep?: (groups: Record<string, string | undefined>) => boolean,
): Span[] {
  const out: Span[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const end = match.index + match[0].length;
    const groups = match.groups ?? {};
    if (keep?.(groups) !== true) {
      out.push([end - (groups.v ?? match[0]).length, end]);
    }
  }
  return out;
}

// Each `name=value` of a cookie header from `from`; returns where it ends.
function cookieValues(text: string, from: number, out: Span[]): number {
  let at = from;
  for (;;) {
    cookiePair.lastIndex = at;
    const pair = cookiePair.exec(text);
    if (pair === null) return at;
    at = cookiePair.lastIndex;
    if (pair.groups!.v !== '') out.push([at - pair.groups!.v!.length, at]);
    cookieNext.lastIndex = at;
    if (cookieNext.exec(text) === null) return at;
    at = cookieNext.lastIndex;
  }
}

function pairs(text: string, rules: NameRules): Span[] {
  const out: Span[] = [];
  pairName.lastIndex = 0;
  for (let name = pairName.exec(text); name; name = pairName.exec(text)) {
    const key = name[2]!;
    if (!rules.secret(key)) continue;
    const from = pairName.lastIndex;
    if (rules.cookie(key)) {
      const end = cookieValues(text, from, out);
      if (end > from) {
        pairName.lastIndex = end;
        continue;
      }
    }
    pairValue.lastIndex = from;
    const value = pairValue.exec(text);
    if (value === null) continue;
    const { d, s, b } = value.groups!;
    const end = pairValue.lastIndex;
    out.push(
      b === undefined
        ? [from + 1, from + 1 + (d ?? s)!.length]
        : [end - b.length, end],
    );
    pairName.lastIndex = end;
  }
  return out;
}

/**
 * The stages of the fixed rules, in the order they run.
 *
 * @param rules The name rules.
 * @returns The stages.
 */
export function fixedStages(rules: NameRules): Stage[] {
  return [
    (text) => spansOf(shapes, text),
    (text) => spansOf(schemes, text, ({ v }) => !credentialLike(v!)),
    (text) => spansOf(userinfo, text),
    (text) => spansOf(queryParameter, text, ({ n }) => !rules.query(n!)),
    (text) => spansOf(userOption, text),
    (text) => pairs(text, rules),
  ];
}

/**
 * A stage replacing each of `values` (longest first, so a value
 * containing another goes whole).
 *
 * @param values The values.
 * @returns The stage.
 */
export function valuesStage(values: readonly string[]): Stage {
  if (values.length === 0) return () => [];
  const ordered = [...values].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(
    ordered.map((v) => v.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'),
    'g',
  );
  return (text) => spansOf(pattern, text);
}

/** A scan's result: the text, and which characters of the original went. */
export interface Scanned {
  /** The redacted text. */
  readonly text: string;
  /** The parts of the original text replaced, in order, not overlapping. */
  readonly removed: readonly Span[];
}

/**
 * Runs `stages` in order over `text`, each on the previous one's output.
 *
 * @param text The text.
 * @param stages The stages.
 * @param track Whether to say which characters of `text` went.
 * @returns The redacted text and (when tracked) what went of the original.
 */
export function scan(
  text: string,
  stages: readonly Stage[],
  track = false,
): Scanned {
  let out = text;
  // For each character of `out`, its index in `text` (-1: a marker's).
  let origin: number[] = [];
  if (track) { for (let i = 0; i < text.length; i++) origin.push(i); }
  const removed: [number, number][] = [];
  for (const stage of stages) {
    let next = '';
    const nextOrigin: number[] = [];
    let at = 0;
    for (const [start, end] of stage(out)) {
      // A span inside one already replaced in this stage is skipped.
      if (start < at) continue;
      next += out.slice(at, start) + redacted;
      if (track) {
        for (let i = at; i < start; i++) nextOrigin.push(origin[i]!);
        for (let i = 0; i < redacted.length; i++) nextOrigin.push(-1);
        const from = origin.slice(start, end).filter((i) => i >= 0);
        if (from.length > 0) removed.push([from[0]!, from.at(-1)! + 1]);
      }
      at = end;
    }
    out = next + out.slice(at);
    if (track) {
      for (let i = at; i < origin.length; i++) nextOrigin.push(origin[i]!);
      origin = nextOrigin;
    }
  }
  return { text: out, removed: merge(removed) };
}

function merge(spans: [number, number][]): Span[] {
  spans.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const span of spans) {
    const last = out.at(-1);
    if (last !== undefined && span[0] < last[1]) {
      last[1] = Math.max(last[1], span[1]);
    } else out.push([...span]);
  }
  return out;
}

/**
 * Cuts `pieces` (the parts of one text, in order) as the text's scan
 * removed: the part of a piece inside a removed span goes, and the piece
 * where that span starts carries the marker, so the pieces joined are the
 * redacted text and no piece keeps a fragment of a secret.
 *
 * @param pieces The parts.
 * @param removed What went of the joined text.
 * @returns Each part, redacted.
 */
export function cutPieces(
  pieces: readonly string[],
  removed: readonly Span[],
): string[] {
  let offset = 0;
  // The first span not wholly before the current piece.
  let first = 0;
  return pieces.map((piece) => {
    const start = offset;
    const end = offset + piece.length;
    offset = end;
    while (first < removed.length && removed[first]![1] <= start) first++;
    let out = '';
    let at = start;
    for (let i = first; i < removed.length; i++) {
      const [from, to] = removed[i]!;
      if (from >= end) break;
      out += piece.slice(at - start, Math.max(from, at) - start);
      if (from >= start) out += redacted;
      at = Math.min(to, end);
    }
    return out + piece.slice(at - start);
  });
}
