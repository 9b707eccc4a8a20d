/**
 * String formats for the generator, drawn with fast-check's arbitraries
 * (`emailAddress`, `webUrl`, `uuid`, `ipV4`, `ipV6`, `date`, `domain`,
 * `base64String`), and the format a property's name suggests (`email`,
 * `url`, `uuid`, `date`, `phone`, `city`, `name`, `id`), since a tool may
 * check a format its schema no longer states. Private to the auto folder.
 *
 * @module
 */
import * as fc from 'fast-check';
import type { Draw } from './_draw.ts';

/** Words for plain strings and names. */
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

const cities = ['Tokyo', 'Paris', 'Lima', 'Oslo', 'Cairo', 'Sydney'];

/** Commands every POSIX shell runs without changing anything. */
export const commands: readonly string[] = ['pwd', 'ls', 'echo hello', 'date'];

// An address every common validator accepts (zod's, HTML's): fast-check's
// RFC 5322 addresses include characters some reject.
const plainEmail =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const instant = fc.date({
  min: new Date(Date.UTC(2000, 0, 1)),
  max: new Date(Date.UTC(2030, 11, 31)),
  noInvalidDate: true,
}).map((date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z'));

const arbitraries: Record<string, () => fc.Arbitrary<string[]>> = {
  'date-time': () =>
    instant.map((t) => [
      t,
      t.replace('Z', '.000Z'),
      t.replace('Z', '+00:00'),
    ]),
  date: () => instant.map((t) => [t.slice(0, 10)]),
  time: () => instant.map((t) => [`${t.slice(11, 19)}Z`, t.slice(11, 19)]),
  email: () =>
    fc.emailAddress({ size: 'xsmall' }).filter((e) => plainEmail.test(e))
      .map((e) => [e.toLowerCase(), 'a@ex.co']),
  uri: () =>
    fc.webUrl({ validSchemes: ['https'], size: 'xsmall' })
      .map((u) => [u, 'https://a.io']),
  'uri-reference': () => fc.constantFrom(...words).map((w) => [`/${w}`]),
  uuid: () => fc.uuid({ version: 4 }).map((u) => [u]),
  hostname: () => fc.domain({ size: 'xsmall' }).map((d) => [d, 'a.io']),
  ipv4: () => fc.ipV4().map((ip) => [ip]),
  ipv6: () => fc.ipV6().map((ip) => [ip]),
  duration: () => fc.integer({ min: 1, max: 30 }).map((n) => [`P${n}D`]),
  byte: () =>
    fc.base64String({ minLength: 4, maxLength: 16 }).map((b) => [b, 'AA==']),
  regex: () => fc.constant(['^[a-z]+$']),
  phone: () =>
    fc.integer({ min: 0, max: 9_999_999 }).map((n) => [
      `+1555${String(n).padStart(7, '0')}`,
    ]),
  city: () => fc.constantFrom(...cities).map((c) => [c]),
  command: () => fc.constantFrom(...commands).map((c) => [c]),
  name: () =>
    fc.tuple(fc.constantFrom(...words), fc.constantFrom(...words)).map((
      [a, b],
    ) => [`${a[0]!.toUpperCase()}${a.slice(1)} ${b}`, a]),
};
const aliases: Record<string, string> = {
  'idn-email': 'email',
  url: 'uri',
  iri: 'uri',
  'iri-reference': 'uri-reference',
  'json-pointer': 'uri-reference',
  'idn-hostname': 'hostname',
};
const built = new Map<string, fc.Arbitrary<string[]>>();

/** Forgets the built arbitraries (tests rebuild them under a mutant). */
export function forgetFormats(): void {
  built.clear();
}

/** Formats whose last candidate is a short value every validator takes. */
const plainLast = new Set(['email', 'uri', 'hostname', 'byte']);

/**
 * Values of a string format, preferred first; empty for a format it does
 * not know. On a first attempt (`0`), an email, URL, host name or base64
 * value starts with its short plain candidate (`https://a.io`), which a
 * validator the SDK's schema no longer states accepts.
 *
 * @param format A JSON-schema format, or one a name suggests.
 * @param draw The seeded draws.
 * @param attempt The argument sets rejected before, if known.
 * @returns The candidates.
 */
export function formatted(
  format: string,
  draw: Draw,
  attempt?: number,
): string[] {
  const key = Object.hasOwn(aliases, format) ? aliases[format]! : format;
  if (!Object.hasOwn(arbitraries, key)) return [];
  let arbitrary = built.get(key);
  if (arbitrary === undefined) {
    arbitrary = arbitraries[key]!();
    built.set(key, arbitrary);
  }
  const list = draw.from(arbitrary);
  return attempt === 0 && plainLast.has(key)
    ? [list.at(-1)!, ...list.slice(0, -1)]
    : list;
}

const identifierNames = new Set([
  'name',
  'skill',
  'file',
  'filename',
  'path',
  'record',
  'slug',
  'key',
  'doc',
  'document',
  'template',
  'project',
  'repo',
  'branch',
]);

/**
 * Whether a property names something the request may name (a skill, file
 * or record): `skillName`, `file_path`, `slug`.
 *
 * @param name The property name.
 * @returns `true` for an identifier-like name.
 */
export function isIdentifierName(name: string): boolean {
  return tokens(name).some((token) => identifierNames.has(token));
}

/**
 * The lower-case words of a name: `customerEmail`, `order_id`,
 * `exec-command`.
 *
 * @param name The name.
 * @returns Its words.
 */
export function tokens(name: string): string[] {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
    .split(/[^a-z0-9]+/).filter((token) => token !== '');
}

const byName: readonly [format: string, names: readonly string[]][] = [
  ['email', ['email', 'mail']],
  ['uri', ['url', 'uri', 'link', 'site', 'website', 'homepage', 'href']],
  ['uuid', ['uuid', 'guid']],
  ['date-time', ['datetime', 'timestamp', 'time']],
  ['date', ['date', 'day', 'birthday', 'dob', 'since', 'until', 'due']],
  ['phone', ['phone', 'tel', 'telephone', 'mobile']],
  ['city', ['city', 'town']],
  ['command', ['cmd', 'command', 'commands']],
  ['name', ['name', 'title']],
  ['uuid', ['id', 'ids']],
];

/**
 * The format a property's name suggests, if any: `customerEmail` is an
 * email, `orderId` a UUID, `createdAt` a date-time.
 *
 * @param name The property name.
 * @returns The format, or `undefined`.
 */
export function formatOfName(name: string): string | undefined {
  const list = tokens(name);
  for (const [format, names] of byName) {
    if (list.some((token) => names.includes(token))) return format;
  }
  return list.length > 1 && list.at(-1) === 'at' ? 'date-time' : undefined;
}
