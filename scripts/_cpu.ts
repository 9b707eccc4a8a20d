/**
 * CPU time of a command and everything it waits for: the command runs under
 * `bash`, whose `times` then prints its children's user and system time to
 * a file. Used by the gate (per stage) and the matrices (per cell).
 *
 * @module
 */

/**
 * `[cmd, args]` that run `cmd args` and leave the CPU reading in `file`
 * (read it with {@link readCpu}); the exit code is the command's, and a
 * SIGTERM to the wrapper (a timeout) is passed on to the command.
 */
export function withCpu(
  file: string,
  cmd: string,
  args: readonly string[],
): [string, string[]] {
  const script = [
    `trap 'kill -TERM "$child" 2>/dev/null' TERM`,
    '"$@" & child=$!',
    // `wait` returns early when the trap runs: wait until the command ends.
    'while :; do wait "$child"; code=$?; kill -0 "$child" 2>/dev/null || break; done',
    'times >"$0"',
    'exit "$code"',
  ].join('\n');
  return ['bash', ['-c', script, file, cmd, ...args]];
}

/** The user + system seconds `times` left in `file`, if it did. */
export async function readCpu(file: string): Promise<number | undefined> {
  const text = await Deno.readTextFile(file).catch(() => undefined);
  await Deno.remove(file).catch(() => {});
  const children = text?.trim().split('\n')[1];
  if (children === undefined) return undefined;
  let total = 0;
  for (const [, minutes, secs] of children.matchAll(/(\d+)m([\d.]+)s/g)) {
    total += Number(minutes) * 60 + Number(secs);
  }
  return total;
}
