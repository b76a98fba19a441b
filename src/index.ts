/**
 * cspm-report: load, check and render compliance audit reports of cloud accounts.
 * The public entry: everything a program may import is named here.
 */

export { checkReports } from './check-reports.js';
export type { CheckOptions } from './check-reports.js';
export { loadReports } from './load/load-reports.js';
export type { ReportInput, LoadOptions } from './load/load-reports.js';
export { findDuplicateKeys, type DuplicateKey, type DuplicateKeyScan, type TextPosition } from './load/find-duplicate-keys.js';
export { loadLogo } from './load/load-logo.js';
export { loadTemplates } from './load/load-templates.js';
export { validateReports } from './validate/validate-documents.js';
export { readSchema, schemaUrl } from './validate/schema-validators.js';
export { analyseReports, splitBySource, summariseSources } from './analyse/analyse-reports.js';
export { ruleCatalogue } from './analyse/rule-catalogue.js';
export { expectedCompliance } from './analyse/rules/policy-compliance.js';
export { percentFormulas, percentFormulaIds, defaultPercentFormula, computePercent, hasPercent } from './analyse/percent-formulas.js';
export { rollUpReports } from './analyse/roll-up.js';
export { severityWeights, worstCategoryMeasure, actionOrderText, compareBySeverity, worstCategories } from './analyse/severity-rank.js';
export type { PercentFormulaInfo, PercentInputs } from './analyse/percent-formulas.js';
export { observedValues } from './analyse/observed-values.js';
export { formatCheckText, formatGateText } from './render/findings/text-format.js';
export type { TextFormatOptions } from './render/findings/text-format.js';
export { formatCheckJson, toCheckJson } from './render/findings/json-format.js';
export type { CheckJson } from './render/findings/json-format.js';
export { findingsFormats, findingsFormatNames, getFindingsFormat } from './render/findings/findings-formats.js';
export type { FindingsFormatName } from './render/findings/findings-formats.js';
export type { FindingsFormat, FindingsFormatOptions, FindingsResult } from './model/findings-format.js';
export type { GateResult, AssertionResult, GateLevel } from './model/gate.js';
export type { GateRules, GateAssertion, GateAggregate, ReportMatch } from './model/gate-rules.js';
export { evaluateGate } from './gate/evaluate-gate.js';
export type { GateOptions } from './gate/evaluate-gate.js';
export { assertBaselineGiven, baselineMetricsOf } from './gate/baseline.js';
export { loadGateRules } from './gate/load-gate-rules.js';
export { parseGateRules } from './gate/parse-gate-rules.js';
export { gateMetrics, gateMetricNames } from './gate/metrics/gate-metrics.js';
export type { GateMetricName } from './gate/metrics/gate-metrics.js';
export type { GateMetric, Measurement, ScopedReport, MetricKey } from './gate/gate-metric.js';
export type { SourcedReport } from './gate/select-reports.js';
export { gatePresets, gatePresetNames, isGatePresetName } from './gate/presets/gate-presets.js';
export { inputsMetric } from './gate/untrusted-inputs.js';
export type { GatePresetName } from './gate/presets/gate-presets.js';
export type { RulesFileAssertion, RulesFile } from './gate/rules-file.js';
export { readGateRulesSchema, gateRulesSchemaUrl } from './validate/gate-rules-schema.js';
export { readDiffSchema, diffSchemaUrl } from './validate/diff-schema.js';
export { readServiceOpenApi, serviceOpenApiUrl } from './validate/service-openapi.js';
export { canBeCompared, hasFailingFindings, failOnLevels } from './analyse/fail-on.js';
export { plural } from './text/plural.js';
export type { FailOn } from './analyse/fail-on.js';
export { policyChoices, renderTiers } from './model/renderer.js';
export { renderers, documentFormats, getRenderer, renderReport, renderHtml, renderPdf, renderXlsx, collectBytes } from './render/renderers.js';
export { renderDocuments } from './render/render-documents.js';
export { buildViewModel } from './render/build-view-model.js';
export type { ViewModelOptions } from './render/build-view-model.js';
export { displayPercent, displayCount, displayRisk, displayResources, displayInstant } from './render/display-values.js';
export { renderHtmlView } from './render/html/render-html.js';
export { CspmError, isCspmError } from './error/cspm-error.js';
export type { AccountsLocation, ErrorCode, ReportIdentity, ErrorDataByCode, CspmErrorOptions, RulesLocation, ServiceErrorData } from './error/cspm-error.js';
export { errorSummaries, errorExitCodes } from './error/error-codes.js';
export { toolInfo } from './tool-info.js';
export { terminalText, terminalJson } from './text/terminal-text.js';

