import { gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { sarifSchemaErrors } from '../findings/sarif-schema.js';

/** The parts of a SARIF log the tests of policy logs read. */
export interface PolicyLog {
  runs: {
    tool: {
      driver: {
        rules: {
          id: string;
          name: string;
          shortDescription: { text: string };
          defaultConfiguration: { level: string };
          properties: Record<string, unknown>;
        }[];
      };
    };
    invocations: {
      toolExecutionNotifications: { level: string; message: { text: string }; descriptor: { id: string } }[];
    }[];
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: {
        physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } };
        logicalLocations: { name: string; fullyQualifiedName: string; kind: string }[];
      }[];
      partialFingerprints: Record<string, string>;
      properties: Record<string, unknown> & { policyId: string; severity: string };
    }[];
    properties: Record<string, unknown> & {
      resultLimit: {
        written: number;
        omitted: number;
        cutBy: string | null;
        omittedBySeverity: Record<string, { red: number; amber: number }>;
      };
    };
  }[];
}

/** Results and rules the schema reads of a big log: ajv takes minutes over 25,000 of each with the SARIF schema. */
const sampledEntries = 500;

/** Every n-th entry, the first and the last included, so that each kind of entry a writer makes is read. */
function sample<T>(entries: readonly T[]): T[] {
  const step = Math.max(1, Math.ceil(entries.length / sampledEntries));
  return entries.filter((_, index) => index % step === 0 || index === entries.length - 1);
}

/**
 * Parses a log, checks it against the OASIS schema (of a big log, the whole run with a
 * sample of its results and rules) and checks that each result cites the rule at its index.
 */
export function readPolicyLog(text: string): PolicyLog {
  const log = JSON.parse(text) as PolicyLog;
  const run = log.runs[0]!;
  const sampled = {
    ...run,
    results: sample(run.results),
    tool: { driver: { ...run.tool.driver, rules: sample(run.tool.driver.rules) } },
  };
  expect(sarifSchemaErrors({ ...log, runs: [sampled] })).toEqual([]);
  // One assertion over the mismatches: an expect per result cost a second on 25,000.
  const mismatched = run.results
    .filter((result) => run.tool.driver.rules[result.ruleIndex]?.id !== result.ruleId)
    .map((result) => `${result.ruleId} at rule ${result.ruleIndex}`);
  expect(mismatched).toEqual([]);
  return log;
}

/** The size GitHub's upload limit counts: gzip at zlib's default level, as the upload action compresses. */
export function uploadBytes(text: string): number {
  return gzipSync(text).length;
}
