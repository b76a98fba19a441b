/** A saved query: SQL over the dataset's views, and what it answers, for `query --list-presets`. */
export interface QueryPreset {
  description: string;
  sql: string;
}

/**
 * Each account and benchmark's scans in order of scan_time (JobId breaking ties), `n`
 * counting from 1 for the oldest: what "latest scan" and "the scan before" mean in
 * every preset.
 */
export const orderedScans = `scans AS (
  SELECT account_id, benchmark_id, job_id, scan_time,
         row_number() OVER (PARTITION BY account_id, benchmark_id ORDER BY scan_time NULLS FIRST, job_id) AS n
  FROM (SELECT DISTINCT account_id, benchmark_id, job_id, scan_time FROM policies)
),
latest AS (
  SELECT account_id, benchmark_id, max(n) AS n FROM scans GROUP BY account_id, benchmark_id
)`;

/** Severities from the most severe, for ordering. */
export const severityRank = `CASE severity WHEN 'Critical' THEN 1 WHEN 'High' THEN 2 WHEN 'Moderate' THEN 3 WHEN 'Low' THEN 4 WHEN 'VeryLow' THEN 5 ELSE 6 END`;
