/**
 * The in-memory trace capture: one router processor owns the SDK's global
 * trace provider while at least one capture is installed, and hands every
 * trace and span event to each installed capture. The first install turns
 * tracing on and replaces every processor (so no exporter sees anything);
 * the last uninstall puts back the processors and the disabled flag.
 *
 * @module
 */
import {
  getGlobalTraceProvider,
  NoopTrace,
  setTraceProcessors,
  setTracingDisabled,
  type Span,
  type Trace,
  type TracingProcessor,
} from '@openai/agents-core';
import { installDispose } from '../_internal/state.ts';
import { array, fields, func } from '../_internal/read.ts';
import { inputChecking } from './errors.ts';
import { CapturedTrace, type SpanRecord } from './trace.ts';
import type { TraceSelector } from './types.ts';
import { selectTrace } from './select.ts';

/** What a capture records: the events of the router, in order. */
interface Sink {
  traceStart(trace: Trace): void;
  traceEnd(trace: Trace): void;
  spanStart(span: Span<never>): void;
  spanEnd(span: Span<never>): void;
}

/** The provider's state before the first capture, put back by the last. */
interface Saved {
  readonly restore: TracingProcessor[];
  readonly disabled: boolean;
}

/** Each capture's recorder, kept off its public surface. */
const sinks = new WeakMap<object, Sink>();

/** The installed captures of the process (this module's copy). */
const active = new Set<Sink>();
/** What the first capture in replaced; set while `active` is not empty. */
let saved: Saved = { restore: [], disabled: false };

function each(deliver: (sink: Sink) => void): Promise<void> {
  for (const sink of active) deliver(sink);
  return Promise.resolve();
}

/** The one processor installed while captures are: records, exports nothing. */
const router: TracingProcessor = {
  onTraceStart: (trace) => each((sink) => sink.traceStart(trace)),
  onTraceEnd: (trace) => each((sink) => sink.traceEnd(trace)),
  onSpanStart: (span) => each((sink) => sink.spanStart(span as Span<never>)),
  onSpanEnd: (span) => each((sink) => sink.spanEnd(span as Span<never>)),
  shutdown: () => Promise.resolve(),
  forceFlush: () => Promise.resolve(),
};

/**
 * Whether the SDK's tracing is disabled now: a disabled provider creates a
 * `NoopTrace` (creating one starts nothing, so no processor hears of it).
 */
function tracingDisabled(): boolean {
  return getGlobalTraceProvider().createTrace({}) instanceof NoopTrace;
}

/**
 * Options of {@link installTraceCapture}.
 *
 * @example
 * ```ts
 * import type { TraceCaptureOptions } from '@scripted/agents/tracing';
 *
 * const options: TraceCaptureOptions = { restore: [] };
 * ```
 */
export interface TraceCaptureOptions {
  /**
   * The processors to put back when the last capture is uninstalled. The
   * SDK offers no way to read the processors it holds, so they cannot be
   * saved: by default none are put back (and the disabled flag is, so a
   * test process where tracing was off keeps it off). Pass your own list
   * (for example the exporter your app registered) to get it back: whole
   * processors, each method the SDK calls a function (checked at the call).
   * Read only by the first of overlapping captures.
   */
  readonly restore?: readonly TracingProcessor[] | undefined;
}

/**
 * Records the traces and spans the SDK emits while it is installed, in
 * memory; nothing is exported. Get one from {@link installTraceCapture};
 * uninstall it with `using`, `uninstall()` or `dispose()`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from '@scripted/agents';
 * import { installTraceCapture } from '@scripted/agents/tracing';
 *
 * const model = new ScriptedModel([[assistantMessage('Hi')]]);
 * {
 *   using capture = installTraceCapture();
 *   await new Runner().run(new Agent({ name: 'Greeter', model }), 'Hello');
 *   capture.trace().assertAgents(['Greeter']);
 * }
 * ```
 */
export class TraceCapture {
  readonly #traces = new Map<string, CapturedTrace>();
  readonly #spans = new Map<string, SpanRecord>();
  #installed = true;

  constructor() {
    const sink: Sink = {
      traceStart: (trace) => this.#trace(trace.traceId, trace),
      traceEnd: (trace) => {
        this.#trace(trace.traceId, trace).ended = true;
      },
      spanStart: (span) => {
        const record: SpanRecord = { span, ended: false };
        this.#spans.set(span.spanId, record);
        this.#trace(span.traceId).add(record);
      },
      spanEnd: (span) => {
        const record = this.#spans.get(span.spanId);
        if (record === undefined) {
          // Started before this capture: kept, ordered by its end.
          sink.spanStart(span);
          return sink.spanEnd(span);
        }
        record.ended = true;
      },
    };
    sinks.set(this, sink);
  }

