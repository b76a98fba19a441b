import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = 'dist';

/** The modules a file of the built command line imports statically (`import … from "./x.js"`), not when a run asks. */
function staticImports(file: string): string[] {
  const text = readFileSync(join(dist, file), 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;()]*?from\s*"\.\/([^"]+)"/g)].map((match) => match[1]!);
}

/** Every module the command line's entry module loads before a command runs: the closure of its static imports. */
function loadedAtStart(): Set<string> {
  const main = readdirSync(dist).find((file) => /^cspm-report-main-[\w-]+\.js$/.test(file));
  if (main === undefined) throw new Error('no built command line: run npm run build');
  const seen = new Set<string>([main]);
  const queue = [main];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const next of staticImports(file)) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

/**
 * What every run loads is what every `check` pays for. The HTML pages' templates (a
 * module of 190 kB, precompiled) and handlebars' runtime are for a run that writes a page:
 * the registry names the HTML writers, and they are imported when one renders.
 */
describe('the modules every run of the command line loads', () => {
  it('leave out the page templates and handlebars', () => {
    const loaded = [...loadedAtStart()];
    expect(loaded.length).toBeGreaterThan(3);
    expect(loaded.filter((file) => file.includes('precompiled-templates'))).toEqual([]);
    const withHandlebars = loaded.filter((file) =>
      /handlebars(?:\/dist)?\/[\w./-]*runtime|precompiledTemplates/.test(readFileSync(join(dist, file), 'utf8')),
    );
    expect(withHandlebars).toEqual([]);
  });
});
