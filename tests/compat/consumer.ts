/**
 * A consumer of the SDK's testing modules, written the way their users write
 * tests: every exported name, every overload and the shapes a user's code
 * touches. It imports only from `@openai/agents/testing` and
 * `@openai/agents/realtime/testing` (plus the SDK's main packages).
 *
 * It is never run (no test file imports it); `scripts/check_compat.ts`
 * type-checks it twice: as is, against the SDK module, and with the two
 * testing imports swapped to `@scripted/agents` and
 * `@scripted/agents/realtime`. Both must have 0 errors: that is the drop-in
 * promise (SPEC "Drop-in surface").
 *
 * Run: `deno run --allow-all scripts/check_compat.ts`
 *
 * @module
 */
import {
  Agent,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type ModelRetryAdvice,
  type ModelRetryAdviceRequest,
  Runner,
  type StreamEvent,
  Usage,
} from '@openai/agents';
import {
  Manifest,
  SandboxAgent,
  type SandboxSession,
  shell,
} from '@openai/agents/sandbox';
import {
  RealtimeAgent,
  RealtimeSession,
  type RealtimeTransportLayer,
} from '@openai/agents/realtime';
import {
  assistantMessage,
  type AssistantMessageOptions,
  functionCall,
  type FunctionCallOptions,
  InvalidScriptedModelStepError,
  type InvalidScriptedModelStepReason,
  InvalidScriptedSandboxStepError,
  type InvalidScriptedSandboxStepReason,
  modelError,
  modelResponder,
  modelResponse,
  modelStream,
  modelStreamResponder,
  type RecordedModelCall,
  type RecordedSandboxCall,
  SandboxCallMatcherError,
  ScriptedModel,
  type ScriptedModelInput,
  ScriptedModelRequestAbortedError,
  type ScriptedModelResponse,
  type ScriptedModelRetryAdvice,
  type ScriptedModelStream,
  type ScriptedSandboxCallFor,
  type ScriptedSandboxInput,
  type ScriptedSandboxMethod,
  type ScriptedSandboxSession,
  scriptedSandboxSession,
  UnconsumedModelStepsError,
  UnconsumedSandboxStepsError,
  UnexpectedModelCallError,
  UnexpectedSandboxCallError,
} from '@openai/agents/testing';
import {
  IncompleteRealtimeScenarioError,
  type PendingRealtimeExpectation,
  type PendingRealtimeFailure,
  type RealtimeCallMatcher,
  RealtimeCallMatcherError,
  type RealtimeTransportCallFor,
  type RealtimeTransportMethod,
  RealtimeTransportNotClosedError,
  type RecordedRealtimeTransportCall,
  ScriptedRealtimeConnectionSupersededError,
  ScriptedRealtimeScenarioCancelledError,
  type ScriptedRealtimeScenarioContext,
  type ScriptedRealtimeScenarioOptions,
  ScriptedRealtimeTransport,
  UnexpectedRealtimeCallError,
} from '@openai/agents/realtime/testing';

/** Compiles only when `value` is assignable to `T`. */
function expectType<T>(_value: T): void {}

/** Compiles only when `A` and `B` are mutually assignable. */
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false)
  : false;
function expectTrue<T extends true>(_proof?: T): void {}

// ---------------------------------------------------------------------------
// ScriptedModel
// ---------------------------------------------------------------------------

/** Builds a model every way the SDK module allows. */
export function modelConstruction(): Model[] {
  const empty = new ScriptedModel();
  const fromArray = new ScriptedModel([
    [assistantMessage('hi')],
    modelResponse([assistantMessage('shorthand step')]),
  ]);
  // Any Iterable: a Set, a generator.
  const fromSet = new ScriptedModel(
    new Set<ScriptedModelInput>([[assistantMessage('from a set')]]),
  );
  function* inputs(): Generator<ScriptedModelInput> {
    yield [assistantMessage('generated')];
    yield modelError(new Error('boom'));
  }
  const fromGenerator = new ScriptedModel(inputs());
  const asModel: Model = fromGenerator;
  return [empty, fromArray, fromSet, asModel];
}

