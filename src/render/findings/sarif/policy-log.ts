import { capSeverityNames, capSeverityRank } from '../../../analyse/severity-rank.js';
import { terminalJson } from '../../../text/terminal-text.js';
import { driverText, originalUriBaseIds, sarifSchemaUri } from './log-parts.js';
import { PolicyRules } from './policy-rules.js';
import {
  checkedResultLimit,
  defaultPolicyResults,
  githubKeptResults,
  keepWorst,
  maxResultsPerRun,
} from './result-budget.js';
import { ResultTexts } from './result-texts.js';
import type { SarifInvocation, SarifNotification } from './sarif-log.js';
import { maxUploadBytes, writeWithinUpload, type FittedLog, type WrittenLog } from './upload-size.js';
import { CspmError } from '../../../error/cspm-error.js';

/** Ranks of failing policies: each severity in cap order, Red (and an unknown colour) then Amber. */
export const policyRankCount = capSeverityNames.length * 2;

/**
 * The rank of a failing policy under the caps, 0 the worst: by Severity (Critical down to
 * VeryLow, then unknown ones), then Red before Amber. An unknown colour ranks as Red,
 * which it counts as.
 */
export function policyRank(severity: string, colour: string): number {
  return capSeverityRank(severity) * 2 + (colour === 'Amber' ? 1 : 0);
}

/** The results a policy log may hold, each a failing policy or a regression of one. */
export interface PolicyCandidates {
  /** Each candidate's {@link policyRank}, in input order. */
  ranks: Uint8Array;
  /**
   * Starts writing the log: the function it returns appends the result of candidate
   * `index` to `out`, citing its rule from `rules`. A log cut to size is written again,
   * with fresh state (fingerprints count repeated identities in order of writing).
   */
  begin(): (index: number, rules: PolicyRules, out: string[]) => void;
  /** What the results are, in the plural, for the notification (`failing policies`). */
  noun: string;
  /** Where a reader finds every one of them, a sentence (`The json format lists every one.`). */
  everyOne: string;
  /** The run's properties besides `resultLimit`. */
  properties: Record<string, unknown>;
  /** Notifications of the run beside the one of results left out (its notes), written after it. */
  notifications?: readonly SarifNotification[];
}

/** Left out, by severity in cap order and by colour; only the severities with one. */
type OmittedCounts = Record<string, { red: number; amber: number }>;

/**
 * A SARIF log of one run whose results are failing policies or regressions, each of
 * the rule of its policy, as the JSON text of one line. It keeps the worst first, in
 * that order, at most `maxResults` (by default {@link defaultPolicyResults}, below the
 * 5,000 GitHub keeps of a run, so that GitHub drops none of them; at most 25,000, which
 * GitHub accepts) within 10 MB compressed per upload, and states what it left out in a
 * tool notification and in `properties.resultLimit`. Rules are those the kept results
 * cite. The log's UTF-8 bytes come with it when measuring its size made them.
 *
 * `uploadLimit` lowers the 10 MB (compressed) a log may take, never raises it: tests
 * prove the cut by size on a log of a few thousand results instead of compressing tens
 * of megabytes, and the log states the limit it was written under.
 */
export function writePolicyLog(
  candidates: PolicyCandidates,
  maxResults = defaultPolicyResults,
  uploadLimit = maxUploadBytes,
): FittedLog {
  const limit = checkedResultLimit(maxResults);
  if (!Number.isInteger(uploadLimit) || uploadLimit < 1 || uploadLimit > maxUploadBytes) {
    throw new CspmError(
      'usage',
      `uploadLimit takes a whole number of bytes from 1 to ${maxUploadBytes.toLocaleString('en-US')}, not ${String(uploadLimit)}`,
      { data: { option: 'uploadLimit', value: String(uploadLimit) } },
    );
  }
  return writeWithinUpload((max) => writeCapped(candidates, max, limit, uploadLimit), limit, uploadLimit);
}

function writeCapped(candidates: PolicyCandidates, max: number, maxResults: number, uploadLimit: number): WrittenLog {
  const { kept, omittedByRank } = keepWorst(candidates.ranks, policyRankCount, max);
  const rules = new PolicyRules();
  const texts = new ResultTexts();
  const write = candidates.begin();
  for (const index of kept) {
    texts.start();
    write(index, rules, texts.parts);
  }
  const omitted = omittedCounts(omittedByRank);
  const omittedTotal = omittedByRank.reduce((sum, count) => sum + count, 0);
  const cutBy = omittedTotal === 0 ? null : max < maxResults ? 'size' : 'count';
  const invocations: SarifInvocation[] = [{ executionSuccessful: true, toolExecutionNotifications: [] }];
  if (cutBy !== null) {
    const text = `${notificationText(candidates.noun, kept.length, omittedTotal, omitted, maxResults, uploadLimit)} ${candidates.everyOne}`;
    invocations[0]!.toolExecutionNotifications.push({
      level: 'warning',
      message: { text },
      descriptor: { id: 'results-capped' },
    });
  }
  invocations[0]!.toolExecutionNotifications.push(...(candidates.notifications ?? []));
  const resultLimit = {
    maxResults,
    githubKeptResults,
    maxResultsPerRun,
    maxUploadBytes: uploadLimit,
    written: kept.length,
    omitted: omittedTotal,
    cutBy,
    omittedBySeverity: omitted,
  };
  const opening = terminalJson(
    `{"$schema":${JSON.stringify(sarifSchemaUri)},"version":"2.1.0","runs":[{"tool":{"driver":${driverText(`[${rules.joined()}]`)}},` +
      `"invocations":${JSON.stringify(invocations)},"originalUriBaseIds":${originalUriBaseIds},"results":[`,
  );
  const closing = terminalJson(
    `],"properties":${JSON.stringify({ ...candidates.properties, rules: rules.count, resultLimit })}}]}\n`,
  );
  return { text: texts.join(opening, closing), results: kept.length };
}

function omittedCounts(omittedByRank: readonly number[]): OmittedCounts {
  const counts: OmittedCounts = {};
  capSeverityNames.forEach((severity, rank) => {
    const red = omittedByRank[rank * 2] ?? 0;
    const amber = omittedByRank[rank * 2 + 1] ?? 0;
    if (red + amber > 0) counts[severity] = { red, amber };
  });
  return counts;
}

function notificationText(
  noun: string,
  written: number,
  omitted: number,
  counts: OmittedCounts,
  maxResults: number,
  uploadLimit: number,
): string {
  const count = (value: number): string => value.toLocaleString('en-US');
  const left = Object.entries(counts).map(
    ([severity, { red, amber }]) => `${severity} ${count(red + amber)} (Red ${count(red)}, Amber ${count(amber)})`,
  );
  return (
    `${count(written)} of ${count(written + omitted)} ${noun} written, the most severe first, Red before Amber: this log holds at most ${count(maxResults)} results; ` +
    `GitHub code scanning keeps the ${count(githubKeptResults)} of a run with the highest security-severity, accepts at most ${count(maxResultsPerRun)} ` +
    `and ${uploadLimit / 1_000_000} MB compressed per upload. Left out: ${left.join(', ')}.`
  );
}
