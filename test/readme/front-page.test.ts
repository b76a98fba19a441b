import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, documentationPages, headings, page, proseLines, type Page } from '../support/documentation.js';

/**
 * README.md is a front page: what the tool is, how to install it, a quick start, and
 * links to the pages of docs/, each page reachable from it and every link between them
 * landing on a file and a heading that exist.
 */
const pages = documentationPages();
const readme = page('README.md');

/** Relative links of the page's prose (not of its code), with their line. */
function relativeLinks({ text }: Page): { line: number; target: string }[] {
  return proseLines(text).flatMap(({ line, text: prose }) =>
    [...prose.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => ({ line, target: match[1]! }))
      .filter(({ target }) => !/^[a-z]+:/.test(target)),
  );
}

/** Where each `##` section of the README of 0.1.0 (3,628 lines) went: the heading, or the page that is that section. */
const formerSections: [string, string][] = [
  ['Set-up on a fresh machine', 'README.md'],
  ['Install', 'README.md'],
  ['What it does', 'docs/checking.md'],
  ['`cspm-report check`', 'docs/checking.md'],
  ['`cspm-report gate`', 'docs/gates.md'],
  ['Fleets and shards', 'docs/fleets.md'],
  ['`cspm-report diff`', 'docs/diff-and-trend.md'],
  ['`cspm-report trend`', 'docs/diff-and-trend.md'],
  ['SQL over scans: `cspm-report query`', 'docs/datasets-and-query.md'],
  ['Datasets: Parquet', 'docs/datasets-and-query.md'],
  ['`cspm-report render`', 'docs/documents.md'],
  ['`cspm-report serve`', 'docs/service.md'],
  ['GitHub Action', 'docs/ci.md'],
  ['Container image', 'docs/install.md'],
  ['Shell completion', 'docs/configuration.md'],
  ['Progress and `--quiet`', 'docs/configuration.md'],
  ['Config file', 'docs/configuration.md'],
  ['Exit codes', 'docs/exit-codes.md'],
  ['Reliability', 'docs/reliability.md'],
  ['Other commands', 'docs/checking.md'],
  ['Service API', 'docs/service.md'],
  ['API client', 'docs/service.md'],
  ['Rule catalogue', 'docs/rules.md'],
  ['Performance', 'docs/performance.md'],
  ['Installed size', 'docs/performance.md'],
  ['Fuzzing', 'docs/development.md'],
  ['Mutation testing', 'docs/development.md'],
  ['The library', 'docs/library.md'],
  ['Dependencies', 'docs/development.md'],
  ['Development', 'docs/development.md'],
  ['Testing', 'docs/development.md'],
];

describe('the front page', () => {
  it('is at most 300 lines', () => {
    expect(readme.text.split('\n').length).toBeLessThanOrEqual(300);
  });

  it('opens with the set-up on a fresh machine, whose commands build, start and test', () => {
    const second = headings(readme.text).filter((heading) => heading.level === 2)[0];
    expect(second?.title).toBe('Set-up on a fresh machine');
    expect(readme.text).toContain('npm ci && npm start');
    expect(readme.text).toContain('npm ci && npm test');
  });

  it('installs every way: npm, npx, the GitHub Action, the container, a clone', () => {
    const install = readme.text.slice(readme.text.indexOf('## Install'), readme.text.indexOf('## Quick start'));
    for (const way of [
      'npm install',
      'npx --no-install cspm-report',
      'uses: OWNER/cspm-report@',
      'docker run',
      'npm ci',
    ])
      expect(install).toContain(way);
  });

  it('runs check, render, gate, diff and a fleet in its quick start, and says how to make a large report', () => {
    const quick = readme.text.slice(readme.text.indexOf('## Quick start'), readme.text.indexOf('## Documentation'));
    for (const command of ['check', 'render', 'gate', 'diff', 'merge'])
      expect(quick).toMatch(new RegExp(`^\\$ cspm-report ${command} `, 'm'));
    expect(quick).toContain('--tier fleet');
    expect(quick).toContain('node scripts/generate-report.js');
  });

  it('links every page of docs/', () => {
    const linked = new Set(relativeLinks(readme).map(({ target }) => target.split('#')[0]));
    expect(pages.filter(({ path }) => path !== 'README.md' && !linked.has(path)).map(({ path }) => path)).toEqual([]);
  });

  it.each(formerSections)('reaches the former section "%s" (%s)', (title, path) => {
    const holder = pages.find((candidate) => candidate.path === path);
    expect(holder, path).toBeDefined();
    const titles = headings(holder!.text).map((heading) => heading.title);
    expect(titles).toContain(title);
    if (path !== 'README.md') expect(relativeLinks(readme).map(({ target }) => target.split('#')[0])).toContain(path);
  });
});

describe('links between the pages', () => {
  const byPath = new Map(pages.map((candidate) => [candidate.path, anchors(candidate.text)]));

  it.each(pages.map((candidate) => [candidate.path, candidate] as const))(
    '%s: every relative link finds its file and heading',
    (_, from) => {
      const broken = relativeLinks(from).filter(({ target }) => {
        const [file, anchor] = target.split('#');
        const path = file === '' ? from.path : normalize(join(dirname(from.path), file!));
        if (!existsSync(path)) return true;
        if (anchor === undefined) return false;
        return !(byPath.get(path) ?? anchors(page(path).text)).has(anchor);
      });
      expect(broken.map(({ line, target }) => `${from.path}:${line} ${target}`)).toEqual([]);
    },
  );

  it('notices a link to a heading that is not there', () => {
    const broken: Page = { path: 'docs/x.md', text: '# X\n\nSee [gates](gates.md#no-such-heading) and [here](#x).\n' };
    const [link] = relativeLinks(broken);
    expect(link?.target).toBe('gates.md#no-such-heading');
    expect(byPath.get('docs/gates.md')?.has('no-such-heading')).toBe(false);
    expect(anchors(broken.text).has('x')).toBe(true);
  });
});