/** Every step factory and input form. */
export function modelSteps(): ScriptedModelInput[] {
  const usage = new Usage({ requests: 1, inputTokens: 3, outputTokens: 4 });
  const full: ModelResponse = {
    output: [assistantMessage('full')],
    usage,
    responseId: 'resp_1',
  };
  const shorthand: ScriptedModelResponse = [assistantMessage('short')];
  const complete: ScriptedModelResponse = full;
  const fixedAdvice: ScriptedModelRetryAdvice = {
    suggested: true,
    retryAfterMs: 10,
  };
  const adviceCallback: ScriptedModelRetryAdvice = (
    request: ModelRetryAdviceRequest,
  ) => ({ suggested: request.attempt === 1 });
  // deno-lint-ignore require-await -- an async function on purpose
  const asyncAdvice: ScriptedModelRetryAdvice = async ({ attempt }) =>
    attempt > 2 ? undefined : { suggested: true };
  const events: StreamEvent[] = [
    { type: 'response_started' },
    { type: 'output_text_delta', delta: 'hi' },
    {
      type: 'response_done',
      response: {
        id: 'resp_stream',
        usage: {
          requests: 1,
          inputTokens: 0,
          outputTokens: 0,
          totalTokens: 0,
        },
        output: [assistantMessage('hi')],
      },
    },
  ];
  const syncStream: ScriptedModelStream = events;
  async function* asyncEvents(): AsyncGenerator<StreamEvent> {
    yield* events;
  }
  const asyncStream: ScriptedModelStream = asyncEvents();
  const steps: ScriptedModelInput[] = [
    full,
    shorthand,
    complete,
    [],
    modelResponse(full),
    modelResponse(shorthand),
    modelError(new Error('once')),
    modelError(new Error('advised'), fixedAdvice),
    modelError('a string error', adviceCallback),
    modelError(undefined, asyncAdvice),
    modelResponder((call) => {
      expectType<number>(call.index);
      expectType<boolean>(call.streamed);
      expectType<Readonly<ModelRequest>>(call.request);
      return [assistantMessage(`call ${call.index}`)];
    }),
    // deno-lint-ignore require-await -- an async function on purpose
    modelResponder(async (call): Promise<ModelResponse> => ({
      output: [assistantMessage(String(call.request.input))],
      usage,
    })),
    modelStream(syncStream),
    modelStream(asyncStream),
    modelStream(asyncEvents()),
    modelStreamResponder((call) => {
      expectType<RecordedModelCall>(call);
      return events;
    }),
    // deno-lint-ignore require-await -- an async function on purpose
    modelStreamResponder(async () => asyncEvents()),
    // Raw step envelopes, as the factories return them.
    { type: 'response', response: shorthand },
    { type: 'error', error: new Error('raw') },
    { type: 'error', error: new Error('raw'), retryAdvice: fixedAdvice },
    { type: 'responder', respond: () => shorthand },
    { type: 'stream', events },
    { type: 'stream_responder', respond: () => events },
  ];
  return steps;
}

/** The item helpers and their option types. */
export function modelItems(): ModelResponse['output'] {
  const messageOptions: AssistantMessageOptions = {
    id: 'msg_1',
    phase: 'final_answer',
    providerData: { source: 'test' },
  };
  const callOptions: FunctionCallOptions = {
    callId: 'call_1',
    id: 'fc_1',
    namespace: 'tools',
    providerData: { source: 'test' },
  };
  const message = assistantMessage('hello');
  const withOptions = assistantMessage('hello', messageOptions);
  const stringArgs = functionCall('lookup', '{"q":1}', { callId: 'call_0' });
  const objectArgs = functionCall('lookup', { q: 1 }, callOptions);
  expectType<string>(message.role);
  expectType<string>(stringArgs.callId);
  expectType<string>(objectArgs.arguments);
  expectType<string>(objectArgs.name);
  return [message, withOptions, stringArgs, objectArgs];
}

