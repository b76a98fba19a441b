import { describe, expect, it } from 'vitest';
import {
  assessedRank,
  colourRank,
  countsAsRed,
  isFailingColour,
  isUnknownColour,
} from '../../src/analyse/colour-rank.js';

/**
 * How each Compliance counts. `Yellow`, `red` (a spelling that load would have folded)
 * and the empty string stand for colours outside the observed set: they fail closed.
 */
const colours: {
  colour: string;
  unknown: boolean;
  red: boolean;
  failing: boolean;
  assessed: number | undefined;
  rank: number;
}[] = [
  { colour: 'Red', unknown: false, red: true, failing: true, assessed: 2, rank: 0 },
  { colour: 'Yellow', unknown: true, red: true, failing: true, assessed: 2, rank: 1 },
  { colour: 'red', unknown: true, red: true, failing: true, assessed: 2, rank: 1 },
  { colour: '', unknown: true, red: true, failing: true, assessed: 2, rank: 1 },
  { colour: 'Amber', unknown: false, red: false, failing: true, assessed: 1, rank: 2 },
  { colour: 'Green', unknown: false, red: false, failing: false, assessed: 0, rank: 3 },
  { colour: 'Gray', unknown: false, red: false, failing: false, assessed: undefined, rank: 4 },
];

describe('colour rank', () => {
  it.each(colours)(
    '$colour: unknown $unknown, counts as Red $red, failing $failing, assessed rank $assessed, list rank $rank',
    ({ colour, unknown, red, failing, assessed, rank }) => {
      expect(isUnknownColour(colour)).toBe(unknown);
      expect(countsAsRed(colour)).toBe(red);
      expect(isFailingColour(colour)).toBe(failing);
      expect(assessedRank(colour)).toBe(assessed);
      expect(colourRank(colour)).toBe(rank);
    },
  );

  it('lists the worst first: Red, an unknown colour, Amber, Green, Gray', () => {
    expect(['Gray', 'Green', 'Yellow', 'Amber', 'Red'].sort((a, b) => colourRank(a) - colourRank(b))).toEqual([
      'Red',
      'Yellow',
      'Amber',
      'Green',
      'Gray',
    ]);
  });
});
