/**
 * The request summary a model fixture stores and replay compares: the
 * JSON data of a `ModelRequest`, credentials removed, and its aspects.
 *
 * @module
 */
import type { ModelRequest } from '@openai/agents-core';
import { encode, type Json } from '../_internal/encode.ts';
import type { Redaction } from '../_internal/redact.ts';
import type {
  ModelFixtureRequest,
  ModelReplayAspect,
} from './model_fixture.ts';

/**
 * Every aspect replay knows, causes first: a changed tool or instruction
 * is reported before the changed input it leads to.
 */
export const modelReplayAspects: readonly ModelReplayAspect[] = Object.freeze([
  'toolSchemas',
  'tools',
  'handoffs',
  'instructions',
  'outputType',
  'modelSettings',
  'prompt',
  'previousResponseId',
  'conversationId',
  'input',
]);

function list(value: unknown, redaction: Redaction): Json[] {
  const encoded = encode(value, { redaction });
  return Array.isArray(encoded) ? encoded : [];
}

/** How each key of a request summary is made; absent keys are `undefined`. */
const summaryParts: Record<
  keyof ModelFixtureRequest,
  (request: ModelRequest, redaction: Redaction) => Json | undefined
> = {
  handoffs: (request, redaction) => list(request.handoffs, redaction),
  input: (request, redaction) => encode(request.input, { redaction }) ?? null,
  instructions: (request, redaction) =>
    typeof request.systemInstructions === 'string'
      ? encode(request.systemInstructions, { redaction })
      : undefined,
  modelSettings: (request, redaction) =>
    encode(request.modelSettings, { redaction }) ?? {},
  outputType: (request, redaction) =>
    encode(request.outputType, { redaction }) ?? null,
  tools: (request, redaction) => list(request.tools, redaction),
  previousResponseId: (request) =>
    typeof request.previousResponseId === 'string'
      ? request.previousResponseId
      : undefined,
  conversationId: (request) =>
    typeof request.conversationId === 'string'
      ? request.conversationId
      : undefined,
  prompt: (request, redaction) =>
    request.prompt === undefined
      ? undefined
      : encode(request.prompt, { redaction }) ?? null,
};

/**
 * Summarizes a request as JSON data, keys sorted, credentials removed.
 *
 * @param request The request the model received.
 * @param redaction The recording's redaction.
 * @returns Its summary.
 */
export function summarizeRequest(
  request: ModelRequest,
  redaction: Redaction,
): ModelFixtureRequest {
  const out: Record<string, Json> = {};
  for (const key of Object.keys(summaryParts).sort()) {
    const part = summaryParts[key as keyof ModelFixtureRequest];
    const value = part(request, redaction);
    if (value !== undefined) out[key] = value;
  }
  return out as unknown as ModelFixtureRequest;
}

/**
 * Summarizes only what `aspects` compare, exactly as
 * {@link summarizeRequest} would: replay pays for what it checks.
 *
 * @param request The request the model received.
 * @param how The compared aspects and the replay's redaction.
 * @returns A summary holding at least those aspects.
 */
export function summarizeAspects(
  request: ModelRequest,
  how: {
    readonly aspects: readonly ModelReplayAspect[];
    readonly redaction: Redaction;
  },
): ModelFixtureRequest {
  const { aspects, redaction } = how;
  const out: Record<string, Json | undefined> = { tools: [], handoffs: [] };
  for (const aspect of aspects) {
    if (aspect === 'tools') {
      // Names only, unless the schemas are compared too.
      if (!aspects.includes('toolSchemas')) {
        out.tools = (request.tools ?? []).map((tool) => ({
          name: (tool as { name?: string }).name ?? null,
          type: (tool as { type?: string }).type ?? null,
        }));
      }
      continue;
    }
    const key = aspect === 'toolSchemas' ? 'tools' : aspect;
    out[key] = summaryParts[key](request, redaction);
  }
  return out as unknown as ModelFixtureRequest;
}

/**
 * The value of one aspect of a request summary, and the path it starts at.
 *
 * @param request The summary.
 * @param aspect The aspect.
 * @returns The value (`undefined` when absent) and its path.
 */
export function aspectOf(
  request: ModelFixtureRequest,
  aspect: ModelReplayAspect,
): { value: Json | undefined; path: string } {
  switch (aspect) {
    case 'tools':
      return {
        value: request.tools.map((tool) => ({ name: toolName(tool) })),
        path: 'tools',
      };
    case 'toolSchemas':
      return { value: request.tools as Json[], path: 'tools' };
    default:
      return { value: request[aspect] as Json | undefined, path: aspect };
  }
}

function toolName(tool: Json): Json {
  // Anything but a tool object has neither: a string's `name` is absent.
  const named = tool as { name?: Json; type?: Json } | null;
  return named?.name ?? named?.type ?? null;
}
