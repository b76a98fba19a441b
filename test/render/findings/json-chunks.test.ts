import { describe, expect, it } from 'vitest';
import type { GateResult } from '../../../src/index.js';
import { checkJsonChunks, formatCheckJson } from '../../../src/render/findings/json-format.js';
import { change, diffOf, reportDiff } from '../../support/fake-diff.js';
import { gateResult, mixedAnalysis } from './findings-inputs.js';

/** A gate of `count` results, the hostile ones of gateResult among them. */
function gateOf(count: number): GateResult {
  const kinds = gateResult().assertions;
  return {
    ...gateResult(),
    assertions: Array.from({ length: count }, (_, index) => ({
      ...kinds[index % kinds.length]!,
      name: `${kinds[index % kinds.length]!.name} ${index}`,
    })),
  };
}

describe('the JSON of a check in pieces', () => {
  it.each([
    ['no gate', undefined, false],
    ['a gate of no result', gateOf(0), false],
    ['a gate of 2,501 results, written a thousand at a time', gateOf(2_501), false],
    ['a diff and a gate', gateOf(3), true],
  ])('is the text of the whole with %s', async (_name, gate, withDiff) => {
    const analysis = await mixedAnalysis();
    const diff = withDiff ? diffOf([reportDiff([change('regression', 'High')])]) : undefined;
    const pieces = [...checkJsonChunks(analysis, gate, diff)];
    expect(pieces.join('')).toBe(formatCheckJson(analysis, gate, diff));
    JSON.parse(pieces.join(''));
    // No piece holds more than a thousand results.
    if (gate !== undefined && gate.assertions.length > 1_000) {
      expect(pieces.length).toBeGreaterThan(4);
      for (const piece of pieces) expect(piece.split('"metric"').length - 1).toBeLessThanOrEqual(1_000);
    }
  });
});
