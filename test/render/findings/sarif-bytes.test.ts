import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judgeFindingsResult } from '../../../src/model/fail-closed.js';
import { ruleCatalogue } from '../../../src/analyse/rule-catalogue.js';
import type { Analysis } from '../../../src/index.js';
import type { GateResult } from '../../../src/model/gate.js';
import { sarifFormat } from '../../../src/render/findings/sarif-format.js';
import { toolInfo } from '../../../src/tool-info.js';
import { cappedAnalysis, variedAnalysis, variedGate } from './sarif-samples.js';
import { sarifSchemaErrors } from './sarif-schema.js';

/**
 * The sarif format's exact bytes, pinned by fixtures in test/fixtures/sarif/: a change
 * to how the text is written must not change the text, fingerprints included. The
 * version of the package and the folder the tests run in are the only things normalised. The capped run is 20 MB, so
 * only
 * its length and sha256 are kept. Re-baseline after an intended change of the output
 * with `UPDATE_GOLDEN=1 npx vitest run test/render/findings/sarif-bytes.test.ts`, then
 * read the diff before committing it.
 */
const update = process.env['UPDATE_GOLDEN'] === '1';

function sarifText(analysis: Analysis, gate?: GateResult): string {
  const text = sarifFormat.format(judgeFindingsResult({ analysis, gate }), { rules: ruleCatalogue, color: false });
  const version = `"version":"${toolInfo.version}","semanticVersion":"${toolInfo.version}"`;
  expect(text).toContain(version);
  // Absolute input paths are written relative to the folder the tests run in, but for the run's list of files.
  return text
    .replace(version, '"version":"<version>","semanticVersion":"<version>"')
    .replaceAll(JSON.stringify(process.cwd()).slice(1, -1), '<cwd>');
}

function compare(name: string, actual: string): void {
  const url = new URL(`../../fixtures/sarif/${name}`, import.meta.url);
  if (update || !existsSync(url)) {
    if (!update) throw new Error(`no fixture ${name}: run with UPDATE_GOLDEN=1`);
    writeFileSync(url, actual);
    return;
  }
  expect(actual === readFileSync(url, 'utf8'), `${name} differs from the fixture`).toBe(true);
}

describe('the sarif format, byte for byte', () => {
  it('writes a varied analysis with hostile strings exactly as the fixture holds it', () => {
    const text = sarifText(variedAnalysis());
    expect(sarifSchemaErrors(JSON.parse(text))).toEqual([]);
    compare('varied.sarif', text);
  });

  it('writes the same analysis with a gate result exactly as the fixture holds it', () => {
    const text = sarifText(variedAnalysis(), variedGate());
    expect(sarifSchemaErrors(JSON.parse(text))).toEqual([]);
    compare('varied-gate.sarif', text);
  });

  it('writes a run past the 25,000-result cap to the same length and digest as before', () => {
    const { analysis, gate } = cappedAnalysis();
    const text = sarifText(analysis, gate);
    const log = JSON.parse(text) as { runs: { results: unknown[] }[] };
    expect(log.runs[0]!.results).toHaveLength(25_000);
    compare('capped.sarif.sha256', `${text.length} ${createHash('sha256').update(text).digest('hex')}\n`);
  }, 60_000);
});
