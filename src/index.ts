// The output formats' registry fills in DocumentFormats, FindingsFormatNames and TrendFormats by
// declaration merging; importing it here keeps those names in the published types.
import './render/formats/format-views.js';
/**
 * cspm-report: load, check, gate, compare and render compliance audit reports of cloud
 * accounts. The public entry: everything a program may import is named here. The jobs
 * give a program the same verdicts as the command line, from the same calls.
 *
 * @packageDocumentation
 */

// Jobs: each composes the pipeline and returns its verdict with the exit code the CLI uses.
export { checkReports } from './jobs/check-reports.js';
export { gateReports } from './jobs/gate-reports.js';
export { gateResultFile } from './jobs/gate-result-file.js';
export { diffScans } from './jobs/diff-scans.js';
export { trendAccounts, trendScans } from './jobs/trend-scans.js';
export { queryDataset } from './jobs/query-dataset.js';
export { queryPresets } from './query/query-presets.js';
export { renderReports } from './jobs/render-reports.js';
export { fetchReport, fetchReports, allBenchmarks } from './jobs/fetch-reports.js';
export { fetchAccount, fetchAccounts } from './jobs/fetch/fetch-accounts.js';
export { readAccountsFile } from './jobs/fetch/read-accounts-file.js';
export { runShard } from './jobs/shard/run-shard.js';
export { waitForScanJob } from './jobs/wait-for-scan-job.js';
export { writeStoppedSarif } from './jobs/stopped-sarif.js';
export type { StoppedSarifOptions } from './jobs/stopped-sarif.js';
export type { ScanJobWait, WaitForScanJobOptions } from './jobs/wait-for-scan-job.js';
export { assertSafeOutputs } from './jobs/output-guard.js';
export type { PlannedOutput } from './jobs/output-guard.js';
export { mergePartials } from './jobs/shard/merge-partials.js';
export { checkExceptions } from './jobs/exceptions/check-exceptions.js';
export { importExceptions } from './jobs/exceptions/import-exceptions.js';
export type { CheckExceptionsOptions } from './jobs/exceptions/check-exceptions.js';
export type { ImportExceptionsOptions, ImportExceptionsResult } from './jobs/exceptions/import-exceptions.js';
export type { ExceptionImportFormat } from './load/exception-imports/exception-importers.js';
export type { DraftException, ImportedExceptions } from './load/exception-imports/exception-importer.js';
export type { AnalyseInputsOptions } from './jobs/analyse-inputs.js';
export type { CheckOptions, CheckResult, FiguresOnlyOptions } from './jobs/check-reports.js';
export type { FilesRunOptions } from './jobs/analyse-files.js';
export type { ShardRunOptions } from './jobs/shard/run-shard.js';
export type { MergeOptions, MergeResult, MergeSettings } from './jobs/shard/merge-partials.js';
export type { ShardSpec } from './jobs/shard/shard-spec.js';
export type {
  PartialResult,
  PartialFile,
  PartialSettings,
  PartialContentHashes,
  PartialRun,
  PartialSkipped,
} from './model/partial.js';
export type { GateReportsOptions, GateReportsResult } from './jobs/gate-reports.js';
export type { ExceptionsOptions } from './jobs/exceptions/run-exceptions.js';
export type { RunExceptions } from './jobs/exceptions/read-exceptions.js';
export type {
  AcceptedRisks,
  ExceptionMatch,
  ExceptionOutcome,
  ExceptionsCheck,
  ExceptionsFailOn,
  ExceptionsFile,
  ExceptionsRecord,
  ExceptionState,
  PolicyAcceptance,
  RiskException,
} from './model/exceptions.js';
export type { GateResultRecord } from './jobs/gate-result-record.js';
export type { GateResultFile, ResultFileSystem } from './jobs/gate-result-file.js';
export type { DiffScansOptions, DiffScansResult } from './jobs/diff-scans.js';
export type { DiffDocumentsOptions } from './jobs/diff-documents.js';
export type { TrendAccountsResult, TrendScansOptions, TrendScansResult } from './jobs/trend-scans.js';
export type { QueryDatasetResult, QuerySource } from './jobs/query-dataset.js';
export type { QueryLimits } from './query/query-limits.js';
export type { QueryPreset, QueryPresetName } from './query/query-presets.js';
export type { QueryColumn, QueryResult, QueryValue } from './model/query-result.js';
export type { RenderReportsOptions, RenderReportsResult } from './jobs/render-reports.js';
export type {
  FetchTarget,
  FetchedReport,
  FetchFailure,
  FetchReportsOptions,
  FetchManyOptions,
  FetchManyResult,
} from './jobs/fetch-reports.js';
export type {
  FetchAccountOptions,
  FetchAccountsOptions,
  FetchAccountsResult,
  FetchedAccount,
  ReportFilesOptions,
} from './jobs/fetch/fetch-accounts.js';
export type { PlacedReport, ReportPlace } from './jobs/fetch/place-reports.js';
export type { ReportWriter, SavedReport } from './jobs/fetch/save-report.js';
export type { ReadAccountsOptions } from './jobs/fetch/read-accounts-file.js';
export type { RegressionLimit, RegressionTally } from './analyse/diff/count-regressions.js';
export type { Verdict } from './model/verdict.js';
export type { ConfigRecord, RunSettings } from './model/run-settings.js';

