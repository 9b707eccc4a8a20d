import assert from 'node:assert/strict';
import test from 'node:test';
import {
  defaultRedaction,
  isSecretEnvironmentName,
  isSecretName,
  isSecretValue,
  redacted,
  redaction,
  redactPieces,
  secretValues,
} from '../../_internal/redact.ts';
import { jsonSyntaxError } from '../../replay/_json_position.ts';

const text = (value: string) => defaultRedaction.text(value);

test('isSecretName reads credential key names in any case and separator', () => {
  const secret = [
    'token',
    'id_token',
    'sessionToken',
    'x-auth-token',
    'X-Auth-Token',
    'github_token',
    'GITHUB_TOKEN',
    'access.token',
    'secret',
    'client_secret',
    'clientSecret',
    'password',
    'DB_PASSWORD',
    'passwd',
    'passphrase',
    'pwd',
    'credentials',
    'cookie',
    'set-cookie',
    'authorization',
    'Proxy-Authorization',
    'authorisation',
    'api_key',
    'apiKey',
    'x-api-key',
    'OPENAI_API_KEY',
    'private_key',
    'privateKey',
    'aws_secret_access_key',
    'access_key_id',
    'signing_key',
    'encryption-key',
    'session_key',
    'client_key',
    'master_key',
    'ssh_key',
    'auth_key',
    'OpenAI-Organization',
    'openai-project',
  ];
  for (const name of secret) assert.equal(isSecretName(name), true, name);
  const plain = [
    'tokens',
    'inputTokens',
    'max_tokens',
    'output_tokens_details',
    'prompt_cache_key',
    'idempotency_key',
    'key',
    'keyword',
    'monkey',
    'author',
    'organization',
    'project',
    'openai-model',
    'session_id',
    'tokenizer',
    'password_hint_shown',
  ];
  for (const name of plain.slice(0, -1)) {
    assert.equal(isSecretName(name), false, name);
  }
  // Contains "password": a false positive the rule accepts.
  assert.equal(isSecretName('password_hint_shown'), true);
});

test('The default redaction removes each credential shape from text', () => {
  const cases: [string, string][] = [
    [`key sk-${'a'.repeat(16)} end`, `key ${redacted} end`],
    ['sk-proj-Ab_cd-0123456789xyz', redacted],
    [`sk-${'a'.repeat(15)}`, `sk-${'a'.repeat(15)}`],
    [`task-${'a'.repeat(20)}`, `task-${'a'.repeat(20)}`],
    [`ek_${'A1'.repeat(10)}`, redacted],
    ['openai-insecure-api-key.foo,bar', `${redacted},bar`],
    ['Bearer abcd1234', `Bearer ${redacted}`],
    ['bearer abcd1234', `bearer ${redacted}`],
    ['BEARER a.b_c~d+e/f=g-h!rest', `BEARER ${redacted}!rest`],
    ['Basic dXNlcjpwYXNz', `Basic ${redacted}`],
    ['Token 0123456789abcdef', `Token ${redacted}`],
    // Words after the scheme are prose, not credentials.
    ['Bearer authentication', 'Bearer authentication'],
    ['Token Authentication', 'Token Authentication'],
    ['Basic abc1', 'Basic abc1'],
    ['Bearer abc1234', 'Bearer abc1234'],
    ['Bearer abcdefgH', `Bearer ${redacted}`],
    ['Bearer Abcdefgh', 'Bearer Abcdefgh'],
    ['xBearer abcd1234', 'xBearer abcd1234'],
    [
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N',
      redacted,
    ],
    ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIx.', redacted],
    [`ghp_${'A'.repeat(36)}`, redacted],
    [`gho_${'a1'.repeat(10)} x`, `${redacted} x`],
    [`github_pat_${'1A_'.repeat(10)}`, redacted],
    ['AKIAIOSFODNN7EXAMPLE', redacted],
    ['id ASIAIOSFODNN7EXAMPLE.', `id ${redacted}.`],
    ['AKIAIOSFODNN7EXAMPLE1', 'AKIAIOSFODNN7EXAMPLE1'],
    ['xoxb-1234567890-abcdefghij', redacted],
    ['xoxp-12345-67890', redacted],
    [`AIza${'B'.repeat(35)}`, redacted],
    [
      '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----\nnext',
      `${redacted}\nnext`,
    ],
    [
      'a -----BEGIN PRIVATE KEY-----\nMIIE cut short',
      `a ${redacted}`,
    ],
    [
      '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----',
      '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----',
    ],
    ['https://user:pass@example.com/x', `https://${redacted}@example.com/x`],
    [
      'git clone https://ghtoken@github.com/o/r',
      `git clone https://${redacted}@github.com/o/r`,
    ],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
    ['https://example.com/a@b', 'https://example.com/a@b'],
    [
      'wss://h/v1/realtime?model=gpt&api-key=abc&x=1',
      `wss://h/v1/realtime?model=gpt&api-key=${redacted}&x=1`,
    ],
    [
      'https://h/?access_token=abc#f',
      `https://h/?access_token=${redacted}#f`,
    ],
    [
      'https://h/?key=abc&sig=def',
      `https://h/?key=${redacted}&sig=${redacted}`,
    ],
    ['https://h/?monkey=abc', 'https://h/?monkey=abc'],
    ['password: hunter2!x', `password: ${redacted}`],
    ['PASSWORD=Hunter22', `PASSWORD=${redacted}`],
    ['"api_key": "abc"', `"api_key": "${redacted}"`],
    ["'token':'t'", `'token':'${redacted}'`],
    ['{"api_key":"abc', `{"api_key":"${redacted}`],
    // A named pair goes whatever its value looks like.
    ['token: expired', `token: ${redacted}`],
    ['the password: is required', `the password: ${redacted} required`],
    ['max_tokens: 100', 'max_tokens: 100'],
    ['nothing secret here', 'nothing secret here'],
  ];
  for (const [input, output] of cases) {
    assert.equal(text(input), output, input);
    // Stable: redacting again changes nothing.
    assert.equal(text(output), output, output);
  }
});

