import { orderedScans, severityRank, type QueryPreset } from './query-preset.js';

/** Policies Red in the latest scan that were not Red (another colour, or absent) in the scan before. */
export const newFailures: QueryPreset = {
  description:
    "policies Red in each account's latest scan of a benchmark but not in the scan before (another colour, or absent); accounts with one scan are left out",
  sql: `WITH ${orderedScans},
red_now AS (
  SELECT p.*, s.n FROM policies p JOIN scans s USING (account_id, benchmark_id, job_id) JOIN latest l USING (account_id, benchmark_id, n)
  WHERE p.compliance = 'Red' AND s.n > 1
),
earlier AS (
  SELECT p.account_id, p.benchmark_id, p.policy_id, p.compliance, s.n FROM policies p JOIN scans s USING (account_id, benchmark_id, job_id)
)
SELECT red_now.account_id, red_now.account_name, red_now.benchmark_id, red_now.policy_id, red_now.compliance_number, red_now.title, red_now.severity,
       earlier.compliance AS previous, red_now.scan_time
FROM red_now
LEFT JOIN earlier ON earlier.account_id = red_now.account_id AND earlier.benchmark_id = red_now.benchmark_id AND earlier.policy_id = red_now.policy_id AND earlier.n = red_now.n - 1
WHERE earlier.compliance IS DISTINCT FROM 'Red'
ORDER BY ${severityRank.replace('severity', 'red_now.severity')}, red_now.account_id, red_now.benchmark_id, red_now.policy_id`,
};
