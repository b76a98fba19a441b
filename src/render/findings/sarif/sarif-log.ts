/*
 * The part of SARIF 2.1.0 (OASIS Standard, Errata 01) that the sarif findings format
 * writes. Names and nesting follow the specification so that a reader can check each
 * field against it; everything not written here is left out rather than typed loosely.
 */

/** SARIF's severity of a result, rule or notification. */
export type SarifLevel = 'none' | 'note' | 'warning' | 'error';

/** A plain-text message (§3.11). */
export interface SarifMessage {
  text: string;
}

/** A file, relative to a base (`%SRCROOT%`) or absolute (§3.4). */
export interface SarifArtifactLocation {
  uri?: string;
  uriBaseId?: string;
  description?: SarifMessage;
}

/** A place in the report's data rather than in its text: benchmark › category › policy (§3.33). */
export interface SarifLogicalLocation {
  name: string;
  fullyQualifiedName: string;
  kind: string;
}

/** Where a result is (§3.28); cloud findings have no line, so no region. */
export interface SarifLocation {
  physicalLocation: { artifactLocation: SarifArtifactLocation };
  logicalLocations?: SarifLogicalLocation[];
}

/** One problem (§3.27). */
export interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: SarifLevel;
  message: SarifMessage;
  locations: SarifLocation[];
  partialFingerprints: Record<string, string>;
  properties: Record<string, unknown>;
}

/** A rule as the driver describes it (§3.49). */
export interface SarifRule {
  id: string;
  name?: string;
  shortDescription: SarifMessage;
  fullDescription: SarifMessage;
  help: SarifMessage;
  defaultConfiguration: { level: SarifLevel };
  properties?: Record<string, unknown>;
}

/** Something the tool says about its own run, such as results left out (§3.58). */
export interface SarifNotification {
  level: SarifLevel;
  message: SarifMessage;
  descriptor: { id: string };
}

/** One run of one tool (§3.14). */
export interface SarifRun {
  tool: { driver: { name: string; version: string; semanticVersion: string; informationUri: string; rules: SarifRule[] } };
  invocations: { executionSuccessful: boolean; toolExecutionNotifications: SarifNotification[] }[];
  originalUriBaseIds: Record<string, SarifArtifactLocation>;
  results: SarifResult[];
  properties: Record<string, unknown>;
}

/** The whole log (§3.13). */
export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: SarifRun[];
}
