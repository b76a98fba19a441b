import { describe, expect, it } from 'vitest';
import { judgeFindingsResult } from '../../../src/model/fail-closed.js';
import { ruleCatalogue } from '../../../src/analyse/rule-catalogue.js';
import type { RunSettings } from '../../../src/index.js';
import type { FindingsRun } from '../../../src/model/findings-format.js';
import { jsonFormat } from '../../../src/render/findings/json-format.js';
import { junitFormat } from '../../../src/render/findings/junit-format.js';
import { sarifFormat } from '../../../src/render/findings/sarif-format.js';
import { hasXmllint, junitSchemaErrors } from '../../support/junit-schema.js';
import { parseXml } from '../../support/parse-xml.js';
import { useTempDir } from '../../support/temp-dir.js';
import { gateResult, mixedAnalysis } from './findings-inputs.js';
import { sarifSchemaErrors } from './sarif-schema.js';

const tempDir = useTempDir();

/** Settings as a library user gives them: a config file, one weakening key, each option in force. */
const runSettings: RunSettings = {
  config: {
    path: 'team/cspm-report.config.yaml',
    sha256: 'c0'.repeat(32),
    found: 'search',
    keys: ['fail-on', 'rule'],
    weakening: ['fail-on'],
  },
  effective: { 'fail-on': 'never', rule: ['mixed-ids=off'], title: 'a "q" <b> & \u202e' },
};

async function result(): Promise<FindingsRun> {
  return { analysis: await mixedAnalysis(), gate: gateResult(), runSettings };
}

const options = { rules: ruleCatalogue, color: false };

describe('the settings of a run in each machine-readable output', () => {
  it('JSON: a runSettings member, chunked or whole', async () => {
    const whole = JSON.parse(jsonFormat.format(judgeFindingsResult(await result()), options)) as {
      runSettings: unknown;
    };
    expect(whole.runSettings).toEqual(runSettings);
    const chunked = JSON.parse(
      [...(jsonFormat.formatChunks?.(judgeFindingsResult(await result()), options) ?? [])].join(''),
    ) as { runSettings: unknown };
    expect(chunked.runSettings).toEqual(runSettings);
  });

  it("SARIF: the run's properties, valid against the SARIF schema", async () => {
    const log = JSON.parse(sarifFormat.format(judgeFindingsResult(await result()), options)) as {
      runs: { properties: { runSettings: unknown } }[];
    };
    expect(log.runs[0]?.properties.runSettings).toEqual(runSettings);
    expect(sarifSchemaErrors(log)).toEqual([]);
  });

  it.skipIf(!hasXmllint && process.env['CI'] !== 'true')(
    "JUnit: each suite's properties, valid against junit-10.xsd",
    async () => {
      const xml = junitFormat.format(judgeFindingsResult(await result()), options);
      expect(junitSchemaErrors(xml, tempDir())).toEqual([]);
      const suites = [...parseXml(xml).getElementsByTagName('testsuite')];
      expect(suites.length).toBeGreaterThan(1);
      for (const suite of suites) {
        const properties = Object.fromEntries(
          [...suite.getElementsByTagName('property')].map((property) => [
            property.getAttribute('name'),
            property.getAttribute('value'),
          ]),
        );
        expect(properties).toMatchObject({
          'cspm-report.config.path': 'team/cspm-report.config.yaml',
          'cspm-report.config.sha256': 'c0'.repeat(32),
          'cspm-report.config.found': 'search',
          'cspm-report.config.keys': 'fail-on,rule',
          'cspm-report.config.weakening': 'fail-on',
        });
        expect(JSON.parse(properties['cspm-report.settings'] ?? '')).toMatchObject({
          'fail-on': 'never',
          rule: ['mixed-ids=off'],
        });
      }
    },
  );
});
