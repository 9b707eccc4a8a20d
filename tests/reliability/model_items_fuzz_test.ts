import fc from 'fast-check';
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import {
  anyValue,
  fuzzParameters,
  Hostile,
  materialize,
  mutatedRecord,
} from '../_support/fuzz.ts';
import { modelOutcome } from '../_support/model_outcome.ts';
import { checkListOutcome, tag } from '../_support/verdicts.ts';

const stepError = ['InvalidScriptedModelStepError'];

const made = (value: unknown): unknown => materialize(value);
const text = fc.string({ maxLength: 20 });
const is = (test: (value: unknown) => boolean) => (value: unknown): boolean =>
  test(materialize(value));

const nonEmpty = fc.string({ minLength: 1, maxLength: 10 });
const notAString = anyValue.filter(is((v) => typeof v !== 'string'));

test('assistantMessage accepts text and valid options and rejects the rest with a structured error', () => {
  const options = fc.record({
    id: fc.option(nonEmpty, { nil: undefined }),
    phase: fc.option(fc.constantFrom('commentary', 'final_answer'), {
      nil: undefined,
    }),
    providerData: fc.option(fc.dictionary(fc.string(), fc.jsonValue()), {
      nil: undefined,
    }),
  }, { requiredKeys: [] });
  const call = fc.oneof(
    tag('valid', fc.tuple(text, fc.option(options, { nil: undefined }))),
    tag('invalid', fc.tuple(notAString, fc.constant(undefined))),
    tag('invalid', fc.tuple(text, fc.constant({ phase: 'loud' }))),
    tag('either', fc.tuple(anyValue, anyValue)),
    tag('either', fc.tuple(text, options.chain((o) => mutatedRecord(o)))),
  );
  fc.assert(
    fc.property(call, (input) => {
      const [value, opts] = input.value as [unknown, unknown];
      const result = modelOutcome(
        () =>
          new ScriptedModel([[
            assistantMessage(made(value) as never, made(opts) as never),
          ]]),
        stepError,
      );
      checkListOutcome(result, [input], (error) => error.inputIndex ?? 0);
    }),
    fuzzParameters(),
  );
});

test('functionCall requires a callId and rejects bad input with a structured error', () => {
  const args = fc.oneof(
    fc.string(),
    fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
  );
  const options = fc.record({
    callId: nonEmpty,
    id: fc.option(nonEmpty, { nil: undefined }),
    namespace: fc.option(nonEmpty, { nil: undefined }),
  }, { requiredKeys: ['callId'] });
  const call = fc.oneof(
    tag('valid', fc.tuple(nonEmpty, args, options)),
    tag('invalid', fc.tuple(nonEmpty, args, fc.constant(undefined))),
    tag('invalid', fc.tuple(nonEmpty, args, fc.constant({}))),
    tag(
      'invalid',
      fc.tuple(nonEmpty, args, notAString.map((callId) => ({ callId }))),
    ),
    tag(
      'invalid',
      fc.tuple(
        nonEmpty,
        fc.constantFrom(0, null, true, 10n).map((v) => v as unknown),
        options,
      ),
    ),
    tag(
      'invalid',
      fc.tuple(
        nonEmpty,
        fc.constant(
          new Hostile('cyclic args', () => {
            const cyclic: Record<string, unknown> = {};
            cyclic.self = cyclic;
            return cyclic;
          }),
        ),
        options,
      ),
    ),
    tag('either', fc.tuple(anyValue, anyValue, anyValue)),
    tag(
      'either',
      fc.tuple(nonEmpty, args, options.chain((o) => mutatedRecord(o))),
    ),
  );
  fc.assert(
    fc.property(call, (input) => {
      const [name, callArgs, opts] = input.value as unknown[];
      let helperError: Record<string, unknown> | undefined;
      const result = modelOutcome(() => {
        let item: unknown;
        try {
          item = functionCall(
            made(name) as never,
            made(callArgs) as never,
            made(opts) as never,
          );
        } catch (error) {
          helperError = error as Record<string, unknown>;
          throw error;
        }
        return new ScriptedModel([[item as never]]);
      }, stepError);
      checkListOutcome(result, [input], (error) => error.inputIndex ?? 0);
      // A missing callId is rejected where it is written.
      if (input.verdict === 'invalid') assert(helperError !== undefined);
    }),
    fuzzParameters(),
  );
});
