import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's chromium package; playwright's own browser download cannot work offline. */
export const chromiumPath = '/usr/bin/chromium';

/**
 * Launches headless Chromium with a fresh profile and every background service off:
 * the machines this runs on have no network, and without these flags Chromium keeps
 * trying to reach one. Playwright takes the profile folder itself (it refuses
 * --user-data-dir among the args), hence a persistent context on a new folder.
 */
export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'cspm-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