test('The default redaction leaves prose, code and ids as they are', () => {
  for (
    const plain of [
      'Stryker was here',
      'The weather in Paris is 18°C; the local time is 14:05.',
      'call_weather_1 resp_2 msg_0 fc_0 req_local_3',
      'const total = inputTokens + outputTokens;',
      'See https://example.com/docs?page=2&lang=en#top',
      'user@example.com wrote: "thanks"',
      '{"city":"Paris","units":"metric"}',
      'A token budget of 4096 tokens, a basic plan.',
    ]
  ) assert.equal(text(plain), plain, plain);
});

test('A redaction removes each marked value, also URL-encoded, longest first', () => {
  const marked = redaction([
    'acme-live-0123456789',
    'acme-live-0123456789/x+y',
  ]);
  assert.equal(
    marked.text('a acme-live-0123456789 b acme-live-0123456789/x+y c'),
    `a ${redacted} b ${redacted} c`,
  );
  assert.equal(
    marked.text(`q=${encodeURIComponent('acme-live-0123456789/x+y')}`),
    `q=${redacted}`,
  );
  assert.equal(marked.text('nothing'), 'nothing');
  // A value is matched as written, whatever characters it holds.
  const special = 'a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o/p';
  const literal = redaction([special]);
  assert.equal(literal.text(`<${special}>`), `<${redacted}>`);
  const near = 'aXbbcddef$g{h}i(j)k|l[m]n\\o/p';
  assert.equal(literal.text(near), near);
  // Shapes still apply.
  assert.equal(marked.text('Bearer abcd1234'), `Bearer ${redacted}`);
  assert.equal(
    redaction([]).text('acme-live-0123456789'),
    'acme-live-0123456789',
  );
});

test('isSecretValue takes strings of 8 characters the marker does not hold', () => {
  assert.equal(isSecretValue('12345678'), true);
  assert.equal(isSecretValue('1234567'), false);
  assert.equal(isSecretValue('redacted'), false);
  assert.equal(isSecretValue('[redacted]'), false);
  assert.equal(isSecretValue('[redacted]!'), true);
  assert.equal(isSecretValue(12345678), false);
  assert.equal(isSecretValue(undefined), false);
});

