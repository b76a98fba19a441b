import type { TextRegion } from '../../../model/analysis.js';
import type { Finding } from '../../../model/finding.js';
import { jsonString, jsonValue } from './json-text.js';
import type { LocatePointer } from './logical-locations.js';
import type { SarifLevel } from './sarif-log.js';
import type { DriverRules } from './sarif-rules.js';
import { sarifLevel } from './sarif-rules.js';

/** What a result is made of, each part already JSON text (see json-text.ts) but the level. */
export interface ResultParts {
  /** `"ruleId":…,"ruleIndex":…` from {@link DriverRules.cite}. */
  rule: string;
  level: SarifLevel;
  message: string;
  artifactLocation: string;
  /** The logical location, when the result has one. */
  logical: string | undefined;
  /** The region (SARIF §3.30) as JSON text; by default the file's first line. */
  region?: string;
  partialFingerprints: string;
  /** The suppressions (SARIF §3.27.23) as JSON text, when the result is suppressed (an accepted risk). */
  suppressions?: string;
  properties: string;
}

/**
 * The region of a result that concerns a file rather than a value in it (a failed gate
 * assertion, a regression): its first line. GitHub code scanning refuses a result
 * without a line to show (its rule GH1003).
 */
const firstLine = '{"startLine":1}';

/** A text region as SARIF's region, JSON text. */
export function regionText(region: TextRegion): string {
  return `{"startLine":${region.startLine},"startColumn":${region.startColumn},"endLine":${region.endLine},"endColumn":${region.endColumn}}`;
}

/**
 * Appends one result (SARIF §3.27) to `out` as the parts of its JSON text. A log holds
 * up to 25,000 results: built as objects and stringified, or as strings of many parts,
 * they cost more in copying and garbage collection than the rest of the log, so the
 * parts go straight into the array that ResultTexts joins.
 */
export function pushResult(out: string[], parts: ResultParts): void {
  out.push(
    '{',
    parts.rule,
    ',"level":"',
    parts.level,
    '","message":{"text":',
    parts.message,
    '},"locations":[{"physicalLocation":{"artifactLocation":',
    parts.artifactLocation,
    ',"region":',
    parts.region ?? firstLine,
    parts.logical === undefined ? '}}]' : '},"logicalLocations":[',
    parts.logical === undefined ? '' : parts.logical,
    parts.logical === undefined ? '' : ']}]',
    ',"partialFingerprints":',
    parts.partialFingerprints,
    parts.suppressions === undefined ? '' : ',"suppressions":',
    parts.suppressions ?? '',
    ',"properties":',
    parts.properties,
    '}',
  );
}

/**
 * Writes the findings of one file as results. The location names the file, the region
 * of the value the pointer names (lines and UTF-16 columns from 1, SARIF's default), and
 * the report, category and policy as a logical location; the pointer goes into the
 * properties, where a program can follow it. A finding of a source that could not be
 * placed (a parsed value given to the library) sits on the file's first line. The
 * file's location is written once for all of its findings.
 */
export function findingResults(
  artifactLocation: string,
  uri: string,
  locate: LocatePointer,
  rules: DriverRules,
  fingerprint: (identity: string) => string,
): (finding: Finding, out: string[]) => void {
  return (finding, out) => {
    const { inReport: place, region } = locate(finding.pointer);
    pushResult(out, {
      rule: rules.cite(finding.rule),
      level: sarifLevel(finding.severity),
      message: jsonString(finding.message),
      artifactLocation,
      ...(region === undefined ? {} : { region: regionText(region) }),
      logical: place?.logical,
      partialFingerprints: fingerprint(`${finding.rule}\u0000${uri}\u0000${place ? place.identity : finding.pointer}`),
      properties: `{"pointer":${jsonString(finding.pointer)}${optional('expected', finding.expected)}${optional('actual', finding.actual)}}`,
    });
  };
}

/** A property that is left out when undefined, as JSON.stringify leaves it out of an object. */
function optional(name: string, value: unknown): string {
  const text = value === undefined ? undefined : jsonValue(value);
  return text === undefined ? '' : `,"${name}":${text}`;
}
