import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { documentationPages, page, proseLines, section } from '../support/documentation.js';
import { hasProgram } from '../support/system-program.js';
import { useTempDir } from '../support/temp-dir.js';

/** Figures the documentation states, measured again from what they describe. */
interface Stated {
  kind: 'figure' | 'table';
  name: string;
  stated: string;
}
interface DocFigures {
  figures: Record<string, { cheap: boolean; measure(): string | Promise<string> }>;
  tables: Record<string, string>;
  statedIn(text: string): Stated[];
}

const docFigures = (await import(pathToFileURL(resolve('scripts/doc-figures.js')).href)) as DocFigures;
const pages = documentationPages();
const stated = pages.flatMap(({ path, text }) => docFigures.statedIn(text).map((figure) => ({ ...figure, path })));
const tempDir = useTempDir();

describe('figures the pages state (written by node scripts/doc-figures.js)', () => {
  it('names only figures and tables the script measures', () => {
    const known = (figure: Stated): boolean =>
      figure.kind === 'figure'
        ? figure.name in docFigures.figures
        : figure.name in docFigures.tables || figure.name === 'dataset-tables';
    expect(
      stated.filter((figure) => !known(figure)).map((figure) => `${figure.path}: ${figure.kind} ${figure.name}`),
    ).toEqual([]);
    expect(new Set(stated.map((figure) => figure.name))).toEqual(
      new Set([...Object.keys(docFigures.figures), ...Object.keys(docFigures.tables), 'dataset-tables']),
    );
  });

  const cheap = Object.entries(docFigures.figures).filter(([, figure]) => figure.cheap);
  it.each(cheap)('states %s as measured now', async (name, figure) => {
    const measured = await figure.measure();
    const where = stated.filter((candidate) => candidate.kind === 'figure' && candidate.name === name);
    expect(where.length).toBeGreaterThan(0);
    expect(where.map((candidate) => `${candidate.path}: ${candidate.stated}`)).toEqual(
      where.map((candidate) => `${candidate.path}: ${measured}`),
    );
  });

  it('states every figure the script leaves to itself the same way on every page', () => {
    for (const name of Object.keys(docFigures.figures).filter((key) => !docFigures.figures[key]!.cheap)) {
      expect(
        new Set(stated.filter((candidate) => candidate.name === name).map((candidate) => candidate.stated)).size,
        name,
      ).toBe(1);
    }
  });

  it('finds a stale figure and a stale table', () => {
    const stale = docFigures.statedIn(
      'The tarball (<!-- figure: tarball-size -->2.8 MB<!-- /figure -->).\n\n<!-- generated: rule-table -->\n| id |\n<!-- /generated -->\n',
    );
    expect(stale).toEqual([
      { kind: 'figure', name: 'tarball-size', stated: '2.8 MB' },
      { kind: 'table', name: 'rule-table', stated: '| id |' },
    ]);
  });

  it('the front page states no size in its prose that the script does not write', () => {
    const prose = proseLines(page('README.md').text)
      .map(({ line, text }) => ({ line, text: text.replace(/<!-- figure: [\w-]+ -->[^<]*<!-- \/figure -->/g, '') }))
      .filter(({ text }) => /\b\d[\d,.]* ?(?:KB|MB|GB|KiB|MiB|GiB)\b/.test(text));
    expect(prose.map(({ line, text }) => `README.md:${line}: ${text}`)).toEqual([]);
  });
});

