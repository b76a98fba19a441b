import { visibleText } from '../visible-text.js';

/**
 * The severities of GitLab's Code Quality report (the Code Climate issue format), least
 * severe first.
 */
export type CodeQualitySeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

/**
 * One issue of a GitLab Code Quality report (`artifacts:reports:codequality`). These are
 * the fields GitLab requires of an issue; it ignores the rest of Code Climate's format.
 */
export interface CodeQualityIssue {
  /** What is wrong, in one line of visible text. */
  description: string;
  /** The rule, gate assertion or regression the issue is of. */
  check_name: string;
  /**
   * The issue's identity from run to run: GitLab compares the fingerprints of the base
   * and head reports to tell new issues from resolved ones. Unique within a report.
   */
  fingerprint: string;
  severity: CodeQualitySeverity;
  location: {
    /** The file, relative to the folder the command ran in, with `/` separators. */
    path: string;
    /**
     * GitLab requires a line: a finding's is the line its value starts on (see
     * AnalysedSource.regions); an issue of the whole file (a gate assertion, a
     * regression) and a finding that could not be placed are on the first line.
     */
    lines: { begin: number };
  };
}

/** What the issues of a run share: how a path is written, and one fingerprinter. */
export interface IssueContext {
  path: (source: string) => string;
  fingerprint: (...parts: string[]) => string;
}

/**
 * An issue at line `line` of `path`, the first by default. The description and check name are shown as
 * visible text on one line: control characters, line breaks and bidirectional controls
 * as `\uXXXX`, as the other formats show them, since GitLab shows them to people.
 */
export function codeQualityIssue(
  path: string,
  checkName: string,
  severity: CodeQualitySeverity,
  description: string,
  fingerprint: string,
  line = 1,
): CodeQualityIssue {
  return {
    description: visibleText(description),
    check_name: visibleText(checkName),
    fingerprint,
    severity,
    location: { path, lines: { begin: line } },
  };
}
