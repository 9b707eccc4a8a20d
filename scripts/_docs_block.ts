/**
 * Generated blocks in the project's documents: a figure a document states
 * is written by the code that measures it, between `<!-- NAME -->` and
 * `<!-- /NAME -->`, never typed by hand.
 *
 * @module
 */

/**
 * Replaces the block `NAME` of a Markdown file with `body`, then formats the
 * file with `deno fmt`.
 *
 * @param path The document.
 * @param name The block's marker name.
 * @param body The new content (Markdown).
 */
export async function writeBlock(
  path: string,
  name: string,
  body: string,
): Promise<void> {
  const open = `<!-- ${name} -->`;
  const close = `<!-- /${name} -->`;
  const text = await Deno.readTextFile(path);
  const start = text.indexOf(open);
  const end = text.indexOf(close, start);
  if (start === -1 || end === -1) {
    throw new Error(`${path} has no ${open} … ${close} block to write`);
  }
  await Deno.writeTextFile(
    path,
    `${text.slice(0, start + open.length)}\n\n${body.trim()}\n\n${
      text.slice(end)
    }`,
  );
  const fmt = await new Deno.Command(Deno.execPath(), {
    args: ['fmt', '--quiet', path],
  }).output();
  if (!fmt.success) throw new Error(`deno fmt ${path} failed`);
  console.log(`wrote the ${name} block of ${path}`);
}