  #trace(traceId: string, trace?: Trace): CapturedTrace {
    let found = this.#traces.get(traceId);
    if (found === undefined) {
      found = new CapturedTrace(traceId);
      this.#traces.set(traceId, found);
    }
    if (trace !== undefined) found.describe(trace);
    return found;
  }

  /** Whether the capture still records (not yet uninstalled). */
  get installed(): boolean {
    return this.#installed;
  }

  /** Every trace recorded, in the order their first event arrived. */
  get traces(): readonly CapturedTrace[] {
    return [...this.#traces.values()];
  }

  /**
   * One recorded trace: the only one, or the one `selector` names (by
   * `name` — the run's `workflowName` —, `traceId` or `groupId`).
   *
   * @param selector Which trace; omitted: the capture must hold exactly one.
   * @returns The trace.
   * @throws {TraceNotFoundError} When none matches.
   * @throws {AmbiguousTraceError} When more than one does.
   * @throws {InvalidTraceAssertionInputError} When `selector` is malformed.
   */
  trace(selector?: TraceSelector): CapturedTrace {
    return selectTrace(this.traces, selector);
  }

  /**
   * Stops recording; the last capture out restores the SDK's processors
   * and disabled flag. Recorded traces stay readable. Calling it again
   * does nothing.
   */
  uninstall(): void {
    this.#installed = false;
    uninstallSink(sinks.get(this)!);
  }

  /** The same as {@link TraceCapture.uninstall}. */
  dispose(): void {
    this.uninstall();
  }

  /** `using capture = installTraceCapture()` uninstalls at scope exit. */
  declare [Symbol.dispose]: () => void;
}

installDispose(TraceCapture.prototype, function (this: TraceCapture) {
  this.uninstall();
});

function uninstallSink(sink: Sink): void {
  if (!active.delete(sink) || active.size > 0) return;
  setTraceProcessors(saved.restore);
  setTracingDisabled(saved.disabled);
}

/**
 * What the SDK calls on a processor (`setTraceProcessors` shuts the old
 * ones down): a partial one put back would fail the next capture.
 */
const processorMethods = [
  'onTraceStart',
  'onTraceEnd',
  'onSpanStart',
  'onSpanEnd',
  'shutdown',
  'forceFlush',
] as const;

function readOptions(options: unknown): TracingProcessor[] {
  const read = fields(options, 'options', ['restore'], { optional: true })
    .fields;
  if (read.restore === undefined) return [];
  return array(read.restore, 'options.restore', {
    expected: 'an array of tracing processors',
  }).map((processor, i) => {
    const path = `options.restore[${i}]`;
    const expected = 'a tracing processor';
    const methods = fields(processor, path, [...processorMethods, 'start'], {
      unknownKeys: 'allow',
      expected,
    }).fields;
    for (const name of processorMethods) {
      func(methods[name], `${path}.${name}`, { expected });
    }
    func(methods.start, `${path}.start`, { optional: true });
    return processor as TracingProcessor;
  });
}

/**
 * Installs an in-memory trace capture: tracing is enabled (even where the
 * SDK disabled it, as under `NODE_ENV=test`) and every processor is
 * replaced by the capture's, so no span leaves the process. Uninstall it
 * (`using`, `uninstall()` or `dispose()`, in a `finally` when not `using`)
 * to restore the processors and the disabled flag.
 *
 * Captures may overlap (concurrent tests in one file): each records every
 * trace of the process while installed, so tell runs apart by trace
 * (`capture.trace({ name })` with the run's `workflowName`).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from '@scripted/agents';
 * import { installTraceCapture } from '@scripted/agents/tracing';
 *
 * const capture = installTraceCapture();
 * try {
 *   const model = new ScriptedModel([[assistantMessage('Hi')]]);
 *   await new Runner({ workflowName: 'greet' })
 *     .run(new Agent({ name: 'Greeter', model }), 'Hello');
 * } finally {
 *   capture.uninstall();
 * }
 * assert.equal(capture.trace({ name: 'greet' }).spans.length > 0, true);
 * ```
 *
 * @param options `restore`: the processors the last uninstall puts back.
 * @returns The installed capture.
 * @throws {InvalidTraceAssertionInputError} When `options` is malformed:
 * `restore` must list whole tracing processors (`onTraceStart`,
 * `onTraceEnd`, `onSpanStart`, `onSpanEnd`, `shutdown` and `forceFlush`
 * functions, and `start` a function if present), since the SDK calls them
 * once they are back. Nothing is installed then.
 */
export function installTraceCapture(
  options?: TraceCaptureOptions,
): TraceCapture {
  const restore = inputChecking(
    'installTraceCapture',
    () => readOptions(options),
  );
  const capture = new TraceCapture();
  if (active.size === 0) {
    saved = { restore, disabled: tracingDisabled() };
    setTraceProcessors([router]);
    setTracingDisabled(false);
  }
  active.add(sinks.get(capture)!);
  return capture;
}
