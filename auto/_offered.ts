/**
 * The identifier-like values a request itself offers: names with a
 * separator (`credit-note-fixer`, `report_2024.md`, `src/main.ts`) in the
 * agent's instructions, the user's text and earlier tool outputs, in that
 * order. A name-like string argument (a skill, file or record name) is
 * drawn from them first. Private to the auto folder.
 *
 * @module
 */
import { isItem, outputText } from './_turn.ts';

const identifier = /[A-Za-z0-9]+(?:[-_./][A-Za-z0-9]+)+/g;
const letter = /[A-Za-z]/;
/** Values kept, so a long transcript cannot slow every draw. */
const maxOffered = 64;

/** The text of a message's content: a string or its text parts. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) =>
    isItem(part) && typeof part.text === 'string' ? part.text : ''
  ).join(' ');
}

/**
 * The identifier-like values of a request, first seen first.
 *
 * @param instructions The request's system instructions.
 * @param input The request's input: text or items.
 * @returns The values, without repeats.
 */
export function offeredValues(instructions: unknown, input: unknown): string[] {
  const texts = [typeof instructions === 'string' ? instructions : ''];
  for (const item of Array.isArray(input) ? input : [input]) {
    if (typeof item === 'string') texts.push(item);
    else if (isItem(item) && item.role === 'user') {
      texts.push(contentText(item.content));
    } else if (isItem(item) && item.type === 'function_call_result') {
      texts.push(outputText(item.output));
    }
  }
  const out = new Set<string>();
  for (const text of texts) {
    for (const [match] of text.matchAll(identifier)) {
      if (out.size < maxOffered && letter.test(match)) out.add(match);
    }
  }
  return [...out];
}