// Loaders.
export { loadReports } from './load/load-reports.js';
export type { ReportInput, LoadOptions } from './load/load-reports.js';
export { loadGateRules } from './gate/load-gate-rules.js';

// Registries: every name of a kind comes from one of these.
export { ruleCatalogue } from './analyse/rule-descriptions.js';
export { observedValues } from './model/observed-values.js';
export { percentFormulas } from './analyse/percent-formulas.js';
export { gateMetrics } from './gate/metrics/gate-metrics.js';
export { gatePresets } from './gate/presets/gate-presets.js';
export { renderers } from './render/renderers.js';
export { findingsFormats } from './render/findings/findings-formats.js';
// The fail-closed judgement every findings format states: a run's result is judged here, never by a format.
export { judgeFindingsResult } from './model/fail-closed.js';
export { trendRenderers } from './render/trend/trend-renderers.js';
export { publishedSchemas } from './validate/published-schemas.js';
export type { FindingsFormatName, FindingsFormatNames } from './model/findings-format.js';
export type { GateMetricName } from './gate/metric-names.js';
export type { GatePresetName } from './gate/presets/gate-presets.js';
export type { TrendFormat, TrendFormats } from './model/trend.js';
export type { PublishedSchemaName, PublishedSchema } from './validate/published-schemas.js';
export type { CodedField } from './model/observed-values.js';
export type { PercentFormulaInfo } from './analyse/percent-formulas.js';

// The service: its client, and the emulator to test against.
export { createClient } from './client/create-client.js';
export { createEmulator } from './serve/emulator.js';
export type {
  ClientOptions,
  CspmClient,
  AuditSummaryIds,
  OnboardedAccount,
  BenchmarkRef,
} from './client/create-client.js';
export type {
  OnboardingKind,
  OnboardingBodies,
  AwsAccountBody,
  AzureAccountBody,
  Office365AccountBody,
} from './client/onboarding-body.js';
export type { ApplicationCredentials } from './client/token-source.js';
export { jobStatusOutcomes } from './client/job-status.js';
export type { JobStatus } from './client/job-status.js';
export type { Emulator, EmulatorOptions } from './serve/emulator.js';
export type { EmulatorCredentials, CredentialOptions } from './serve/credentials.js';
export type { FaultOptions } from './serve/faults.js';

// Fleets: the figures a merge joins (`mergePartials` with `fleet`) and the fleet tier draws (`renderReports`).
export type {
  FleetFigures,
  FleetAccount,
  FleetAcceptedRisks,
  FleetCategoryFigures,
  FleetPolicy,
  FleetCategorySummary,
  FleetGroup,
} from './model/fleet.js';

