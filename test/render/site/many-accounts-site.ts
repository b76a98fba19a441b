import type { SiteAccount, SiteModel } from '../../../src/model/site.js';

const severities = ['Critical', 'High', 'Moderate', 'Low', 'VeryLow'];
const connectors = ['AWS', 'Azure', 'GCP', 'Office365'];

/**
 * A site's model of `count` accounts, made up (no scans behind it): the accounts table
 * at the size a fleet reaches, for the page's own work, without reading as many files.
 * Every other account has a Critical Red policy; no account has a page of its own, and there is no policy.
 */
export function manyAccountsSite(count: number): SiteModel {
  const accounts = Array.from({ length: count }, (_, index): SiteAccount => {
    const number = String(index).padStart(5, '0');
    return {
      key: index.toString(16).padStart(16, '0'),
      accountId: `acct-${number}`,
      accountName: `Account ${number} of the payments business unit`,
      connector: connectors[index % connectors.length] as string,
      benchmarkId: 'CIS',
      benchmarkName: 'CIS Foundations Benchmark',
      benchmarkKey: '0000000000000000',
      lastScan: '2024-03-18T06:00:00.000Z',
      percent: (index * 37) % 101,
      change: ((index * 13) % 21) - 10,
      red: index % 50,
      amber: index % 7,
      redBySeverity: severities.map((_, at) => (at === 0 ? (index + 1) % 2 : 1)),
      accepted: 0,
      scans: 52,
      lost: false,
      shard: Math.floor(index / 64),
    };
  });
  return {
    overview: {
      title: 'Fleet posture',
      percentFormula: 'green-of-assessed',
      severities,
      accounts: count,
      lost: 0,
      latest: '2024-03-18',
      days: [{ date: '2024-03-18', percent: 50, accounts: count, redBySeverity: [1, 1, 1, 1, 1] }],
      groups: [],
      drops: [],
      dropped: 0,
      lostAccounts: [],
      worstPolicies: [],
      exceptions: null,
    },
    accounts,
    benchmarks: [],
    shards: () => [],
    policyPages: () => [],
  };
}
