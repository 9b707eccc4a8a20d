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
    // Whether this worker ran a mutant yet, and whether one left it broken.
    this.ranMutant = false;
    this.broken = false;
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

  /**
   * Runs every test twice: the first pass collects per-test coverage, the
   * second proves each test passes again in the same process. A test that
   * fails when run again (state kept at module level: a session consumed,
   * a counter) would fail for every mutant it covers, and make each look
   * killed; the dry run fails instead, naming it.
   */
  async dryRun(options) {
    const ns = this.ns;
    ns.activeMutant = undefined;
    await this.load();
    const first = await this.run(
      this.tests,
      options.disableBail,
      options.timeout,
      true,
    );
    if (first.status !== DryRunStatus.Complete) return first;
    if (first.tests.some((t) => t.status === TestStatus.Failed)) return first;
    // The coverage is the first pass's: what the second one reaches outside
    // a test id would count as static, covered by every test.
    first.mutantCoverage = structuredClone(first.mutantCoverage);
    const again = await this.run(this.tests, true, options.timeout, false);
    const failed = again.status === DryRunStatus.Complete
      ? again.tests.filter((t) => t.status === TestStatus.Failed)
        .map((t) => `${t.id}: ${t.failureMessage}`)
      : [again.reason];
    if (failed.length === 0) return first;
    return {
      status: DryRunStatus.Error,
      errorMessage:
        `Tests passed once and failed when run again in the same process (keep their state inside the test): ${
          failed.join('; ')
        }`,
    };
  }

  /**
   * Runs the tests that cover the mutant. A kill is proved before it is
   * reported: the failing test runs again with no mutant active, and must
   * pass. When it fails there too, state kept in a module (a buffer pool, a
   * cache) was left broken by an earlier mutant or by this one, so the kill
   * says nothing: in a worker that already ran another mutant the run is
   * rejected, and Stryker restarts the worker and runs the mutant again in a
   * fresh one; in a fresh worker the breakage is this mutant's own doing, so
   * the kill stands and the next run restarts the worker first.
   */
  async mutantRun(options) {
    if (this.broken) {
      throw new Error(
        'A mutant left module state broken in this worker: restart it',
      );
    }
    const fresh = !this.ranMutant;
    this.ranMutant = true;
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
      if (hit !== undefined) return toMutantRunResult(hit);
      const failed = result.status === DryRunStatus.Complete
        ? result.tests.find((t) => t.status === TestStatus.Failed)
        : undefined;
      if (failed !== undefined) {
        ns.activeMutant = undefined;
        const entry = this.tests.find((t) => t.id === failed.id);
        const again = await this.runOne(entry, options.timeout);
        if (again === 'timeout' || again.status === TestStatus.Failed) {
          if (!fresh) {
            throw new Error(
              `${failed.id} also fails with no mutant active: module state left broken by an earlier mutant; restart the worker and run the mutant again`,
            );
          }
          this.broken = true;
        }
      }
      return toMutantRunResult(result);
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
