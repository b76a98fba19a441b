import { parquetMetadata } from 'hyparquet';
import { ParquetWriter } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import * as internals from '../../../src/render/parquet/hyparquet-writer-internals.js';
import { brokenMessage, memberContract, type Library, type MemberCheck } from '../../support/library-contract.js';

const library: Library = { name: 'hyparquet-writer', module: 'src/render/parquet/hyparquet-writer-internals.ts' };

const entry = (): unknown => internals;
const writer = (): unknown => new internals.ChunkWriter();
const parquetWriter = (): unknown =>
  new ParquetWriter({ writer: new internals.ChunkWriter(), schema: [{ name: 'root', num_children: 0 }] });

const checks: MemberCheck<unknown>[] = [
  { name: 'src/datapage.js writePageHeader', root: entry, path: ['writePageHeader'], kind: 'function', arity: 2 },
  { name: 'src/metadata.js writeMetadata', root: entry, path: ['writeMetadata'], kind: 'function', arity: 3 },
  { name: 'ByteWriter#buffer', root: writer, path: ['buffer'], kind: 'object' },
  { name: 'ByteWriter#index', root: writer, path: ['index'], kind: 'number' },
  { name: 'ByteWriter#offset', root: writer, path: ['offset'], kind: 'number' },
  { name: 'ByteWriter#appendBytes', root: writer, path: ['appendBytes'], kind: 'function', arity: 1 },
  { name: 'ByteWriter#appendUint32', root: writer, path: ['appendUint32'], kind: 'function', arity: 1 },
  { name: 'ParquetWriter#finish', root: parquetWriter, path: ['finish'], kind: 'function', arity: 0 },
];

describe('hyparquet-writer internals (src/render/parquet/hyparquet-writer-internals.ts)', () => {
  memberContract(library, checks);

  it('writes bytes at `index` of its buffer and counts every byte in `offset`', () => {
    const chunks = new internals.ChunkWriter();
    chunks.appendUint32(0x31524150);
    chunks.flush();
    chunks.appendBytes(new Uint8Array([1, 2]));
    const message = brokenMessage(
      library,
      'ByteWriter#index',
      'reset apart from #offset',
      `index ${chunks.index}, offset ${chunks.offset}`,
    );
    expect([chunks.index, chunks.offset], message).toEqual([2, 6]);
    chunks.flush();
    expect(Buffer.concat(chunks.take()).toString('hex'), message).toBe('504152310102');
  });

  it("ends a ParquetWriter's file through the writer's finish, so a ChunkWriter hands the footer out", () => {
    const chunks = new internals.ChunkWriter();
    const parquet = new ParquetWriter({
      writer: chunks,
      schema: [
        { name: 'root', num_children: 1 },
        { name: 'n', type: 'INT32', repetition_type: 'REQUIRED' },
      ],
    });
    void parquet.write({ columnData: [{ name: 'n', data: [1, 2, 3] }] });
    void parquet.finish();
    const bytes = Buffer.concat(chunks.take());
    expect(
      bytes.subarray(-4).toString('latin1'),
      brokenMessage(library, 'ParquetWriter#finish', "a call of the writer's finish", 'no footer handed out'),
    ).toBe('PAR1');
    expect(parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)).num_rows).toBe(3n);
  });

  it('writes a footer that hyparquet reads back', () => {
    const chunks = new internals.ChunkWriter();
    chunks.appendUint32(0x31524150);
    const schema = [{ name: 'root', num_children: 0 }];
    internals.writeMetadata(chunks, {
      version: 2,
      created_by: 'contract',
      schema,
      num_rows: 0n,
      row_groups: [],
    } as never);
    chunks.appendUint32(0x31524150);
    chunks.flush();
    const bytes = Buffer.concat(chunks.take());
    const metadata = parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    expect(
      metadata.created_by,
      brokenMessage(
        library,
        'src/metadata.js writeMetadata',
        'a writer of the footer hyparquet reads',
        'another footer',
      ),
    ).toBe('contract');
  });
});
