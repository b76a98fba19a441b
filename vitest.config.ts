import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { configDefaults, defineConfig } from 'vitest/config';

/** The end-to-end tier (vitest.e2e.config.ts, `npm run test:e2e`): npm installs and builds of minutes. */
const endToEnd = 'test/e2e/**';

/**
 * Test files that replace a module (`vi.mock`) or say `// vitest: isolate`: each runs in
 * a module graph of its own. Every other file shares its worker's modules with the files
 * run before it: loading the command line and its renderers again for each of some 300
 * files was a third of the suite's time. Derived from the files, so a new mock is isolated
 * without a list to keep.
 */
function isolatedFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (
        entry.name.endsWith('.test.ts') &&
        /\bvi\.(?:do)?mock\(|^\/\/ vitest: isolate$/m.test(readFileSync(path, 'utf8'))
      )
        files.push(path.split('\\').join('/'));
    }
  };
  walk('test');
  return files.sort();
}

const isolated = isolatedFiles();

/**
 * Vitest's order (the longest or largest files first), with the isolated files among the
 * others rather than before them. Vitest runs one project after another in name order, so
 * the isolated files came first: each starts a worker of its own and imports the command
 * line afresh, and for the first 15 s of a run they held the three workers while the
 * shared ones waited. Put last, they made the tail of the run. Among the others, their
 * imports overlap with work.
 */
class IsolatedAmongSharedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const own = sorted.filter((file) => file.project.config.isolate);
    const shared = sorted.filter((file) => !file.project.config.isolate);
    const middle = Math.floor(shared.length / 2);
    return [...shared.slice(0, middle), ...own, ...shared.slice(middle)];
  }
}

export default defineConfig({
  test: {
    // Measured on 2 idle cores (the whole suite, CI=true): 1 worker (vitest's default there,
    // CPUs − 1) 936 s with every file isolated; with shared modules, 2 workers 377 s, 3
    // workers 339 s, 4 workers 424 s (a build ran beside it for a minute) and a timing test
    // failed. Many tests wait on a child
    // process (Chromium, LibreOffice, the built command line), so one worker more than the
    // cores keeps both busy; two more only contend.
    maxWorkers: 3,
    sequence: { sequencer: IsolatedAmongSharedSequencer },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: 'isolated', include: isolated, exclude: [...configDefaults.exclude, endToEnd], isolate: true },
      },
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, endToEnd, ...isolated],
          isolate: false,
        },
      },
    ],
  },
});
