import { CspmError } from '../../error/cspm-error.js';

/**
 * Parquet's RLE / bit-packing hybrid (dictionary indexes, definition levels): a run of
 * eight or more equal values as the value once with its count, anything else packed
 * `bitWidth` bits a value, in groups of eight. The same runs as hyparquet-writer's
 * encoder makes, written straight into one buffer instead of a byte at a time through
 * its growing writer: indexes are a tenth of a Parquet file's time otherwise.
 */

/** Writes `value` as an unsigned LEB128 varint at `out[at]`; returns the new end. */
function varint(out: Uint8Array, at: number, value: number): number {
  while (value >= 0x80) {
    out[at++] = (value & 0x7f) | 0x80;
    value >>>= 7;
  }
  out[at++] = value;
  return at;
}

/**
 * Writes `groups` groups of eight values from `values[from]` as one bit-packed run; missing values past the end are 0.
 */
function bitPacked(
  out: Uint8Array,
  at: number,
  values: ArrayLike<number>,
  from: number,
  groups: number,
  bitWidth: number,
): number {
  at = varint(out, at, (groups << 1) | 1);
  if (bitWidth === 0) return at;
  const end = Math.min(values.length, from + 8 * groups);
  let buffer = 0;
  let bits = 0;
  for (let index = from; index < from + 8 * groups; index += 1) {
    buffer |= (index < end ? values[index]! : 0) << bits;
    bits += bitWidth;
    while (bits >= 8) {
      out[at++] = buffer & 0xff;
      buffer >>>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) out[at++] = buffer & 0xff;
  return at;
}

/**
 * The values encoded as Parquet's RLE / bit-packing hybrid, `bitWidth` bits a value
 * (at most 24: dictionary indexes of a row group need 17 at most), without the length
 * prefix some pages put before it.
 */
export function rleHybrid(values: ArrayLike<number>, bitWidth: number): Uint8Array {
  if (bitWidth > 24)
    throw new CspmError('internal', `RLE of ${bitWidth}-bit values`, { data: { what: 'parquet RLE' } });
  const length = values.length;
  // Runs and groups each cover eight values or more: headers and RLE values take under two bytes a value.
  const out = new Uint8Array(32 + 2 * length + (Math.ceil(length / 8) + 1) * bitWidth);
  const valueBytes = (bitWidth + 7) >>> 3;
  let at = 0;
  let pending = 0;
  let pendingFrom = 0;
  let index = 0;
  while (index < length) {
    const value = values[index]!;
    let run = 1;
    while (index + run < length && values[index + run] === value) run += 1;
    if (run >= 8) {
      if (pending > 0) {
        at = bitPacked(out, at, values, pendingFrom, pending, bitWidth);
        pending = 0;
      }
      at = varint(out, at, run << 1);
      for (let byte = 0; byte < valueBytes; byte += 1) out[at++] = (value >>> (8 * byte)) & 0xff;
      index += run;
    } else {
      if (pending === 0) pendingFrom = index;
      pending += 1;
      index += 8;
    }
  }
  if (pending > 0) at = bitPacked(out, at, values, pendingFrom, pending, bitWidth);
  return out.subarray(0, at);
}
