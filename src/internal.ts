/**
 * The library's entry for its own command line: what src/cli/ needs beyond the public
 * entry (src/index.ts), which a program has no use for. Terminal text and exit codes; the
 * lists of names and the ranges that yargs's `choices` and help take, each derived from its
 * registry; and the jobs of the command line's policies (its config file, its output
 * routing, a fetch's request, a shard's output), each returning what the command line
 * writes, so that the command line only parses and writes. Not part of the package's exports.
 */

// Terminal text and exit codes.
export { exitCodes } from './error/exit-codes.js';
export { exitCodeOf } from './error/error-codes.js';
export { terminalText } from './text/terminal-text.js';
export { plural } from './text/plural.js';
export { displayCount } from './text/display-count.js';
export { closestName } from './text/closest-name.js';
export { toolInfo } from './tool-info.js';
export { describeByteLimit } from './client/byte-size.js';
export { describeTarget } from './jobs/fetch-reports.js';
export { exceptionNotes } from './jobs/exceptions/exception-notes.js';

// Names, defaults and ranges of the options, each derived from its registry.
export { inputFormatNames } from './jobs/input-formats.js';
export type { InputFormat } from './jobs/input-formats.js';
export { documentFormats, formatsReading } from './render/renderers.js';
export { fleetFormats } from './render/fleet/fleet-renderers.js';
export { fleetAccountThreshold } from './render/fleet/fleet-tier.js';
export { defaultOutput } from './render/formats/output-routing.js';
export type { OutputFormat, RoutedKind } from './render/formats/output-routing.js';
export {
  datasetFormats,
  formatsFor,
  formatsOf,
  formatsWithParquetForm,
  parquetFormOf,
} from './render/formats/format-views.js';
export { formatDescriptions } from './render/formats/format-descriptions.js';
export type { QueryFormat } from './render/query-output/query-renderers.js';
export { markdownLimitRange } from './render/findings/markdown-budget.js';
export { exceptionImportFormats } from './jobs/exceptions/import-formats.js';
export { queryPresetNames } from './query/query-presets.js';
export { defaultTimeoutSeconds } from './query/query-limits.js';
export { failOnLevels } from './model/fail-closed.js';
export { percentFormulaIds } from './analyse/percent-formulas.js';
export { policyChoices, renderTiers } from './model/renderer.js';
export { csvFieldNames } from './model/csv-fields.js';
export { onboardingKinds } from './client/onboarding-body.js';
export { maxBodyRange, timeoutRange } from './client/transport-limits.js';
export { applicationIdVariable, secretSources } from './jobs/service-secrets.js';
export type { SecretFileArgs } from './jobs/service-secrets.js';
export { clientSecretSource, fieldFlags } from './jobs/onboarding-fields.js';
export { isStandardOutput, stdinToken } from './jobs/outputs/standard-output.js';

// The jobs of the commands: each takes the parsed options and returns what to write, with its verdict.
export { renderTrend } from './jobs/render-trend.js';
export type { RenderTrendResult, TrendOutputsOptions } from './jobs/render-trend.js';
export { renderQuery } from './jobs/render-query.js';
export type { RenderQueryOptions, RenderQueryResult } from './jobs/render-query.js';
export { renderExceptionsCheck } from './jobs/exceptions/render-exceptions-check.js';
export type { RenderExceptionsCheckResult } from './jobs/exceptions/render-exceptions-check.js';
export { fetchAsked } from './jobs/fetch/fetch-asked.js';
export type { FetchAskedOptions, FetchAskedResult } from './jobs/fetch/fetch-asked.js';
export type { FetchPlan, FetchRequest } from './jobs/fetch/fetch-plan.js';
export { renderOptionsOf } from './jobs/render-flags.js';
export type { RenderFlags, RenderFlagsResult } from './jobs/render-flags.js';
export { documentOutputsOf } from './jobs/outputs/document-outputs.js';
export type { DocumentOutputs } from './jobs/outputs/document-outputs.js';
export { renderDataset } from './jobs/render-dataset.js';
export type { RenderDatasetOptions, RenderDatasetResult } from './jobs/render-dataset.js';
export { tableFileRunOf } from './jobs/render-table-file.js';
export type { TableFileResult, TableFileRun } from './jobs/render-table-file.js';
export type { WriteReportsOptions, WriteTally } from './jobs/reports-to-write.js';
export type { DatasetPart, DatasetSink } from './render/parquet/dataset-writer.js';
export type { DatasetColumn, DatasetTable } from './model/dataset-columns.js';
export { findingsOutputsOf } from './jobs/outputs/findings-outputs.js';
export type { FindingsOutputs } from './jobs/outputs/findings-outputs.js';
export { findingsToWrite } from './jobs/outputs/findings-to-write.js';
export type { FindingsToWrite, StepSummary } from './jobs/outputs/findings-to-write.js';
export type { DocumentOutputPath, FindingsOutput, RunOutputs } from './jobs/outputs/run-outputs.js';
export type { OutputBody, OutputToWrite } from './jobs/outputs/output-to-write.js';
export { appendRefusal } from './jobs/outputs/appended-file.js';
export { shardOutputOf } from './jobs/shard/shard-output.js';
export { shardKeyOf } from './jobs/shard/shard-mac.js';
export { rulesFilesOf } from './jobs/gate-result-file.js';
export { ruleSettingsOf } from './jobs/rule-settings.js';
export type { RuleSettings } from './jobs/rule-settings.js';
export { serviceClientOf, serviceEnvironments } from './jobs/service-client.js';
export type { ServiceEnvironment, ServiceSettings } from './jobs/service-client.js';
export { readOnboardingBody } from './jobs/onboarding-fields.js';
export type { OnboardingFlagArgs } from './jobs/onboarding-fields.js';

// The config file: found and checked before the command line is parsed, its values the parser's defaults.
export { loadConfig } from './jobs/settings/load-config.js';
export type { ConfigRequest, LoadedConfig } from './jobs/settings/load-config.js';
export type { SearchBounds } from './jobs/settings/find-config-file.js';
export { configValuesFor } from './jobs/settings/config-values.js';
export type { ConfigDefaults } from './jobs/settings/config-values.js';
export type { OptionFact, OptionFacts } from './jobs/settings/option-facts.js';
export { settleConfig } from './jobs/settings/settle-config.js';
export type { SettledConfig } from './jobs/settings/settle-config.js';

// The static site of a fleet over time.
export { siteToWrite, siteFileNames, siteDataFilePatterns } from './jobs/site/site-to-write.js';
export type { SiteWritten, SiteFile } from './jobs/site/site-to-write.js';
export type { BuildSiteOptions } from './jobs/site/build-site.js';
