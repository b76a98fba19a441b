import { severityWeights } from '../../analyse/severity-rank.js';

/**
 * The most test cases a JUnit output holds, and its most bytes. GitLab refuses a JUnit
 * artifact above about 30 MB and its test report view slows down long before; the diff
 * of two scans of 300,000 policies wrote 91 MB. Past either limit the worst cases are
 * kept and the rest counted.
 */
export const maxTestCases = 10_000;
export const maxJunitBytes = 20 * 1024 * 1024;

/** What a case stands for, worst first: the order in which cases are kept under the limits. */
export type CaseKind = 'gate-failure' | 'error' | 'regression' | 'warning-failure' | 'skipped' | 'passed';

const kindRanks: Record<CaseKind, number> = {
  'gate-failure': 0,
  error: 1,
  regression: 2,
  'warning-failure': 8,
  skipped: 9,
  passed: 10,
};

/** A case with what it stands for and, for a changed policy, its Severity. */
export interface RankedCase<T> {
  testCase: T;
  kind: CaseKind;
  severity?: string;
}

/** A suite's name and its cases in the order it lists them. */
export interface CaseSuite<T> {
  name: string;
  cases: RankedCase<T>[];
}

/** The cases of a suite that are written, in its order, and the counts of those left out. */
export interface CappedSuite<T> {
  name: string;
  cases: T[];
  omitted: { failures: number; skipped: number; passed: number };
}

/** Regressions rank Critical, High, Moderate, Low, VeryLow, then unknown severities. */
function rankOf(ranked: RankedCase<unknown>): number {
  if (ranked.kind !== 'regression') return kindRanks[ranked.kind];
  const weight = severityWeights[ranked.severity ?? ''] ?? 0;
  return kindRanks.regression + 5 - weight;
}

function omittedKey(kind: CaseKind): 'failures' | 'skipped' | 'passed' {
  if (kind === 'skipped') return 'skipped';
  return kind === 'passed' ? 'passed' : 'failures';
}

/**
 * Keeps at most `maxCases` cases and `maxBytes` bytes (as `measure` counts a case, with
 * `reserved` bytes set aside for everything around the cases), the worst first, ties in
 * the order the suites list them; each suite keeps its own order. The worst case is kept
 * whatever its size, so that a failed run always shows a failure.
 */
export function capCases<T>(
  suites: readonly CaseSuite<T>[],
  measure: (testCase: T) => number,
  limits: { maxCases: number; maxBytes: number; reserved: number },
): CappedSuite<T>[] {
  const order: { suite: number; index: number; rank: number }[] = [];
  suites.forEach((suite, suiteIndex) =>
    suite.cases.forEach((ranked, index) => order.push({ suite: suiteIndex, index, rank: rankOf(ranked) })),
  );
  // Array.prototype.sort is stable: equal ranks keep the suites' order.
  order.sort((a, b) => a.rank - b.rank);
  const kept = suites.map((suite) => new Array<boolean>(suite.cases.length).fill(false));
  let bytes = limits.reserved;
  let count = 0;
  for (const entry of order) {
    if (count >= limits.maxCases) break;
    const size = measure(suites[entry.suite]!.cases[entry.index]!.testCase);
    if (count > 0 && bytes + size > limits.maxBytes) break;
    bytes += size;
    count += 1;
    kept[entry.suite]![entry.index] = true;
  }
  return suites.map((suite, suiteIndex) => {
    const omitted = { failures: 0, skipped: 0, passed: 0 };
    const cases: T[] = [];
    suite.cases.forEach((ranked, index) => {
      if (kept[suiteIndex]![index]) cases.push(ranked.testCase);
      else omitted[omittedKey(ranked.kind)] += 1;
    });
    return { name: suite.name, cases, omitted };
  });
}
