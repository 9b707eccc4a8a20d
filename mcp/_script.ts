/**
 * The cursor through an MCP script: which step takes a call (in order, or
 * any unused member of an `mcpAnyOrder` group), the drift errors when none
 * does, and the timeline of steps and calls for failure messages.
 *
 * @module
 */
import { isError, runMatcher } from '../_internal/matcher.ts';
import { detachedCopy } from '../_internal/snapshot.ts';
import { appendTimeline } from '../_internal/timeline.ts';
import type { Entry, Step } from './_read.ts';
import {
  type McpAnyOrderCandidate,
  McpCallMatcherError,
  UnexpectedMcpCallError,
} from './errors.ts';
import { InvalidMcpScriptError } from './input_errors.ts';
import type { RecordedMcpCall } from './types.ts';

/** A step and where it is in the script. */
export interface Placed {
  readonly step: Step;
  /** Its position among all steps, for the timeline. */
  readonly flat: number;
  /** Where it was written: `calls[1]`, `calls[2].anyOrder[0]`. */
  readonly path: string;
}

/** The steps, the cursor, and which call took which step. */
export class Cursor {
  readonly #groups: Placed[][] = [];
  readonly #anyOrder: boolean[] = [];
  readonly #used: boolean[] = [];
  readonly #callSteps = new Map<number, number>();
  readonly #tools: string[] = [];
  #group = 0;

  /**
   * Places the entries.
   *
   * @param entries The script's entries.
   */
  constructor(entries: readonly Entry[]) {
    let flat = 0;
    entries.forEach((entry, index) => {
      this.#anyOrder.push(entry.anyOrder);
      this.#groups.push(entry.steps.map((step, position) => {
        this.#used.push(false);
        this.#tools.push(step.tool);
        return {
          step,
          flat: flat++,
          path: entry.anyOrder
            ? `calls[${index}].anyOrder[${position}]`
            : `calls[${index}]`,
        };
      }));
    });
  }

  /** The tools of the steps not used yet, in script order. */
  remaining(): string[] {
    return this.#groups.flat()
      .filter((placed) => !this.#used[placed.flat])
      .map((placed) => placed.step.tool);
  }

  /**
   * Appends the timeline of steps and calls (each a tool name) to a
   * failure, freshly constructed (`appendTimeline`).
   *
   * @param error The failure.
   * @param calls The calls so far.
   * @param candidates Flat positions of steps that were candidates.
   * @returns The same error.
   */
  withTimeline<E extends Error & { readonly timeline: string | undefined }>(
    error: E,
    calls: readonly RecordedMcpCall[],
    candidates?: readonly number[],
  ): E {
    return appendTimeline(error, {
      steps: this.#tools,
      calls: calls.map((call) => call.name),
      took: this.#callSteps,
      candidates,
    });
  }

  /**
   * Finds the step that takes `call`, marks it used and returns it.
   *
   * @param call The recorded call.
   * @param calls Every call so far, for the timeline.
   * @returns The step.
   * @throws The drift error when no step takes it.
   */
  take(call: RecordedMcpCall, calls: () => readonly RecordedMcpCall[]): Placed {
    const group = this.#groups[this.#group];
    const remainingSteps = this.remaining().length;
    if (group === undefined) {
      throw this.withTimeline(
        new UnexpectedMcpCallError({
          callIndex: call.index,
          tool: call.name,
          remainingSteps,
        }),
        calls(),
      );
    }
    const unused = group.filter((placed) => !this.#used[placed.flat]);
    const candidates: (McpAnyOrderCandidate & {
      readonly flat: number;
      readonly thrown?: unknown;
    })[] = [];
    // An ordered step is a group of one: the loop meets one candidate.
    for (const placed of unused) {
      const { step } = placed;
      const position = group.indexOf(placed);
      if (step.tool !== call.name) {
        candidates.push({
          position,
          method: step.tool,
          rejection: 'method',
          flat: placed.flat,
        });
        continue;
      }
      const verdict = step.match === undefined
        ? { kind: 'pass' as const }
        : runMatcher(step.match, [detachedCopy(call.arguments), call]);
      if (verdict.kind === 'pass') return this.#use(placed, call);
      if (verdict.kind === 'promise') {
        throw new InvalidMcpScriptError({
          code: 'invalid_value',
          path: `${placed.path}.match`,
          expected: 'a matcher that answers synchronously',
          received: 'a promise',
        });
      }
      const thrown = (verdict as { readonly error?: unknown }).error;
      // An error a matcher throws is the best report, outside a group.
      if (isError(thrown) && !this.#anyOrder[this.#group]) throw thrown;
      candidates.push({
        position,
        method: step.tool,
        rejection: verdict.kind === 'threw' ? 'threw' : 'false',
        flat: placed.flat,
        thrown,
      });
    }
    const inGroup = this.#anyOrder[this.#group] ? candidates : undefined;
    const flat = inGroup?.map((candidate) => candidate.flat);
    if (candidates.every((candidate) => candidate.rejection === 'method')) {
      throw this.withTimeline(
        new UnexpectedMcpCallError({
          callIndex: call.index,
          tool: call.name,
          expectedTool: unused[0]!.step.tool,
          remainingSteps,
          candidates: inGroup,
        }),
        calls(),
        flat,
      );
    }
    const falsy = candidates.some((candidate) =>
      candidate.rejection === 'false'
    );
    throw this.withTimeline(
      new McpCallMatcherError(
        {
          callIndex: call.index,
          tool: call.name,
          matcherResult: falsy ? 'false' : 'threw',
          candidates: inGroup,
        },
        falsy ? undefined : {
          cause:
            candidates.find((candidate) => candidate.rejection === 'threw')!
              .thrown,
        },
      ),
      calls(),
      flat,
    );
  }

  #use(placed: Placed, call: RecordedMcpCall): Placed {
    this.#used[placed.flat] = true;
    this.#callSteps.set(call.index, placed.flat);
    const group = this.#groups[this.#group]!;
    if (group.every((member) => this.#used[member.flat])) this.#group++;
    return placed;
  }
}
