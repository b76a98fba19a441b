import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDocument } from '../../src/load/read-document.js';
import type { BenchmarkReport } from '../../src/model/report.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';
import { smallSizes, validDocument, type GeneratedDocument } from './report-arbitrary.js';

/*
 * `render -f ocsf`, then `check` of the events: the same figures as `check` of the
 * reports rendered (pinned seed). The reports are generated valid, with hostile text,
 * and half of them state a scan date, which comes back as it was stated.
 */

const tempDir = useTempDir();

interface CheckOutput {
  summary: Record<string, unknown>;
  files: { posture: { reports: Record<string, unknown>[] } }[];
}

async function checked(file: string): Promise<{ summary: unknown; reports: unknown[] }> {
  const result = await runInProcess(['check', file, '--no-config', '-f', 'json']);
  const out = JSON.parse(result.stdout) as CheckOutput;
  return {
    summary: out.summary,
    reports: withoutPointers(out.files.flatMap((file) => file.posture.reports)) as unknown[],
  };
}

/** Where a report is in its file differs by nature (`/result/0`, `/0`): every figure must not. */
function withoutPointers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPointers);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'pointer')
      .map(([key, member]) => [key, withoutPointers(member)]),
  );
}

/** Each policy's figures, by report and category, in order. */
function policyFigures(reports: readonly BenchmarkReport[]): unknown[] {
  return reports.map((report) => ({
    report: [report.BenchmarkId, report.AccountId, report.JobId],
    policies: report.ResourceCategories.flatMap((category) =>
      category.Policies.map((policy) => [
        category.CategoryName,
        policy.PolicyId,
        policy.ComplianceNumber,
        policy.PassedResourceCount,
        policy.TotalResourceCount,
        policy.Compliance,
        policy.Severity,
      ]),
    ),
  }));
}

/** A generated document, half of its reports given a scan date. */
const documents = fc
  .tuple(validDocument(smallSizes), fc.array(fc.option(fc.integer({ min: 1e12, max: 2e12 })), { maxLength: 3 }))
  .map(([document, dates]): GeneratedDocument => {
    document.reports.forEach((report, index) => {
      const date = dates[index];
      if (date !== undefined && date !== null) report.LastScannedDate = new Date(date).toISOString();
    });
    return document;
  });

describe('render -f ocsf, then check: the same figures (property, pinned seed)', () => {
  it('gives back the summary, each report, each policy and the scan dates', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(documents, async (document) => {
        run += 1;
        const reportsFile = join(tempDir(), `reports-${run}.json`);
        const eventsFile = join(tempDir(), `events-${run}.ocsf.jsonl`);
        writeFileSync(reportsFile, JSON.stringify(document.value));
        const rendered = await runInProcess([
          'render',
          reportsFile,
          '-f',
          'ocsf',
          '-o',
          eventsFile,
          '--now',
          '--no-config',
        ]);
        expect(rendered.code, rendered.stderr).toBe(0);
        const [original, readBack] = [await checked(reportsFile), await checked(eventsFile)];
        expect(readBack).toEqual(original);
        const events = readFileSync(eventsFile, 'utf8')
          .trimEnd()
          .split('\n')
          .map((line): unknown => JSON.parse(line));
        const rebuilt = readDocument(eventsFile, events).candidates as BenchmarkReport[];
        expect(policyFigures(rebuilt)).toEqual(policyFigures(document.reports));
        expect(rebuilt.map((report) => report.LastScannedDate ?? null)).toEqual(
          document.reports.map((report) => report.LastScannedDate ?? expect.any(String)),
        );
      }),
      { seed: 20_261_202, numRuns: 40, endOnFailure: true },
    );
  }, 240_000);
});
