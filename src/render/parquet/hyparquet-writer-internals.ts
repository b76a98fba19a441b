import { ByteWriter } from 'hyparquet-writer';
import { writePageHeader } from 'hyparquet-writer/src/datapage.js';
import { writeMetadata } from 'hyparquet-writer/src/metadata.js';

/*
 * Every part of hyparquet-writer the Parquet encoders use beyond its package entry, in
 * one file: the page header and footer writers, which the package exports only under
 * src/ (a 0.x package, pinned to an exact version), and ByteWriter's buffer and
 * `index`, which a writer resets to hand its bytes out while `offset` keeps counting.
 * test/render/parquet/hyparquet-writer-contract.test.ts checks each before an upgrade.
 */

export { writeMetadata, writePageHeader };

/**
 * The bytes a ParquetWriter appends, handed out after each row group: the writer then
 * starts its buffer again, so a file of any length holds one group's bytes at a time.
 */
export class ChunkWriter extends ByteWriter {
  private readonly chunks: Uint8Array[] = [];

  /** Hands the bytes written so far to {@link take} and starts the buffer again; `offset` goes on counting. */
  flush(): void {
    if (this.index === 0) return;
    this.chunks.push(new Uint8Array(this.buffer.slice(0, this.index)));
    this.index = 0;
  }

  /** Called by ParquetWriter when the file is complete. */
  override finish(): void {
    this.flush();
  }

  /** The bytes written since the last call. */
  take(): Uint8Array[] {
    return this.chunks.splice(0);
  }
}
