-- The tables of a posture dataset for Amazon Athena, written by `cspm-report render REPORTS -f parquet --out-dir DIR`
-- and copied to s3://your-bucket/cspm/ (the bucket and schema names are yours to change).
-- Generated from src/model/dataset-columns.ts by scripts/dataset-ddl.js: do not edit by hand.
-- Partition projection: scan_date is a date range, benchmark is injected (a query names it:
-- WHERE benchmark = 'CSBP'). A scan without a date (scan_date=__HIVE_DEFAULT_PARTITION__)
-- is outside the projected range: query it through Trino or Spark. A benchmark id with a
-- character a folder name cannot hold is stored %XX-escaped: inject it so (CIS%2F1.4).

-- policies: one row per policy per scan
CREATE EXTERNAL TABLE IF NOT EXISTS cspm_policies (
  scan_time timestamp COMMENT 'the scan\'s LastScannedDate (else LastScannedDateEpochTime), UTC, milliseconds; null when the report states neither',
  job_id string COMMENT 'the JobId of the scan',
  account_id string COMMENT 'the AccountId',
  account_name string COMMENT 'the AccountName',
  connector string COMMENT 'the ConnectorType: AWS, Azure, Office365, or another scanner\'s provider (GCP, Kubernetes, Host, …)',
  cloud_account_id string COMMENT 'the AWSAccountId or SubscriptionId of the cloud account; null when the report states neither',
  benchmark_id string COMMENT 'the BenchmarkId',
  benchmark_name string COMMENT 'the BenchmarkName',
  category_id string COMMENT 'the CategoryId of the resource category the policy sits in',
  category_name string COMMENT 'the CategoryName',
  category_order bigint COMMENT 'the ControlCategoryOrder',
  policy_id string COMMENT 'the PolicyId',
  compliance_number string COMMENT 'the ComplianceNumber: the control in the benchmark (1.4, 4.2.1.1, CCE-37741-6)',
  title string COMMENT 'the ShortTitle',
  service string COMMENT 'the ServiceName',
  compliance string COMMENT 'Green, Red, Amber or Gray (not assessed), or another value as stated',
  severity string COMMENT 'Critical, High, Moderate, Low or VeryLow',
  risk_probability string COMMENT 'Certain, High, Moderate or NotLikely; empty when nothing was checked',
  risk_level string COMMENT 'Red, Amber or Green; empty when nothing was checked',
  passed_resources bigint COMMENT 'the PassedResourceCount',
  total_resources bigint COMMENT 'the TotalResourceCount',
  exception_id string COMMENT 'the id of the exception (--exceptions) that accepts the policy; else null',
  exception_expires string COMMENT 'the last day that exception applies, YYYY-MM-DD (UTC); else null',
  source string COMMENT 'the input file the row was read from (its name, or its path with --show-paths)'
)
PARTITIONED BY (
  scan_date string COMMENT 'the UTC date of scan_time, its folder named YYYY-MM-DD; __HIVE_DEFAULT_PARTITION__ (null) when the scan states no date',
  benchmark string COMMENT 'the benchmark_id, its folder value %XX-escaped; past 120 bytes so written, a prefix, ~ and a digest of the whole id, which benchmark_id holds'
)
STORED AS PARQUET
LOCATION 's3://your-bucket/cspm/policies/'
TBLPROPERTIES (
  'projection.enabled' = 'true',
  'projection.scan_date.type' = 'date',
  'projection.scan_date.format' = 'yyyy-MM-dd',
  'projection.scan_date.range' = '2019-01-01,NOW',
  'projection.scan_date.interval' = '1',
  'projection.scan_date.interval.unit' = 'DAYS',
  'projection.benchmark.type' = 'injected',
  'storage.location.template' = 's3://your-bucket/cspm/policies/scan_date=${scan_date}/benchmark=${benchmark}/'
);

-- figures: one row per benchmark report and one per resource category per scan, recounted from the policies
CREATE EXTERNAL TABLE IF NOT EXISTS cspm_figures (
  scan_time timestamp COMMENT 'the scan\'s LastScannedDate (else LastScannedDateEpochTime), UTC, milliseconds; null when the report states neither',
  job_id string COMMENT 'the JobId of the scan',
  account_id string COMMENT 'the AccountId',
  account_name string COMMENT 'the AccountName',
  connector string COMMENT 'the ConnectorType: AWS, Azure, Office365, or another scanner\'s provider (GCP, Kubernetes, Host, …)',
  cloud_account_id string COMMENT 'the AWSAccountId or SubscriptionId of the cloud account; null when the report states neither',
  benchmark_id string COMMENT 'the BenchmarkId',
  benchmark_name string COMMENT 'the BenchmarkName',
  level string COMMENT '`report` for a row of the whole benchmark report, `category` for a row of one resource category',
  category_id string COMMENT 'the CategoryId; null on a report row',
  category_name string COMMENT 'the CategoryName; null on a report row',
  category_order bigint COMMENT 'the ControlCategoryOrder; null on a report row',
  policies int COMMENT 'the policies counted',
  green int COMMENT 'the Green policies, recounted',
  red int COMMENT 'the Red policies, recounted',
  amber int COMMENT 'the Amber policies, recounted',
  gray int COMMENT 'the Gray (not assessed) policies, recounted',
  compliance_percent double COMMENT 'the compliance percent recomputed with the run\'s --percent-formula; null when nothing was assessed',
  stated_compliance_percent double COMMENT 'the CompliancePercent the report states (Posture for a report row); null when it states none',
  source string COMMENT 'the input file the row was read from (its name, or its path with --show-paths)'
)
PARTITIONED BY (
  scan_date string COMMENT 'the UTC date of scan_time, its folder named YYYY-MM-DD; __HIVE_DEFAULT_PARTITION__ (null) when the scan states no date',
  benchmark string COMMENT 'the benchmark_id, its folder value %XX-escaped; past 120 bytes so written, a prefix, ~ and a digest of the whole id, which benchmark_id holds'
)
STORED AS PARQUET
LOCATION 's3://your-bucket/cspm/figures/'
TBLPROPERTIES (
  'projection.enabled' = 'true',
  'projection.scan_date.type' = 'date',
  'projection.scan_date.format' = 'yyyy-MM-dd',
  'projection.scan_date.range' = '2019-01-01,NOW',
  'projection.scan_date.interval' = '1',
  'projection.scan_date.interval.unit' = 'DAYS',
  'projection.benchmark.type' = 'injected',
  'storage.location.template' = 's3://your-bucket/cspm/figures/scan_date=${scan_date}/benchmark=${benchmark}/'
);
