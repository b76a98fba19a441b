import type { RunSettings } from '../../model/run-settings.js';
import { visibleText } from './visible-text.js';

/** What of a `<testsuite>` the run's settings go into: its `<properties>`, before its cases. */
interface SuiteWithProperties {
  properties?: { property: { '@_name': string; '@_value': string }[] };
  testcase: unknown[];
}

/**
 * The suites with the run's settings as properties of each (junit-10.xsd has no
 * properties on `<testsuites>`): the config file's path, SHA-256, how it was found, the
 * keys it set and those that weaken the verdict, and every option in force as JSON. The
 * suites as they are when the run read no config file.
 */
export function withRunSettings<S extends SuiteWithProperties>(suites: S[], settings: RunSettings | undefined): S[] {
  if (settings === undefined) return suites;
  return withSuiteProperties(suites, settingsProperties(settings));
}

/**
 * The suites with a `cspm-report.note` property in each per note of the run
 * (FindingsResult.notes), after the properties they hold; the suites as they are
 * when the run has none.
 */
export function withNotes<S extends SuiteWithProperties>(suites: S[], notes: readonly string[]): S[] {
  if (notes.length === 0) return suites;
  return withSuiteProperties(
    suites,
    notes.map((note) => ({ '@_name': 'cspm-report.note', '@_value': visibleText(note) })),
  );
}

/**
 * The suites with `added` properties in each, after the properties they hold (junit-10.xsd
 * has no properties on `<testsuites>`).
 */
export function withSuiteProperties<S extends SuiteWithProperties>(
  suites: S[],
  added: { '@_name': string; '@_value': string }[],
): S[] {
  return suites.map((suite) => {
    const { properties, testcase, ...rest } = suite;
    const attributes = Object.fromEntries(Object.entries(rest).filter(([key]) => key.startsWith('@_')));
    const elements = Object.fromEntries(Object.entries(rest).filter(([key]) => !key.startsWith('@_')));
    // Properties come first among a suite's elements in the schema.
    return {
      ...attributes,
      properties: { property: [...(properties?.property ?? []), ...added] },
      testcase,
      ...elements,
    } as unknown as S;
  });
}

function settingsProperties(settings: RunSettings): { '@_name': string; '@_value': string }[] {
  const config = settings.config;
  const values: [string, string][] =
    config === null
      ? []
      : [
          ['cspm-report.config.path', config.path],
          ['cspm-report.config.sha256', config.sha256],
          ['cspm-report.config.found', config.found],
          ['cspm-report.config.keys', config.keys.join(',')],
          ['cspm-report.config.weakening', config.weakening.join(',')],
        ];
  values.push(['cspm-report.settings', JSON.stringify(settings.effective)]);
  return values.map(([name, value]) => ({ '@_name': name, '@_value': visibleText(value) }));
}
