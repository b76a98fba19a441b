import type {
  DiffResult,
  PolicyChange,
  PolicyChangeKind,
  ReportDiff,
  ScanRef,
  SeverityCount,
  UnpairedReport,
} from '../../src/index.js';

/** A change of one policy, in category C (`Storage`); its kind, severity and category are what verdicts read. */
export function change(
  kind: PolicyChangeKind,
  severity: string,
  category = { id: 'C', name: 'Storage' },
): PolicyChange {
  return {
    kind,
    policyId: `${kind}-${severity}`,
    complianceNumber: '1',
    shortTitle: 't',
    serviceName: 's',
    severity,
    category,
    old: null,
    new: null,
  };
}

/** A scan of a compared report. */
export function scan(source: string, jobId: string, scanDate: string | null = null, pointer = ''): ScanRef {
  return { source, pointer, jobId, scanDate };
}

/** A compared report of benchmark B and account A holding `changes`; the figures are not read. */
export function reportDiff(
  changes: PolicyChange[] = [],
  old = scan('old.json', 'job-1'),
  next = scan('new.json', 'job-2'),
): ReportDiff {
  const figures = {
    old: null,
    new: null,
    oldHasPercent: false,
    newHasPercent: false,
    percentDelta: null,
    passedResourcesDelta: null,
  };
  const counts = { regression: 0, 'new-failure': 0, fix: 0, coverage: 0, added: 0, removed: 0, unchanged: 0 };
  return {
    benchmarkId: 'B',
    benchmarkName: 'B',
    accountId: 'A',
    accountName: 'A',
    connectorType: 'AWS',
    old,
    new: next,
    mismatched: false,
    overall: figures,
    categories: [],
    changes,
    counts,
  };
}

/** A report of one side that pairs with none, of benchmark `benchmarkId`. */
export function unpaired(side: 'old' | 'new', failing: SeverityCount[] = [], benchmarkId = 'B'): UnpairedReport {
  return { side, source: `${side}.json`, pointer: '', benchmarkId, accountId: 'A', jobId: 'j', policies: 3, failing };
}

/** A comparison of the given reports. */
export function diffOf(reports: ReportDiff[], unpairedReports: UnpairedReport[] = []): DiffResult {
  const counts = { regression: 0, 'new-failure': 0, fix: 0, coverage: 0, added: 0, removed: 0, unchanged: 0 };
  return {
    percentFormula: 'green-of-assessed',
    inputs: { old: ['old.json'], new: ['new.json'] },
    reports,
    unpaired: unpairedReports,
    counts,
  };
}
