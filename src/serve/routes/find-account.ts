import { refuseRequest } from '../api-error.js';
import type { Account } from '../emulator-state.js';
import type { EmulatorContext } from '../request-context.js';

/** The account of the path, with its job when the path names one; 404 when unknown. */
export function findAccount(context: EmulatorContext, params: Record<string, string>): Account {
  const licenseId = params['licenseId']!;
  const accountId = params['accountId']!;
  const account = context.state.findAccount(licenseId, accountId);
  if (!account) throw refuseRequest(404, `no account ${accountId} under license ${licenseId}`);
  const jobId = params['jobId'];
  if (jobId !== undefined && jobId !== account.jobId)
    throw refuseRequest(404, `no scan job ${jobId} for account ${accountId}`);
  return account;
}
