import { PassThrough } from 'node:stream';
import { drained } from './drain.js';
import { CspmError } from '../../error/cspm-error.js';

/**
 * Where the zip bytes of a workbook go while it is written. The writer adds rows
 * synchronously, so it pauses now and then: the zipper can then compress what it has,
 * and when the reader falls behind the writer waits for it instead of buffering the
 * whole sheet in memory.
 */
export class WorkbookOutput {
  /** The zip bytes, in order. */
  readonly stream = new PassThrough();

  /** Yields to the event loop, and waits while the reader is behind. */
  readonly pace = async (): Promise<void> => {
    if (this.stream.writableNeedDrain) {
      await drained(this.stream);
    } else {
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (this.stream.destroyed)
      throw new CspmError('internal', 'the workbook stream was closed before the workbook was complete', {
        data: { what: 'workbook stream' },
      });
  };

  /** Ends the stream with an error, which its reader then sees. */
  fail(error: unknown): void {
    this.stream.destroy(error instanceof Error ? error : new Error(String(error)));
  }

  /** Reads the whole stream into one byte array. */
  async bytes(): Promise<Uint8Array> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}
