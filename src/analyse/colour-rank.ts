import { isObserved } from '../model/observed-values.js';

/*
 * The one model of how a Compliance colour counts, for every verdict and every order.
 * Coded values are folded to their observed spelling at load, so a colour here is either
 * one of Green, Red, Amber, Gray or unknown (outside the observed set). An unknown
 * colour fails closed: it could be Red, so it counts as Red wherever failures count.
 */

/** True for a colour outside the observed set (after folding). */
export function isUnknownColour(colour: string): boolean {
  return !isObserved('Compliance', colour);
}

/** True for a colour that counts as Red: Red, or unknown. */
export function countsAsRed(colour: string): boolean {
  return colour === 'Red' || isUnknownColour(colour);
}

/** True for a failing colour: Red, Amber, or unknown. Gray is not assessed, not failing. */
export function isFailingColour(colour: string): boolean {
  return colour === 'Amber' || countsAsRed(colour);
}

/**
 * How bad an assessed colour is: Green 0, Amber 1, Red (and unknown) 2; undefined for
 * Gray, which was not assessed. A move to a higher rank is a regression.
 */
export function assessedRank(colour: string): number | undefined {
  switch (colour) {
    case 'Green':
      return 0;
    case 'Amber':
      return 1;
    case 'Gray':
      return undefined;
    default:
      return 2;
  }
}

/**
 * Worst first, for lists and for the worst of several copies of a policy: Red, an
 * unknown colour (it could be Red), Amber, Green, then Gray.
 */
export function colourRank(colour: string): number {
  switch (colour) {
    case 'Red':
      return 0;
    case 'Amber':
      return 2;
    case 'Green':
      return 3;
    case 'Gray':
      return 4;
    default:
      return 1;
  }
}
