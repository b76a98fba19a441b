import { describe, expect, it } from 'vitest';
import { embeddingLevels, visualOrder, type BidiPiece } from '../../../src/render/pdf/bidi-order.js';

const word = (level: number, spaces = 1, spaceLevel = level): BidiPiece => ({ level, spaceLevel, spaces });

describe('embeddingLevels', () => {
  it('spares text without a right-to-left letter', () => {
    expect(embeddingLevels('Ensure keys rotate — 确保 ключи')).toBeNull();
  });

  it('gives a Hebrew paragraph level 1 and a Latin word inside it level 2', () => {
    const levels = embeddingLevels('עבור AWS בכל');
    expect([...(levels ?? [])]).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1]);
  });

  it('reads a line mostly of English words left to right, whatever its first letter', () => {
    const levels = [...(embeddingLevels('3. בכל — 4 Red, 5 Amber') ?? [])];
    expect(levels.slice(0, 6)).toEqual([0, 0, 0, 1, 1, 1]);
    expect(levels.slice(12)).toEqual(new Array(11).fill(0));
  });

  it('gives an Arabic word inside a Latin paragraph level 1', () => {
    expect([...(embeddingLevels('Use مفتاح now') ?? [])]).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
  });
});

describe('visualOrder', () => {
  // Items: 2 × i is word i, 2 × i + 1 the spaces after word i.
  const cases: { name: string; line: BidiPiece[]; expected: number[] }[] = [
    { name: 'a left-to-right line keeps its order', line: [word(0), word(0), word(0)], expected: [0, 1, 2, 3, 4] },
    { name: 'a right-to-left line is reversed', line: [word(1), word(1), word(1)], expected: [4, 3, 2, 1, 0] },
    {
      name: 'Latin words inside a right-to-left line keep their order',
      line: [word(1), word(2, 1, 2), word(2, 1, 1), word(1)],
      expected: [6, 5, 2, 3, 4, 1, 0],
    },
    {
      name: 'an Arabic pair inside a Latin line is reversed in place',
      line: [word(0, 1, 0), word(1), word(1, 1, 0), word(0)],
      expected: [0, 1, 4, 3, 2, 5, 6],
    },
    { name: 'a piece without spaces after it has no space item', line: [word(1, 0), word(1)], expected: [2, 0] },
  ];
  it.each(cases)('$name', ({ line, expected }) => expect(visualOrder(line)).toEqual(expected));
});
