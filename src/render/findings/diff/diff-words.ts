import type { FiguresChange, PolicyChange, PolicyChangeKind, ReportDiff } from '../../../model/diff.js';
import { displayCount } from '../../../text/display-count.js';
import { plural } from '../../../text/plural.js';
import { displayPercent } from '../../display-values.js';

/** How each kind of change reads, in the plural where counted. */
export const changeWords: Readonly<Record<PolicyChangeKind, { one: string; many: string; heading: string }>> = {
  regression: { one: 'regression', many: 'regressions', heading: 'Regressions' },
  fix: { one: 'fix', many: 'fixes', heading: 'Fixes' },
  coverage: { one: 'coverage change', many: 'coverage changes', heading: 'Coverage changes (Gray ↔ assessed)' },
  added: { one: 'new policy', many: 'new policies', heading: 'New policies' },
  removed: { one: 'removed policy', many: 'removed policies', heading: 'Removed policies' },
};

/** The counts of a diff in words: `3 regressions, 2 fixes, …, 119 unchanged`. */
export function countsText(counts: ReportDiff['counts']): string {
  const kinds = (Object.keys(changeWords) as PolicyChangeKind[]).map((kind) => plural(counts[kind], changeWords[kind].one, changeWords[kind].many));
  return `${kinds.join(', ')}, ${displayCount(counts.unchanged)} unchanged`;
}

/** A signed number: `+3`, `−2`, `0`. */
export function signed(value: number, digits = 0): string {
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return digits > 0 ? `±${text}` : '0';
  return `${value > 0 ? '+' : '−'}${text}`;
}

/** A compliance percent before and after: `33.7% → 31.7% (−2.0 points)`. */
export function percentChangeText(change: FiguresChange): string {
  const old = change.old === null ? '–' : change.oldHasPercent ? displayPercent(change.old.percent) : 'n/a';
  const next = change.new === null ? '–' : change.newHasPercent ? displayPercent(change.new.percent) : 'n/a';
  return `${old} → ${next}${change.percentDelta === null ? '' : ` (${signed(change.percentDelta, 1)} points)`}`;
}

/** Resources passed before and after: `1,234 → 1,200 (−34)`. */
export function resourcesChangeText(change: FiguresChange): string {
  const old = change.old === null ? '–' : displayCount(change.old.passedResources);
  const next = change.new === null ? '–' : displayCount(change.new.passedResources);
  return `${old} → ${next}${change.passedResourcesDelta === null ? '' : ` (${signed(change.passedResourcesDelta)})`}`;
}

/** A policy's colours as words: `Green → Red`, `new: Red`, `was Amber`. */
export function transitionText(change: PolicyChange): string {
  if (change.old === null) return `new: ${change.new?.compliance ?? '–'}`;
  if (change.new === null) return `was ${change.old.compliance}`;
  return `${change.old.compliance} → ${change.new.compliance}`;
}

/** A scan as a line: `job J, scanned 2024-03-18T06:42:17Z (file.json)`. */
export function scanText(scan: ReportDiff['old']): string {
  return `job ${scan.jobId}${scan.scanDate === null ? '' : `, scanned ${scan.scanDate}`} (${scan.source}${scan.pointer === '' ? '' : ` ${scan.pointer}`})`;
}