test('secretValues reads secret-looking variables of 8 characters or more', () => {
  assert.deepEqual(
    secretValues({
      OPENAI_API_KEY: 'sk-test-1234',
      ACME_TOKEN: 'acme-custom-1',
      SHORT_SECRET: 'short',
      DB_PASSWORD: undefined,
      HOME: '/home/someone',
      TOKENIZERS_PARALLELISM: 'false-ish-value',
      GITHUB_TOKEN: 'acme-custom-1',
    }),
    ['sk-test-1234', 'acme-custom-1'],
  );
  assert.deepEqual(secretValues({}), []);
});

test('jsonSyntaxError finds the line and column of the first error', () => {
  const cases: [string, unknown][] = [
    ['{"a": 1}', undefined],
    [' [1, 2.5e3, -0, "x\\n\\u0041", true, false, null, {}] ', undefined],
    ['', {
      line: 1,
      column: 1,
      expected: 'a JSON value',
      received: 'the end of the text',
    }],
    ['{"a": 1,}', {
      line: 1,
      column: 9,
      expected: 'a property name in double quotes',
      received: '"}"',
    }],
    ['{\n  "a": 1\n  "b": 2\n}', {
      line: 3,
      column: 3,
      expected: '"," or a closing bracket',
      received: '"\\""',
    }],
    ['{"a" 1}', { line: 1, column: 6, expected: '":"', received: '"1"' }],
    ['[1, 2', {
      line: 1,
      column: 6,
      expected: '"," or a closing bracket',
      received: 'the end of the text',
    }],
    ['[1 2]', {
      line: 1,
      column: 4,
      expected: '"," or a closing bracket',
      received: '"2"',
    }],
    ['[1]]', {
      line: 1,
      column: 4,
      expected: 'the end of the text',
      received: '"]"',
    }],
    ['{"a": tru}', {
      line: 1,
      column: 7,
      expected: 'a JSON value',
      received: '"t"',
    }],
    ['[01]', {
      line: 1,
      column: 3,
      expected: '"," or a closing bracket',
      received: '"1"',
    }],
    ['[+1]', {
      line: 1,
      column: 2,
      expected: 'a JSON value or "]"',
      received: '"+"',
    }],
    ['{"a": "x', {
      line: 1,
      column: 9,
      expected: 'a closing double quote (control characters must be escaped)',
      received: 'the end of the text',
    }],
    ['["a\tb"]', {
      line: 1,
      column: 4,
      expected: 'a closing double quote (control characters must be escaped)',
      received: '"\\t"',
    }],
    ['["\\x"]', {
      line: 1,
      column: 3,
      expected:
        'an escape (\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX)',
      received: '"\\\\"',
    }],
    ['{"a": 1} x', {
      line: 1,
      column: 10,
      expected: 'the end of the text',
      received: '"x"',
    }],
    ['{]', {
      line: 1,
      column: 2,
      expected: 'a property name in double quotes or "}"',
      received: '"]"',
    }],
    ['{"k":1,"k2"', {
      line: 1,
      column: 12,
      expected: '":"',
      received: 'the end of the text',
    }],
    ['[1,]', {
      line: 1,
      column: 4,
      expected: 'a JSON value',
      received: '"]"',
    }],
    ['[1, }', {
      line: 1,
      column: 5,
      expected: 'a JSON value',
      received: '"}"',
    }],
    ['{"ab', {
      line: 1,
      column: 5,
      expected: 'a closing double quote (control characters must be escaped)',
      received: 'the end of the text',
    }],
    ['1 2', {
      line: 1,
      column: 3,
      expected: 'the end of the text',
      received: '"2"',
    }],
    ['[] x', {
      line: 1,
      column: 4,
      expected: 'the end of the text',
      received: '"x"',
    }],
    ['{"a": [[], {}], "b": []} ]', {
      line: 1,
      column: 26,
      expected: 'the end of the text',
      received: '"]"',
    }],
  ];
  for (const [input, error] of cases) {
    assert.deepEqual(jsonSyntaxError(input), error, input);
    assert.equal(
      (() => {
        try {
          JSON.parse(input);
          return true;
        } catch {
          return false;
        }
      })(),
      error === undefined,
      `JSON.parse agrees on ${input}`,
    );
  }
});

