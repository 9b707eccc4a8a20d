/**
 * Reads an MCP script once, with the shared hostile-safe readers, into the
 * plain form the server runs; every problem is an `InvalidMcpScriptError`.
 *
 * @module
 */
import type { CallToolResult } from '@openai/agents-core';
import {
  array,
  at,
  boolean,
  boundary,
  fields,
  func,
  items,
  object,
  reject,
  string,
} from '../_internal/read.ts';
import { detachedCopy, snapshot } from '../_internal/snapshot.ts';
import { scriptError } from './input_errors.ts';
import type {
  McpCallMatcher,
  McpCallResponder,
  McpListedTool as MCPTool,
  McpResources,
  McpServerSettings,
} from './types.ts';

/** What a step does with a call. */
export type Outcome =
  | { readonly kind: 'result'; readonly result: CallToolResult }
  | { readonly kind: 'respond'; readonly respond: McpCallResponder }
  | { readonly kind: 'error'; readonly error: unknown };

/** One step, read. */
export interface Step {
  readonly tool: string;
  readonly match: McpCallMatcher | undefined;
  readonly outcome: Outcome;
}

/** One entry of the script: a step, or an `anyOrder` group. */
export interface Entry {
  readonly steps: readonly Step[];
  readonly anyOrder: boolean;
}

/** A script, read. */
export interface Script {
  readonly name: string;
  readonly tools: (listIndex: number) => MCPTool[];
  readonly staticTools: readonly string[] | undefined;
  readonly entries: readonly Entry[];
  readonly resources: McpResources | undefined;
  readonly settings: McpServerSettings;
}

const scriptKeys = [
  'name',
  'tools',
  'calls',
  'resources',
  'cacheToolsList',
  'toolFilter',
  'toolMetaResolver',
  'customDataExtractor',
  'useStructuredContent',
  'errorFunction',
  'toolInputGuardrails',
  'toolOutputGuardrails',
] as const;
const stepKeys = ['tool', 'match', 'result', 'respond', 'error'] as const;
const outcomeKeys = ['result', 'respond', 'error'] as const;
const toolKeys = ['name', 'description', 'inputSchema'] as const;
const answerKeys = ['content', 'structuredContent', 'isError', '_meta'];
const functionSettings = [
  'toolMetaResolver',
  'customDataExtractor',
] as const;

/**
 * Reads a script (`undefined`: an empty server).
 *
 * @param input The user's script.
 * @returns The script, read.
 * @throws {InvalidMcpScriptError} When anything is malformed.
 */
export function readScript(input: unknown): Script {
  return boundary(scriptError, () => {
    const read = fields(input, '', scriptKeys, { optional: true }).fields;
    const settings: Record<string, unknown> = {};
    for (const key of ['cacheToolsList', 'useStructuredContent'] as const) {
      const value = boolean(read[key], key, { optional: true });
      if (value !== undefined) settings[key] = value;
    }
    for (const key of functionSettings) {
      const value = func(read[key], key, { optional: true });
      if (value !== undefined) settings[key] = value;
    }
    for (
      const key of ['toolInputGuardrails', 'toolOutputGuardrails'] as const
    ) {
      const value = array(read[key], key, { optional: true });
      if (value !== undefined) settings[key] = value;
    }
    const filter = read.toolFilter;
    if (filter !== undefined) {
      if (typeof filter !== 'function') object(filter, 'toolFilter');
      settings.toolFilter = filter;
    }
    if ('errorFunction' in read && read.errorFunction !== undefined) {
      if (read.errorFunction !== null) {
        func(read.errorFunction, 'errorFunction', {
          expected: 'a function or null',
        });
      }
      settings.errorFunction = read.errorFunction;
    }
    const tools = readToolList(read.tools);
    return {
      name: string(read.name, 'name', { optional: true, nonEmpty: true }) ??
        'scripted-mcp',
      ...tools,
      entries: readEntries(read.calls),
      resources: readResources(read.resources),
      settings: settings as McpServerSettings,
    };
  });
}

function readToolList(
  value: unknown,
): Pick<Script, 'tools' | 'staticTools'> {
  if (typeof value === 'function') {
    const list = value as (index: number) => unknown;
    return {
      staticTools: undefined,
      tools: (index) =>
        boundary(
          scriptError,
          () => readTools(list(index), `tools(${index})`),
        ),
    };
  }
  const tools = readTools(value ?? [], 'tools');
  return {
    staticTools: Object.freeze(tools.map((tool) => tool.name)),
    tools: () => detachedCopy(tools),
  };
}

/** Reads a tool listing; a name listed twice is rejected. */
function readTools(value: unknown, path: string): MCPTool[] {
  const tools: MCPTool[] = [];
  const names = new Set<string>();
  items(value, path, (item, index) => {
    const where = at(path, index);
    const read = fields(item, where, toolKeys).fields;
    const name = string(read.name, at(where, 'name'), { nonEmpty: true });
    if (names.has(name)) {
      throw reject('invalid_value', at(where, 'name'), name, {
        expected: 'a name not listed before',
      });
    }
    names.add(name);
    const description = string(read.description, at(where, 'description'), {
      optional: true,
    });
    tools.push({
      name,
      ...(description === undefined ? {} : { description }),
      inputSchema: readSchema(read.inputSchema, at(where, 'inputSchema')),
    });
  }, { max: 1024 });
  return tools;
}