describe('timings the pages state', () => {
  const measured = /<!-- measured: [^>]*\b\d{4}-\d{2}-\d{2}\b[^>]*-->/;

  it('marks the bench table of the performance page as measured, with the dates', () => {
    const performance = page('docs/performance.md').text;
    const table = performance.indexOf('| job | cspm-report | baseline | ratio |');
    expect(table).toBeGreaterThan(0);
    expect(performance.slice(0, table).trimEnd().split('\n').at(-1)).toMatch(measured);
  });

  it('holds a block per job of the bench, each written by a run with its date, and none for a job it has not', async () => {
    const { benchJobs } = (await import(pathToFileURL(resolve('scripts/bench/jobs.js')).href)) as {
      benchJobs: Record<string, { what: string }>;
    };
    const text = page('docs/performance.md').text;
    const blocks = [
      ...text.matchAll(
        /\*\*([\w-]+)\*\*: (.*)\n\n<!-- bench: ([\w-]+)(, (\d{4}-\d{2}-\d{2})(, npm run bench -- [^,]*)?, (\d+) CPUs, load average [\d.]+)? -->\n```text\n([\s\S]*?)```\n<!-- \/bench -->/g,
      ),
    ];
    expect(blocks.map((block) => block[3])).toEqual(Object.keys(benchJobs));
    for (const [, named, what, job, dated, , , , lines] of blocks) {
      expect(named, 'each block under the name of its job').toBe(job);
      expect(what, `the words of scripts/bench/jobs.js for ${job}`).toBe(`${benchJobs[job!]!.what}.`);
      expect(dated, `run npm run bench -- ${job} --record`).toBeDefined();
      expect(lines!.trim()).not.toBe('');
    }
  });

  it('records a run of the bench over the blocks of its jobs, and only there', async () => {
    const { withBenchRecords } = (await import(pathToFileURL(resolve('scripts/bench/record.js')).href)) as {
      withBenchRecords(
        text: string,
        lines: Record<string, string[]>,
        options: { options?: string[]; date: string; cpus?: number; load?: number },
      ): string;
    };
    const block = (job: string, marker: string, line: string): string =>
      `<!-- bench: ${job}${marker} -->\n\`\`\`text\n${line}\n\`\`\`\n<!-- /bench -->\n`;
    const before = `${block('check', ', 2026-01-01, 2 CPUs, load average 0.5', 'old check')}\n${block('trend', '', 'not measured yet')}\nAfter.\n`;
    expect(
      withBenchRecords(
        before,
        { trend: ['trend  30 scans -f json: 0.28 s'] },
        { date: '2026-12-02', cpus: 2, load: 1.25 },
      ),
    ).toBe(
      `${block('check', ', 2026-01-01, 2 CPUs, load average 0.5', 'old check')}\n${block('trend', ', 2026-12-02, 2 CPUs, load average 1.3', 'trend  30 scans -f json: 0.28 s')}\nAfter.\n`,
    );
    expect(
      withBenchRecords(before, { check: ['new'] }, { options: ['--runs', '5'], date: '2026-12-02', cpus: 2, load: 0 }),
    ).toContain(block('check', ', 2026-12-02, npm run bench -- check --runs 5, 2 CPUs, load average 0.0', 'new'));
    expect(() => withBenchRecords(before, { pdf: [] }, { date: '2026-12-02' })).toThrow(/no <!-- bench: pdf --> block/);
  });

  it('marks each install time of the install and CI pages as measured, with the date', () => {
    const timed = ['docs/install.md', 'docs/ci.md'].flatMap((path) =>
      page(path)
        .text.split(/\n\n+/)
        .filter((paragraph) => /\b\d[\d.]* (?:seconds|minutes)\b/.test(paragraph) && !paragraph.startsWith('```'))
        .filter((paragraph) => !measured.test(paragraph))
        .map((paragraph) => `${path}: ${paragraph.slice(0, 80)}`),
    );
    expect(timed).toEqual([]);
  });
});

describe('figures checked against their source', () => {
  it('states the Node.js version that package.json engines asks for, wherever it names one', () => {
    const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;
    const minimum = /^>=(\d+\.\d+)$/.exec(engines)?.[1];
    expect(minimum).toBeDefined();
    const stated = pages.flatMap(({ text }) =>
      [...text.matchAll(/Node\.js (\d+(?:\.\d+)*) or later/g)].map((match) => match[1]),
    );
    expect(stated.length).toBeGreaterThan(1);
    expect(stated.every((version) => version === minimum)).toBe(true);
    expect(section('Set-up on a fresh machine').text).toContain(`Node.js ${minimum} or later`);
  });

  it.runIf(hasProgram('pdfinfo', 'poppler-utils'))(
    'gives the page counts of the sample PDF that pdfinfo reads, in full and with --policies failing',
    async () => {
      const stated = /`samples\/azure-csbp\.json` makes (\d+) pages, (\d+) with\s+`--policies failing`/.exec(
        page('docs/documents.md').text,
      );
      expect(stated).not.toBeNull();
      const pages = async (extra: string[]): Promise<number> => {
        const file = join(tempDir(), 'sample.pdf');
        expect(
          (await runInProcess(['render', 'samples/azure-csbp.json', '-f', 'pdf', ...extra, '-o', file])).code,
        ).toBe(0);
        return Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
      };
      expect([await pages([]), await pages(['--policies', 'failing'])]).toEqual([
        Number(stated![1]),
        Number(stated![2]),
      ]);
    },
  );
});
