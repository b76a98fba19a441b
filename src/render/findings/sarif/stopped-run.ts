import { terminalJson } from '../../../text/terminal-text.js';
import { toolInfo } from '../../../tool-info.js';
import type { SarifInvocation, SarifTool } from './sarif-log.js';
import { informationUri, sarifSchemaUri } from './log-parts.js';

/** Why a run stopped before it had a result: the error's code and its one-line message. */
export interface RunStop {
  code: string;
  message: string;
}

/**
 * The SARIF log of a run that stopped before it had a result (a missing input, an
 * unreadable rules file, a bad option: exit code 2): one run with no results, whose
 * invocation failed (`executionSuccessful: false`) with the error as a notification of
 * level error. Code scanning's upload step then finds a file, which tells the failure,
 * instead of failing on a missing one and hiding it. Safe to print, as every log is.
 */
export function stoppedSarifLog(stop: RunStop): string {
  const tool: SarifTool = {
    driver: {
      name: toolInfo.name,
      version: toolInfo.version,
      semanticVersion: toolInfo.version,
      informationUri,
      rules: [],
    },
  };
  const invocations: SarifInvocation[] = [
    {
      executionSuccessful: false,
      toolExecutionNotifications: [{ level: 'error', message: { text: stop.message }, descriptor: { id: stop.code } }],
    },
  ];
  return terminalJson(
    `${JSON.stringify({ $schema: sarifSchemaUri, version: '2.1.0', runs: [{ tool, invocations, results: [] }] })}\n`,
  );
}
