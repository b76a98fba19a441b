import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's chromium package; playwright's own browser download cannot work offline. */
export const chromiumPath = '/usr/bin/chromium';

/** Where the process keeps its one browser: on the global object, which outlives a test file's module graph. */
const sharedKey = Symbol.for('cspm-report.test.chromium');
const exitKey = Symbol.for('cspm-report.test.chromium-exit');
type Holder = { [sharedKey]?: Promise<BrowserContext>; [exitKey]?: true };

/** Profile folders are named after the process that made them: `cspm-chromium-<pid>-…`. */
const profileName = /^cspm-chromium-(\d+)-/;

/** Whether a process of this id runs (EPERM: it does, as another user's). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the profiles of processes that are gone: a worker that its runner kills before
 * its exit cleanup has run (a loaded machine may not schedule it in time) leaves its
 * profile behind, and the next launch removes it.
 */
function removeStaleProfiles(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(profileName.exec(name)?.[1]);
    if (pid && pid !== process.pid && !running(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

/**
 * Launches headless Chromium with a fresh profile and every background service off:
 * the machines this runs on have no network, and without these flags Chromium keeps
 * trying to reach one. Playwright takes the profile folder itself (it refuses
 * --user-data-dir among the args), hence a persistent context on a folder of its own. The
 * browser ends with the process: Playwright kills what it launched when the process exits,
 * and the profile is removed then. A test worker is ended by SIGTERM, then SIGKILL half a
 * second later: Playwright's own SIGTERM handling closes the browser without waiting, and
 * the kill cut it short, so SIGTERM exits the process at once, through that cleanup.
 */
function sharedChromium(): Promise<BrowserContext> {
  const holder = globalThis as Holder;
  const current = holder[sharedKey];
  if (current) return current;
  removeStaleProfiles();
  const profile = mkdtempSync(join(tmpdir(), `cspm-chromium-${process.pid}-`));
  const launched = chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
    handleSIGTERM: false,
  });
  holder[sharedKey] = launched;
  if (!holder[exitKey]) {
    holder[exitKey] = true;
    process.once('SIGTERM', () => process.exit(143));
  }
  const forget = () => {
    if (holder[sharedKey] === launched) delete holder[sharedKey];
  };
  const removeProfile = () => {
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 2 });
    } catch {
      // Left for the next launch to remove.
    }
  };
  // Registered after the launch, so after Playwright's own exit handler: the browser is killed by then.
  launched.then(
    (context) => {
      context.once('close', forget);
      process.once('exit', removeProfile);
    },
    () => {
      forget();
      removeProfile();
    },
  );
  return launched;
}

/**
 * Headless Chromium for one test file: its pages are the file's to open, and `close()`
 * closes those it left open. The browser itself is the process's, launched by the first
 * file that asks: a launch costs seconds of CPU, and the files of a test worker run one
 * after another, each in pages of its own.
 */
export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const context = await sharedChromium();
  const before = new Set(context.pages());
  return {
    context,
    async close() {
      await Promise.all(
        context
          .pages()
          .filter((page) => !before.has(page))
          .map((page) => page.close()),
      );
    },
  };
}
