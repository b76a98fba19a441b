import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiReport, apiReportPath, publishedTypesPath } from '../support/api-report.js';

const update = process.env['UPDATE_API_REPORT'] === '1';

/**
 * The public surface is reviewed as a file: the committed API report must be what the
 * published types export, so that a change to the entry, a signature or an exported
 * type shows in the diff of etc/cspm-report.api.md. `npm run api:report` writes it again
 * after a deliberate change.
 */
describe('API report', () => {
  it('lists the public entry as the published types declare it', () => {
    expect(existsSync(publishedTypesPath()), 'run npm run build').toBe(true);
    const report = apiReport();
    if (update) {
      mkdirSync(dirname(apiReportPath), { recursive: true });
      writeFileSync(apiReportPath, report);
    }
    const committed = existsSync(apiReportPath) ? readFileSync(apiReportPath, 'utf8') : '';
    expect(
      report,
      `the public entry differs from ${apiReportPath}: review the change, then run npm run api:report and commit the file`,
    ).toBe(committed);
  }, 60_000);
});
