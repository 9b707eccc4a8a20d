/**
 * Where JSON text goes wrong, found the same way on every runtime (engines
 * word `JSON.parse` errors differently, some without a position, and some
 * quote the text, which may hold a secret).
 *
 * @module
 */

/** The first syntax error of a JSON text. */
export interface JsonSyntaxError {
  /** One-based line. */
  readonly line: number;
  /** One-based column, in UTF-16 code units. */
  readonly column: number;
  /** What the grammar allowed there. */
  readonly expected: string;
  /** What was there: a quoted character or `the end of the text`. */
  readonly received: string;
}

type Expect =
  | 'value'
  | 'value_or_close'
  | 'key'
  | 'key_or_close'
  | 'colon'
  | 'comma_or_close'
  | 'end';

const expectedText: Record<Expect, string> = {
  value: 'a JSON value',
  value_or_close: 'a JSON value or "]"',
  key: 'a property name in double quotes',
  key_or_close: 'a property name in double quotes or "}"',
  colon: '":"',
  comma_or_close: '"," or a closing bracket',
  end: 'the end of the text',
};

const number = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const literal = /true|false|null/y;
// JSON forbids raw control characters inside strings.
const stringBody =
  // deno-lint-ignore no-control-regex
  /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y;

function position(text: string, offset: number): [number, number] {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return [line, offset - before.lastIndexOf('\n')];
}

/**
 * The first syntax error of `text`, or `undefined` when it is valid JSON.
 *
 * @param text JSON text.
 * @returns Where and what.
 */
export function jsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const stack: string[] = [];
  let expect: Expect = 'value';
  let i = 0;
  const fail = (at: number, expected: string): JsonSyntaxError => {
    const [line, column] = position(text, at);
    const char = text[at];
    const received = char === undefined
      ? 'the end of the text'
      : JSON.stringify(char);
    return { line, column, expected, received };
  };
  const afterValue = (): Expect =>
    stack.length === 0 ? 'end' : 'comma_or_close';
  for (;;) {
    while (/[ \t\n\r]/.test(text[i] ?? '')) i++;
    const char = text[i];
    if (char === undefined) {
      return expect === 'end' ? undefined : fail(i, expectedText[expect]);
    }
    if (expect === 'colon') {
      if (char !== ':') return fail(i, expectedText.colon);
      i++;
      expect = 'value';
    } else if (expect === 'comma_or_close') {
      const top = stack.at(-1);
      if (char === ',') expect = top === '{' ? 'key' : 'value';
      else if (char === (top === '{' ? '}' : ']')) {
        stack.pop();
        expect = afterValue();
      } else return fail(i, expectedText.comma_or_close);
      i++;
    } else if (expect === 'key' || expect === 'key_or_close') {
      if (char === '}' && expect === 'key_or_close') {
        stack.pop();
        i++;
        expect = afterValue();
      } else if (char === '"') {
        const end = scanString(text, i);
        if (typeof end !== 'number') return fail(end.at, end.expected);
        i = end;
        expect = 'colon';
      } else return fail(i, expectedText[expect]);
    } else if (expect === 'end') {
      return fail(i, expectedText.end);
    } else if (char === ']' && expect === 'value_or_close') {
      stack.pop();
      i++;
      expect = afterValue();
    } else if (char === '{' || char === '[') {
      stack.push(char);
      i++;
      expect = char === '{' ? 'key_or_close' : 'value_or_close';
    } else if (char === '"') {
      const end = scanString(text, i);
      if (typeof end !== 'number') return fail(end.at, end.expected);
      i = end;
      expect = afterValue();
    } else {
      const token = char === '-' || /\d/.test(char) ? number : literal;
      token.lastIndex = i;
      if (!token.test(text)) return fail(i, expectedText[expect]);
      i = token.lastIndex;
      expect = afterValue();
    }
  }
}

/** The index after the string starting at `start`, or where it breaks. */
function scanString(
  text: string,
  start: number,
): number | { at: number; expected: string } {
  stringBody.lastIndex = start + 1;
  stringBody.test(text);
  const end = stringBody.lastIndex;
  if (text[end] === '"') return end + 1;
  return {
    at: end,
    expected: text[end] === '\\'
      ? 'an escape (\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX)'
      : 'a closing double quote (control characters must be escaped)',
  };
}
