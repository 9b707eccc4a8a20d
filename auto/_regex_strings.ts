/**
 * Strings that match a JSON-schema `pattern`: a small parser of the
 * ECMAScript regex syntax schemas use (literals, classes, escapes, groups,
 * alternation, quantifiers, anchors) and a seeded generator over it. What it
 * cannot generate (lookaround, backreferences, word boundaries, Unicode
 * property escapes) it reports, and every result is checked against the real
 * `RegExp` before it is used. Private to the model folder.
 *
 * @module
 */
import type { Random } from './_random.ts';

/** The pattern uses syntax the generator cannot satisfy. */
export class PatternUnsupported extends Error {
  /**
   * @param detail What could not be generated.
   */
  constructor(detail: string) {
    super(detail);
    this.name = 'PatternUnsupported';
  }
}

type Node =
  | { readonly kind: 'alt'; readonly options: readonly Node[][] }
  | { readonly kind: 'chars'; readonly chars: readonly string[] }
  | {
    readonly kind: 'repeat';
    readonly node: Node;
    readonly min: number;
    readonly max: number;
  }
  | { readonly kind: 'empty' };

const printable: string[] = [];
for (let c = 0x20; c <= 0x7e; c++) printable.push(String.fromCharCode(c));
const range = (from: string, to: string): string[] =>
  printable.filter((c) => c >= from && c <= to);
const digits = range('0', '9');
const word = [...range('a', 'z'), ...range('A', 'Z'), ...digits, '_'];
const space = [' '];
const dot = [...range('a', 'z'), ...digits];
const except = (chars: readonly string[]): string[] =>
  printable.filter((c) => !chars.includes(c));

/** A recursive-descent parser over the pattern's code points. */
class Parser {
  readonly #src: string[];
  #at = 0;

  constructor(pattern: string) {
    this.#src = Array.from(pattern);
  }

  parse(): Node {
    const node = this.#alt();
    if (this.#at < this.#src.length) {
      throw new PatternUnsupported(
        `unbalanced ")" at position ${this.#at}`,
      );
    }
    return node;
  }

