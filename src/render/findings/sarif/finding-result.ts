import type { Finding } from '../../../model/finding.js';
import type { PlaceInReport } from './logical-locations.js';
import type { SarifArtifactLocation, SarifLocation, SarifResult } from './sarif-log.js';
import type { DriverRules } from './sarif-rules.js';
import { sarifLevel } from './sarif-rules.js';

/**
 * A finding as a result. The report is data, not lines of text, so the location names
 * the file without a region and the report, category and policy as a logical location;
 * the pointer goes into the properties, where a program can follow it.
 */
export function findingResult(
  finding: Finding,
  file: SarifArtifactLocation,
  place: PlaceInReport | undefined,
  rules: DriverRules,
  fingerprint: (identity: string) => Record<string, string>,
): SarifResult {
  const location: SarifLocation = { physicalLocation: { artifactLocation: file } };
  if (place) location.logicalLocations = [place.logical];
  const properties: Record<string, unknown> = { pointer: finding.pointer };
  if (finding.expected !== undefined) properties.expected = finding.expected;
  if (finding.actual !== undefined) properties.actual = finding.actual;
  return {
    ruleId: finding.rule,
    ruleIndex: rules.indexOf(finding.rule),
    level: sarifLevel(finding.severity),
    message: { text: finding.message },
    locations: [location],
    partialFingerprints: fingerprint([finding.rule, file.uri, place ? place.identity : finding.pointer].join('\u0000')),
    properties,
  };
}
