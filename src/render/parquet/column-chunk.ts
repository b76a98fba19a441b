import type { ColumnChunk, SchemaElement } from 'hyparquet';
import { ByteWriter } from 'hyparquet-writer';
import { writePageHeader } from 'hyparquet-writer/src/datapage.js';
import { writeRleBitPackedHybrid } from 'hyparquet-writer/src/encoding.js';
import { snappyCompress } from './snappy.js';
import type { EncodedColumn } from './column-encoders.js';

/**
 * Writes one column chunk of a row group: a dictionary page for text, then one data
 * page (version 2: definition levels as they are, values snappy-compressed), and gives
 * the chunk's metadata for the file's footer. Page headers, the RLE of indexes and the
 * footer are hyparquet-writer's own code; what is ours is the encoding of the cells,
 * built while the rows are added (see column-encoders.ts), where the library's general
 * path would find the dictionary and statistics again over every cell, and a faster
 * snappy (see snappy.ts).
 *
 * One data page per chunk: a chunk holds at most a row group of cells (100,000), whose
 * dictionary indexes take some kilobytes, and whose numbers take 800 KB at most, below
 * the megabyte that readers take a page to be.
 */
export function writeColumnChunk(writer: ByteWriter, element: SchemaElement, encoded: EncodedColumn): ColumnChunk {
  const start = writer.offset;
  let uncompressed = 0;
  let dictionaryOffset: bigint | undefined;
  if (encoded.dictionary !== undefined) {
    dictionaryOffset = BigInt(writer.offset);
    const { bytes, count } = encoded.dictionary;
    const compressed = snappyCompress(bytes);
    const headerStart = writer.offset;
    writePageHeader(writer, {
      type: 'DICTIONARY_PAGE',
      uncompressed_page_size: bytes.length,
      compressed_page_size: compressed.length,
      dictionary_page_header: { num_values: count, encoding: 'PLAIN' },
    });
    uncompressed += writer.offset - headerStart + bytes.length;
    writer.appendBytes(compressed);
  }

  const dataOffset = BigInt(writer.offset);
  const levels = new ByteWriter(64);
  if (encoded.defined !== undefined) writeRleBitPackedHybrid(levels, encoded.defined, 1);
  let page: Uint8Array;
  if ('indexes' in encoded.values) {
    const { indexes, bitWidth } = encoded.values;
    const packed = new ByteWriter(Math.ceil((indexes.length * bitWidth) / 8) + 64);
    packed.appendUint8(bitWidth);
    writeRleBitPackedHybrid(packed, indexes, bitWidth);
    page = packed.getBytes();
  } else page = encoded.values.plain;
  const compressed = snappyCompress(page);
  const encoding = encoded.dictionary === undefined ? 'PLAIN' : 'RLE_DICTIONARY';
  const headerStart = writer.offset;
  writePageHeader(writer, {
    type: 'DATA_PAGE_V2',
    uncompressed_page_size: levels.offset + page.length,
    compressed_page_size: levels.offset + compressed.length,
    data_page_header_v2: {
      num_values: encoded.rows,
      num_nulls: encoded.nullCount,
      num_rows: encoded.rows,
      encoding,
      definition_levels_byte_length: levels.offset,
      repetition_levels_byte_length: 0,
      is_compressed: true,
    },
  });
  uncompressed += writer.offset - headerStart + levels.offset + page.length;
  writer.appendBytes(levels.getBytes());
  writer.appendBytes(compressed);

  const type = element.type;
  if (type === undefined) throw new Error(`the Parquet column ${element.name} has no type`);
  return {
    file_offset: BigInt(start),
    meta_data: {
      type,
      encodings: encoded.dictionary === undefined ? ['PLAIN', 'RLE'] : ['PLAIN', 'RLE', 'RLE_DICTIONARY'],
      path_in_schema: [element.name],
      codec: 'SNAPPY',
      num_values: BigInt(encoded.rows),
      total_uncompressed_size: BigInt(uncompressed),
      total_compressed_size: BigInt(writer.offset - start),
      data_page_offset: dataOffset,
      dictionary_page_offset: dictionaryOffset,
      statistics: { null_count: BigInt(encoded.nullCount), min_value: encoded.min, max_value: encoded.max },
      encoding_stats: [
        ...(encoded.dictionary === undefined ? [] : [{ page_type: 'DICTIONARY_PAGE' as const, encoding: 'PLAIN' as const, count: 1 }]),
        { page_type: 'DATA_PAGE_V2', encoding, count: 1 },
      ],
    },
  };
}
