import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDuplicateKeys } from '../../src/load/find-duplicate-keys.js';
import { findDuplicateKeysIn } from '../../src/load/find-duplicate-keys.js';
import { provesNoRepeatedKeys } from '../../src/load/repeated-key-proof.js';
import { referenceDuplicateKeys } from './reference-duplicate-keys.js';

/*
 * The repeated-key scanner against a simple reading of the same text
 * (reference-duplicate-keys.ts), on generated JSON whose objects often repeat a key:
 * keys from a small pool, written with and without escapes, strings full of quotes,
 * backslashes, braces and colons, whitespace of every kind between tokens. Pinned seed.
 */

const seed = 20_261_124;

/** A JSON value whose objects are lists of entries, so that a key may come twice. */
type Tree = null | boolean | number | string | Tree[] | { entries: [string, Tree][] };

/** How a text is written: which characters are escaped, which whitespace goes where. */
interface Style {
  escapes: boolean[];
  spaces: string[];
}

const tricky = ['"', '\\', '{', '}', '[', ']', ':', ',', '/', '~', '\n', 'a', 'é', '検', '😀', '\u2028'];
const keyPool = [
  'a',
  'A',
  'Compliance',
  '__proto__',
  'constructor',
  'a/b',
  '~1',
  '',
  'é',
  '😀',
  'x"y',
  'b\\s',
  '{',
  '}:',
  ' ',
];

function trees(unit: fc.Arbitrary<string>, pool: readonly string[]): fc.Arbitrary<Tree> {
  const text = fc.string({ unit, maxLength: 6 });
  const key = fc.oneof(fc.constantFrom(...pool), text);
  const leaf = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    text,
  );
  // Now and then an object of 30 to 90 keys, which the scanner looks up in a Map past 32.
  const manyKeys = fc.array(
    fc.tuple(
      fc.oneof(
        key,
        fc.nat(60).map((index) => `k${index}`),
      ),
      leaf,
    ),
    { minLength: 30, maxLength: 90 },
  );
  const { tree } = fc.letrec<{ tree: Tree; array: Tree[]; object: { entries: [string, Tree][] } }>((tie) => ({
    tree: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
    array: fc.array(tie('tree'), { maxLength: 4 }),
    object: fc
      .oneof(
        { arbitrary: fc.array(fc.tuple(key, tie('tree')), { maxLength: 7 }), weight: 5 },
        { arbitrary: manyKeys, weight: 1 },
      )
      .map((entries) => ({ entries })),
  }));
  // Documents are objects or arrays at the top, as reports are.
  return tree.filter((value) => typeof value === 'object' && value !== null);
}

const style: fc.Arbitrary<Style> = fc.record({
  escapes: fc.array(fc.boolean(), { minLength: 1, maxLength: 16 }),
  spaces: fc.array(fc.constantFrom('', '', ' ', '\n', '\r\n', '\t', '\n    '), { minLength: 1, maxLength: 16 }),
});

/** Writes `tree` as JSON text in `style`: every code unit as it is, or escaped where the style says so. */
function write(tree: Tree, { escapes, spaces }: Style): string {
  let count = 0;
  const space = (): string => spaces[count++ % spaces.length]!;
  const string = (value: string): string => {
    let out = '"';
    for (let index = 0; index < value.length; index += 1) {
      const char = value[index]!;
      const code = value.charCodeAt(index);
      if (char === '"' || char === '\\') out += `\\${char}`;
      else if (code < 0x20) out += `\\u${code.toString(16).padStart(4, '0')}`;
      else if (escapes[count++ % escapes.length])
        out += char === '/' ? '\\/' : `\\u${code.toString(16).padStart(4, '0')}`;
      else out += char;
    }
    return `${out}"`;
  };
  const value = (node: Tree): string => {
    if (typeof node === 'string') return string(node);
    if (typeof node !== 'object' || node === null) return JSON.stringify(node);
    if (Array.isArray(node)) return `[${space()}${node.map((item) => `${value(item)}${space()}`).join(`,${space()}`)}]`;
    return `{${space()}${node.entries.map(([key, item]) => `${string(key)}${space()}:${space()}${value(item)}${space()}`).join(`,${space()}`)}}`;
  };
  return `${space()}${value(tree)}${space()}`;
}

