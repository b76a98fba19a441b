import type { Finding, RuleId, Severity } from './finding.js';

/**
 * The most findings of one rule listed per file; the rest are counted in one finding
 * that says how many. A file of 5 million `{}` would otherwise make 50 million schema
 * findings and abort the process out of memory; nobody reads past the first thousand.
 */
export const findingLimit = 1000;

interface Omitted {
  rule: RuleId;
  severity: Severity;
  count: number;
  /** The longest pointer every omitted finding is under: where they are, as closely as one pointer says. */
  pointer: string;
}

/**
 * The findings of one file, at most {@link findingLimit} listed per rule; past that,
 * findings are counted by rule and severity, and {@link CappedFindings.finish} adds one
 * finding per rule and severity standing for them (its `omitted` is how many). Load,
 * validation and analysis all add through one, so the limit is one mechanism.
 */
export class CappedFindings {
  private readonly listed = new Map<RuleId, number>();
  private readonly omitted = new Map<string, Omitted>();

  /** @param findings findings already made (they are kept, and count towards the limit); this array is added to. */
  constructor(
    private readonly findings: Finding[] = [],
    private readonly limit = findingLimit,
  ) {
    for (const finding of findings)
      if (finding.omitted === undefined) this.listed.set(finding.rule, (this.listed.get(finding.rule) ?? 0) + 1);
  }

  /**
   * True while findings of `rule` are still listed: a caller can skip writing the message of one that would only be
   * counted.
   */
  lists(rule: RuleId): boolean {
    return (this.listed.get(rule) ?? 0) < this.limit;
  }

  /** Lists the finding, or counts it when its rule has reached the limit. */
  add(finding: Finding): void {
    if (this.lists(finding.rule)) {
      this.findings.push(finding);
      this.listed.set(finding.rule, (this.listed.get(finding.rule) ?? 0) + 1);
    } else {
      this.count(finding.rule, finding.severity, finding.pointer);
    }
  }

  /** Counts `count` findings of a rule that are not listed, at or under `pointer`. */
  count(rule: RuleId, severity: Severity, pointer: string, count = 1): void {
    const key = `${severity} ${rule}`;
    const entry = this.omitted.get(key);
    if (entry === undefined) this.omitted.set(key, { rule, severity, count, pointer });
    else {
      entry.count += count;
      entry.pointer = commonPointer(entry.pointer, pointer);
    }
  }

  /** The findings listed, then one per rule and severity standing for those counted only. */
  finish(): Finding[] {
    for (const entry of this.omitted.values()) this.findings.push(omittedFinding(entry, this.limit));
    this.omitted.clear();
    return this.findings;
  }
}

/** How many findings a finding counts for: itself, or the findings it stands for. */
export function findingWeight(finding: Finding): number {
  return finding.omitted ?? 1;
}

function omittedFinding({ rule, severity, count, pointer }: Omitted, limit: number): Finding {
  const listed = limit.toLocaleString('en-US');
  return {
    rule,
    severity,
    pointer,
    message: `and ${count.toLocaleString('en-US')} more like it (${rule}), counted but not listed: a file lists the first ${listed} findings of a rule`,
    omitted: count,
  };
}

/**
 * The longest pointer that both pointers are at or under. Called per finding counted, so the common cases return at
 * once.
 */
function commonPointer(a: string, b: string): string {
  if (a === '' || a === b || (b.startsWith(a) && b.charCodeAt(a.length) === 0x2f)) return a;
  const left = a.split('/');
  const right = b.split('/');
  let same = 0;
  while (same < left.length && same < right.length && left[same] === right[same]) same += 1;
  return left.slice(0, same).join('/');
}
