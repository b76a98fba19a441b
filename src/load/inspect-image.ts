import { crc32, inflateSync } from 'node:zlib';

/** What a logo image is, once its structure has been checked. */
export interface ImageInfo {
  mediaType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

/** A logo is a few hundred pixels wide; anything past this is a mistake or an attack. */
export const maxImageSide = 4096;

/**
 * The most pixels a logo may have. A PNG compresses blank pixels a thousandfold, so
 * its size on disk says nothing of what decoding it takes: pdfkit held 2.9 GB for a
 * 777 KB PNG of 10,000 × 10,000 pixels. 4 Mpx (2048 × 2048) decode in tens of MB.
 */
export const maxImagePixels = 2048 * 2048;

/**
 * Checks that `bytes` are a whole, well-formed PNG or JPEG and returns its kind and
 * size, or a reason it is not. Told by content, not by name. A truncated or corrupt
 * file would show as a broken image in HTML and XLSX, and pdfkit embeds whatever
 * dimensions a JPEG claims (65535 × 65535), so every chunk is verified here: a PNG's
 * CRCs, header and compressed pixels, a JPEG's segments, frame size and end marker.
 */
export function inspectImage(bytes: Uint8Array): ImageInfo | { problem: string } {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.subarray(0, 8).equals(pngSignature)) return inspectPng(data);
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return inspectJpeg(data);
  return { problem: 'is neither a PNG nor a JPEG image' };
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngChannels: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function inspectPng(data: Buffer): ImageInfo | { problem: string } {
  const pixels: Buffer[] = [];
  let header: { width: number; height: number; depth: number; colour: number; interlaced: boolean } | undefined;
  let offset = 8;
  for (;;) {
    if (offset + 12 > data.length) return { problem: 'is a truncated PNG image (it ends before its IEND chunk)' };
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > data.length) return { problem: `is a truncated PNG image (its ${type} chunk is cut)` };
    if (crc32(data.subarray(offset + 4, end - 4)) !== data.readUInt32BE(end - 4))
      return { problem: `is a corrupt PNG image (the ${type} chunk fails its checksum)` };
    const body = data.subarray(offset + 8, end - 4);
    if (header === undefined && type !== 'IHDR')
      return { problem: 'is a corrupt PNG image (it does not start with IHDR)' };
    if (type === 'IHDR')
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8] ?? 0,
        colour: body[9] ?? 0,
        interlaced: body[12] === 1,
      };
    if (type === 'IDAT') pixels.push(body);
    offset = end;
    if (type === 'IEND') break;
  }
  if (!header) return { problem: 'is a corrupt PNG image (no IHDR chunk)' };
  const { width, height, depth, colour, interlaced } = header;
  const channels = pngChannels[colour];
  if (channels === undefined || ![1, 2, 4, 8, 16].includes(depth))
    return { problem: 'is a corrupt PNG image (unknown colour type or bit depth)' };
  const size = checkSize(width, height, 'PNG');
  if (size) return size;
  if (pixels.length === 0) return { problem: 'is a corrupt PNG image (no IDAT chunk)' };
  const rows = rowStarts(width, height, (channels * depth) / 8, interlaced);
  try {
    const raw = inflateSync(Buffer.concat(pixels), { maxOutputLength: rows.end * 2 + 1024 });
    if (raw.length !== rows.end) return { problem: 'is a corrupt PNG image (its pixel data has the wrong size)' };
    // A decoder stops at a filter type it does not know (pdfkit's with a stack).
    const unknown = rows.starts.find((start) => (raw[start] ?? 0) > 4);
    if (unknown !== undefined)
      return { problem: `is a corrupt PNG image (a row has filter type ${raw[unknown]}, which does not exist)` };
  } catch {
    return { problem: 'is a corrupt PNG image (its pixel data does not decompress)' };
  }
  return { mediaType: 'image/png', width, height };
}

/** The seven passes of Adam7 interlacing: first column and row, and their steps. */
const adam7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * Where each row (its filter byte) starts in the decompressed pixel data, and where the
 * data ends; an interlaced image stores seven passes, each a small image of its own.
 */
function rowStarts(
  width: number,
  height: number,
  bytesPerPixel: number,
  interlaced: boolean,
): { starts: number[]; end: number } {
  const starts: number[] = [];
  let at = 0;
  for (const [x0, y0, dx, dy] of interlaced ? adam7 : ([[0, 0, 1, 1]] as const)) {
    const columns = Math.ceil(Math.max(0, width - x0) / dx);
    const rows = Math.ceil(Math.max(0, height - y0) / dy);
    if (columns === 0) continue;
    const rowBytes = 1 + Math.ceil(columns * bytesPerPixel);
    for (let row = 0; row < rows; row++) {
      starts.push(at);
      at += rowBytes;
    }
  }
  return { starts, end: at };
}

function inspectJpeg(data: Buffer): ImageInfo | { problem: string } {
  let offset = 2;
  let frame: { width: number; height: number } | undefined;
  for (;;) {
    if (offset + 4 > data.length) return { problem: 'is a truncated JPEG image (it ends before its image data)' };
    if (data[offset] !== 0xff) return { problem: 'is a corrupt JPEG image (a segment marker is missing)' };
    const marker = data[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > data.length)
      return { problem: 'is a truncated JPEG image (a segment is cut)' };
    if (isFrameMarker(marker)) {
      if (length < 8) return { problem: 'is a corrupt JPEG image (a frame header is too short)' };
      frame = { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
    if (marker === 0xda) break;
  }
  if (!frame) return { problem: 'is a corrupt JPEG image (no frame header before its image data)' };
  const size = checkSize(frame.width, frame.height, 'JPEG');
  if (size) return size;
  let end = data.length;
  while (end > offset && data[end - 1] === 0) end -= 1;
  if (data[end - 2] !== 0xff || data[end - 1] !== 0xd9)
    return { problem: 'is a truncated JPEG image (its end marker is missing)' };
  return { mediaType: 'image/jpeg', ...frame };
}

/** SOF0–SOF15, less DHT (C4), JPG (C8) and DAC (CC), which share the range. */
function isFrameMarker(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function checkSize(width: number, height: number, kind: string): { problem: string } | undefined {
  if (width === 0 || height === 0)
    return { problem: `is a corrupt ${kind} image (it claims ${width} × ${height} pixels)` };
  if (width > maxImageSide || height > maxImageSide) {
    return { problem: `claims ${width} × ${height} pixels; a logo may be at most ${maxImageSide} pixels on a side` };
  }
  if (width * height > maxImagePixels) {
    return {
      problem: `claims ${width} × ${height} pixels (${(width * height).toLocaleString('en-US')}); a logo may have at most ${maxImagePixels.toLocaleString('en-US')} pixels (2048 × 2048)`,
    };
  }
  return undefined;
}
