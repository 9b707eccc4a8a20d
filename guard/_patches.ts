/**
 * Where the guard stands: the SDK's public classes that make real calls
 * (their prototypes' methods) and the global `fetch` and `WebSocket`. Each
 * patch asks `decide` first and passes the call on unchanged when it
 * answers nothing; {@link patchAll} returns what puts every original
 * property back.
 *
 * @module
 */
import {
  getCurrentSpan,
  MCPServerSSE,
  MCPServerStdio,
  MCPServerStreamableHttp,
  OpenAIChatCompletionsModel,
  OpenAIResponsesModel,
  OpenAITracingExporter,
} from '@openai/agents';
import {
  OpenAIRealtimeSIP,
  OpenAIRealtimeWebRTC,
  OpenAIRealtimeWebSocket,
} from '@openai/agents-realtime';
import { hostIn, isLoopback, type RealCallKind } from './_hosts.ts';

/** One real call about to be made, as the guard judges it. */
export interface Attempt {
  /** Its kind. */
  readonly kind: RealCallKind;
  /** What was called: `OpenAIResponsesModel.getResponse`, `fetch`. */
  readonly call: string;
  /** Its host, or the provider or server it goes to. */
  readonly target: string;
  /** Its host, when known. */
  readonly host: string | undefined;
  /** The agent whose run made it, when the current span says. */
  readonly agent: string | undefined;
}

/** The guard's judgement: the error to fail with, or nothing to pass. */
export type Decide = (attempt: Attempt) => Error | undefined;

type Where = (self: unknown, args: readonly unknown[]) => {
  target: string;
  host: string | undefined;
};

/** One class whose methods make real calls. */
interface Patched {
  readonly kind: RealCallKind;
  readonly name: string;
  readonly prototype: object;
  /** Methods returning a promise, and those returning a stream. */
  readonly methods: readonly string[];
  readonly streams: readonly string[];
  readonly where: Where;
}

const provider: Where = () => ({ target: 'openai', host: undefined });

// The Responses model keeps its client `protected`: its `baseURL` says
// where requests go.
const clientHost: Where = (self) => {
  // A subclass may send elsewhere (the WebSocket model connects to its own,
  // private, address): its host is unknown.
  if (Object.getPrototypeOf(self) !== OpenAIResponsesModel.prototype) {
    return { target: 'openai', host: undefined };
  }
  let baseURL: unknown;
  try {
    baseURL = (self as { _client: { baseURL: unknown } })._client.baseURL;
  } catch {
    // No readable client: the provider is named instead.
  }
  const host = hostIn(baseURL);
  return { target: host ?? 'openai', host };
};

const serverName: Where = (self) => {
  let name: unknown;
  try {
    name = (self as { name?: unknown }).name;
  } catch {
    // A throwing getter: the server is not named.
  }
  return {
    target: typeof name === 'string' ? name : 'MCP server',
    host: undefined,
  };
};

// A Realtime connect's `url` option, when given; else the default
// endpoint, which the transport keeps private.
const connectUrl: Where = (_self, args) => {
  let url: unknown;
  try {
    url = Object(args[0]).url;
  } catch {
    // A throwing getter: the default endpoint is named.
  }
  const host = hostIn(url);
  return { target: host ?? 'openai', host };
};

const classes: readonly Patched[] = [
  {
    kind: 'model',
    name: 'OpenAIResponsesModel',
    prototype: OpenAIResponsesModel.prototype,
    methods: ['getResponse'],
    streams: ['getStreamedResponse'],
    where: clientHost,
  },
  {
    kind: 'model',
    name: 'OpenAIChatCompletionsModel',
    prototype: OpenAIChatCompletionsModel.prototype,
    methods: ['getResponse'],
    streams: ['getStreamedResponse'],
    where: provider,
  },
  {
    kind: 'trace-export',
    name: 'OpenAITracingExporter',
    prototype: OpenAITracingExporter.prototype,
    methods: ['export'],
    streams: [],
    where: provider,
  },
  ...([
    ['MCPServerStdio', MCPServerStdio],
    ['MCPServerSSE', MCPServerSSE],
    ['MCPServerStreamableHttp', MCPServerStreamableHttp],
  ] as const).map(([name, server]): Patched => ({
    kind: 'mcp',
    name,
    prototype: server.prototype,
    methods: ['connect'],
    streams: [],
    where: serverName,
  })),
  ...([
    ['OpenAIRealtimeWebSocket', OpenAIRealtimeWebSocket],
    ['OpenAIRealtimeWebRTC', OpenAIRealtimeWebRTC],
    ['OpenAIRealtimeSIP', OpenAIRealtimeSIP],
  ] as const).map(([name, transport]): Patched => ({
    kind: 'realtime',
    name,
    prototype: transport.prototype,
    methods: ['connect'],
    streams: [],
    where: connectUrl,
  })),
];