/** What a test reads from a model after (or during) a run. */
export async function modelRecording(): Promise<void> {
  const model = new ScriptedModel([[assistantMessage('done')]]);
  model.enqueue();
  model.enqueue([assistantMessage('a')], modelError(new Error('b')));
  const agent = new Agent({ name: 'Assistant', model });
  const result = await new Runner({ tracingDisabled: true }).run(agent, 'hi');
  expectType<unknown>(result.finalOutput);
  const calls: readonly RecordedModelCall[] = model.calls;
  const first: RecordedModelCall | undefined = model.firstCall;
  const last: RecordedModelCall | undefined = model.lastCall;
  const remaining: number = model.remainingSteps;
  expectType<number | undefined>(first?.index);
  expectType<boolean | undefined>(last?.streamed);
  expectType<ModelRequest['input'] | undefined>(calls[0]?.request.input);
  expectType<number>(remaining);
  model.assertComplete();

  // Driving the Model interface directly.
  const request = calls[0]!.request as ModelRequest;
  const response: ModelResponse = await model.getResponse(request);
  expectType<string | undefined>(response.responseId);
  for await (const event of model.getStreamedResponse(request)) {
    expectType<StreamEvent>(event);
  }
  const advice: Promise<ModelRetryAdvice | undefined> = model.getRetryAdvice({
    request,
    error: new Error('x'),
    stream: false,
    attempt: 1,
  });
  const settled = await advice.then((value) => value?.suggested);
  expectType<boolean | undefined>(settled);
}

/** The model's errors, built the SDK module's way, and their fields. */
export function modelErrors(call: RecordedModelCall): Error[] {
  const unexpected = new UnexpectedModelCallError(call);
  expectType<number>(unexpected.callIndex);
  expectType<boolean>(unexpected.streamed);
  const unconsumed = new UnconsumedModelStepsError(2);
  expectType<number>(unconsumed.remainingSteps);
  const invalid = new InvalidScriptedModelStepError({
    reason: 'invalid_input',
    message: 'Invalid input',
  });
  const invalidFull = new InvalidScriptedModelStepError({
    reason: 'incompatible_call',
    message: 'Raw stream used by a non-streaming call',
    inputIndex: 0,
    callIndex: 1,
    stepType: 'stream',
  });
  const reason: InvalidScriptedModelStepReason = invalidFull.reason;
  expectType<number | undefined>(invalid.inputIndex);
  expectType<number | undefined>(invalid.callIndex);
  expectType<string | undefined>(invalid.stepType);
  const aborted = new ScriptedModelRequestAbortedError();
  const abortedAt = new ScriptedModelRequestAbortedError(3);
  expectType<number | undefined>(abortedAt.callIndex);
  describeModelReason(reason);
  return [unexpected, unconsumed, invalid, invalidFull, aborted, abortedAt];
}

/** An exhaustive switch: breaks if the union gains or loses a member. */
function describeModelReason(reason: InvalidScriptedModelStepReason): string {
  switch (reason) {
    case 'invalid_input':
    case 'unknown_step_type':
    case 'missing_response':
    case 'invalid_response':
    case 'missing_error':
    case 'missing_responder':
    case 'invalid_stream':
    case 'incompatible_call':
      return reason;
    default: {
      const never: never = reason;
      return never;
    }
  }
}

/** Telling the errors apart in a catch block. */
export function classifyModelError(error: unknown): string {
  if (error instanceof UnexpectedModelCallError) return `${error.callIndex}`;
  if (error instanceof UnconsumedModelStepsError) {
    return `${error.remainingSteps}`;
  }
  if (error instanceof InvalidScriptedModelStepError) return error.reason;
  if (error instanceof ScriptedModelRequestAbortedError) return error.name;
  return 'other';
}

// ---------------------------------------------------------------------------
// scriptedSandboxSession
// ---------------------------------------------------------------------------

