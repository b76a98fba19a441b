import { orderedScans, type QueryPreset } from './query-preset.js';

/** Accounts ranked by their Red Critical and High policies in the latest scan of each benchmark. */
export const worstAccounts: QueryPreset = {
  description:
    'accounts by their Red Critical and High policies in the latest scan of each of their benchmarks, worst first',
  sql: `WITH ${orderedScans}
SELECT p.account_id,
       any_value(p.account_name) AS account_name,
       count(*) FILTER (WHERE p.severity = 'Critical') AS critical,
       count(*) FILTER (WHERE p.severity = 'High') AS high,
       count(*) AS failing,
       count(DISTINCT p.benchmark_id) AS benchmarks,
       max(p.scan_time) AS latest_scan
FROM policies p
JOIN scans s USING (account_id, benchmark_id, job_id)
JOIN latest l USING (account_id, benchmark_id, n)
WHERE p.compliance = 'Red' AND p.severity IN ('Critical', 'High')
GROUP BY p.account_id
ORDER BY failing DESC, critical DESC, p.account_id`,
};