  #peek(offset = 0): string | undefined {
    return this.#src[this.#at + offset];
  }

  #alt(): Node {
    const options = [this.#sequence()];
    while (this.#peek() === '|') {
      this.#at++;
      options.push(this.#sequence());
    }
    return { kind: 'alt', options };
  }

  #sequence(): Node[] {
    const items: Node[] = [];
    while (this.#at < this.#src.length) {
      const c = this.#peek();
      if (c === '|' || c === ')') break;
      items.push(this.#quantified(this.#atom()));
    }
    return items;
  }

  #atom(): Node {
    const c = this.#src[this.#at++];
    switch (c) {
      case '(':
        return this.#group();
      case '[':
        return this.#class();
      case '.':
        return { kind: 'chars', chars: dot };
      case '^':
      case '$':
        return { kind: 'empty' };
      case '\\':
        return { kind: 'chars', chars: this.#escape(false) };
      case '*':
      case '+':
      case '?':
        throw new PatternUnsupported(`nothing to repeat before "${c}"`);
      case undefined:
        throw new PatternUnsupported('an atom missing at the end');
      default:
        return { kind: 'chars', chars: [c] };
    }
  }

  #group(): Node {
    if (this.#peek() === '?') {
      const next = this.#peek(1);
      if (next === ':') {
        this.#at += 2;
      } else if (
        next === '<' && this.#peek(2) !== '=' && this.#peek(2) !== '!'
      ) {
        const close = this.#src.indexOf('>', this.#at);
        if (close === -1) {
          throw new PatternUnsupported('unterminated group name');
        }
        this.#at = close + 1;
      } else {
        throw new PatternUnsupported('lookaround assertions');
      }
    }
    const node = this.#alt();
    if (this.#src[this.#at++] !== ')') {
      throw new PatternUnsupported('an unterminated group');
    }
    return node;
  }

  #quantified(node: Node): Node {
    const c = this.#peek();
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      this.#at++;
      min = c === '+' ? 1 : 0;
      max = c === '?' ? 1 : Infinity;
    } else if (c === '{') {
      const rest = this.#src.slice(this.#at).join('');
      const match = /^\{(\d+)(,(\d*))?\}/.exec(rest);
      if (match === null) return node; // a literal "{"
      this.#at += Array.from(match[0]).length;
      min = Number(match[1]);
      max = match[2] === undefined
        ? min
        : match[3] === ''
        ? Infinity
        : Number(match[3]);
      if (min > 1000) {
        throw new PatternUnsupported('a repetition above 1000');
      }
      if (max < min) {
        throw new PatternUnsupported('a quantifier range out of order');
      }
    } else {
      return node;
    }
    if (this.#peek() === '?') this.#at++; // lazy: same language
    return { kind: 'repeat', node, min, max };
  }

  #escape(inClass: boolean): string[] {
    const c = this.#src[this.#at++];
    if (c === undefined) throw new PatternUnsupported('a trailing "\\"');
    switch (c) {
      case 'd':
        return digits;
      case 'D':
        return except(digits);
      case 'w':
        return word;
      case 'W':
        return except(word);
      case 's':
        return space;
      case 'S':
        return except(space);
      case 't':
        return ['\t'];
      case 'n':
        return ['\n'];
      case 'r':
        return ['\r'];
      case 'f':
        return ['\f'];
      case 'v':
        return ['\v'];
      case '0':
        return ['\0'];
      case 'b':
        if (inClass) return ['\b'];
        throw new PatternUnsupported('word boundaries ("\\b")');
      case 'B':
        throw new PatternUnsupported('word boundaries ("\\B")');
      case 'p':
      case 'P':
        throw new PatternUnsupported('Unicode property escapes');
      case 'k':
        throw new PatternUnsupported('backreferences');
      case 'c': {
        const letter = this.#src[this.#at] ?? '';
        // One code point: `letter` needs no anchors.
        if (/[a-z]/i.test(letter) || (inClass && /[\d_]/.test(letter))) {
          this.#at++;
          return [String.fromCharCode(letter.charCodeAt(0) % 32)];
        }
        // Not a control letter: a backslash, then "c" read as written.
        this.#at--;
        return ['\\'];
      }
      case 'x':
      case 'u':
        return [this.#hex(c)];
      default:
        if (c >= '1' && c <= '9') {
          throw new PatternUnsupported('backreferences');
        }
        return [c];
    }
  }

  #hex(kind: 'x' | 'u'): string {
    const rest = this.#src.slice(this.#at).join('');
    const match = kind === 'x'
      ? /^[0-9a-fA-F]{2}/.exec(rest)
      : /^(\{[0-9a-fA-F]+\}|[0-9a-fA-F]{4})/.exec(rest);
    if (match === null) return kind;
    this.#at += match[0].length;
    const code = parseInt(match[0].replace(/[{}]/g, ''), 16);
    if (code > 0x10ffff) {
      throw new PatternUnsupported('a code point out of range');
    }
    return String.fromCodePoint(code);
  }

  #class(): Node {
    const negated = this.#peek() === '^';
    if (negated) this.#at++;
    const chars = new Set<string>();
    while (true) {
      const c = this.#src[this.#at++];
      if (c === undefined) {
        throw new PatternUnsupported('an unterminated class');
      }
      if (c === ']') break;
      const from = c === '\\' ? this.#escape(true) : [c];
      if (
        from.length === 1 && this.#peek() === '-' &&
        this.#peek(1) !== undefined && this.#peek(1) !== ']'
      ) {
        this.#at++;
        const end = this.#src[this.#at++];
        const to = end === '\\' ? this.#escape(true) : [end];
        if (to.length !== 1) {
          throw new PatternUnsupported('a class range to a set');
        }
        const first = from[0]!; // one character, checked above
        const last = to[0]!;
        const lo = first.codePointAt(0)!;
        const hi = last.codePointAt(0)!;
        if (hi < lo) throw new PatternUnsupported('a class range out of order');
        let added = false;
        for (const p of printable) {
          const code = p.codePointAt(0)!;
          if (code >= lo && code <= hi) {
            chars.add(p);
            added = true;
          }
        }
        if (!added) chars.add(first);
        continue;
      }
      for (const one of from) chars.add(one);
    }
    const set = negated ? except([...chars]) : [...chars];
    if (set.length === 0) {
      throw new PatternUnsupported(
        'a class that matches no printable character',
      );
    }
    return { kind: 'chars', chars: set };
  }
}

