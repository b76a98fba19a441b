import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { countQuotes, lendReadBuffer, returnReadBuffer } from '../../src/load/byte-counts.js';

/** The count the WebAssembly must give, one byte at a time. */
function counted(bytes: Uint8Array): { quotes: number; backslashes: number } {
  let quotes = 0;
  let backslashes = 0;
  for (const byte of bytes) {
    if (byte === 0x22) quotes += 1;
    if (byte === 0x5c) backslashes += 1;
  }
  return { quotes, backslashes };
}

describe('countQuotes', () => {
  it('is what src/load/wasm/byte-counts.wat compiles to (regenerate with npm run generate:wasm)', () => {
    const result = spawnSync(process.execPath, ['scripts/generate-wasm.js', '--check'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('counts every " and \\ byte, at every length around its 16-byte chunks and 4,080-byte blocks, and after a longer text', () => {
    let seed = 11;
    const random = (): number => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return seed >>> 8;
    };
    const lengths = [0, 1, 15, 16, 17, 31, 32, 33, 4_079, 4_080, 4_081, 4_096, 8_160, 8_161, 70_000, 200_003, 5];
    for (const length of lengths) {
      const bytes = new Uint8Array(length);
      // Mostly quotes and backslashes, so that a lane counting past 255 would show.
      for (let index = 0; index < length; index += 1)
        bytes[index] = [0x22, 0x5c, 0x22, 0x20, 0xe2, 0x5c][random() % 6] as number;
      expect({ length, ...countQuotes(bytes) }).toEqual({ length, ...counted(bytes) });
    }
  });

  it('counts a text of nothing but quotes, and one with none', () => {
    expect(countQuotes(new Uint8Array(10_000).fill(0x22))).toEqual({ quotes: 10_000, backslashes: 0 });
    expect(countQuotes(new Uint8Array(10_000).fill(0x5c))).toEqual({ quotes: 0, backslashes: 10_000 });
    expect(countQuotes(new Uint8Array(10_000).fill(0x21))).toEqual({ quotes: 0, backslashes: 0 });
  });

  it('counts only the bytes of a view, not the rest of its buffer', () => {
    const buffer = Buffer.from('""""\\\\ab"c\\d""""');
    expect(countQuotes(buffer.subarray(4, 12))).toEqual({ quotes: 1, backslashes: 3 });
  });

  it('counts a lent read buffer in place, while other bytes are counted beside it, and after it grew', () => {
    const first = lendReadBuffer(100_000) as Buffer;
    first.fill(0x20).write('"a\\"b"', 99_990);
    // Counted while the first is held: another counter's memory, the first's bytes untouched.
    const second = lendReadBuffer(50) as Buffer;
    second.fill(0x22);
    expect(countQuotes(Buffer.from('"x" "'))).toEqual({ quotes: 3, backslashes: 0 });
    expect(countQuotes(second)).toEqual({ quotes: 50, backslashes: 0 });
    expect(countQuotes(first.subarray(99_990, 99_996))).toEqual({ quotes: 3, backslashes: 1 });
    expect(countQuotes(first)).toEqual({ quotes: 3, backslashes: 1 });
    returnReadBuffer(second);
    returnReadBuffer(first);
    // The counters are lent again, one grown past its size: new buffers, counted right.
    const grown = lendReadBuffer(300_000) as Buffer;
    grown.fill(0x5c);
    const other = lendReadBuffer(10) as Buffer;
    other.fill(0x22);
    expect(countQuotes(grown)).toEqual({ quotes: 0, backslashes: 300_000 });
    expect(countQuotes(other)).toEqual({ quotes: 10, backslashes: 0 });
    returnReadBuffer(grown);
    returnReadBuffer(other);
    // Giving back a buffer that was not lent does nothing.
    returnReadBuffer(Buffer.from('x'));
  });

  it('counts the same where WebAssembly cannot run (node --jitless)', () => {
    // The build's module (npm test builds first): a child process cannot load TypeScript.
    const script =
      "import('./dist/load/byte-counts.js').then(({ countQuotes }) => console.log(typeof WebAssembly, JSON.stringify(countQuotes(Buffer.from('a\"b\\\\\\\\\"\"')))))";
    const result = spawnSync(process.execPath, ['--jitless', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    // V8 says that --jitless turns WebAssembly off: that is the point.
    expect(result.stderr).toMatch(/^(Warning: disabling flag --expose_wasm due to conflicting flags\n)?$/);
    const [wasm, counts] = result.stdout.trim().split(' ');
    expect(wasm).toBe('undefined');
    expect(JSON.parse(counts as string)).toEqual({ quotes: 3, backslashes: 2 });
  });
});
