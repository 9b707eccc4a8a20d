// Opens the bundled page in headless Debian Chromium through playwright-core
// (no browser download: the system binary; playwright adds --headless and a
// fresh profile) with the flags this closed network needs, and prints the page's results
// as one JSON line. Usage: node drive.mjs BUNDLE.js
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const bundle = await readFile(process.argv[2], 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  timeout: 60_000,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.setContent('<!doctype html><title>scripted-agents</title>');
  await page.addScriptTag({ content: bundle, type: 'module' });
  await page.waitForFunction(
    () => globalThis.__done === true || undefined,
    null,
    {
      timeout: 60_000,
    },
  ).catch((error) => errors.push(`page did not finish: ${error.message}`));
  const results = await page.evaluate(() => globalThis.__results ?? []);
  const userAgent = await page.evaluate(() => navigator.userAgent);
  console.log(JSON.stringify({ userAgent, results, errors }));
} finally {
  await browser.close();
}