const anyUnit = fc.oneof(
  fc.constantFrom(...tricky),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
);
/** Characters that are one byte each in Latin-1: written so, they make UTF-8 that may be broken. */
const bytePool = keyPool.filter((key) => /^[\u0000-\u00ff]*$/.test(key));
const byteUnit = fc.oneof(
  fc.constantFrom('"', '\\', '{', '}', ':', 'a', '\u00c3', '\u00a9', '\u00ff', '\u0080'),
  fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)),
);

describe('duplicate-key scanner against a simple reading of the text', () => {
  it('finds every repeat, in order, with its key, pointer, occurrence and both places (strings, UTF-8 or UTF-16 as the text needs)', () => {
    fc.assert(
      fc.property(trees(anyUnit, keyPool), style, (tree, how) => {
        const text = write(tree, how);
        JSON.parse(text);
        const expected = referenceDuplicateKeys(text);
        expect(findDuplicateKeys(text, 10_000)).toEqual({ count: expected.length, duplicates: expected });
      }),
      { seed, numRuns: 1_000 },
    );
  });

  it('reads UTF-8 bytes, broken ones included, as JSON.parse reads their decoded text', () => {
    fc.assert(
      fc.property(trees(byteUnit, bytePool), style, (tree, how) => {
        const bytes = Buffer.from(write(tree, how), 'latin1');
        const decoded = bytes.toString('utf8');
        JSON.parse(decoded);
        const expected = referenceDuplicateKeys(decoded);
        expect(findDuplicateKeysIn({ units: bytes, encoding: 'utf8' }, 10_000)).toEqual({
          count: expected.length,
          duplicates: expected,
        });
      }),
      { seed, numRuns: 1_000 },
    );
  });

  it('never throws on text that is not JSON (its result is then meaningless)', () => {
    const broken = fc.oneof(
      fc.string({ unit: anyUnit, maxLength: 40 }),
      fc.tuple(trees(anyUnit, keyPool), style, fc.nat()).map(([tree, how, cut]) => {
        const text = write(tree, how);
        return text.slice(0, cut % (text.length + 1));
      }),
    );
    fc.assert(
      fc.property(broken, (text) => {
        findDuplicateKeys(text);
        // Bytes in a buffer of their own size: a read past their end would throw.
        findDuplicateKeysIn({ units: new Uint8Array(Buffer.from(text, 'latin1')), encoding: 'utf8' });
      }),
      { seed, numRuns: 1_000 },
    );
  });

  it('is proven free of repeats (see provesNoRepeatedKeys) if and only if it has none, its quotes counted in the text or in its UTF-8 bytes', () => {
    // Escapes off half the time, on the other half keys and strings written with \u escapes and escaped quotes.
    const texts = fc
      .tuple(trees(anyUnit, keyPool), style, fc.boolean())
      .map(([tree, how, plain]) => write(tree, plain ? { ...how, escapes: [false] } : how));
    let proven = 0;
    fc.assert(
      fc.property(texts, (text) => {
        const value: unknown = JSON.parse(text);
        const proof = provesNoRepeatedKeys(text, value);
        const repeats = referenceDuplicateKeys(text).length;
        if (proof) proven += 1;
        expect({ proof, repeats: repeats > 0 }).toEqual({ proof: repeats === 0, repeats: repeats > 0 });
        expect(provesNoRepeatedKeys(text, value, Buffer.from(text, 'utf8'))).toBe(proof);
      }),
      { seed, numRuns: 1_000 },
    );
    expect(proven).toBeGreaterThan(100);
  });

  it('generates repeats often enough to mean something', () => {
    const texts = fc
      .sample(fc.tuple(trees(anyUnit, keyPool), style), { seed, numRuns: 300 })
      .map(([tree, how]) => write(tree, how));
    expect(texts.filter((text) => referenceDuplicateKeys(text).length > 0).length).toBeGreaterThan(50);
  });
});
