/**
 * A StrykerJS test runner for the suite's `node:test` files, compiled to
 * `.tmp/mutation/tests/` by `scripts/mutation_build.ts`: it loads every test
 * file once per worker (their `node:test` redirected to a registering shim)
 * and then runs single tests in process, so a mutant costs the tests that
 * cover it (per-test coverage) instead of a Node process per test file.
 *
 * Test ids are `<file> > <test name>`; each test names its TypeScript source
 * file and, when its name is written there as a literal, where (so Stryker's
 * incremental mode sees a test change). A test fails when it throws, when a
 * promise rejection or exception escapes it (the suite's guard, in process),
 * or when it outlives its bound (reported as a timeout).
 */
import { register } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import process from 'node:process';
import {
  commonTokens,
  declareClassPlugin,
  PluginKind,
  tokens,
} from '@stryker-mutator/api/plugin';
import {
  determineHitLimitReached,
  DryRunStatus,
  TestStatus,
  toMutantRunResult,
} from '@stryker-mutator/api/test-runner';

const testRoot = '.tmp/mutation/tests';
const registryKey = Symbol.for('@scripted/agents/mutation-registry');

function findTestFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findTestFiles(path));
    else if (entry.name.endsWith('_test.js')) found.push(path);
  }
  return found.sort();
}

function describe(reason) {
  try {
    if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
    return String(reason);
  } catch {
    return '<a value that cannot be printed>';
  }
}

/** Where `name` is written as a string literal in `source` (0-based). */
function positionOf(source, name) {
  for (const quote of ["'", '"', '`']) {
    const at = source.indexOf(`${quote}${name}${quote}`);
    if (at === -1) continue;
    const before = source.slice(0, at).split('\n');
    return { line: before.length - 1, column: before.at(-1).length };
  }
  return undefined;
}

function tick() {
  return new Promise((resolve) => setImmediate(resolve));
}

class NodeTestRunner {
  static inject = tokens(commonTokens.logger);

  constructor(log) {
    this.log = log;
    this.tests = [];
    this.loaded = false;
    this.escaped = [];
  }

  capabilities() {
    return { reloadEnvironment: false };
  }

  init() {
    const onEscape = (reason) => this.escaped.push(reason);
    process.on('unhandledRejection', onEscape);
    process.on('uncaughtException', onEscape);
  }

  get ns() {
    return globalThis.__stryker__ ?? (globalThis.__stryker__ = {});
  }

  /** Loads the test files once, after the active mutant is set. */
  async load() {
    if (this.loaded) return;
    this.loaded = true;
    register(new URL('./node_test_hooks.mjs', import.meta.url));
    const seen = new Set();
    let file = '';
    let fileName = '';
    let source = '';
    globalThis[registryKey] = {
      add: (name, fn) => {
        let id = `${file} > ${name}`;
        for (let n = 2; seen.has(id); n++) id = `${file} > ${name} #${n}`;
        seen.add(id);
        const startPosition = positionOf(source, name);
        this.tests.push({ id, name, fn, fileName, startPosition });
      },
    };
    for (const path of findTestFiles(testRoot)) {
      file = relative(testRoot, path);
      fileName = `tests/${file.replace(/\.js$/, '.ts')}`;
      try {
        source = readFileSync(fileName, 'utf8');
      } catch {
        source = '';
      }
      await import(pathToFileURL(path).href);
    }
    this.log.debug(`Loaded ${this.tests.length} tests`);
  }

  async dryRun(options) {
    const ns = this.ns;
    ns.activeMutant = undefined;
    await this.load();
    return this.run(this.tests, options.disableBail, options.timeout, true);
  }

  async mutantRun(options) {
    const ns = this.ns;
    ns.activeMutant = options.activeMutant.id;
    await this.load();
    const wanted = options.testFilter === undefined
      ? undefined
      : new Set(options.testFilter);
    const tests = wanted === undefined
      ? this.tests
      : this.tests.filter((t) => wanted.has(t.id));
    ns.hitLimit = options.hitLimit;
    ns.hitCount = options.hitLimit === undefined ? undefined : 0;
    try {
      const result = await this.run(
        tests,
        options.disableBail,
        options.timeout,
        false,
      );
      const hit = determineHitLimitReached(ns.hitCount, ns.hitLimit);
      return toMutantRunResult(hit ?? result);
    } finally {
      ns.hitLimit = undefined;
      ns.hitCount = undefined;
    }
  }

  async run(tests, disableBail, timeout, dryRun) {
    const ns = this.ns;
    const results = [];
    for (const entry of tests) {
      if (dryRun) ns.currentTestId = entry.id;
      const outcome = await this.runOne(entry, timeout);
      if (dryRun) ns.currentTestId = undefined;
      if (outcome === 'timeout') {
        return {
          status: DryRunStatus.Timeout,
          reason: `${entry.id} timed out`,
        };
      }
      results.push(outcome);
      if (outcome.status === TestStatus.Failed && !disableBail) break;
    }
    const result = { status: DryRunStatus.Complete, tests: results };
    if (dryRun) result.mutantCoverage = ns.mutantCoverage;
    return result;
  }

  async runOne(entry, timeout) {
    const afters = [];
    const context = {
      name: entry.name,
      after: (fn) => afters.push(fn),
    };
    this.escaped.length = 0;
    const started = performance.now();
    let failure;
    let timer;
    const bound = new Promise((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeout);
    });
    try {
      const outcome = await Promise.race([
        Promise.resolve().then(() => entry.fn(context)).then(() => 'done'),
        bound,
      ]);
      if (outcome === 'timeout') return 'timeout';
    } catch (error) {
      failure = describe(error);
    } finally {
      clearTimeout(timer);
      for (const fn of afters.reverse()) {
        try {
          await fn();
        } catch (error) {
          failure ??= `after: ${describe(error)}`;
        }
      }
    }
    await tick();
    if (failure === undefined && this.escaped.length > 0) {
      failure = `escaped the test: ${describe(this.escaped[0])}`;
    }
    const result = {
      id: entry.id,
      name: entry.id,
      timeSpentMs: Math.round(performance.now() - started),
      fileName: entry.fileName,
      status: failure === undefined ? TestStatus.Success : TestStatus.Failed,
    };
    if (entry.startPosition !== undefined) {
      result.startPosition = entry.startPosition;
    }
    // The first line or so: the reports (and the committed incremental
    // result) keep it per killed mutant.
    if (failure !== undefined) result.failureMessage = failure.slice(0, 160);
    return result;
  }

  async dispose() {}
}

export const strykerPlugins = [
  declareClassPlugin(PluginKind.TestRunner, 'node-test', NodeTestRunner),
];
