/**
 * A count with thousands separators, as `en-US` writes it: `12,345`. Written out by
 * hand because the first toLocaleString call of a process loads ICU's number
 * formatting, about 20 ms, which every `check` paid for its one summary line.
 * A value that is no finite number shows as an en dash, never `NaN` or `∞`.
 */
export function displayCount(count: number): string {
  if (!Number.isFinite(count)) return '–';
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en-US');
  const digits = String(Math.abs(count));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let index = grouped.length; index < digits.length; index += 3) grouped += `,${digits.slice(index, index + 3)}`;
  return count < 0 ? `-${grouped}` : grouped;
}