/** How long unbounded repetitions run, per attempt. */
type Mode = 'normal' | 'short' | 'long';

/** Nodes one attempt may visit, so nested empty repeats cannot stall. */
const maxSteps = 200_000;

function emit(
  node: Node,
  random: Random,
  mode: Mode,
  out: string[],
  steps: { left: number },
): void {
  if (--steps.left < 0) {
    throw new PatternUnsupported(`more than ${maxSteps} generation steps`);
  }
  switch (node.kind) {
    case 'empty':
      return;
    case 'chars':
      if (out.length >= 100_000) {
        throw new PatternUnsupported('a match longer than 100000');
      }
      out.push(random.pick(node.chars));
      return;
    case 'alt': {
      const option = random.pick(node.options);
      for (const item of option) emit(item, random, mode, out, steps);
      return;
    }
    case 'repeat': {
      const count = mode === 'short' ? node.min : random.int(
        node.min,
        Math.min(node.max, node.min + (mode === 'long' ? 12 : 3)),
      );
      for (let i = 0; i < count; i++) {
        emit(node.node, random, mode, out, steps);
      }
    }
  }
}

/** Compiled patterns and parse trees, reused across calls (bounded). */
const compiled = new Map<string, RegExp>();
const parsed = new Map<string, Node>();

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= 256) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
  return value;
}

function compile(pattern: string): RegExp {
  const known = compiled.get(pattern);
  if (known !== undefined) return known;
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    try {
      regex = new RegExp(pattern);
    } catch {
      throw new PatternUnsupported('an invalid regular expression');
    }
  }
  return remember(compiled, pattern, regex);
}

function parse(pattern: string): Node {
  return parsed.get(pattern) ??
    remember(parsed, pattern, new Parser(pattern).parse());
}

/**
 * Compiles `pattern` as JSON Schema does (ECMAScript, Unicode mode when it
 * parses as such).
 *
 * @param pattern The schema's pattern.
 * @returns The expression, for testing candidates.
 * @throws {PatternUnsupported} When it does not compile.
 */
export function patternRegExp(pattern: string): RegExp {
  return compile(pattern);
}

/**
 * A string matching `pattern` whose length lies in `[minLength, maxLength]`.
 *
 * @param pattern The schema's pattern.
 * @param random The seeded generator.
 * @param bounds Length bounds (code points).
 * @returns The string.
 * @throws {PatternUnsupported} When no attempt produced a match.
 */
export function stringFromPattern(
  pattern: string,
  random: Random,
  bounds: { minLength: number; maxLength: number },
): string {
  const regex = compile(pattern);
  const tree = parse(pattern);
  const modes: readonly Mode[] = ['normal', 'short', 'long'];
  for (const mode of modes) {
    for (let attempt = 0; attempt < 10; attempt++) {
      const out: string[] = [];
      emit(tree, random, mode, out, { left: maxSteps });
      const text = out.join('');
      const length = Array.from(text).length;
      if (length < bounds.minLength || length > bounds.maxLength) continue;
      if (regex.test(text)) return text;
    }
  }
  throw new PatternUnsupported(
    `no generated string matched within length ${bounds.minLength}..${bounds.maxLength}`,
  );
}
