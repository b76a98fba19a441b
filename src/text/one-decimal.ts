/**
 * A percent or a number of points as every output prints it: one decimal, halves
 * rounded away from zero (`2.0` for 1.98 and −1.98 alike, `15.4` for 15.38). One rule
 * for the documents, diff and the gate's messages, so that the same drop never reads
 * as −2.0 points in one and 1.98 in another.
 */
export function oneDecimal(value: number): string {
  const rounded = Math.sign(value) * Math.round(Math.abs(value) * 10);
  // −0.04 rounds to zero: no minus sign on a zero.
  return (rounded === 0 ? 0 : rounded / 10).toFixed(1);
}
