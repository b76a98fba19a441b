import type { FiguresChange, PolicyChange, PolicyChangeKind, ReportDiff } from '../../../model/diff.js';
import { displayCount } from '../../../text/display-count.js';
import { plural } from '../../../text/plural.js';
import { oneDecimal } from '../../../text/one-decimal.js';
import { displayPercent } from '../../display-values.js';

/** How a kind of change reads in every format. */
export interface ChangeWords {
  /** Counted: `1 regression`, `3 regressions`. */
  one: string;
  many: string;
  /** The heading of its list. */
  heading: string;
  /** The label of its count in documents. */
  label: string;
  /** Its name in a table cell. */
  cell: string;
  /** Its mark in Markdown. */
  mark: string;
  /** Its ANSI colour on a terminal. */
  colour: string;
  /** The colour of its count's chip in documents, when it is one of posture. */
  chip?: 'Red' | 'Green';
}

/** How each kind of change reads, in the order every format lists them: the one table of these words. */
export const changeWords: Readonly<Record<PolicyChangeKind, ChangeWords>> = {
  regression: {
    one: 'regression',
    many: 'regressions',
    heading: 'Regressions',
    label: 'Regressions',
    cell: 'Regression',
    mark: '🔴 regression',
    colour: '31',
    chip: 'Red',
  },
  'new-failure': {
    one: 'new failure',
    many: 'new failures',
    heading: 'New failures (failing now; Gray or not there before)',
    label: 'New failures',
    cell: 'New failure',
    mark: '🟠 new failure',
    colour: '31',
    chip: 'Red',
  },
  fix: {
    one: 'fix',
    many: 'fixes',
    heading: 'Fixes',
    label: 'Fixes',
    cell: 'Fix',
    mark: '🟢 fix',
    colour: '32',
    chip: 'Green',
  },
  coverage: {
    one: 'coverage change',
    many: 'coverage changes',
    heading: 'Coverage changes (Gray ↔ assessed)',
    label: 'Coverage',
    cell: 'Coverage',
    mark: '⚪ coverage',
    colour: '36',
  },
  added: {
    one: 'new policy',
    many: 'new policies',
    heading: 'New policies (not failing)',
    label: 'New policies',
    cell: 'New',
    mark: '🆕 new',
    colour: '33',
  },
  removed: {
    one: 'removed policy',
    many: 'removed policies',
    heading: 'Removed policies',
    label: 'Removed',
    cell: 'Removed',
    mark: '➖ removed',
    colour: '90',
  },
};

/** The counts of a diff in words: `3 regressions, 2 fixes, …, 119 unchanged`. */
export function countsText(counts: ReportDiff['counts']): string {
  const kinds = (Object.keys(changeWords) as PolicyChangeKind[]).map((kind) =>
    plural(counts[kind], changeWords[kind].one, changeWords[kind].many),
  );
  return `${kinds.join(', ')}, ${displayCount(counts.unchanged)} unchanged`;
}

/** A signed number: `+3`, `−2`, `0`. */
export function signed(value: number, digits = 0): string {
  // One decimal is the rule every output rounds percents and points by (oneDecimal).
  const text = digits === 1 ? oneDecimal(Math.abs(value)) : Math.abs(value).toFixed(digits);
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