test('The pair scanner reads one pair per line: a plain name never swallows the next', () => {
  const cases: [string, string][] = [
    [
      'env:\n  OPENAI_API_KEY: abc123XYZ789def\n  HOME: /home/me',
      `env:\n  OPENAI_API_KEY: ${redacted}\n  HOME: /home/me`,
    ],
    [
      'db:\n  password: Correct9Horse\n  port: 5432',
      `db:\n  password: ${redacted}\n  port: 5432`,
    ],
    ['note: token=Correct9Horse', `note: token=${redacted}`],
    ['note=token=Correct9Horse', `note=token=${redacted}`],
    ['password=correcthorsebattery', `password=${redacted}`],
    [
      'export GITHUB_TOKEN=abcdefghijklmnopqrstuvwxyz',
      `export GITHUB_TOKEN=${redacted}`,
    ],
    ['db_password: hunter2', `db_password: ${redacted}`],
    ['DB_PASSWORD=x', `DB_PASSWORD=${redacted}`],
    ['secret:\t"a b"', `secret:\t"${redacted}"`],
    ["secret='a b' next", `secret='${redacted}' next`],
    ['"secret": "a\\"b\\\\" c', `"secret": "${redacted}" c`],
    ["secret='a\\'b' c", `secret='${redacted}' c`],
    ['secret="a\nb"', `secret="${redacted}\nb"`],
    // A separator never crosses the line: an empty value is left.
    ['password:\nname: Alice', 'password:\nname: Alice'],
    ['password =\n  hunter2', 'password =\n  hunter2'],
    // A scheme after a credential name is kept; the value goes.
    ['Authorization: Bearer abc', `Authorization: Bearer ${redacted}`],
    ['authorization: basic abc', `authorization: basic ${redacted}`],
    ['Authorization: Digest abc', `Authorization: Digest ${redacted}`],
    ['authorization: Bearer', `authorization: ${redacted}`],
    // A marker left by an earlier rule ends the value.
    ['x?access_token=abc#f', `x?access_token=${redacted}#f`],
    [`token=a${redacted}b`, `token=${redacted}`],
    // A value ends at a space, a quote, `&`, `,`, `;`, `<`, `>` or a bracket.
    ['pwd=a&b', `pwd=${redacted}&b`],
    ['pwd=a,b', `pwd=${redacted},b`],
    ['pwd=a;b', `pwd=${redacted};b`],
    ['pwd=a<b', `pwd=${redacted}<b`],
    ['pwd=a>b', `pwd=${redacted}>b`],
    ['pwd=a(b', `pwd=${redacted}(b`],
    ['(pwd=a)', `(pwd=${redacted})`],
    ['{pwd=a}', `{pwd=${redacted}}`],
    ['[pwd=a]', `[pwd=${redacted}]`],
    ['pwd=a"b', `pwd=${redacted}"b`],
    ["pwd=a'b", `pwd=${redacted}'b`],
    ['pwd=a b', `pwd=${redacted} b`],
    // Not pairs, or not credential names.
    ['max_tokens: 5', 'max_tokens: 5'],
    ['name: Alice', 'name: Alice'],
    ['Bearer authentication', 'Bearer authentication'],
    ['---password=abc', '---password=abc'],
    ['mysql --password=hunter2', `mysql --password=${redacted}`],
    ['-p -pwd=x', `-p -pwd=${redacted}`],
    ['1password=abc', '1password=abc'],
  ];
  for (const [input, output] of cases) {
    assert.equal(text(input), output, input);
    assert.equal(text(output), output, output);
  }
});

test('Every cookie of a cookie header goes; the names stay', () => {
  const cases: [string, string][] = [
    [
      'Cookie: theme=dark; sid=s3ss10n',
      `Cookie: theme=${redacted}; sid=${redacted}`,
    ],
    [
      'set-cookie: sid=abc;Path=/; HttpOnly\nnext: 1',
      `set-cookie: sid=${redacted};Path=${redacted}; HttpOnly\nnext: 1`,
    ],
    ['cookie: a=; b=2', `cookie: a=; b=${redacted}`],
    ['Cookie: s3ss10n', `Cookie: ${redacted}`],
    ['cookie=abc', `cookie=${redacted}`],
    ['"cookie": "a=1; b=2"', `"cookie": "${redacted}"`],
  ];
  for (const [input, output] of cases) {
    assert.equal(text(input), output, input);
    assert.equal(text(output), output, output);
  }
});

