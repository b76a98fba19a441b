import { orderedScans, severityRank, type QueryPreset } from './query-preset.js';

/**
 * Policies Red in the latest scan, with the scan their unbroken run of Red began. The
 * Red scans of a policy numbered in order, minus their scan's number, stay equal along a
 * run of consecutive scans (gaps and islands): the run that holds the latest scan is the
 * current one. A scan in which the policy is not Red, or absent, breaks it.
 */
export const failingLongest: QueryPreset = {
  description:
    'policies Red in the latest scan of each account and benchmark, with the first scan_time since which they have been Red without a break; oldest first',
  sql: `WITH ${orderedScans},
red AS (
  SELECT p.account_id, p.benchmark_id, p.policy_id, s.n, s.scan_time,
         s.n - row_number() OVER (PARTITION BY p.account_id, p.benchmark_id, p.policy_id ORDER BY s.n) AS run
  FROM policies p JOIN scans s USING (account_id, benchmark_id, job_id)
  WHERE p.compliance = 'Red'
),
current AS (
  SELECT r.account_id, r.benchmark_id, r.policy_id, min(r.scan_time) AS red_since, count(*) AS red_scans
  FROM red r JOIN latest l USING (account_id, benchmark_id)
  GROUP BY r.account_id, r.benchmark_id, r.policy_id, r.run, l.n
  HAVING max(r.n) = l.n
)
SELECT p.account_id, p.account_name, p.benchmark_id, p.policy_id, p.compliance_number, p.title, p.severity, c.red_since, c.red_scans
FROM current c
JOIN latest l USING (account_id, benchmark_id)
JOIN scans s USING (account_id, benchmark_id, n)
JOIN policies p ON p.account_id = c.account_id AND p.benchmark_id = c.benchmark_id AND p.policy_id = c.policy_id AND p.job_id = s.job_id
ORDER BY c.red_since NULLS FIRST, ${severityRank.replace('severity', 'p.severity')}, p.account_id, p.benchmark_id, p.policy_id`,
};