export type { BenchmarkReport, ResourceCategory, Policy, Posture, ColourCounts, ComplianceColour, Envelope, AuditEnvelope } from './model/report.js';
export type { Finding, RuleId, Severity, SeveritySetting } from './model/finding.js';
export type { DocumentForm, LoadedDocument, ValidatedDocument, ReportRef } from './model/document.js';
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
  RollUp,
  ReportRanking,
} from './model/analysis.js';
export type { DocumentFormat, PolicyChoice, Renderer, RenderOptions, RenderedBody, RenderTier } from './model/renderer.js';
export type {
  RenderDocumentsOptions,
  DocumentPlan,
  PlannedDocument,
  ReadyDocument,
  UnrenderedDocument,
  DocumentOutput,
  DocumentReason,
} from './model/renderer.js';
export type { ViewModel, ReportView, CategoryView, FiguresView, FindingView, LogoView, ActionView, DateView, PolicyListingView, ReportChangesView, ChangeView, ChangeSideView, ChangeCountView, CategoryChangeView, ScanView } from './model/view-model.js';
export type { Rule, RuleInfo, ReportRule, DocumentRule, RuleHit, ReportContext, DocumentContext, CategoryInContext } from './model/rule.js';

export { createEmulator } from './serve/emulator.js';
export type { Emulator, EmulatorOptions } from './serve/emulator.js';
export type { EmulatorCredentials, CredentialOptions } from './serve/credentials.js';
export type { FaultOptions } from './serve/faults.js';
export { accountKinds } from './serve/account-kinds.js';
export type { AccountKind } from './serve/account-kinds.js';
export { jobStatuses } from './serve/job-status.js';
export type { JobStatus } from './serve/job-status.js';
export { createClient } from './client/create-client.js';
export type { ClientOptions, CspmClient, AuditSummaryIds, OnboardedAccount, BenchmarkRef } from './client/create-client.js';
export { onboardingKinds } from './client/onboarding-body.js';
export type { OnboardingKind, OnboardingBodies, AwsAccountBody, AzureAccountBody, Office365AccountBody } from './client/onboarding-body.js';
export type { ApplicationCredentials } from './client/token-source.js';
export { diffAnalyses, joinAnalyses } from './analyse/diff/diff-analyses.js';
export { countRegressions } from './analyse/diff/count-regressions.js';
export { policyChangeKinds } from './model/diff.js';
export type { CategoryChange, DiffOptions, DiffResult, FiguresChange, PolicyChange, PolicyChangeKind, PolicyMatch, PolicySide, ReportDiff, ScanRef, UnpairedReport } from './model/diff.js';
export { formatDiffText } from './render/findings/diff/diff-text.js';
export { csvFieldNames, defaultCsvFields } from './model/csv-fields.js';
export type { CsvFieldName } from './model/csv-fields.js';
export { trendOfScans } from './analyse/trend/trend-of-scans.js';
export type { PolicyTrend, Trend, TrendCategory, TrendOptions, TrendOrder, TrendOutcome, TrendScan } from './model/trend.js';
export { trendRenderers, trendFormats, getTrendRenderer } from './render/trend/trend-renderers.js';
export type { TrendFormat } from './render/trend/trend-renderers.js';
export type { TrendRenderer, TrendRenderOptions } from './render/trend/trend-renderer.js';
export { renderTrendHtml } from './render/trend/trend-html.js';
