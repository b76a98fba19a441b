/**
 * Bytes to text. UTF-8 is the norm; a UTF-8 byte order mark is dropped, and a UTF-16
 * mark is honoured because Windows PowerShell's `>` and `Out-File` write UTF-16LE,
 * a common way for these reports (made with ConvertTo-Json) to be saved.
 */
export function decodeText(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) {
    return buffer.toString('utf8', 3);
  }
  if (buffer[0] === 0xff && buffer[1] === 0xfe) {
    return buffer.toString('utf16le', 2);
  }
  if (buffer[0] === 0xfe && buffer[1] === 0xff) {
    // swap16 needs an even length; a dangling last byte cannot be a character anyway.
    const swapped = Buffer.from(buffer.subarray(2, buffer.length - (buffer.length % 2)));
    return swapped.swap16().toString('utf16le');
  }
  return buffer.toString('utf8');
}

/**
 * The UTF-8 bytes of a text as {@link decodeText} reads them, without a byte order mark;
 * undefined for UTF-16, which it recognises by its mark.
 */
export function utf8Bytes(bytes: Uint8Array): Uint8Array | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return undefined;
  return bytes;
}

/** Drops a leading byte order mark from text that was decoded elsewhere. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