// Errors of the tool and of its use: one class, a closed set of codes, data per code.
export { CspmError, isCspmError } from './error/cspm-error.js';
export { errorKinds } from './error/error-codes.js';
export type {
  AccountsLocation,
  ErrorCode,
  ErrorKind,
  ReportIdentity,
  ScanIdentity,
  ErrorDataByCode,
  CspmErrorOptions,
  RulesLocation,
  ServiceErrorData,
} from './error/cspm-error.js';

// The model: what the jobs return.
export type {
  BenchmarkReport,
  ResourceCategory,
  Policy,
  Posture,
  ColourCounts,
  ComplianceColour,
  Envelope,
  AuditEnvelope,
} from './model/report.js';
export type { Finding, RuleId, Severity, SeveritySetting } from './model/finding.js';
export type {
  DocumentForm,
  FoldedValue,
  LoadedDocument,
  ValidatedDocument,
  ReportRef,
  SkippedInput,
  TextSource,
} from './model/document.js';
export type {
  Analysis,
  AnalysisSummary,
  AnalysedSource,
  AnalysedReport,
  AnalysedCategory,
  AnalyseOptions,
  Figures,
  PercentFormula,
  SeverityCount,
  TextRegion,
} from './model/analysis.js';
export type { FailOn } from './model/fail-closed.js';
export type { GateResult, AssertionResult, GateLevel } from './model/gate.js';
export type { GateRules, GateAssertion, GateAggregate, ReportMatch } from './model/gate-rules.js';
export type { RulesFile, RulesFileAssertion } from './gate/rules-file.js';
export type { GateMetric, Measurement, ScopedReport, MetricKey, RunFacts } from './gate/gate-metric.js';

export type {
  CategoryChange,
  DiffResult,
  FiguresChange,
  LapsedAcceptance,
  PolicyChange,
  PolicyChangeKind,
  PolicyMatch,
  PolicySide,
  ReportDiff,
  ResourceRegression,
  ScanRef,
  UnpairedReport,
} from './model/diff.js';
export type { PolicyTrend, Trend, TrendCategory, TrendExceptions, TrendOrder, TrendScan } from './model/trend.js';
export type { AccountSeries, FleetRank, FleetScan, FleetTrend } from './model/fleet-trend.js';
export type {
  FindingsFormat,
  FindingsFormatOptions,
  FindingsResult,
  FindingsRun,
  RunJudgement,
} from './model/findings-format.js';
export type { RuleInfo } from './model/rule.js';
export type {
  DocumentFormat,
  FormatOption,
  PolicyChoice,
  Renderer,
  RenderOptions,
  RenderWarning,
  RenderedBody,
  RenderTier,
  RenderDocumentsOptions,
  DocumentPlan,
  PlannedDocument,
  ReadyDocument,
  UnrenderedDocument,
  DocumentOutput,
  DocumentReason,
} from './model/renderer.js';
export type { TrendRenderer, TrendRenderOptions } from './render/trend/trend-renderer.js';
export type { CsvFieldName } from './model/csv-fields.js';
export type { Progress, ProgressListener, ProgressOptions, ProgressPhase } from './model/progress.js';
export type { ViewModel } from './model/view-model.js';

// Types the exports above refer to, so that the API reference links every name it shows.
export type { DocumentFormats } from './model/renderer.js';
export type { RuleIds } from './model/finding.js';
export type { AccountChange } from './model/diff.js';
export type { ReportLibrary, ServedBenchmark } from './serve/report-library.js';
export type { PartialCategory, PartialFigures, PartialReport } from './model/partial.js';
export type {
  AcceptedPolicyView,
  AcceptedRiskView,
  AcceptedRisksView,
  ActionView,
  CategoryChangeView,
  CategoryView,
  ChangeCountView,
  ChangeSideView,
  ChangeView,
  ChangesAcceptanceView,
  DateView,
  FiguresView,
  FindingView,
  LogoView,
  PolicyListingView,
  ReportChangesView,
  ReportView,
  ScanView,
} from './model/view-model.js';
export type { PercentInputs } from './analyse/percent-formulas.js';