/**
 * The agent whose run is making the call: the SDK's current span is the
 * agent's (or its turn's) while the runner asks the model.
 */
function currentAgent(): string | undefined {
  let span: ReturnType<typeof getCurrentSpan> | undefined;
  try {
    span = getCurrentSpan();
  } catch {
    // No span context on this runtime: the agent is not known.
  }
  const data = span?.spanData;
  if (data?.type === 'agent') return data.name;
  if (data?.type === 'turn') return data.agent_name;
  return undefined;
}

/** A stream that fails at its first read. */
function failing(error: Error): AsyncIterable<never> {
  return {
    [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error) }),
  };
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

/**
 * Replaces `owner[key]` (an own method, or a global that may be a lazy
 * accessor, as Deno's `WebSocket` is) by a data property while the guard
 * is on; the returned function puts the original descriptor back.
 */
function replace(
  owner: object,
  key: string,
  wrap: (original: Method) => unknown,
  restores: Array<() => void>,
): void {
  // Absent, it is an empty descriptor: no value, no getter.
  const descriptor: PropertyDescriptor =
    Object.getOwnPropertyDescriptor(owner, key) ?? {};
  const original: unknown = 'value' in descriptor
    ? descriptor.value
    : descriptor.get?.call(owner);
  if (typeof original !== 'function') return;
  const patched = wrap(original as Method);
  // Configurable and enumerable stay as they are (an accessor becomes a
  // data property keeping both).
  Object.defineProperty(owner, key, { value: patched, writable: true });
  restores.push(() => {
    // Patched over since: the other patch stays; ours passes calls on.
    if (Object.getOwnPropertyDescriptor(owner, key)?.value !== patched) return;
    Object.defineProperty(owner, key, descriptor);
  });
}

function patchClass(
  patched: Patched,
  decide: Decide,
  restores: Array<() => void>,
): void {
  const method = (key: string, stream: boolean) =>
    replace(patched.prototype, key, (original) =>
      ({
        [key](this: unknown, ...args: unknown[]): unknown {
          const error = decide({
            kind: patched.kind,
            call: `${patched.name}.${key}`,
            ...patched.where(this, args),
            agent: currentAgent(),
          });
          if (error === undefined) return Reflect.apply(original, this, args);
          return stream ? failing(error) : Promise.reject(error);
        },
      })[key], restores);
  for (const key of patched.methods) method(key, false);
  for (const key of patched.streams) method(key, true);
}

/** The network host of a `fetch` or `WebSocket` target, unless loopback. */
function remoteHost(input: unknown): string | undefined {
  let href: unknown;
  try {
    // What fetch and WebSocket read: a Request's url, else the text.
    href = input instanceof Request ? input.url : String(input);
  } catch {
    // The platform fails on it as it would have.
  }
  const host = hostIn(href);
  return host === undefined || isLoopback(host) ? undefined : host;
}

function networkAttempt(
  kind: 'fetch' | 'websocket',
  input: unknown,
  decide: Decide,
): Error | undefined {
  const host = remoteHost(input);
  if (host === undefined) return undefined;
  const call = kind === 'fetch' ? 'fetch' : 'new WebSocket';
  return decide({ kind, call, target: host, host, agent: currentAgent() });
}

function patchGlobals(decide: Decide, restores: Array<() => void>): void {
  replace(globalThis, 'fetch', (original) =>
    new Proxy(original, {
      apply(target, self, args: unknown[]) {
        const error = networkAttempt('fetch', args[0], decide);
        if (error === undefined) return Reflect.apply(target, self, args);
        return Promise.reject(error);
      },
    }), restores);
  replace(globalThis, 'WebSocket', (original) =>
    new Proxy(original, {
      construct(target, args: unknown[], newTarget) {
        const error = networkAttempt('websocket', args[0], decide);
        if (error !== undefined) throw error;
        return Reflect.construct(target, args, newTarget);
      },
    }), restores);
}

/**
 * Patches every place a real call starts. When the platform refuses a
 * patch (a frozen class, as under a locked-down realm), what was patched is
 * put back before its error is thrown: nothing is left half on.
 *
 * @param decide Asked before each call.
 * @returns What puts every original property back.
 */
export function patchAll(decide: Decide): () => void {
  const restores: Array<() => void> = [];
  const restoreAll = () => {
    for (const restore of restores) restore();
  };
  try {
    for (const patched of classes) patchClass(patched, decide, restores);
    patchGlobals(decide, restores);
  } catch (error) {
    restoreAll();
    throw error;
  }
  return restoreAll;
}
