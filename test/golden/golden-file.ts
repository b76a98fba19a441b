import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';

/** Where the golden files live. */
export const goldenFolder = 'test/golden/files';

const update = process.env['UPDATE_GOLDEN'] === '1';

/**
 * Compares `actual` with the golden file `name`, line ends normalised; with
 * UPDATE_GOLDEN=1 (`npm run golden:update`) writes it instead. A missing file fails
 * rather than being written silently, so a new golden file is always a reviewed one.
 */
export function compareGolden(name: string, actual: string): void {
  const path = join(goldenFolder, name);
  const normalised = actual.replace(/\r\n/g, '\n');
  if (update || !existsSync(path)) {
    if (!update) throw new Error(`no golden file ${path}: run npm run golden:update`);
    mkdirSync(goldenFolder, { recursive: true });
    writeFileSync(path, normalised);
    return;
  }
  expect(normalised, `${path} differs: if the change is intended, run npm run golden:update and review the diff`).toBe(
    readFileSync(path, 'utf8'),
  );
}
