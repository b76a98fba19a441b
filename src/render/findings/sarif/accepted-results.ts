import { exceptionsRecord } from '../../../analyse/exceptions/exceptions-record.js';
import type { AcceptedRisks, ExceptionsRecord } from '../../../model/exceptions.js';
import { terminalJson } from '../../../text/terminal-text.js';
import { acceptedPolicies, acceptedText, accountText, type AcceptedPolicy } from '../accepted-risks.js';
import { artifactLocation } from './artifact-uri.js';
import { pushResult } from './finding-result.js';
import { jsonString } from './json-text.js';
import { policyLevel } from './policy-rules.js';
import { ruleName } from './rule-name.js';
import type { SarifRule } from './sarif-log.js';
import type { DriverRules } from './sarif-rules.js';

/** The rule every accepted policy's result cites. */
export const acceptedRiskRuleId = 'cspm-report/accepted-risk';

/** The driver's rule of accepted policies: what a suppressed result of it means. */
export function acceptedRiskRule(): SarifRule {
  const text =
    "A failing policy that an exception in force accepts: its colour is what the scan said, and the result is suppressed (kind external, status accepted) with the exception's reason as the justification.";
  return {
    id: acceptedRiskRuleId,
    ...ruleName(acceptedRiskRuleId),
    shortDescription: { text: 'Failing policy accepted by an exception' },
    fullDescription: { text },
    help: {
      text: `${text} The result names the exception, its owner, approver and expiry; past the expiry the policy fails again.`,
    },
    defaultConfiguration: { level: 'warning' },
  };
}

/**
 * Appends the result of an accepted policy to `out`: on the report file, at the level its
 * Severity gives a failing policy, suppressed as accepted with the exception's reason. Its
 * fingerprint hashes the account, benchmark and policy, so that the alert it makes stays
 * one alert from scan to scan and shows as accepted, not as gone.
 */
export function acceptedResult(
  accepted: AcceptedPolicy,
  rules: DriverRules,
  fingerprint: (identity: string) => string,
  out: string[],
): void {
  const { match, outcome } = accepted;
  const { exception } = outcome;
  const properties = {
    policyId: match.policyId,
    severity: match.severity,
    compliance: match.compliance,
    accountId: match.accountId,
    accountName: match.accountName,
    benchmarkId: match.benchmarkId,
    pointer: match.pointer,
    exception: {
      id: exception.id,
      owner: exception.owner,
      approvedBy: exception.approvedBy,
      approved: exception.approved,
      expires: exception.expires,
      daysLeft: outcome.daysLeft,
      state: outcome.state,
      file: exception.file,
      pointer: exception.pointer,
      ...(exception.ticket === undefined ? {} : { ticket: exception.ticket }),
      ...(exception.ticketUrl === undefined ? {} : { ticketUrl: exception.ticketUrl }),
    },
  };
  const suppression = { kind: 'external', status: 'accepted', justification: exception.reason };
  pushResult(out, {
    rule: rules.cite(acceptedRiskRuleId),
    level: policyLevel(match.severity),
    message: jsonString(
      `${match.severity} policy ${match.policyId} is ${match.compliance} in account ${accountText(match)}, benchmark ${match.benchmarkId}; ${acceptedText(accepted)}`,
    ),
    artifactLocation: terminalJson(JSON.stringify(artifactLocation(match.source))),
    logical: undefined,
    partialFingerprints: fingerprint(
      [acceptedRiskRuleId, match.accountId, match.benchmarkId, match.policyId].join('\u0000'),
    ),
    suppressions: terminalJson(JSON.stringify([suppression])),
    properties: terminalJson(JSON.stringify(properties)),
  });
}

/** The accepted policies of the run, each once (acceptedPolicies). */
export function acceptedOf(risks: AcceptedRisks | undefined): AcceptedPolicy[] {
  return risks === undefined ? [] : acceptedPolicies(risks);
}

/**
 * What a run's properties record of its exceptions: each file's path, SHA-256 and ids,
 * the ids applied and every exception's state (exceptionsRecord), and how many accepted
 * policies the log left out of its results to stay within its limits.
 */
export function exceptionsProperty(
  risks: AcceptedRisks,
  omittedAccepted: number,
): ExceptionsRecord & { omittedAccepted?: number } {
  const record = exceptionsRecord(risks);
  return omittedAccepted === 0 ? record : { ...record, omittedAccepted };
}
