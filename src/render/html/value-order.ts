import { observedValues } from '../../model/observed-values.js';

/** Colours worst first: the order of filters, sorting and chart legends. */
export const colourOrder: readonly string[] = ['Red', 'Amber', 'Green', 'Gray'];

// Made on first use: creating a collator loads ICU data (about 10 ms), which a
// `check` that never sorts anything should not pay.
let collator: Intl.Collator | undefined;
function compareText(a: string, b: string): number {
  collator ??= new Intl.Collator('en', { numeric: true });
  return collator.compare(a, b);
}

function rankIn(order: readonly string[]): (a: string, b: string) => number {
  return (a, b) => {
    const rankA = order.indexOf(a);
    const rankB = order.indexOf(b);
    if (rankA !== rankB) return (rankA === -1 ? order.length : rankA) - (rankB === -1 ? order.length : rankB);
    return compareText(a, b);
  };
}

/** Known values in their meaningful order, then unknown ones by name. */
export const compareValues = {
  colour: rankIn(colourOrder),
  severity: rankIn(observedValues.Severity),
  text: compareText,
} as const;

/** CSS key of a compliance colour; anything unknown shares one neutral style. */
export function colourKey(colour: string): string {
  return colourOrder.includes(colour) ? colour.toLowerCase() : 'other';
}
