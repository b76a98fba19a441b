import type { ColumnChunk, SchemaElement } from 'hyparquet';
import type { ByteWriter } from 'hyparquet-writer';
import { writePageHeader } from './hyparquet-writer-internals.js';
import { rleHybrid } from './rle-hybrid.js';
import { snappyCompress } from './snappy.js';
import type { EncodedColumn } from './column-encoders.js';
import { CspmError } from '../../error/cspm-error.js';

/**
 * Writes one column chunk of a row group: a dictionary page for text, then one data
 * page (version 2: definition levels as they are, values snappy-compressed), and gives
 * the chunk's metadata for the file's footer. Page headers and the footer are
 * hyparquet-writer's own code; what is ours is the encoding of the cells,
 * built while the rows are added (see column-encoders.ts), where the library's general
 * path would find the dictionary and statistics again over every cell, and faster RLE
 * and snappy that write into one buffer (rle-hybrid.ts, snappy.ts).
 *
 * Dictionary indexes make one data page (a row group's take some kilobytes); values
 * written PLAIN make pages of about {@link pageBytes}.
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
  const encoding = encoded.dictionary === undefined ? 'PLAIN' : 'RLE_DICTIONARY';
  const pages = dataPages(encoded);
  for (const page of pages) {
    const levels =
      encoded.defined === undefined ? new Uint8Array(0) : rleHybrid(encoded.defined.subarray(page.from, page.to), 1);
    const compressed = snappyCompress(page.values);
    const headerStart = writer.offset;
    writePageHeader(writer, {
      type: 'DATA_PAGE_V2',
      uncompressed_page_size: levels.length + page.values.length,
      compressed_page_size: levels.length + compressed.length,
      data_page_header_v2: {
        num_values: page.to - page.from,
        num_nulls: page.to - page.from - page.count,
        num_rows: page.to - page.from,
        encoding,
        definition_levels_byte_length: levels.length,
        repetition_levels_byte_length: 0,
        is_compressed: true,
      },
    });
    uncompressed += writer.offset - headerStart + levels.length + page.values.length;
    writer.appendBytes(levels);
    writer.appendBytes(compressed);
  }

  const type = element.type;
  if (type === undefined)
    throw new CspmError('internal', `the Parquet column ${element.name} has no type`, { data: { what: element.name } });
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
        ...(encoded.dictionary === undefined
          ? []
          : [{ page_type: 'DICTIONARY_PAGE' as const, encoding: 'PLAIN' as const, count: 1 }]),
        { page_type: 'DATA_PAGE_V2', encoding, count: pages.length },
      ],
    },
  };
}

/** About how many bytes of PLAIN values a data page holds: the page size Parquet's reference writer uses. */
export const pageBytes = 2 ** 20;

/** A data page's rows (`from` to `to`, nulls included), its values' bytes and how many values it holds. */
interface DataPage {
  from: number;
  to: number;
  count: number;
  values: Uint8Array;
}

/**
 * The data pages of a chunk: the dictionary indexes as one page, opening with their bit
 * width; PLAIN values cut after the value that takes a page past {@link pageBytes}.
 */
function dataPages(encoded: EncodedColumn): DataPage[] {
  const { rows, defined } = encoded;
  if ('indexes' in encoded.values) {
    const { indexes, bitWidth } = encoded.values;
    const packed = rleHybrid(indexes, bitWidth);
    const values = new Uint8Array(1 + packed.length);
    values[0] = bitWidth;
    values.set(packed, 1);
    return [{ from: 0, to: rows, count: indexes.length, values }];
  }
  const { plain, width } = encoded.values;
  const pages: DataPage[] = [];
  let [from, count, start, at] = [0, 0, 0, 0];
  for (let row = 0; row < rows; row += 1) {
    if (defined !== undefined && defined[row] === 0) continue;
    // A text is its four-byte little-endian length, then its bytes.
    at +=
      width > 0 ? width : 4 + (plain[at]! | (plain[at + 1]! << 8) | (plain[at + 2]! << 16) | (plain[at + 3]! << 24));
    count += 1;
    if (at - start >= pageBytes && row + 1 < rows) {
      pages.push({ from, to: row + 1, count, values: plain.subarray(start, at) });
      [from, count, start] = [row + 1, 0, at];
    }
  }
  pages.push({ from, to: rows, count, values: plain.subarray(start, at) });
  return pages;
}
