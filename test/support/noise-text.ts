const alphabet = Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'latin1');

/**
 * Text that gzip cannot shrink much, the same on every run: letters and digits from a
 * seeded generator (xorshift32). Big logs of such text reach an upload limit counted
 * in compressed bytes long before a result limit. Made as bytes and decoded once: a
 * string grown a character at a time stays a chain of a node per character until it is
 * read, and tens of thousands of them held at once cost seconds of garbage collection.
 */
export function noiseText(seed: number, length: number): string {
  let state = seed | 0 || 1;
  const bytes = Buffer.allocUnsafe(length);
  for (let index = 0; index < length; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[index] = alphabet[(state >>> 0) % alphabet.length]!;
  }
  return bytes.toString('latin1');
}
