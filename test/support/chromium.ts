import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's chromium package; playwright's own browser download cannot work offline. */
export const chromiumPath = '/usr/bin/chromium';

/** Where the process keeps its one browser: on the global object, which outlives a test file's module graph. */
const sharedKey = Symbol.for('cspm-report.test.chromium');
const exitKey = Symbol.for('cspm-report.test.chromium-exit');
type Holder = { [sharedKey]?: Promise<BrowserContext>; [exitKey]?: true };

/**
 * Launches headless Chromium with a fresh profile and every background service off:
 * the machines this runs on have no network, and without these flags Chromium keeps
 * trying to reach one. Playwright takes the profile folder itself (it refuses
 * --user-data-dir among the args), hence a persistent context on a folder of its own. The
 * browser ends with the process: Playwright kills what it launched and removes its folders
 * when the process exits. A test worker is ended by SIGTERM, then SIGKILL half a second
 * later: Playwright's own SIGTERM handling closes the browser without waiting and the kill
 * left its profile behind, so SIGTERM exits the process at once, through that cleanup.
 */
function sharedChromium(): Promise<BrowserContext> {
  const holder = globalThis as Holder;
  const running = holder[sharedKey];
  if (running) return running;
  // '' lets Playwright make the profile folder and remove it with the browser, even when the process ends without closing it.
  const launched = chromium.launchPersistentContext('', {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
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
  launched.then((context) => context.once('close', forget), forget);
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
      await Promise.all(context.pages().filter((page) => !before.has(page)).map((page) => page.close()));
    },
  };
}
