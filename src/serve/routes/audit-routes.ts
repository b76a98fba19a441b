import { accountKinds } from '../account-kinds.js';
import { refuseRequest } from '../api-error.js';
import { requireAccountToken } from '../authenticate.js';
import { jobStatusAt } from '../job-status.js';
import type { Route } from '../request-context.js';
import { findAccount } from './find-account.js';

/**
 * `GET /audit/…/benchmark/{benchmark_id}/summary` (section 4.4): the served report of the
 * account's kind and that benchmark, carrying the account's ids, as a one-element array
 * (the form of the specification's sample). The license is named after its id, the same
 * in every summary of the license whatever report it was built from; SubscriptionId is
 * a string, as section 2.3 types it: the account's for Azure, empty for the other kinds
 * (as the bundled Office365 sample has it). 409 while the scan job has not succeeded,
 * and for good once it has Failed: the job's state, not the request, stands in the way.
 */
export const summaryRoute: Route = {
  method: 'GET',
  pattern: '/audit/license/:licenseId/account/:accountId/job/:jobId/benchmark/:benchmarkId/summary',
  handle(context, { params, headers }) {
    requireAccountToken(context, headers, params['licenseId']!, params['accountId']!);
    const account = findAccount(context, params);
    const connectorType = accountKinds[account.kind].connectorType;
    const report = context.reports.find(connectorType, params['benchmarkId']!);
    if (!report) throw refuseRequest(404, `no benchmark ${params['benchmarkId']} for ${connectorType} accounts`);
    const status = jobStatusAt(account.jobStartedAt, context.scanMs, account.jobOutcome, context.now());
    if (status === 'Failed') throw refuseRequest(409, `scan job ${account.jobId} Failed; it has no report`);
    if (status !== 'Success')
      throw refuseRequest(409, `scan job ${account.jobId} is ${status}; the report is ready when it is Success`);
    return [
      {
        ...structuredClone(report),
        AccountId: account.accountId,
        JobId: account.jobId,
        LicenseId: account.licenseId,
        LicenseName: `License ${account.licenseId}`,
        AccountName: account.AccountName,
        AWSAccountId: account.AWSAccountId,
        SubscriptionId: account.SubscriptionId ?? '',
      },
    ];
  },
};

/** `GET /audit/license/{l}/account/{a}/benchmarks`: the benchmarks served for the account's kind. */
export const benchmarksRoute: Route = {
  method: 'GET',
  pattern: '/audit/license/:licenseId/account/:accountId/benchmarks',
  handle(context, { params, headers }) {
    requireAccountToken(context, headers, params['licenseId']!, params['accountId']!);
    const account = findAccount(context, params);
    return context.reports.benchmarks(accountKinds[account.kind].connectorType);
  },
};

/** `GET /compliance/license/{l}/account/{a}/job/{j}/status`: `{jobStatus}`. */
export const jobStatusRoute: Route = {
  method: 'GET',
  pattern: '/compliance/license/:licenseId/account/:accountId/job/:jobId/status',
  handle(context, { params, headers }) {
    requireAccountToken(context, headers, params['licenseId']!, params['accountId']!);
    const account = findAccount(context, params);
    return { jobStatus: jobStatusAt(account.jobStartedAt, context.scanMs, account.jobOutcome, context.now()) };
  },
};