test('The newer shapes go: xAI, Groq, Hugging Face, GitLab, npm, Stripe, Slack hooks, curl, presigned URLs', () => {
  const a20 = 'Ab1'.repeat(7);
  const cases: [string, string][] = [
    [`k xai-${a20} end`, `k ${redacted} end`],
    [`gsk_${a20}`, redacted],
    [`hf_${a20}`, redacted],
    [`glpat-${a20}-_x`, redacted],
    [`npm_${a20}${a20}`, redacted],
    [`sk_live_${a20}`, redacted],
    [`rk_live_${a20}`, redacted],
    [`sk_test_${a20}`, redacted],
    [`rk_test_${a20}`, redacted],
    [
      'https://hooks.slack.com/services/T0123/B0456/xyzXYZ123 ok',
      `https://hooks.slack.com/services/${redacted} ok`,
    ],
    [
      'curl -u deploy:hunter2 https://h',
      `curl -u deploy:${redacted} https://h`,
    ],
    [
      "curl --user 'deploy:hunter 2'",
      `curl --user 'deploy:${redacted} 2'`,
    ],
    ['curl --user=deploy:pw x', `curl --user=deploy:${redacted} x`],
    ['curl -u :pw', `curl -u :${redacted}`],
    [
      'Ocp-Apim-Subscription-Key: 0123abcd',
      `Ocp-Apim-Subscription-Key: ${redacted}`,
    ],
    [
      'https://b.s3.amazonaws.com/o?X-Amz-Credential=AK%2F1&X-Amz-Security-Token=tt&X-Amz-Signature=ff00&x=1',
      `https://b.s3.amazonaws.com/o?X-Amz-Credential=${redacted}&X-Amz-Security-Token=${redacted}&X-Amz-Signature=${redacted}&x=1`,
    ],
    ['https://h/?mysignature=ab', `https://h/?mysignature=${redacted}`],
    ['authorization: Token abc', `authorization: Token ${redacted}`],
    // Too short, inside a word, or public: kept.
    ['https://h/?keyboard=x&monkey=y', 'https://h/?keyboard=x&monkey=y'],
    [`axai-${a20}`, `axai-${a20}`],
    [`agsk_${a20}`, `agsk_${a20}`],
    [`-glpat-${a20}`, `-glpat-${a20}`],
    [`ask_live_${a20}`, `ask_live_${a20}`],
    [`_rk_live_${a20}`, `_rk_live_${a20}`],
    ['x-u a:b', 'x-u a:b'],
    ['curl -uu a:b', 'curl -uu a:b'],
    [`xai-${a20.slice(2)}`, `xai-${a20.slice(2)}`],
    [`gsk_${a20.slice(2)}`, `gsk_${a20.slice(2)}`],
    [`hf_${a20.slice(2)}`, `hf_${a20.slice(2)}`],
    [`glpat-${a20.slice(2)}`, `glpat-${a20.slice(2)}`],
    [`npm_${a20}${a20.slice(13)}`, `npm_${a20}${a20.slice(13)}`],
    [`sk_live_${a20.slice(6)}`, `sk_live_${a20.slice(6)}`],
    [`pk_live_${a20}`, `pk_live_${a20}`],
    [`sk_prod_${a20}`, `sk_prod_${a20}`],
    [`xhf_${a20}`, `xhf_${a20}`],
    [`a-npm_${a20}${a20}`, `a-npm_${a20}${a20}`],
    ['npm_config_cache=/tmp', 'npm_config_cache=/tmp'],
    ['git push -u origin main', 'git push -u origin main'],
    ['sort -u:x', 'sort -u:x'],
    [
      'https://example.com/services/T1/B2/x',
      'https://example.com/services/T1/B2/x',
    ],
    ['https://h/?X-Amz-Date=20260101', 'https://h/?X-Amz-Date=20260101'],
  ];
  for (const [input, output] of cases) {
    assert.equal(text(input), output, input);
    assert.equal(text(output), output, output);
  }
  assert.equal(isSecretName('Ocp-Apim-Subscription-Key'), true);
  assert.equal(isSecretName('subscription'), false);
});