/** The three overloads, and the generic session type. */
export async function sandboxOverloads(): Promise<void> {
  // 1. A literal array: the named methods are required on the result.
  const session = scriptedSandboxSession([
    {
      method: 'execCommand',
      match: ({ cmd }) => {
        expectType<string>(cmd);
      },
      result: '/workspace\n',
    },
    { method: 'supportsPty', result: false },
    {
      method: 'readFile',
      match: (args) => args.path === 'a.txt',
      respond: (call) => {
        expectType<'readFile'>(call.method);
        expectType<number>(call.index);
        return `contents of ${call.args[0].path}`;
      },
    },
    { method: 'pathExists', error: new Error('denied') },
  ]);
  const output: string = await session.execCommand({ cmd: 'pwd' });
  const pty: boolean = session.supportsPty();
  const file: string | Uint8Array = await session.readFile({ path: 'a.txt' });
  const exists: Promise<boolean> = session.pathExists('x');
  exists.catch(() => {});
  expectType<string>(output);
  expectType<boolean>(pty);
  expectType<string | Uint8Array>(file);
  const typed: ScriptedSandboxSession<
    'execCommand' | 'supportsPty' | 'readFile' | 'pathExists'
  > = session;
  const asSession: SandboxSession = typed;
  expectType<SandboxSession>(asSession);

  // 2. Any Iterable, typed by its method parameter.
  const inputs = new Set<ScriptedSandboxInput<'execCommand'>>([
    { method: 'execCommand', result: 'ok' },
  ]);
  const fromSet = scriptedSandboxSession(inputs);
  const fromSetOutput: string = await fromSet.execCommand({ cmd: 'ls' });
  expectType<string>(fromSetOutput);
  function* generated(): Generator<ScriptedSandboxInput<'listDir'>> {
    yield { method: 'listDir', result: [] };
  }
  const fromGenerator: ScriptedSandboxSession<'listDir'> =
    scriptedSandboxSession(generated());
  expectType<ScriptedSandboxSession<'listDir'>>(fromGenerator);

  // 3. No argument: an empty, complete session.
  const empty = scriptedSandboxSession();
  const emptyTyped: ScriptedSandboxSession<never> = empty;
  const defaultTyped: ScriptedSandboxSession = emptyTyped;
  defaultTyped.assertComplete();
  expectType<number>(empty.remainingSteps);

  // Reading the record.
  const calls: readonly RecordedSandboxCall[] = session.calls;
  expectType<number | undefined>(calls[0]?.index);
  expectType<string | undefined>(calls[0]?.method);
  expectType<readonly unknown[] | undefined>(calls[0]?.args);
  expectType<number>(session.remainingSteps);
  session.assertComplete();
}

/** Step values typed per method, built apart from the call. */
export function sandboxInputs(): ScriptedSandboxInput[] {
  const method: ScriptedSandboxMethod = 'execCommand';
  const methods: ScriptedSandboxMethod[] = [
    method,
    'supportsPty',
    'applyManifest',
    'persistWorkspace',
    'hydrateWorkspace',
    'writeStdin',
    'listDir',
  ];
  expectType<ScriptedSandboxMethod[]>(methods);
  const responder = (
    call: ScriptedSandboxCallFor<'execCommand'>,
  ): Promise<string> => Promise.resolve(call.args[0].cmd);
  const manifestStep: ScriptedSandboxInput<'applyManifest'> = {
    method: 'applyManifest',
    match: (manifest, runAs) => {
      expectType<Manifest>(manifest);
      expectType<string | undefined>(runAs);
    },
    result: undefined,
  };
  const inputs: ScriptedSandboxInput[] = [
    { method: 'execCommand', respond: responder },
    { method: 'execCommand', respond: (call) => call.args[0].cmd },
    { method: 'supportsPty', respond: () => true },
    { method: 'persistWorkspace', result: new Uint8Array([1, 2]) },
    { method: 'hydrateWorkspace', error: new Error('bad archive') },
    manifestStep,
  ];
  return inputs;
}

/** A session plugged into the real SandboxAgent runtime. */
export async function sandboxRun(): Promise<unknown> {
  const session = scriptedSandboxSession([
    { method: 'execCommand', result: '/workspace\n' },
  ]);
  const model = new ScriptedModel([
    [functionCall('exec_command', { cmd: 'pwd' }, { callId: 'call_1' })],
    [assistantMessage('The workspace is /workspace.')],
  ]);
  const agent = new SandboxAgent({
    name: 'Workspace assistant',
    model,
    capabilities: [shell()],
  });
  const result = await new Runner({ tracingDisabled: true }).run(
    agent,
    'Which directory?',
    { sandbox: { session } },
  );
  session.assertComplete();
  await session.applyManifest?.(new Manifest({}));
  return result.finalOutput;
}

