/**
 * Calls of the opted-in tools that are not function tools, drawn from what
 * the tool declares: a shell call of a harmless command, an apply-patch
 * call creating one small file, a computer action inside the declared
 * display, and a hosted tool call (web search, tool search, …) passed
 * through as its item builder would. Private to the auto folder.
 *
 * @module
 */
import type { AgentOutputItem } from '@openai/agents-core';
import type { Draw } from './_draw.ts';
import { commands, words } from './_schema_formats.ts';
import { hostedKind, type OtherTool } from './_select.ts';
import { isItem, type Item } from './_turn.ts';

/** The item type a tool's call has. */
export function callType(tool: OtherTool): string {
  switch (tool.type) {
    case 'shell':
      return 'shell_call';
    case 'apply_patch':
      return 'apply_patch_call';
    case 'computer':
      return 'computer_call';
    default:
      return hostedKind(tool.tool) === 'tool_search'
        ? 'tool_search_call'
        : 'hosted_tool_call';
  }
}

/**
 * Whether the turn already has a call of the tool.
 *
 * @param tool The tool.
 * @param turn The items of the turn.
 * @returns `true` when it was called.
 */
export function calledIn(tool: OtherTool, turn: readonly Item[]): boolean {
  const type = callType(tool);
  return turn.some((item) =>
    item.type === type &&
    (type !== 'hosted_tool_call' || item.name === tool.name)
  );
}

function computerAction(tool: Item, draw: Draw): Record<string, unknown> {
  const size = Array.isArray(tool.dimensions) ? tool.dimensions : [];
  const [width, height] = size.map((n) =>
    Number.isInteger(n) && (n as number) > 0 ? n as number : 1
  );
  switch (draw.int(0, 2)) {
    case 0:
      return {
        type: 'click',
        x: draw.int(0, (width ?? 1024) - 1),
        y: draw.int(0, (height ?? 768) - 1),
        button: 'left',
      };
    case 1:
      return { type: 'type', text: draw.pick(words) };
    default:
      return { type: 'screenshot' };
  }
}

/**
 * The call of an opted-in tool.
 *
 * @param tool The tool.
 * @param callId The call id.
 * @param draw The seeded draws.
 * @returns The output item.
 */
export function otherCall(
  tool: OtherTool,
  callId: string,
  draw: Draw,
): AgentOutputItem {
  const base = { callId, id: callId, status: 'completed' };
  switch (tool.type) {
    case 'shell':
      return {
        type: 'shell_call',
        ...base,
        action: { commands: [draw.pick(commands)] },
      } as AgentOutputItem;
    case 'apply_patch': {
      const word = draw.pick(words);
      return {
        type: 'apply_patch_call',
        ...base,
        operation: {
          type: 'create_file',
          path: `auto_${word}.txt`,
          diff: `+${word}\n`,
        },
      } as AgentOutputItem;
    }
    case 'computer':
      return {
        type: 'computer_call',
        ...base,
        action: computerAction(tool.tool, draw),
      } as AgentOutputItem;
  }
  const kind = hostedKind(tool.tool);
  if (kind === 'tool_search') {
    return {
      type: 'tool_search_call',
      id: callId,
      callId,
      execution: 'server',
      arguments: { query: draw.pick(words) },
      status: 'completed',
    } as AgentOutputItem;
  }
  const data = isItem(tool.tool.providerData) ? tool.tool.providerData : {};
  return {
    type: 'hosted_tool_call',
    id: callId,
    name: tool.name,
    status: 'completed',
    providerData: { ...data, type: kind, id: callId },
  } as AgentOutputItem;
}
