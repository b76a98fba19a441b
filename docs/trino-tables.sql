-- The tables of a posture dataset for Trino (Hive connector), written by `cspm-report render REPORTS -f parquet --out-dir DIR`
-- and copied to s3://your-bucket/cspm/ (the bucket and schema names are yours to change).
-- Generated from src/model/dataset-columns.ts by scripts/dataset-ddl.js: do not edit by hand.

-- policies: one row per policy per scan
CREATE TABLE IF NOT EXISTS hive.cspm.policies (
  scan_time timestamp(3) COMMENT 'the scan''s LastScannedDate (else LastScannedDateEpochTime), UTC, milliseconds; null when the report states neither',
  job_id varchar COMMENT 'the JobId of the scan',
  account_id varchar COMMENT 'the AccountId',
  account_name varchar COMMENT 'the AccountName',
  connector varchar COMMENT 'the ConnectorType: AWS, Azure, Office365, or another scanner''s provider (GCP, Kubernetes, Host, …)',
  cloud_account_id varchar COMMENT 'the AWSAccountId or SubscriptionId of the cloud account; null when the report states neither',
  benchmark_id varchar COMMENT 'the BenchmarkId',
  benchmark_name varchar COMMENT 'the BenchmarkName',
  category_id varchar COMMENT 'the CategoryId of the resource category the policy sits in',
  category_name varchar COMMENT 'the CategoryName',
  category_order bigint COMMENT 'the ControlCategoryOrder',
  policy_id varchar COMMENT 'the PolicyId',
  compliance_number varchar COMMENT 'the ComplianceNumber: the control in the benchmark (1.4, 4.2.1.1, CCE-37741-6)',
  title varchar COMMENT 'the ShortTitle',
  service varchar COMMENT 'the ServiceName',
  compliance varchar COMMENT 'Green, Red, Amber or Gray (not assessed), or another value as stated',
  severity varchar COMMENT 'Critical, High, Moderate, Low or VeryLow',
  risk_probability varchar COMMENT 'Certain, High, Moderate or NotLikely; empty when nothing was checked',
  risk_level varchar COMMENT 'Red, Amber or Green; empty when nothing was checked',
  passed_resources bigint COMMENT 'the PassedResourceCount',
  total_resources bigint COMMENT 'the TotalResourceCount',
  exception_id varchar COMMENT 'the id of the exception (--exceptions) that accepts the policy; else null',
  exception_expires varchar COMMENT 'the last day that exception applies, YYYY-MM-DD (UTC); else null',
  source varchar COMMENT 'the input file the row was read from (its name, or its path with --show-paths)',
  scan_date varchar COMMENT 'the UTC date of scan_time, its folder named YYYY-MM-DD; __HIVE_DEFAULT_PARTITION__ (null) when the scan states no date',
  benchmark varchar COMMENT 'the benchmark_id, its folder value %XX-escaped; past 120 bytes so written, a prefix, ~ and a digest of the whole id, which benchmark_id holds'
)
WITH (
  format = 'PARQUET',
  external_location = 's3://your-bucket/cspm/policies/',
  partitioned_by = ARRAY['scan_date', 'benchmark']
);
-- New partitions of each nightly run: CALL hive.system.sync_partition_metadata('cspm', 'policies', 'ADD');

-- figures: one row per benchmark report and one per resource category per scan, recounted from the policies
CREATE TABLE IF NOT EXISTS hive.cspm.figures (
  scan_time timestamp(3) COMMENT 'the scan''s LastScannedDate (else LastScannedDateEpochTime), UTC, milliseconds; null when the report states neither',
  job_id varchar COMMENT 'the JobId of the scan',
  account_id varchar COMMENT 'the AccountId',
  account_name varchar COMMENT 'the AccountName',
  connector varchar COMMENT 'the ConnectorType: AWS, Azure, Office365, or another scanner''s provider (GCP, Kubernetes, Host, …)',
  cloud_account_id varchar COMMENT 'the AWSAccountId or SubscriptionId of the cloud account; null when the report states neither',
  benchmark_id varchar COMMENT 'the BenchmarkId',
  benchmark_name varchar COMMENT 'the BenchmarkName',
  level varchar COMMENT '`report` for a row of the whole benchmark report, `category` for a row of one resource category',
  category_id varchar COMMENT 'the CategoryId; null on a report row',
  category_name varchar COMMENT 'the CategoryName; null on a report row',
  category_order bigint COMMENT 'the ControlCategoryOrder; null on a report row',
  policies integer COMMENT 'the policies counted',
  green integer COMMENT 'the Green policies, recounted',
  red integer COMMENT 'the Red policies, recounted',
  amber integer COMMENT 'the Amber policies, recounted',
  gray integer COMMENT 'the Gray (not assessed) policies, recounted',
  compliance_percent double COMMENT 'the compliance percent recomputed with the run''s --percent-formula; null when nothing was assessed',
  stated_compliance_percent double COMMENT 'the CompliancePercent the report states (Posture for a report row); null when it states none',
  source varchar COMMENT 'the input file the row was read from (its name, or its path with --show-paths)',
  scan_date varchar COMMENT 'the UTC date of scan_time, its folder named YYYY-MM-DD; __HIVE_DEFAULT_PARTITION__ (null) when the scan states no date',
  benchmark varchar COMMENT 'the benchmark_id, its folder value %XX-escaped; past 120 bytes so written, a prefix, ~ and a digest of the whole id, which benchmark_id holds'
)
WITH (
  format = 'PARQUET',
  external_location = 's3://your-bucket/cspm/figures/',
  partitioned_by = ARRAY['scan_date', 'benchmark']
);
-- New partitions of each nightly run: CALL hive.system.sync_partition_metadata('cspm', 'figures', 'ADD');
