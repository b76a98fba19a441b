/**
 * The library's entry for its own command line and tools: what src/cli/, the fuzzer and
 * the property tests need beyond the public entry (src/index.ts), which a program has
 * no use for: terminal text, exit codes, option lists derived from the registries,
 * single renderers, and the entries of the jobs that hold the command line's policies
 * (its config file, output routing, a fetch's plan, a shard's output). Not part of the
 * package's exports.
 */
export { exitCodes } from './error/exit-codes.js';
export { exitCodeOf } from './error/error-codes.js';
export { terminalText } from './text/terminal-text.js';
export { plural } from './text/plural.js';
export { displayCount } from './text/display-count.js';
export { kindOf } from './load/read-regular-file.js';
export { inputFormatNames } from './load/read-document.js';
export type { InputFormat } from './load/input-readers.js';
export { formatCheckText } from './render/findings/text-format.js';
export { formatCheckJson } from './render/findings/json-format.js';
export { renderHtml, renderPdf, renderXlsx } from './render/renderers.js';
export { displayPercent } from './render/display-values.js';
export { markdownLimitRange, maxSummaryBytes } from './render/findings/markdown-budget.js';
export { documentFormats, formatsReading } from './render/renderers.js';
export { fleetFormats } from './render/fleet/fleet-renderers.js';
export { defaultOutput, resolveOutputFormat } from './render/formats/output-routing.js';
export type { OutputFormat, RoutedKind } from './render/formats/output-routing.js';
export {
  datasetFormats,
  formatsFor,
  formatsOf,
  formatsWithParquetForm,
  parquetFormOf,
} from './render/formats/format-views.js';
export { getTrendRenderer } from './render/trend/trend-renderers.js';
export { queryFormats, getQueryRenderer } from './render/query-output/query-renderers.js';
export type { QueryFormat } from './render/query-output/query-renderers.js';
export { getExceptionsCheckRenderer } from './render/exceptions/exceptions-check-renderers.js';
export { exceptionImporters } from './load/exception-imports/exception-importers.js';
export { queryPresetNames } from './query/query-presets.js';
export { querySourceOf } from './jobs/query-dataset.js';
export { defaultTimeoutSeconds, parseMemoryLimit, parseTimeout } from './query/query-limits.js';
export { failOnLevels } from './model/fail-closed.js';
export { percentFormulaIds } from './analyse/percent-formulas.js';
export { policyChoices, renderTiers } from './model/renderer.js';
export { fleetAccountThreshold } from './render/fleet/fleet-tier.js';
export { csvFieldNames } from './model/csv-fields.js';
export { loadLogo } from './load/load-logo.js';
export { loadTemplates } from './load/load-templates.js';
export { onboardingKinds } from './client/onboarding-body.js';
export { describeByteLimit } from './client/byte-size.js';
export { maxBodyRange, timeoutRange } from './client/transport-limits.js';
export { toolInfo } from './tool-info.js';
export { describeTarget } from './jobs/fetch-reports.js';
export { fetchPlanOf } from './jobs/fetch/fetch-plan.js';
export type { FetchPlan, FetchRequest } from './jobs/fetch/fetch-plan.js';
export { shardOutputOf } from './jobs/shard/shard-output.js';
export { shardKeyOf } from './jobs/shard/shard-mac.js';
export { closestName } from './text/closest-name.js';
export { rulesFilesOf } from './jobs/gate-result-file.js';
export { renderDataset } from './jobs/render-dataset.js';
export type { RenderDatasetOptions, RenderDatasetResult } from './jobs/render-dataset.js';
export { tableFileRunOf } from './jobs/render-table-file.js';
export type { TableFileResult, TableFileRun } from './jobs/render-table-file.js';
export type { WriteReportsOptions, WriteTally } from './jobs/reports-to-write.js';
export type { DatasetPart, DatasetSink } from './render/parquet/dataset-writer.js';
export type { DatasetColumn, DatasetTable } from './model/dataset-columns.js';
export { ruleSettingsOf } from './jobs/rule-settings.js';
export type { RuleSettings } from './jobs/rule-settings.js';
export { loadConfig } from './jobs/settings/load-config.js';
export type { ConfigRequest, LoadedConfig } from './jobs/settings/load-config.js';
export type { SearchBounds } from './jobs/settings/find-config-file.js';
export { configValuesFor } from './jobs/settings/config-values.js';
export type { ConfigDefaults } from './jobs/settings/config-values.js';
export type { OptionFact, OptionFacts } from './jobs/settings/option-facts.js';
export { settleConfig } from './jobs/settings/settle-config.js';
export type { SettledConfig } from './jobs/settings/settle-config.js';
export { applicationIdVariable, secretSources } from './jobs/service-secrets.js';
export { serviceClientOf, serviceEnvironments } from './jobs/service-client.js';
export type { ServiceEnvironment, ServiceSettings } from './jobs/service-client.js';
export type { SecretFileArgs } from './jobs/service-secrets.js';
export { isStandardOutput, stdinToken } from './jobs/outputs/standard-output.js';
export { pairOutputPaths } from './jobs/outputs/output-pairs.js';
export type { OutputFallbacks, OutputPair } from './jobs/outputs/output-pairs.js';
export { listsCategories, pairOutputs, placesFindings } from './jobs/outputs/run-outputs.js';
export type { DocumentOutputPath, FindingsOutput, RunOutputs } from './jobs/outputs/run-outputs.js';
export { clientSecretSource, fieldFlags, readOnboardingBody } from './jobs/onboarding-fields.js';
export type { OnboardingFlagArgs } from './jobs/onboarding-fields.js';
export { guardedFileOf } from './jobs/output-guard.js';
export { exceptionNotes } from './jobs/exceptions/exception-notes.js';
export { buildSite } from './jobs/site/build-site.js';
export type { BuildSiteOptions, BuildSiteResult } from './jobs/site/build-site.js';
export { renderSite, siteFileNames } from './render/site/render-site.js';
export type { SiteFile } from './render/site/render-site.js';
