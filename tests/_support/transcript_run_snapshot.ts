/**
 * The run-snapshot workflow of the transcript: the same run (a handoff,
 * two parallel tools) snapshotted with each tool finishing first, plain
 * and streamed. The transcript holds the snapshot, its SHA-256 digest and
 * whether both finishing orders gave the same bytes, so
 * `scripts/transcripts.ts` checks it is byte-identical on every runtime.
 *
 * @module
 */
import { snapshotWorkflow } from '../assert/_snapshot_workflow.ts';

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(text),
  );
  return [...new Uint8Array(digest)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
}

/** The snapshot, its digest, and whether the finishing order mattered. */
export async function runSnapshotWorkflow(): Promise<Record<string, unknown>> {
  const entry: Record<string, unknown> = {};
  for (const mode of ['plain', 'streamed'] as const) {
    const ab = JSON.stringify((await snapshotWorkflow(mode, 'ab')).snapshot);
    const ba = JSON.stringify((await snapshotWorkflow(mode, 'ba')).snapshot);
    entry[mode] = {
      digest: await sha256(ab),
      sameWhicheverToolFinishesFirst: ab === ba,
      snapshot: JSON.parse(ab),
    };
  }
  return entry;
}
