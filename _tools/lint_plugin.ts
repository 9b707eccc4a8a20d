/**
 * The project's `deno lint` plugin (wired in `deno.json` `lint.plugins`):
 * conventions from `CONVENTIONS.md` that a rule can check, after std's
 * `_tools/lint_plugin.ts`. It is tooling: not in `publish.include`, not in
 * the npm build.
 *
 * - `scripted-agents/error-message`: a message written as a literal in
 *   `new SomethingError(...)` in library code reads in std's grammar: it
 *   starts with a capital letter and does not end with a period.
 * - `scripted-agents/exported-function-args-maximum`: an exported function
 *   of a public library file (no `_` in its folder or file name) takes at
 *   most two positional parameters, then an options object.
 *
 * Both leave tooling alone (`tests/`, `bench/`, `scripts/`, `_tools/`).
 *
 * @module
 */

/** Folders of tooling, whose code the rules do not constrain. */
const TOOLING_REGEXP = /(^|\/)(tests|bench|scripts|_tools)\//;

/** The file's path with `/` separators. */
function slashed(filename: string): string {
  return filename.replaceAll('\\', '/');
}

/** Whether `filename` is library code (not tests, benches or scripts). */
function isLibrary(filename: string): boolean {
  return !TOOLING_REGEXP.test(slashed(filename));
}

/**
 * Whether `filename` is public library code: library code whose folder and
 * file name carry no `_` prefix (`_internal/`, `model/_checks.ts` are
 * private).
 */
function isPublicLibrary(filename: string): boolean {
  if (!isLibrary(filename)) return false;
  const segments = slashed(filename).split('/');
  return !segments.slice(-2).some((segment) => segment.startsWith('_'));
}

/** The static text at the start and end of a message argument, if any. */
function messageEnds(
  argument: Deno.lint.Node,
): { start: string; end: string } | undefined {
  if (argument.type === 'Literal') {
    return typeof argument.value === 'string'
      ? { start: argument.value, end: argument.value }
      : undefined;
  }
  if (argument.type !== 'TemplateLiteral') return undefined;
  const first = argument.quasis[0];
  const last = argument.quasis[argument.quasis.length - 1];
  if (first === undefined || last === undefined) return undefined;
  return { start: first.cooked, end: last.cooked };
}

const MESSAGE_HINT = 'Error messages use std grammar: sentence case, no ' +
  'trailing period, a colon before detail (CONVENTIONS.md)';

/** Whether a third parameter is an options object (or a callback). */
function isOptions(param: Deno.lint.Parameter): boolean {
  switch (param.type) {
    case 'ObjectPattern':
      return true;
    case 'AssignmentPattern':
      return param.right.type === 'ObjectExpression' ||
        (param.left.type === 'Identifier' && isOptions(param.left)) ||
        param.left.type === 'ObjectPattern';
    case 'Identifier': {
      if (/^options$|Options$/.test(param.name)) return true;
      const type = param.typeAnnotation?.typeAnnotation;
      if (type === undefined) return false;
      if (type.type === 'TSTypeLiteral' || type.type === 'TSFunctionType') {
        return true;
      }
      return type.type === 'TSTypeReference' &&
        type.typeName.type === 'Identifier' &&
        /Options$/.test(type.typeName.name);
    }
    default:
      return false;
  }
}

const ARGS_HINT = 'Exported functions take at most two positional ' +
  'parameters, then an options object (CONVENTIONS.md)';

/** Reports `fn` when it takes too many positional parameters. */
function checkParams(
  context: Deno.lint.RuleContext,
  fn: {
    params: Deno.lint.Parameter[];
    id?: Deno.lint.Identifier | null;
  },
  node: Deno.lint.Node,
): void {
  // A `this` parameter only types the receiver.
  const params = fn.params.filter((param) =>
    !(param.type === 'Identifier' && param.name === 'this')
  );
  if (params.length <= 2) return;
  const name = fn.id?.name;
  const subject = name === undefined
    ? 'Exported function'
    : `Exported function "${name}"`;
  const third = params[2];
  if (params.length === 3 && third !== undefined && isOptions(third)) return;
  context.report({
    node: fn.id ?? node,
    message: params.length === 3
      ? `${subject} takes a third parameter that is not an options object`
      : `${subject} takes ${params.length} parameters: expected at most 2, ` +
        'then an options object',
    hint: ARGS_HINT,
  });
}

/** The project's lint plugin. */
const plugin: Deno.lint.Plugin = {
  name: 'scripted-agents',
  rules: {
    'error-message': {
      create(context) {
        if (!isLibrary(context.filename)) return {};
        return {
          NewExpression(node) {
            if (node.callee.type !== 'Identifier') return;
            if (!node.callee.name.endsWith('Error')) return;
            const argument = node.arguments[0];
            if (argument === undefined) return;
            const message = messageEnds(argument);
            if (message === undefined) return;
            const first = message.start.charAt(0);
            if (first !== first.toUpperCase()) {
              context.report({
                node: argument,
                message: 'Error message starts with a lowercase letter',
                hint: MESSAGE_HINT,
              });
            }
            if (message.end.endsWith('.')) {
              context.report({
                node: argument,
                message: 'Error message ends with a period',
                hint: MESSAGE_HINT,
              });
            }
          },
        };
      },
    },
    'exported-function-args-maximum': {
      create(context) {
        if (!isPublicLibrary(context.filename)) return {};
        return {
          ExportNamedDeclaration(node) {
            const declaration = node.declaration;
            if (declaration === null || declaration === undefined) return;
            if (
              declaration.type === 'FunctionDeclaration' ||
              declaration.type === 'TSDeclareFunction'
            ) {
              checkParams(context, declaration, declaration);
              return;
            }
            if (declaration.type !== 'VariableDeclaration') return;
            for (const declarator of declaration.declarations) {
              const init = declarator.init;
              if (
                init?.type === 'ArrowFunctionExpression' ||
                init?.type === 'FunctionExpression'
              ) {
                const id = declarator.id.type === 'Identifier'
                  ? declarator.id
                  : null;
                checkParams(context, { params: init.params, id }, declarator);
              }
            }
          },
          ExportDefaultDeclaration(node) {
            const declaration = node.declaration;
            if (
              declaration.type === 'FunctionDeclaration' ||
              declaration.type === 'ArrowFunctionExpression' ||
              declaration.type === 'FunctionExpression'
            ) {
              checkParams(context, {
                params: declaration.params,
                id: 'id' in declaration ? declaration.id : null,
              }, declaration);
            }
          },
        };
      },
    },
  },
};

export default plugin;
