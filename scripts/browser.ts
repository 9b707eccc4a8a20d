/**
 * The browser stage: the packed package installed into a fresh project
 * (`scripts/consumers/browser/`), its page (`page.ts`: a plain, a streamed
 * and a drifting model run, a realtime scenario, the recorded-call freeze
 * checks) bundled with both entry points and the SDK by esbuild
 * (`--platform=browser`), and run in headless Debian Chromium
 * (`/usr/bin/chromium`, or `CHROMIUM=path`) driven by playwright-core. Every
 * check the page reports must pass.
 *
 * It also prints the library's own size per entry point, minified and
 * gzipped, with the SDK left external (the README's figures).
 *
 * Run after `scripts/build_npm.ts`: `deno run --allow-all scripts/browser.ts`
 */
import { summaryLine } from './_counts.ts';
import { exists, install, must, pack, run } from './_consumer_kit.ts';

const chromium = Deno.env.get('CHROMIUM') ?? '/usr/bin/chromium';
if (!(await exists(chromium))) {
  console.error(
    `browser: no Chromium at ${chromium}; install Debian's package ` +
      '(apt-get install chromium; .ci/run does) or set CHROMIUM',
  );
  Deno.exit(1);
}

const tarball = await pack('browser');
const { dir, seconds } = await install('browser', tarball);
console.log(
  `browser: install ${seconds === 0 ? 'cached' : `${seconds.toFixed(1)}s`}`,
);
const esbuild = `${dir}/node_modules/.bin/esbuild`;

await must(esbuild, [
  'page.ts',
  '--bundle',
  '--platform=browser',
  '--format=esm',
  '--log-level=warning',
  '--outfile=out/page.js',
], dir);
const bundled = (await Deno.stat(`${dir}/out/page.js`)).size;
console.log(
  `browser: page bundle with the SDK ${(bundled / 1024).toFixed(0)} KiB`,
);

const t0 = performance.now();
const ran = await run('node', ['drive.mjs', 'out/page.js'], { cwd: dir });
const line = ran.out.trim().split('\n').findLast((l) => l.startsWith('{'));
if (ran.code !== 0 || line === undefined) {
  console.error(`browser: the driver failed (exit ${ran.code})\n${ran.out}`);
  Deno.exit(1);
}
const report = JSON.parse(line) as {
  userAgent: string;
  results: { name: string; ok: boolean; detail?: string }[];
  errors: string[];
};
console.log(`browser: ${report.userAgent}`);
for (const result of report.results) {
  console.log(`${result.ok ? 'pass' : 'FAIL'}  ${result.name}`);
  if (!result.ok) console.log(result.detail);
}
for (const error of report.errors) console.log(`page error: ${error}`);
const expected = 5;
const passed = report.results.filter((r) => r.ok).length;
const failed = report.results.length - passed;
console.log(summaryLine({ passed, failed, skipped: 0 }));
console.log(
  `browser: ${passed} passed, ${failed} failed in ${
    ((performance.now() - t0) / 1000).toFixed(1)
  }s`,
);

// The library's own weight: each entry point bundled alone, SDK external.
for (
  const [entry, file] of [
    ['@scripted/agents', 'mod.js'],
    ['@scripted/agents/realtime', 'realtime/mod.js'],
  ] as const
) {
  const out = `${dir}/out/size-${file.replace(/\W/g, '_')}`;
  await must(esbuild, [
    `node_modules/@scripted/agents/${file}`,
    '--bundle',
    '--minify',
    '--platform=browser',
    '--format=esm',
    '--external:@openai/*',
    '--log-level=warning',
    `--outfile=${out}`,
  ], dir);
  const bytes = await Deno.readFile(out);
  const gzipped = await new Response(
    new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip')),
  ).arrayBuffer();
  console.log(
    `size: ${entry} ${(bytes.length / 1024).toFixed(1)} KiB minified, ` +
      `${(gzipped.byteLength / 1024).toFixed(1)} KiB minified+gzipped ` +
      '(SDK excluded)',
  );
}

if (
  failed > 0 || report.results.length !== expected || report.errors.length > 0
) {
  console.error(
    `browser: expected ${expected} passing checks and no page errors`,
  );
  Deno.exit(1);
}
