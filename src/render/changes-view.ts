import type { DiffResult, PolicyChange, PolicyChangeKind, PolicySide, ReportDiff, ScanRef } from '../model/diff.js';
import type {
  CategoryChangeView,
  ChangeCountView,
  ChangesAcceptanceView,
  ChangeSideView,
  ChangeView,
  ReportChangesView,
  ScanView,
} from '../model/view-model.js';
import { plural } from '../text/plural.js';
import { acceptanceText, lapsedAcceptanceText } from './accepted-marks.js';
import { displayCount, displayPercent, displayResources } from './display-values.js';
import {
  changeWords,
  percentChangeText,
  resourcesChangeText,
  signed,
  transitionText,
} from './findings/diff/diff-words.js';
import { readScanDate } from './stated-date.js';

function scanView(scan: ScanRef): ScanView {
  const scanDate = scan.scanDate === null ? null : readScanDate(scan.scanDate, undefined);
  return {
    jobId: scan.jobId,
    scanDate,
    text: scanDate === null ? `job ${scan.jobId}` : `scanned ${scanDate.text}, job ${scan.jobId}`,
  };
}

/** The heading names the old scan by its date, which a reader knows it by; the job id when there is none. */
function headingOf(old: ScanView): string {
  return old.scanDate === null ? `Changes since job ${old.jobId}` : `Changes since the scan of ${old.scanDate.text}`;
}

function sideView(side: PolicySide | null): ChangeSideView | null {
  if (side === null) return null;
  return {
    colour: side.compliance,
    passedResources: side.passedResources,
    totalResources: side.totalResources,
    resourcesText: displayResources(side.passedResources, side.totalResources),
  };
}

function changeView(change: PolicyChange): ChangeView {
  return {
    kind: change.kind,
    kindText: changeWords[change.kind].cell,
    severity: change.severity,
    complianceNumber: change.complianceNumber,
    shortTitle: change.shortTitle,
    policyId: change.policyId,
    serviceName: change.serviceName,
    categoryName: change.category.name,
    old: sideView(change.old),
    new: sideView(change.new),
    transition: transitionText(change),
    matchedByTitle: change.matchedBy === 'ComplianceNumber+ShortTitle',
    ...marksView(change),
  };
}

/** The exception that marks a change, and its words; nothing for a change no exception marked. */
function marksView(change: PolicyChange): Pick<ChangeView, 'accepted' | 'noLongerAccepted' | 'acceptanceText'> {
  if (change.accepted !== undefined)
    return { accepted: change.accepted, acceptanceText: acceptanceText(change.accepted) };
  if (change.noLongerAccepted !== undefined)
    return { noLongerAccepted: change.noLongerAccepted, acceptanceText: lapsedAcceptanceText(change.noLongerAccepted) };
  return {};
}

/** What exceptions made of a report's changes, counted and in words; undefined when they marked none. */
function acceptanceView(changes: readonly PolicyChange[]): ChangesAcceptanceView | undefined {
  const accepted = changes.filter((change) => change.accepted !== undefined).length;
  const noLongerAccepted = changes.filter((change) => change.noLongerAccepted !== undefined).length;
  if (accepted === 0 && noLongerAccepted === 0) return undefined;
  const parts = [
    ...(accepted > 0
      ? [
          `${displayCount(accepted)} accepted (listed, not counted as ${accepted === 1 ? 'a regression or new failure' : 'regressions or new failures'})`,
        ]
      : []),
    ...(noLongerAccepted > 0
      ? [
          `${displayCount(noLongerAccepted)} no longer accepted (counted as ${noLongerAccepted === 1 ? 'a regression' : 'regressions'})`,
        ]
      : []),
  ];
  return { accepted, noLongerAccepted, text: parts.join(', ') };
}

function categoryView(category: ReportDiff['categories'][number]): CategoryChangeView {
  const percentOf = (figures: typeof category.old, has: boolean): string =>
    figures === null ? '–' : has ? displayPercent(figures.percent) : 'n/a';
  return {
    name: category.name,
    status: category.status,
    oldPercent: category.old !== null && category.oldHasPercent ? category.old.percent : null,
    newPercent: category.new !== null && category.newHasPercent ? category.new.percent : null,
    oldPercentText: percentOf(category.old, category.oldHasPercent),
    newPercentText: percentOf(category.new, category.newHasPercent),
    percentDelta: category.percentDelta,
    deltaText: category.percentDelta === null ? null : `${signed(category.percentDelta, 1)} points`,
    passedResourcesDelta: category.passedResourcesDelta,
    changes: category.changes,
  };
}

function countViews(counts: ReportDiff['counts']): ChangeCountView[] {
  const kinds = (Object.keys(changeWords) as PolicyChangeKind[]).map((kind): ChangeCountView => ({
    kind,
    count: counts[kind],
    label: changeWords[kind].label,
    text: plural(counts[kind], changeWords[kind].one, changeWords[kind].many),
  }));
  return [
    ...kinds,
    {
      kind: 'unchanged',
      count: counts.unchanged,
      label: 'Unchanged',
      text: `${displayCount(counts.unchanged)} unchanged`,
    },
  ];
}

/** The changes of one compared report, in the words and order every format shows them. */
export function reportChangesView(report: ReportDiff, anchor: string): ReportChangesView {
  const old = scanView(report.old);
  const counts = countViews(report.counts);
  const acceptance = acceptanceView(report.changes);
  const countsText = counts.map((count) => count.text).join(', ');
  return {
    anchor: `${anchor}-changes`,
    heading: headingOf(old),
    old,
    new: scanView(report.new),
    mismatched: report.mismatched,
    percentText: percentChangeText(report.overall),
    percentDelta: report.overall.percentDelta,
    resourcesText: resourcesChangeText(report.overall),
    counts,
    countsText: acceptance === undefined ? countsText : `${countsText}; ${acceptance.text}`,
    ...(acceptance === undefined ? {} : { acceptance }),
    changes: report.changes.map(changeView),
    categories: report.categories.map(categoryView),
  };
}

/**
 * The compared report of `diff` whose new scan is the report at `pointer` of `source`
 * (the source as the analysis names it), if the diff compared it.
 */
export function findReportDiff(diff: DiffResult | undefined, source: string, pointer: string): ReportDiff | undefined {
  return diff?.reports.find((report) => report.new.source === source && report.new.pointer === pointer);
}