test('secretValues counts names whose last word is KEY, not a public key nor a word ending in key', () => {
  const env = {
    STRIPE_KEY: 'stripe-value-1',
    MAPBOX_KEY: 'mapbox-value-1',
    'mapbox.key': 'mapbox-value-2',
    KEY: 'bare-key-value',
    PUBLIC_KEY: 'public-value-1',
    SSH_PUB_KEY: 'public-value-2',
    PUBKEY: 'public-value-3',
    MONKEY: 'monkey-value-1',
    HOTKEY: 'hotkey-value-1',
    KEY_PATH: 'key-path-value',
    PRIVATE_KEY: 'private-value-1',
  };
  assert.deepEqual(secretValues(env), [
    'stripe-value-1',
    'mapbox-value-1',
    'mapbox-value-2',
    'bare-key-value',
    'private-value-1',
  ]);
  assert.equal(isSecretEnvironmentName('STRIPE_KEY'), true);
  assert.equal(isSecretEnvironmentName('PUB_KEY'), false);
  assert.equal(isSecretEnvironmentName('APUB_KEY'), true);
  assert.equal(isSecretEnvironmentName('PUBLIC_KEYS'), false);
  assert.equal(isSecretEnvironmentName('DB_PASSWORD'), true);
  assert.equal(isSecretEnvironmentName('PUBX_KEY'), true);
  assert.equal(isSecretEnvironmentName('mapbox-key'), true);
  assert.equal(isSecretEnvironmentName('mapbox key'), true);
  assert.equal(isSecretEnvironmentName('MAPBOX__KEY'), true);
  assert.equal(isSecretEnvironmentName('KEYS'), false);
});

test('redactPieces redacts a text cut in pieces as the whole, every piece it overlaps', () => {
  const key = `sk-proj-${'Ab1'.repeat(8)}`;
  const cases: [string[], string[]][] = [
    [[`key ${key.slice(0, 10)}`, `${key.slice(10)} ok`], [
      `key ${redacted}`,
      ' ok',
    ]],
    [
      ['pass', 'word: hun', 'ter', '2 and more'],
      ['pass', `word: ${redacted}`, '', ' and more'],
    ],
    [[key, ' ', key], [redacted, ' ', redacted]],
    [['nothing ', 'here'], ['nothing ', 'here']],
    [['Bearer ', 'abcd1234'], ['Bearer ', redacted]],
    [[], []],
    [['key ', key, ' ok'], ['key ', redacted, ' ok']],
    [[`key ${key}`, ' ok'], [`key ${redacted}`, ' ok']],
    [['key ', '', key, '', ' ok'], ['key ', '', redacted, '', ' ok']],
    [[key.slice(0, 5), key.slice(5, 9), key.slice(9)], [redacted, '', '']],
    // A pair around a marker of an earlier rule.
    [['token=sk-proj-', key.slice(8)], [`token=${redacted}`, '']],
  ];
  for (const [pieces, out] of cases) {
    assert.deepEqual(
      redactPieces(defaultRedaction, pieces),
      out,
      pieces.join('|'),
    );
    assert.equal(out.join(''), text(pieces.join('')));
    assert.deepEqual(redactPieces(defaultRedaction, out), out);
  }
  // Marked values, split too; a foreign redaction gets the fixed rules.
  const marked = redaction(['acme|live|0123']);
  assert.deepEqual(redactPieces(marked, ['x acme|li', 've|0123 y']), [
    `x ${redacted}`,
    ' y',
  ]);
  // Adjacent values: two markers; one inside a pair: one.
  const two = redaction(['aaaaaaaa', 'bbbbbbbb', 'SECRETVALUE']);
  assert.deepEqual(redactPieces(two, ['aaaaaaaabb', 'bbbbbb']), [
    `${redacted}${redacted}`,
    '',
  ]);
  assert.equal(two.text('aaaaaaaabbbbbbbb'), `${redacted}${redacted}`);
  assert.deepEqual(
    redactPieces(two, ['token=abcSECRET', 'VALUEdef ok']),
    [`token=${redacted}`, ' ok'],
  );
  const foreign = { text: (value: string) => value };
  assert.deepEqual(redactPieces(foreign, ['x acme|li', 've|0123 y']), [
    'x acme|li',
    've|0123 y',
  ]);
  assert.deepEqual(redactPieces(foreign, [key.slice(0, 9), key.slice(9)]), [
    redacted,
    '',
  ]);
});