/** The sandbox's errors, built the SDK module's way, and their fields. */
export function sandboxErrors(call: RecordedSandboxCall): Error[] {
  const invalid = new InvalidScriptedSandboxStepError({
    reason: 'unknown_method',
    inputIndex: 0,
    message: 'Unknown method',
  });
  const invalidWithMethod = new InvalidScriptedSandboxStepError({
    reason: 'invalid_outcome',
    inputIndex: 2,
    message: 'Step needs one outcome',
    method: 'execCommand',
  });
  const reason: InvalidScriptedSandboxStepReason = invalid.reason;
  expectType<number>(invalid.inputIndex);
  expectType<string | undefined>(invalidWithMethod.method);
  const unexpected = new UnexpectedSandboxCallError({
    callIndex: 0,
    actualMethod: 'readFile',
    remainingSteps: 0,
  });
  const unexpectedFull = new UnexpectedSandboxCallError({
    callIndex: 1,
    actualMethod: 'readFile',
    expectedMethod: 'execCommand',
    remainingSteps: 2,
  });
  expectType<number>(unexpected.callIndex);
  expectType<string>(unexpected.actualMethod);
  expectType<string | undefined>(unexpectedFull.expectedMethod);
  expectType<number>(unexpectedFull.remainingSteps);
  const matcher = new SandboxCallMatcherError(call);
  expectType<number>(matcher.callIndex);
  expectType<string>(matcher.method);
  const unconsumed = new UnconsumedSandboxStepsError(['execCommand']);
  expectType<number>(unconsumed.remainingSteps);
  expectType<readonly string[]>(unconsumed.pendingMethods);
  describeSandboxReason(reason);
  return [invalid, invalidWithMethod, unexpected, unexpectedFull, matcher];
}

function describeSandboxReason(
  reason: InvalidScriptedSandboxStepReason,
): string {
  switch (reason) {
    case 'invalid_input':
    case 'unknown_method':
    case 'invalid_matcher':
    case 'invalid_outcome':
      return reason;
    default: {
      const never: never = reason;
      return never;
    }
  }
}

// ---------------------------------------------------------------------------
// ScriptedRealtimeTransport
// ---------------------------------------------------------------------------

/** Every method name, exactly: breaks if the union gains or loses one. */
export const realtimeMethods: Record<RealtimeTransportMethod, true> = {
  connect: true,
  sendEvent: true,
  requestResponse: true,
  sendMessage: true,
  addImage: true,
  sendAudio: true,
  updateSessionConfig: true,
  close: true,
  mute: true,
  sendFunctionCallOutput: true,
  interrupt: true,
  resetHistory: true,
  sendMcpResponse: true,
};

/** The transport's fields, listeners and the layer interface. */
export function realtimeFields(): RealtimeTransportLayer {
  const transport = new ScriptedRealtimeTransport();
  const layer: RealtimeTransportLayer = transport;
  transport.status = 'connected';
  transport.status = 'disconnected';
  const status: 'connected' | 'disconnected' | 'connecting' | 'disconnecting' =
    transport.status;
  expectType<string>(status);
  transport.muted = null;
  transport.muted = true;
  const muted: boolean | null = transport.muted;
  expectType<boolean | null>(muted);
  const listener = (): void => {};
  const chained: ScriptedRealtimeTransport = transport
    .on('connection_change', listener)
    .once('error', listener)
    .off('connection_change', listener);
  const delivered: boolean = transport.emit('audio_done');
  expectType<boolean>(delivered);
  const calls: readonly RecordedRealtimeTransportCall[] = chained.calls;
  expectType<number | undefined>(calls[0]?.index);
  expectType<string | undefined>(calls[0]?.method);
  transport.failNextCall('sendEvent', new Error('socket closed'));
  transport.failNextCall('connect', 'any value');
  transport.disconnect();
  transport.disconnect(new Error('dropped'));
  transport.assertComplete();
  transport.assertClosed();
  return layer;
}

/** The outbound methods called directly, as a transport user would. */
export async function realtimeDirectCalls(
  toolCall: Parameters<ScriptedRealtimeTransport['sendFunctionCallOutput']>[0],
  approval: Parameters<ScriptedRealtimeTransport['sendMcpResponse']>[0],
): Promise<void> {
  const transport = new ScriptedRealtimeTransport();
  await transport.connect({ apiKey: 'ek_test', model: 'gpt-realtime' });
  // deno-lint-ignore require-await -- an async function on purpose
  await transport.connect({ apiKey: async () => 'ek_test' });
  transport.sendEvent({ type: 'response.create' });
  transport.requestResponse();
  transport.requestResponse({ instructions: 'hi' });
  transport.sendMessage('hello', {});
  transport.sendMessage('hello', {}, { triggerResponse: false });
  transport.addImage('data:image/png;base64,AA==');
  transport.addImage('data:image/png;base64,AA==', { triggerResponse: true });
  transport.sendAudio(new ArrayBuffer(4), {});
  transport.sendAudio(new ArrayBuffer(4), { commit: true });
  transport.updateSessionConfig({ instructions: 'be brief' });
  transport.mute(true);
  transport.sendFunctionCallOutput(toolCall, 'ok', true);
  transport.interrupt();
  transport.resetHistory([], []);
  transport.sendMcpResponse(approval, true);
  transport.sendMcpResponse(approval, false, 'not allowed');
  transport.close();
}

