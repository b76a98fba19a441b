import type { Finding } from '../../model/finding.js';

/** What the reader set aside or read by default in one ASFF document, by the findings' pointers. */
export interface AsffAsides {
  /** Findings whose RecordState is ARCHIVED: left out. */
  archived: readonly string[];
  /** Findings with no `Compliance.Status`: read as failing. */
  noCompliance: readonly string[];
  /** Entries of `Compliance.RelatedRequirements` that name no framework, when reports per framework were asked. */
  unframed: readonly string[];
  /** Entries of it Prowler cut short, whose last id was left out, when reports per framework were asked. */
  truncated: readonly string[];
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * One `scanner-value` note per kind of aside in a document, pointing at the first
 * finding of it, so that nothing is left out or read by default in silence, and a long
 * export of Security Hub's (where archived findings are the many) gives one line, not
 * thousands.
 */
export function asffNotes(asides: AsffAsides, tool: string): Finding[] {
  const notes: Finding[] = [];
  const [firstArchived] = asides.archived;
  if (firstArchived !== undefined)
    notes.push({
      rule: 'scanner-value',
      severity: 'warning',
      pointer: firstArchived,
      message: `${count(asides.archived.length, 'finding is', 'findings are')} ARCHIVED in ${tool} (RecordState): no current result, left out of the reports`,
      expected: 'RecordState ACTIVE',
      actual: `${asides.archived.length} ARCHIVED`,
    });
  const [firstUnchecked] = asides.noCompliance;
  if (firstUnchecked !== undefined)
    notes.push({
      rule: 'scanner-value',
      severity: 'warning',
      pointer: firstUnchecked,
      message: `${count(asides.noCompliance.length, 'finding has', 'findings have')} no Compliance.Status (a detection, not a compliance check): each read as FAILED, the problem it reports`,
      expected: 'Compliance.Status PASSED, FAILED, WARNING or NOT_AVAILABLE',
      actual: `${asides.noCompliance.length} without`,
    });
  if (asides.unframed.length > 0)
    notes.push({
      rule: 'scanner-value',
      severity: 'warning',
      pointer: '',
      message: `${count(asides.unframed.length, 'entry', 'entries')} of Compliance.RelatedRequirements ${asides.unframed.length === 1 ? 'names' : 'name'} no framework (neither "Framework/requirement" nor "NIST.800-53.r5 AC-1"), so no framework's report holds ${asides.unframed.length === 1 ? 'it' : 'them'}: ${asides.unframed
        .slice(0, 3)
        .map((entry) => JSON.stringify(entry))
        .join(', ')}${asides.unframed.length > 3 ? ', …' : ''}`,
      expected: 'Framework/requirement',
      actual: asides.unframed.slice(0, 3),
    });
  if (asides.truncated.length > 0)
    notes.push({
      rule: 'scanner-value',
      severity: 'warning',
      pointer: '',
      message: `${count(asides.truncated.length, 'entry', 'entries')} of Compliance.RelatedRequirements ${asides.truncated.length === 1 ? 'was' : 'were'} cut at 63 characters by Prowler, the last id maybe cut in two: that id is left out of the framework's report (${JSON.stringify(asides.truncated[0])}); Prowler's JSON-OCSF output names every requirement`,
      expected: 'whole requirement ids',
      actual: asides.truncated.slice(0, 3),
    });
  return notes;
}
