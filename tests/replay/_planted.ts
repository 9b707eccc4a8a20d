/**
 * Credentials of every shape the redaction promises to catch, each unique
 * per call (so a leak is unambiguous), and the check that none of them is
 * in a stored fixture.
 *
 * @module
 */
import assert from 'node:assert/strict';

function id(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

function base64url(text: string): string {
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(
    /=+$/,
    '',
  );
}

/** Planted credentials, and the secret part of each. */
export interface Planted {
  /** Values caught by their key's name, by key. */
  readonly byKey:
    & Readonly<Record<string, string>>
    & {
      readonly [key in PlantedKey]: string;
    };
  /** Text holding each credential shape. */
  readonly shapes: Readonly<Record<ShapeName, string>>;
  /** A key of a format no rule knows: caught only by its value. */
  readonly custom: string;
  /** A value the user lists in `secrets`. */
  readonly listed: string;
  /** What must not be stored. */
  readonly secretParts: readonly string[];
}

type PlantedKey =
  | 'session_token'
  | 'github_token'
  | 'id_token'
  | 'OPENAI_API_KEY'
  | 'cookie'
  | 'set-cookie'
  | 'private_key'
  | 'aws_secret_access_key'
  | 'OpenAI-Organization'
  | 'OpenAI-Project'
  | 'x-auth-token'
  | 'x-api-key'
  | 'authorization'
  | 'password'
  | 'passwd'
  | 'credentials'
  | 'client_secret'
  | 'sessionToken'
  | 'api_key'
  | 'apiKey'
  | 'access_token'
  | 'refresh_token';

type ShapeName =
  | 'openai'
  | 'bearer'
  | 'lowerBearer'
  | 'basic'
  | 'token'
  | 'jwt'
  | 'github'
  | 'githubPat'
  | 'aws'
  | 'slack'
  | 'google'
  | 'pem'
  | 'userinfo'
  | 'query'
  | 'ephemeral';

/** A fresh set of planted credentials. */
export function plant(): Planted {
  /** Values caught by their key's name: plain text of no known shape. */
  const byKey = {
    session_token: `kv-${id()}`,
    github_token: `kv-${id()}`,
    id_token: `kv-${id()}`,
    OPENAI_API_KEY: `kv-${id()}`,
    cookie: `kv-${id()}`,
    'set-cookie': `kv-${id()}`,
    private_key: `kv-${id()}`,
    aws_secret_access_key: `kv-${id()}`,
    'OpenAI-Organization': `kv-${id()}`,
    'OpenAI-Project': `kv-${id()}`,
    'x-auth-token': `kv-${id()}`,
    'x-api-key': `kv-${id()}`,
    authorization: `kv-${id()}`,
    password: `kv-${id()}`,
    passwd: `kv-${id()}`,
    credentials: `kv-${id()}`,
    client_secret: `kv-${id()}`,
    sessionToken: `kv-${id()}`,
    api_key: `kv-${id()}`,
    apiKey: `kv-${id()}`,
    access_token: `kv-${id()}`,
    refresh_token: `kv-${id()}`,
  };
  const bearer = id();
  const basic = btoa(`user:${id()}`);
  const token = id();
  const userinfo = id();
  const query = id();
  const pem = id();
  const jwtSubject = id();
  /** Text holding each credential shape, and the secret part of each. */
  const shapes = {
    openai: `sk-proj-${id()}`,
    bearer: `Bearer ${bearer}`,
    lowerBearer: `bearer ${id()}`,
    basic: `Basic ${basic}`,
    token: `Token ${token}`,
    jwt: `eyJhbGciOiJIUzI1NiJ9.${
      base64url(JSON.stringify({ sub: jwtSubject }))
    }.${id()}`,
    github: `ghp_${id()}`,
    githubPat: `github_pat_${id()}_${id()}`,
    aws: `AKIA${id().slice(0, 16).toUpperCase()}`,
    slack: `xoxb-${id()}`,
    google: `AIza${id()}`,
    pem:
      `-----BEGIN RSA PRIVATE KEY-----\n${pem}\n-----END RSA PRIVATE KEY-----`,
    userinfo: `https://deploy:${userinfo}@git.example.com/repo.git`,
    query: `https://gateway.example.com/v1?model=x&api-key=${query}`,
    ephemeral: `ek_${id()}`,
  };
  /** A key of a format no rule knows: caught only by its value. */
  const custom = `acme|live|${id()}`;
  /** A value the user lists in `secrets`. */
  const listed = `listed-${id()}`;
  const secretParts = [
    ...Object.values(byKey),
    shapes.openai,
    bearer,
    shapes.lowerBearer.slice(7),
    basic,
    token,
    shapes.jwt,
    jwtSubject,
    shapes.github,
    shapes.githubPat,
    shapes.aws,
    shapes.slack,
    shapes.google,
    pem,
    userinfo,
    query,
    shapes.ephemeral,
    custom,
    listed,
  ];
  return { byKey, shapes, custom, listed, secretParts };
}

/**
 * Asserts `stored` (a fixture's JSON text) holds none of the planted
 * values, nor the middle of any (a partial leak).
 *
 * @param stored The stored text.
 * @param planted The planted credentials.
 */
export function assertNonePlanted(stored: string, planted: Planted): void {
  const leaked = planted.secretParts.filter((secret) =>
    stored.includes(secret) ||
    stored.includes(secret.slice(4, -4)) ||
    stored.includes(JSON.stringify(secret).slice(1, -1))
  );
  assert.deepEqual(leaked, [], 'planted credentials reached the fixture');
}
