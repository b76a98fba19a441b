import { crc32, deflateSync } from 'node:zlib';

/** What {@link makePng} draws: a blank image of this size and kind. */
export interface PngShape {
  width: number;
  height: number;
  /** PNG colour type: 0 grey, 2 RGB, 3 palette (with no PLTE chunk: broken), 6 RGBA (default 2). */
  colour?: 0 | 2 | 3 | 6;
  /** Bits a channel: 8 (default) or 16. */
  depth?: 8 | 16;
  interlaced?: boolean;
}

const channels = { 0: 1, 2: 3, 3: 1, 6: 4 } as const;

/** The seven passes of Adam7: first column and row, and their steps. */
const adam7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/**
 * A PNG of blank pixels, written by hand (header, one
 * IDAT of rows with filter 0, end): whole and correct as inspectImage checks it, so
 * that what a test proves is about its size or its interlacing.
 */
export function makePng({ width, height, colour = 2, depth = 8, interlaced = false }: PngShape): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = depth;
  header[9] = colour;
  header[12] = interlaced ? 1 : 0;
  const bytesPerPixel = (channels[colour] * depth) / 8;
  let raw = 0;
  const passes = interlaced ? adam7 : ([[0, 0, 1, 1]] as const);
  for (const [x0, y0, dx, dy] of passes) {
    const columns = Math.ceil(Math.max(0, width - x0) / dx);
    const rows = Math.ceil(Math.max(0, height - y0) / dy);
    if (columns > 0) raw += rows * (1 + columns * bytesPerPixel);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(raw))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
