/**
 * Prints the canonical JSON transcript of the fixed workflows. Runs as is on
 * Deno (`deno run --allow-env --allow-read --deny-net`) and Bun, and on Node
 * from the build (`node npm/tests/_support/print_transcript.js`).
 *
 * @module
 */
import { runWorkflows } from './transcript_workflows.ts';

console.log(JSON.stringify(await runWorkflows(), null, 2));
