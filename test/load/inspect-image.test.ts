import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inspectImage } from '../../src/load/inspect-image.js';

const png = readFileSync('test/fixtures/logo.png');
const jpeg = readFileSync('test/fixtures/logo.jpg');

/** A copy of `bytes` with `change` applied. */
function altered(bytes: Buffer, change: (copy: Buffer) => void): Buffer {
  const copy = Buffer.from(bytes);
  change(copy);
  return copy;
}

/** The offset of a JPEG frame header (SOF0 or SOF2) in the fixture. */
function frameOffset(bytes: Buffer): number {
  for (let offset = 2; offset < bytes.length; offset += 1)
    if (bytes[offset] === 0xff && (bytes[offset + 1] === 0xc0 || bytes[offset + 1] === 0xc2)) return offset;
  throw new Error('no frame header in the fixture');
}

describe('inspectImage', () => {
  it('accepts whole PNG and JPEG images and reads their size', () => {
    expect(inspectImage(png)).toEqual({ mediaType: 'image/png', width: 64, height: 24 });
    expect(inspectImage(jpeg)).toEqual({ mediaType: 'image/jpeg', width: 64, height: 24 });
  });

  it.each([
    ['a PNG cut short', png.subarray(0, png.length - 20), 'is a truncated PNG image (its IDAT chunk is cut)'],
    [
      'a PNG without its end',
      png.subarray(0, png.length - 12),
      'is a truncated PNG image (it ends before its IEND chunk)',
    ],
    [
      'a PNG with a flipped byte',
      altered(png, (copy) => (copy[45] = (copy[45] ?? 0) ^ 0xff)),
      'is a corrupt PNG image (the IDAT chunk fails its checksum)',
    ],
    ['a JPEG cut short', jpeg.subarray(0, jpeg.length - 30), 'is a truncated JPEG image (its end marker is missing)'],
    ['a JPEG cut in its headers', jpeg.subarray(0, 40), 'is a truncated JPEG image (a segment is cut)'],
    [
      'a JPEG claiming 65535 × 65535 pixels',
      altered(jpeg, (copy) => {
        const at = frameOffset(copy);
        copy.writeUInt16BE(65535, at + 5);
        copy.writeUInt16BE(65535, at + 7);
      }),
      'claims 65535 × 65535 pixels; a logo may be at most 4096 pixels on a side',
    ],
    ['a GIF', Buffer.from('GIF89a\u0001\u0000\u0001\u0000'), 'is neither a PNG nor a JPEG image'],
  ])('refuses %s', (_name, bytes, problem) => {
    expect(inspectImage(bytes)).toEqual({ problem });
  });
});
