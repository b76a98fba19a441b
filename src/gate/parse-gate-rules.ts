import { CspmError } from '../error/cspm-error.js';
import type { GateAssertion, GateRules } from '../model/gate-rules.js';
import { validateGateRulesShape } from '../validate/gate-rules-schema.js';
import { foldValue, isObserved, observedValues } from '../model/observed-values.js';
import type { GateMetric, MetricKey } from './gate-metric.js';
import { isGateMetricName } from './metric-names.js';
import { gateMetrics } from './metrics/gate-metrics.js';
import { gatePresets, isGatePresetName } from './presets/gate-presets.js';
import type { RulesFile, RulesFileAssertion } from './rules-file.js';
import { parseRulesText, type ParsedRulesText } from './rules-text.js';
import { valueAt } from '../validate/describe-location.js';
import { describeSchemaError } from './schema-error-text.js';
import { errorPointer, pickSchemaError } from '../validate/pick-schema-error.js';

const metricKeys: readonly MetricKey[] = [
  'min',
  'max',
  'severity',
  'category',
  'policy',
  'mustBe',
  'mustNotBe',
  'allowNewFailures',
  'allowRemoved',
];

/**
 * Parses and validates a gate rules file (JSON or YAML) and expands the presets it
 * extends. Anything wrong is a CspmError `rules-invalid` whose location holds the JSON
 * Pointer into the file and, when the text allows, its line and column.
 *
 * @param text the file's text
 * @param name the file's name, as errors and results name it
 */
export function parseGateRules(text: string, name: string): GateRules {
  const parsed = parseRulesText(text, name);
  const errors = validateGateRulesShape(parsed.value);
  const error = pickSchemaError(errors);
  if (error) {
    const { pointer, atKey } = errorPointer(error);
    fail(parsed, pointer, describeSchemaError(error, valueAt(parsed.value, error.instancePath)), atKey);
  }
  const file = parsed.value as RulesFile;
  const own = (file.assertions ?? []).map((assertion, index) => normalise(assertion, `/assertions/${index}`, parsed));
  checkNames(own, parsed);
  const extended = typeof file.extends === 'string' ? [file.extends] : (file.extends ?? []);
  const names = new Set(own.map((assertion) => assertion.name));
  const inherited = extended.flatMap((preset, index) =>
    presetAssertions(preset, typeof file.extends === 'string' ? '/extends' : `/extends/${index}`).filter(
      (assertion) => !names.has(assertion.name),
    ),
  );
  const assertions = [...inherited, ...own];
  if (assertions.length === 0)
    throw new CspmError(
      'rules-invalid',
      `${name}: the rules file has no assertion to evaluate; add one under "assertions" or extend a preset`,
      { data: { file: name, pointer: '' } },
    );
  return { file: name, assertions };
}

/** The assertions of a preset, as `--rules cspm:recommended` or `extends` gives them. */
export function presetAssertions(preset: string, pointer: string): GateAssertion[] {
  if (!isGatePresetName(preset))
    throw new CspmError('usage', `unknown preset "${preset}"; the presets are ${Object.keys(gatePresets).join(', ')}`, {
      data: { option: 'rules', value: preset, known: Object.keys(gatePresets) },
    });
  return gatePresets[preset].map((assertion) => ({ ...withDefaults(assertion), pointer, preset }));
}

function withDefaults(assertion: RulesFileAssertion): Omit<GateAssertion, 'pointer'> {
  const { name, level, aggregate, allowNoMatch, ...rest } = assertion;
  return {
    name: name ?? assertion.metric,
    level: level ?? 'error',
    aggregate: aggregate ?? 'each',
    allowNoMatch: allowNoMatch ?? false,
    ...rest,
  };
}

/** Checks what the schema cannot: that each key means something to the metric, and sane bounds. */
function normalise(assertion: RulesFileAssertion, pointer: string, parsed: ParsedRulesText): GateAssertion {
  // Stryker disable next-line StringLiteral: the schema refuses an unknown metric before this check, which narrows the
  // type
  if (!isGateMetricName(assertion.metric)) fail(parsed, `${pointer}/metric`, 'unknown metric');
  const metric = gateMetrics[assertion.metric];
  for (const key of metricKeys) {
    if (assertion[key] !== undefined && !metric.reads.includes(key)) {
      fail(
        parsed,
        `${pointer}/${key}`,
        `metric ${assertion.metric} does not read "${key}"; it reads ${metric.reads.map((read) => `"${read}"`).join(', ')}`,
        true,
      );
    }
  }
  // A match would read as narrowing what the metric counts; a metric of the run's exceptions cannot be narrowed to
  // reports.
  if (metric.ofRun === true && assertion.match !== undefined)
    fail(
      parsed,
      `${pointer}/match`,
      `metric ${assertion.metric} counts the run's exceptions, not a report's: it takes no "match"`,
      true,
    );
  if (assertion.min !== undefined && assertion.max !== undefined && assertion.min > assertion.max) {
    fail(parsed, `${pointer}/min`, `min ${assertion.min} is above max ${assertion.max}: nothing could pass`);
  }
  const severity =
    assertion.severity === undefined
      ? undefined
      : severityOf(assertion.metric, metric, assertion.severity, `${pointer}/severity`, parsed);
  return { ...withDefaults(assertion), ...(severity === undefined ? {} : { severity }), pointer };
}

/** The severity an assertion reads, in its observed spelling; a misspelt one is refused. */
function severityOf(
  name: string,
  metric: GateMetric,
  severity: string,
  pointer: string,
  parsed: ParsedRulesText,
): string {
  if (metric.severity === 'finding') {
    if (severity !== 'error' && severity !== 'warning')
      fail(parsed, pointer, `the ${name} metric takes severity "error" or "warning"`);
    return severity;
  }
  if (isObserved('Severity', severity)) return severity;
  const folded = foldValue('Severity', severity);
  if (folded === undefined)
    fail(
      parsed,
      pointer,
      `"${severity}" is no policy Severity; the ${name} metric takes one of ${observedValues.Severity.join(', ')}`,
    );
  return folded;
}

function checkNames(assertions: readonly GateAssertion[], parsed: ParsedRulesText): void {
  const seen = new Set<string>();
  for (const assertion of assertions) {
    if (seen.has(assertion.name))
      fail(
        parsed,
        `${assertion.pointer}/name`,
        `a second assertion is named "${assertion.name}"; give each its own name`,
      );
    seen.add(assertion.name);
  }
}

/** Refuses the rules file at `pointer` (see ParsedYamlText.refuse). */
function fail(parsed: ParsedRulesText, pointer: string, what: string, atKey = false): never {
  return parsed.refuse(pointer, what, atKey);
}
