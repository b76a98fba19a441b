import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/**
 * The JSON values of a partial result written as runShard lays it out: the head (every
 * member known before the files) on the first line, then one file a line, then the
 * members known after them on the last (`],"skipped":…}`). Read a line at a
 * time, a partial result of any size is never one string, and each file can be let go
 * once read. Undefined when the text is laid out otherwise (reformatted by another
 * tool): the caller then parses it whole.
 */
export async function readPartialLines(
  path: string,
  onFile: (file: unknown, index: number) => void,
  onHead: (head: unknown) => void = () => undefined,
): Promise<Record<string, unknown> | undefined> {
  const lines = createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let head: Record<string, unknown> | undefined;
  let index = 0;
  let ended = false;
  try {
    for await (const line of lines) {
      if (head === undefined) {
        if (!line.endsWith(',"files":[')) return undefined;
        head = JSON.parse(`${line.slice(0, -',"files":['.length)}}`) as Record<string, unknown>;
        onHead(head);
        continue;
      }
      if (line.startsWith('],')) {
        // The members known only once every file was read: skipped files, fleet policies.
        Object.assign(head, JSON.parse(`{${line.slice(2)}`) as Record<string, unknown>);
        ended = true;
        continue;
      }
      if (ended || line === '') return undefined;
      onFile(JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line), index);
      index += 1;
    }
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  } finally {
    lines.close();
  }
  return ended ? head : undefined;
}
