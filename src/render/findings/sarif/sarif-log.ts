/*
 * The part of SARIF 2.1.0 (OASIS Standard, Errata 01) that the sarif findings format
 * writes as objects. Names and nesting follow the specification so that a reader can
 * check each field against it; everything not written here is left out rather than typed
 * loosely. Results, the log's bulk, are written as text (finding-result.ts), and so are
 * the log and run around them (sarif-run.ts).
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

/** The tool that ran (§3.18): the driver and its rules. */
export interface SarifTool {
  driver: { name: string; version: string; semanticVersion: string; informationUri: string; rules: SarifRule[] };
}

/** How the run went (§3.20). */
export interface SarifInvocation {
  executionSuccessful: boolean;
  toolExecutionNotifications: SarifNotification[];
}
