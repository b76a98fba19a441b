/**
 * Text that gzip cannot shrink much, the same on every run: letters and digits from a
 * seeded generator (xorshift32). Big logs of such text reach an upload limit counted
 * in compressed bytes long before a result limit.
 */
export function noiseText(seed: number, length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let state = seed | 0 || 1;
  let text = '';
  for (let index = 0; index < length; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    text += alphabet[(state >>> 0) % alphabet.length];
  }
  return text;
}
