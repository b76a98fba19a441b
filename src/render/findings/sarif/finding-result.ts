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
  /** The region (SARIF §3.30) as JSON text, when the result has one. */
  region?: string;
  partialFingerprints: string;
  properties: string;
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
    parts.region === undefined ? '' : ',"region":',
    parts.region ?? '',
    parts.logical === undefined ? '}}]' : '},"logicalLocations":[',
    parts.logical === undefined ? '' : parts.logical,
    parts.logical === undefined ? '' : ']}]',
    ',"partialFingerprints":',
    parts.partialFingerprints,
    ',"properties":',
    parts.properties,
    '}',
  );
}

/**
 * Writes the findings of one file as results. The report is data, not lines of text, so
 * the location names the file without a region and the report, category and policy as a
 * logical location; the pointer goes into the properties, where a program can follow it.
 * The file's location is written once for all of its findings.
 */
export function findingResults(
  artifactLocation: string,
  uri: string,
  locate: LocatePointer,
  rules: DriverRules,
  fingerprint: (identity: string) => string,
): (finding: Finding, out: string[]) => void {
  return (finding, out) => {
    const place = locate(finding.pointer);
    pushResult(out, {
      rule: rules.cite(finding.rule),
      level: sarifLevel(finding.severity),
      message: jsonString(finding.message),
      artifactLocation,
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
