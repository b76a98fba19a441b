import type { FileHandle } from 'node:fs/promises';

/** Bytes to write, or chunks that arrive one after another (a renderer's stream). */
export type OutputBody = string | Uint8Array | AsyncIterable<string | Uint8Array>;

/**
 * Writes every byte of `body` to `handle`. A write may take fewer bytes than it was
 * given (a file system that fills up mid-write does exactly that, and only the next
 * write fails): each is repeated on the rest until all are written, so a full disk is
 * an error, never a silently shorter file. Whole bodies go in one write when the file
 * system takes them, so the loop costs nothing on the usual path.
 */
export async function writeBody(handle: FileHandle, body: OutputBody): Promise<void> {
  if (typeof body === 'string' || body instanceof Uint8Array) {
    await writeAll(handle, toBytes(body));
    return;
  }
  for await (const chunk of body) await writeAll(handle, toBytes(chunk));
}

function toBytes(chunk: string | Uint8Array): Uint8Array {
  return typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}

async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    // A write that takes nothing and reports no error would loop for ever.
    if (bytesWritten <= 0) throw Object.assign(new Error('EIO: the file system took no bytes'), { code: 'EIO' });
    offset += bytesWritten;
  }
}
