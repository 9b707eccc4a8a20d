/**
 * Leaf values for the generator: readable words, string formats, and the
 * number helpers that keep multiples exact. Private to the model folder.
 *
 * @module
 */
import type { Random } from './_random.ts';

export const words: readonly string[] = [
  'amber',
  'birch',
  'cedar',
  'delta',
  'ember',
  'fjord',
  'grove',
  'harbor',
  'indigo',
  'juniper',
  'kestrel',
  'lumen',
  'maple',
  'nectar',
  'orchid',
  'pebble',
];
/** A finite window inside `[lo, hi]`, as near `[0, 100]` as it allows. */
export function window(lo: number, hi: number): [number, number] {
  if (lo <= 0 && hi > 0) return [Math.max(lo, 0), Math.min(hi, 100)];
  if (hi <= 0) return [Math.max(lo, hi - 100), hi];
  return [lo, Math.min(hi, lo + 100)];
}

export function decimals(n: number): number {
  const text = String(n);
  const e = text.indexOf('e-');
  if (e !== -1) {
    return Number(text.slice(e + 2)) +
      (text.split('.')[1]?.split('e')[0]?.length ?? 0);
  }
  return text.split('.')[1]?.length ?? 0;
}

/** `value` rounded to the decimals of `step`, so 3 × 0.1 is 0.3. */
export function round(value: number, step: number): number {
  const places = Math.min(decimals(step), 15);
  return Number(value.toFixed(places));
}

export function isMultiple(value: number, step: number): boolean {
  const q = value / step;
  return Math.abs(q - Math.round(q)) < 1e-9;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function hex(random: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += random.int(0, 15).toString(16);
  return out;
}

/** Values of a string format, preferred first (the last is the shortest). */
export function formatted(format: string, random: Random): string[] {
  const date = `${random.int(2000, 2030)}-${pad(random.int(1, 12))}-${
    pad(random.int(1, 28))
  }`;
  const time = `${pad(random.int(0, 23))}:${pad(random.int(0, 59))}:${
    pad(random.int(0, 59))
  }`;
  const word = random.pick(words);
  const other = random.pick(words);
  switch (format) {
    case 'date-time':
      return [
        `${date}T${time}Z`,
        `${date}T${time}.000Z`,
        `${date}T${time}+00:00`,
      ];
    case 'date':
      return [date];
    case 'time':
      return [`${time}Z`, time, `${time}+00:00`];
    case 'email':
    case 'idn-email':
      return [`${word}.${other}@example.com`, `${word[0]}@ex.co`];
    case 'uri':
    case 'url':
    case 'iri':
      return [`https://example.com/${word}`, 'https://a.io'];
    case 'uri-reference':
    case 'iri-reference':
    case 'json-pointer':
      return [`/${word}`];
    case 'uuid':
      return [
        `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-${
          random.pick(['8', '9', 'a', 'b'])
        }${hex(random, 3)}-${hex(random, 12)}`,
      ];
    case 'hostname':
    case 'idn-hostname':
      return [`${word}.example.com`, 'a.io'];
    case 'ipv4':
      return [`192.0.2.${random.int(1, 254)}`];
    case 'ipv6':
      return [`2001:db8::${hex(random, 4).replace(/^0+(?=.)/, '')}`];
    case 'duration':
      return [`P${random.int(1, 30)}D`];
    case 'byte':
      return ['aGVsbG8='];
    case 'regex':
      return ['^[a-z]+$'];
    default:
      return [];
  }
}