function readSchema(value: unknown, path: string): MCPTool['inputSchema'] {
  if (value === undefined) {
    return {
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: false,
    };
  }
  const names = ['type', 'properties', 'required', 'additionalProperties'];
  const { fields: read, keys } = fields(value, path, names, {
    unknownKeys: 'allow',
  });
  if (read.type !== undefined && read.type !== 'object') {
    throw reject('invalid_value', at(path, 'type'), read.type, {
      expected: '"object"',
    });
  }
  const properties = read.properties === undefined
    ? {}
    : object(read.properties, at(path, 'properties'));
  const required = (array(read.required, at(path, 'required'), {
    optional: true,
  }) ?? []).map((name, index) => string(name, at(at(path, 'required'), index)));
  const extra: Record<string, unknown> = {};
  for (const key of keys) {
    if (!names.includes(key)) {
      extra[key] = (value as Record<string, unknown>)[key];
    }
  }
  return snapshot({
    ...extra,
    type: 'object' as const,
    properties: properties as Record<string, unknown>,
    required,
    additionalProperties: boolean(
      read.additionalProperties,
      at(path, 'additionalProperties'),
      { optional: true },
    ) ?? false,
  });
}

function readEntries(value: unknown): Entry[] {
  const entries: Entry[] = [];
  if (value === undefined) return entries;
  items(value, 'calls', (item, index) => {
    const where = at('calls', index);
    const group = object(item, where) as Record<string, unknown>;
    const read = fields(group, where, [...stepKeys, 'anyOrder'], {
      unknownKeys: 'allow',
    });
    if ('anyOrder' in read.fields) {
      const steps: Step[] = [];
      const path = at(where, 'anyOrder');
      items(read.fields.anyOrder, path, (member, position) => {
        steps.push(readStep(member, at(path, position)));
      }, { nonEmpty: true });
      entries.push({ steps, anyOrder: true });
      return;
    }
    entries.push({ steps: [readStep(group, where)], anyOrder: false });
  });
  return entries;
}

/**
 * Reads one call step.
 *
 * @param value The step.
 * @param path Where it is.
 * @returns The step.
 */
export function readStep(value: unknown, path: string): Step {
  const read = fields(value, path, stepKeys).fields;
  const tool = string(read.tool, at(path, 'tool'), { nonEmpty: true });
  const match = func(read.match, at(path, 'match'), {
    optional: true,
    sync: true,
  }) as McpCallMatcher | undefined;
  const given = outcomeKeys.filter((key) =>
    key === 'result' ? 'result' in read : read[key] !== undefined
  );
  if (given.length !== 1) {
    throw reject('invalid_value', path, value, {
      expected: 'exactly one of "result", "respond" or "error"',
      received: given.length === 0
        ? 'none'
        : given.map((key) => `"${key}"`).join(', '),
    });
  }
  const outcome: Outcome = given[0] === 'respond'
    ? {
      kind: 'respond',
      respond: func(read.respond, at(path, 'respond')) as McpCallResponder,
    }
    : given[0] === 'error'
    ? { kind: 'error', error: read.error }
    : { kind: 'result', result: readAnswer(read.result, at(path, 'result')) };
  return { tool, match, outcome };
}

/**
 * Reads an answer: a string is one text item; otherwise an MCP result.
 *
 * @param value The answer.
 * @param path Where it is.
 * @returns The result, frozen.
 */
export function readAnswer(value: unknown, path: string): CallToolResult {
  if (typeof value === 'string') {
    return snapshot({ content: [{ type: 'text', text: value }] });
  }
  const read = fields(value, path, answerKeys, {
    expected: 'a string or an MCP result ({ content, ... })',
  }).fields;
  const content = array(read.content, at(path, 'content')).map(
    (item, index) => {
      const where = at(at(path, 'content'), index);
      const part = fields(item, where, ['type'], { unknownKeys: 'allow' });
      string(part.fields.type, at(where, 'type'), { nonEmpty: true });
      return item as CallToolResult['content'][number];
    },
  );
  const result: CallToolResult = { content };
  if (read.structuredContent !== undefined) {
    result.structuredContent = object(
      read.structuredContent,
      at(path, 'structuredContent'),
    ) as Record<string, unknown>;
  }
  const isError = boolean(read.isError, at(path, 'isError'), {
    optional: true,
  });
  if (isError !== undefined) result.isError = isError;
  if (read._meta !== undefined) {
    result._meta = object(read._meta, at(path, '_meta')) as Record<
      string,
      unknown
    >;
  }
  return boundary(scriptError, () => snapshot(result));
}

function readResources(value: unknown): McpResources | undefined {
  if (value === undefined) return undefined;
  const read = fields(value, 'resources', [
    'resources',
    'templates',
    'contents',
  ]).fields;
  const contents = read.contents === undefined
    ? undefined
    : object(read.contents, 'resources.contents');
  return snapshot({
    resources: array(read.resources, 'resources.resources', {
      optional: true,
    }) ?? [],
    templates: array(read.templates, 'resources.templates', {
      optional: true,
    }) ?? [],
    contents: contents ?? {},
  }) as McpResources;
}
