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

/** 16 random lower-case letters: a value no shape rule would take. */
function word(): string {
  return id().slice(0, 16).replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!);
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
  /** Text holding each newer credential shape. */
  readonly newShapes: Readonly<Record<NewShapeName, string>>;
  /** Free-text dumps with named pairs (YAML, `.env`, headers), by name. */
  readonly pairs: Readonly<Record<PairName, string>>;
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
  | 'refresh_token'
  | 'Ocp-Apim-Subscription-Key';

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

type NewShapeName =
  | 'xai'
  | 'groq'
  | 'huggingFace'
  | 'gitlab'
  | 'npm'
  | 'stripeLive'
  | 'stripeRestricted'
  | 'stripeTest'
  | 'slackWebhook'
  | 'curlUser'
  | 'presigned'
  | 'azureHeader';

type PairName =
  | 'yamlEnv'
  | 'yamlDb'
  | 'nested'
  | 'plainPassword'
  | 'exportToken'
  | 'dbPassword'
  | 'cookie';

/** The newer shapes and the named pairs, and the secret part of each. */
function textCredentials(): {
  newShapes: Record<NewShapeName, string>;
  pairs: Record<PairName, string>;
  parts: string[];
} {
  const alnum = () => `${id()}${id().toUpperCase()}`.slice(0, 40);
  const [curl, signature, credential, session] = [id(), id(), id(), id()];
  const azure = id();
  const newShapes = {
    xai: `xai-${alnum()}`,
    groq: `gsk_${alnum()}`,
    huggingFace: `hf_${alnum()}`,
    gitlab: `glpat-${alnum()}`,
    npm: `npm_${alnum()}`,
    stripeLive: `sk_live_${alnum()}`,
    stripeRestricted: `rk_live_${alnum()}`,
    stripeTest: `sk_test_${alnum()}`,
    slackWebhook: `https://hooks.slack.com/services/T${id()}/B${id()}/${id()}`,
    curlUser: `curl -u deploy:${curl} https://api.example.com`,
    presigned:
      `https://b.s3.amazonaws.com/o.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=${credential}%2F20260101&X-Amz-Security-Token=${session}&X-Amz-Signature=${signature}`,
    azureHeader: `Ocp-Apim-Subscription-Key: ${azure}`,
  };
  const values = {
    yamlEnv: `abc123XYZ789def${id()}`,
    yamlDb: `Correct9Horse${id()}`,
    nested: `Correct9Horse${id()}`,
    plainPassword: `correcthorsebattery${word()}`,
    exportToken: `abcdefghijklmnopqrstuvwxyz${word()}`,
    dbPassword: `hunter${word()}`,
    theme: word(),
    sid: id(),
  };
  const pairs = {
    yamlEnv: `env:\n  OPENAI_API_KEY: ${values.yamlEnv}\n  HOME: /home/app`,
    yamlDb: `db:\n  password: ${values.yamlDb}\n  port: 5432`,
    nested: `note: token=${values.nested}`,
    plainPassword: `password=${values.plainPassword}`,
    exportToken: `export GITHUB_TOKEN=${values.exportToken}`,
    dbPassword: `db_password: ${values.dbPassword}`,
    cookie: `Cookie: theme=${values.theme}; sid=${values.sid}`,
  };
  const parts = [
    ...Object.entries(newShapes).filter(([name]) =>
      !['slackWebhook', 'curlUser', 'presigned', 'azureHeader'].includes(name)
    ).map(([, text]) => text),
    newShapes.slackWebhook.slice('https://hooks.slack.com/services/'.length),
    curl,
    signature,
    credential,
    session,
    azure,
    ...Object.values(values),
  ];
  return { newShapes, pairs, parts };
}

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
    'Ocp-Apim-Subscription-Key': `kv-${id()}`,
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
  const { newShapes, pairs, parts } = textCredentials();
  const secretParts = [
    ...parts,
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
  return { byKey, shapes, newShapes, pairs, custom, listed, secretParts };
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