/** `expectCall` typed per method, with and without a matcher. */
export async function realtimeExpectations(
  context: ScriptedRealtimeScenarioContext,
): Promise<void> {
  const { expectCall, emit } = context;
  const connect: RealtimeTransportCallFor<'connect'> = await expectCall(
    'connect',
    (call) => {
      expectType<boolean>(call.options.apiKeyProvided);
      expectType<string | undefined>(call.options.model);
      expectType<number>(call.index);
      expectType<'connect'>(call.method);
    },
  );
  expectType<boolean>(connect.options.apiKeyProvided);
  const event = await expectCall(
    'sendEvent',
    (call) => call.event.type === 'response.create',
  );
  expectType<string>(event.event.type);
  const response = await expectCall('requestResponse');
  expectType<Record<string, unknown> | undefined>(response.response);
  const message = await expectCall('sendMessage', (call) => {
    expectType<Record<string, unknown>>(call.otherEventData);
    expectType<boolean | undefined>(call.options?.triggerResponse);
  });
  expectType<unknown>(message.message);
  const image = await expectCall('addImage');
  expectType<string>(image.image);
  expectType<boolean | undefined>(image.options?.triggerResponse);
  const audio = await expectCall('sendAudio');
  expectType<ArrayBuffer>(audio.audio);
  expectType<boolean | undefined>(audio.options.commit);
  const config = await expectCall('updateSessionConfig');
  expectType<string | undefined>(config.config.instructions);
  const mute = await expectCall('mute', (call) => call.muted);
  expectType<boolean>(mute.muted);
  const output = await expectCall('sendFunctionCallOutput');
  expectType<string>(output.output);
  expectType<boolean>(output.startResponse);
  expectType<string>(output.toolCall.callId);
  const interrupt: RealtimeTransportCallFor<'interrupt'> = await expectCall(
    'interrupt',
  );
  expectType<number>(interrupt.index);
  const reset = await expectCall('resetHistory');
  expectType<unknown[]>([...reset.oldHistory, ...reset.newHistory]);
  const mcp = await expectCall('sendMcpResponse');
  expectType<boolean>(mcp.approved);
  expectType<string | undefined>(mcp.reason);
  expectType<unknown>(mcp.approvalRequest);
  const close = await expectCall('close');
  expectType<'close'>(close.method);
  const emitted: boolean = emit('connection_change', 'connected');
  emit('audio_done');
  emit('error', { type: 'error', error: new Error('x') });
  expectType<boolean>(emitted);
}

/** Matchers declared apart from the call, per method. */
export const realtimeMatchers: {
  connect: RealtimeCallMatcher<'connect'>;
  mute: RealtimeCallMatcher<'mute'>;
  sendAudio: RealtimeCallMatcher<'sendAudio'>;
} = {
  connect: (call) => call.options.apiKeyProvided,
  mute: (call) => {
    expectType<boolean>(call.muted);
  },
  sendAudio: (call) => call.audio.byteLength > 0,
};

/** `runScenario<T>` resolves with the exercise's result. */
export async function realtimeScenario(signal: AbortSignal): Promise<number> {
  const transport = new ScriptedRealtimeTransport();
  const agent = new RealtimeAgent({ name: 'Voice assistant' });
  const session = new RealtimeSession(agent, { transport });
  const options: ScriptedRealtimeScenarioOptions<number> = {
    scenario: async ({ expectCall }) => {
      await expectCall('connect');
    },
    exercise: async () => {
      await session.connect({ apiKey: 'ek_test' });
      return 42;
    },
    signal,
  };
  const answer: number = await transport.runScenario(options);
  const text: string = await transport.runScenario({
    scenario: realtimeExpectations,
    exercise: () => 'sync result',
  });
  const nothing: void = await transport.runScenario({
    scenario: () => {},
    exercise: () => {},
  });
  expectType<string>(text);
  expectType<void>(nothing);
  const defaulted: ScriptedRealtimeScenarioOptions = {
    scenario: () => {},
    exercise: async () => {},
  };
  await transport.runScenario(defaulted);
  const direct: Promise<RealtimeTransportCallFor<'mute'>> = transport
    .expectCall('mute', realtimeMatchers.mute);
  direct.catch(() => {});
  session.close();
  return answer;
}

/** The realtime errors, built the SDK module's way, and their fields. */
export function realtimeErrors(
  call: RecordedRealtimeTransportCall,
): Error[] {
  const pending: PendingRealtimeExpectation = { order: 1, method: 'connect' };
  const failure: PendingRealtimeFailure = { method: 'sendEvent', count: 2 };
  expectType<number>(pending.order);
  expectType<RealtimeTransportMethod>(pending.method);
  expectType<number>(failure.count);
  expectType<RealtimeTransportMethod>(failure.method);
  const unexpected = new UnexpectedRealtimeCallError('connect', call);
  expectType<number>(unexpected.callIndex);
  expectType<RealtimeTransportMethod>(unexpected.expectedMethod);
  expectType<string>(unexpected.actualMethod);
  const matcher = new RealtimeCallMatcherError({ index: 0, method: 'mute' });
  expectType<number>(matcher.callIndex);
  expectType<string>(matcher.actualMethod);
  const incomplete = new IncompleteRealtimeScenarioError([call], [pending], [
    failure,
  ]);
  expectType<readonly RecordedRealtimeTransportCall[]>(
    incomplete.unconsumedCalls,
  );
  expectType<readonly PendingRealtimeExpectation[]>(
    incomplete.pendingExpectations,
  );
  expectType<readonly PendingRealtimeFailure[]>(incomplete.pendingFailures);
  const cancelled = new ScriptedRealtimeScenarioCancelledError([pending]);
  expectType<readonly PendingRealtimeExpectation[]>(
    cancelled.pendingExpectations,
  );
  const notClosed = new RealtimeTransportNotClosedError('connected');
  const status: ScriptedRealtimeTransport['status'] = notClosed.status;
  expectType<string>(status);
  const superseded = new ScriptedRealtimeConnectionSupersededError();
  const operation: 'connect' = superseded.operation;
  expectTrue<Equal<typeof superseded.operation, 'connect'>>();
  expectType<string>(operation);
  return [unexpected, matcher, incomplete, cancelled, notClosed, superseded];
}

/** Values of the exported types written by hand, as test helpers do. */
export function handMadeValues(request: ModelRequest): unknown[] {
  const modelCall: RecordedModelCall = { index: 0, streamed: false, request };
  const sandboxCall: RecordedSandboxCall = {
    index: 0,
    method: 'execCommand',
    args: [{ cmd: 'ls' }],
  };
  // New SDK versions may add method names: a record's method is a string.
  const methodName: string = sandboxCall.method;
  const stringSandboxCall: RecordedSandboxCall = {
    index: 1,
    method: methodName,
    args: [],
  };
  const typedSandboxCall: ScriptedSandboxCallFor<'execCommand'> = {
    index: 0,
    method: 'execCommand',
    args: [{ cmd: 'ls' }],
  };
  const realtimeCall: RecordedRealtimeTransportCall = {
    index: 0,
    method: 'mute',
  };
  const mute: RealtimeTransportCallFor<'mute'> = {
    index: 0,
    method: 'mute',
    muted: true,
  };
  const connect: RealtimeTransportCallFor<'connect'> = {
    index: 1,
    method: 'connect',
    options: { apiKeyProvided: true, model: 'gpt-realtime' },
  };
  const close: RealtimeTransportCallFor<'close'> = {
    index: 2,
    method: 'close',
  };
  // A fake context, to unit-test a scenario function on its own.
  const context: ScriptedRealtimeScenarioContext = {
    expectCall: () => Promise.reject(new Error('not in this test')),
    emit: () => true,
  };
  const step: ScriptedSandboxInput<'supportsPty'> = {
    method: 'supportsPty',
    result: true,
  };
  const modelInput: ScriptedModelInput = {
    type: 'response',
    response: [assistantMessage('hand made')],
  };
  return [
    new UnexpectedModelCallError(modelCall),
    new SandboxCallMatcherError(sandboxCall),
    new SandboxCallMatcherError(stringSandboxCall),
    new RealtimeCallMatcherError(realtimeCall),
    new UnexpectedRealtimeCallError('mute', mute),
    typedSandboxCall,
    connect,
    close,
    context,
    step,
    modelInput,
  ];
}
