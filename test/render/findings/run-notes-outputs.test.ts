import { beforeAll, describe, expect, it } from 'vitest';
import { judgeFindingsResult } from '../../../src/model/fail-closed.js';
import { ruleCatalogue } from '../../../src/analyse/rule-catalogue.js';
import { type Analysis } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import type { FindingsRun } from '../../../src/model/findings-format.js';
import type { Verdict } from '../../../src/model/verdict.js';
import { escapeGithubData, githubFormat } from '../../../src/render/findings/github-format.js';
import { formatGitlab } from '../../../src/render/findings/gitlab-format.js';
import { jsonFormat } from '../../../src/render/findings/json-format.js';
import { junitFormat } from '../../../src/render/findings/junit-format.js';
import { markdownLimitRange } from '../../../src/render/findings/markdown-budget.js';
import { markdownText } from '../../../src/render/findings/markdown-cell.js';
import { markdownFormat } from '../../../src/render/findings/markdown-format.js';
import { sarifFormat } from '../../../src/render/findings/sarif-format.js';
import { textFormat } from '../../../src/render/findings/text-format.js';
import { visibleText } from '../../../src/render/findings/visible-text.js';
import { terminalText } from '../../../src/text/terminal-text.js';
import { change, diffOf, reportDiff } from '../../support/fake-diff.js';
import { hasXmllint, junitSchemaErrors } from '../../support/junit-schema.js';
import { minimalReport } from '../../support/minimal-report.js';
import { parseXml } from '../../support/parse-xml.js';
import { useTempDir } from '../../support/temp-dir.js';
import { gateResult, hostileText, mixedAnalysis } from './findings-inputs.js';
import { sarifSchemaErrors } from './sarif-schema.js';

const tempDir = useTempDir();
const options = { rules: ruleCatalogue, color: false };

/** A note as a merge gives it, which its job also lists among the verdict's reasons. */
const plainNote = 'merged without the input files (--inputs-absent): their digests were not checked';
/** A note that would break a naive writer of any format. */
const notes = [plainNote, hostileText];
const lost = 'a report of the run was lost';

let clean: Analysis;
let mixed: Analysis;
beforeAll(async () => {
  clean = await analyseInputs({ text: JSON.stringify(minimalReport()), name: 'clean.json' });
  mixed = await mixedAnalysis();
});

/** A run that passes, its job listing the plain note among the reasons. */
function passing(): FindingsRun {
  return { analysis: clean, verdict: { status: 'pass', exitCode: 0, reasons: [plainNote] }, notes };
}

/** A run that fails for what no finding shows, its job listing the plain note after the reason. */
function failingUnseen(): FindingsRun {
  return { analysis: clean, verdict: { status: 'fail', exitCode: 1, reasons: [lost, plainNote] }, notes };
}

/** A run that fails on its findings. */
function failingFindings(): FindingsRun {
  const verdict: Verdict = { status: 'fail', exitCode: 1, reasons: ['2 errors', plainNote] };
  return { analysis: mixed, verdict, notes };
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe('text: a note line each under the verdict line', () => {
  it('passing: the notes, escaped for the terminal, after the check line, each once', () => {
    const text = textFormat.format(judgeFindingsResult(passing()), options);
    expect(text).toMatch(/✔ no findings in 1 file, 1 valid report, \d+ policies\nnote: merged without/);
    expect(text.endsWith(`\nnote: ${plainNote}\nnote: ${terminalText(hostileText)}\n`)).toBe(true);
    expect(text).not.toContain('\u202e');
    expect(text).not.toMatch(/^next::/m);
    expect(occurrences(text, plainNote)).toBe(1);
  });

  it('failing for what no finding shows: the reason that is no note on the verdict line, then the notes', () => {
    const text = textFormat.format(judgeFindingsResult(failingUnseen()), options);
    expect(text).toMatch(new RegExp(`✖ ${lost}: 1 file, 1 valid report, \\d+ policies\\nnote: merged without`));
    expect(occurrences(text, plainNote)).toBe(1);
  });

  it("a gate: the notes after the gate's verdict line", () => {
    const text = textFormat.format(
      judgeFindingsResult({
        ...failingFindings(),
        gate: gateResult(),
        verdict: { status: 'fail', exitCode: 3, reasons: ['the gate failed'] },
      }),
      options,
    );
    expect(text).toMatch(/✖ gate failed: [^\n]*\nnote: merged without[^\n]*\nnote: a "q"/);
  });
});

describe('json: a top-level notes array', () => {
  it('holds each note, whole and chunked alike, beside the verdict as the job gave it', () => {
    const whole = jsonFormat.format(judgeFindingsResult(passing()), options);
    const chunked = [...(jsonFormat.formatChunks?.(judgeFindingsResult(passing()), options) ?? [])].join('');
    expect(chunked).toBe(whole);
    const json = JSON.parse(whole) as { verdict: Verdict; notes: string[] };
    expect(Object.keys(json).slice(0, 3)).toEqual(['verdict', 'notes', 'summary']);
    expect(json.notes).toEqual(notes);
    expect(json.verdict.reasons).toEqual([plainNote]);
  });

  it('is absent without notes, so that the JSON of every other run stays as it was', () => {
    const without = jsonFormat.format(judgeFindingsResult({ analysis: clean }), options);
    expect(jsonFormat.format(judgeFindingsResult({ analysis: clean, notes: [] }), options)).toBe(without);
    expect(without).not.toContain('"notes"');
  });
});

describe('sarif: a tool notification of level note each', () => {
  type Log = {
    runs: {
      invocations: {
        toolExecutionNotifications: { level: string; message: { text: string }; descriptor: { id: string } }[];
      }[];
    }[];
  };
  const noted = (log: Log) =>
    (log.runs[0]?.invocations[0]?.toolExecutionNotifications ?? []).filter(
      (notification) => notification.level === 'note',
    );

  it('in the log of a passing and of a failing run, valid against the SARIF schema', () => {
    for (const result of [passing(), failingFindings()]) {
      const log = JSON.parse(sarifFormat.format(judgeFindingsResult(result), options)) as Log;
      expect(noted(log).map((notification) => [notification.message.text, notification.descriptor.id])).toEqual(
        notes.map((note) => [note, 'run-note']),
      );
      expect(sarifSchemaErrors(log)).toEqual([]);
    }
  });

  it("in a diff's log too", () => {
    const log = JSON.parse(
      sarifFormat.format(
        judgeFindingsResult({ analysis: clean, diff: diffOf([reportDiff([change('regression', 'High')])]), notes }),
        options,
      ),
    ) as Log;
    expect(noted(log).map((notification) => notification.message.text)).toEqual(notes);
    expect(sarifSchemaErrors(log)).toEqual([]);
  });

  it('none without notes', () => {
    expect(noted(JSON.parse(sarifFormat.format(judgeFindingsResult({ analysis: mixed }), options)) as Log)).toEqual([]);
  });
});

describe('junit: a cspm-report.note property each in every suite', () => {
  const propertyNotes = (xml: string): string[][] =>
    [...parseXml(xml).getElementsByTagName('testsuite')].map((suite) =>
      [...suite.getElementsByTagName('property')]
        .filter((property) => property.getAttribute('name') === 'cspm-report.note')
        .map((property) => property.getAttribute('value') ?? ''),
    );
  const verdictCase = (xml: string) =>
    [...parseXml(xml).getElementsByTagName('testcase')].find((testCase) => testCase.getAttribute('name') === 'verdict');
  const validate = (xml: string) => {
    if (hasXmllint || process.env['CI'] === 'true') expect(junitSchemaErrors(xml, tempDir())).toEqual([]);
  };

  it('passing: the notes as properties and as the system-out of a passed verdict case', () => {
    const xml = junitFormat.format(judgeFindingsResult(passing()), options);
    validate(xml);
    for (const each of propertyNotes(xml)) expect(each).toEqual(notes.map(visibleText));
    const verdict = verdictCase(xml);
    expect(verdict?.getElementsByTagName('failure').length).toBe(0);
    expect(verdict?.getElementsByTagName('system-out')[0]?.textContent).toBe(
      `note: ${plainNote}\nnote: ${visibleText(hostileText)}\n`,
    );
    expect(parseXml(xml).getAttribute('failures')).toBe('0');
  });

  it('failing for what no case shows: the verdict case fails for its reason, the notes in its system-out', () => {
    const xml = junitFormat.format(judgeFindingsResult(failingUnseen()), options);
    validate(xml);
    const failure = verdictCase(xml)?.getElementsByTagName('failure')[0];
    expect(failure?.getAttribute('message')).toBe(lost);
    expect(failure?.textContent).toBe(`${lost}\n`);
    expect(verdictCase(xml)?.getElementsByTagName('system-out')[0]?.textContent).toContain(`note: ${plainNote}\n`);
  });

  it('failing on findings: the properties of every suite', () => {
    const xml = junitFormat.format(judgeFindingsResult(failingFindings()), options);
    validate(xml);
    const suites = propertyNotes(xml);
    expect(suites.length).toBe(3);
    for (const each of suites) expect(each).toEqual(notes.map(visibleText));
  });

  it('without notes: no property and no passed verdict case', () => {
    const xml = junitFormat.format(judgeFindingsResult({ analysis: clean }), options);
    expect(xml).not.toContain('cspm-report.note');
    expect(verdictCase(xml)).toBeUndefined();
  });
});

describe('github: a notice each, within the 10 notices of a step', () => {
  const lines = (result: FindingsRun) =>
    githubFormat
      .format(judgeFindingsResult(result), options)
      .split('\n')
      .filter((line) => line !== '');

  it('passing: a notice each before the verdict, escaped, none as a reason', () => {
    const written = lines(passing());
    expect(written.slice(-3)).toEqual([
      `::notice title=cspm-report note::${plainNote}`,
      `::notice title=cspm-report note::${escapeGithubData(hostileText)}`,
      expect.stringMatching(/^::notice title=cspm-report passed::/),
    ]);
    for (const line of written) expect(line).toMatch(/^::(error|warning|notice) /);
  });

  it("failing: the notes as notices, the verdict's error naming the reasons that are no notes", () => {
    const written = lines(failingUnseen());
    expect(written).toContain(`::notice title=cspm-report note::${plainNote}`);
    expect(written.at(-1)).toMatch(new RegExp(`^::error title=cspm-report failed \\(exit code 1\\)::${lost}; `));
    expect(written.at(-1)).not.toContain('merged without');
  });

  it("takes the notes before fixes' notices, within 10 notices with the verdict and the count of the rest", () => {
    const fixes = Array.from({ length: 20 }, () => change('fix', 'High'));
    const twelve = Array.from({ length: 12 }, (_, index) => `note ${index + 1}`);
    for (const verdict of [
      { status: 'pass', exitCode: 0, reasons: [] },
      { status: 'fail', exitCode: 1, reasons: [lost] },
    ] satisfies Verdict[]) {
      for (const count of [2, 12]) {
        const written = lines({
          analysis: clean,
          diff: diffOf([reportDiff(fixes)]),
          verdict,
          notes: twelve.slice(0, count),
        });
        const notices = written.filter((line) => line.startsWith('::notice '));
        expect(notices.length, `${verdict.status}, ${count} notes`).toBeLessThanOrEqual(10);
        const noteText = written.filter((line) => line.startsWith('::notice title=cspm-report note::')).join('\n');
        for (const note of twelve.slice(0, count))
          expect(noteText, `${verdict.status}: ${note}`).toMatch(new RegExp(`${note}(;|$)`, 'm'));
        expect(
          written.some((line) => line.startsWith('::notice title=cspm-report: more not annotated::')),
          `${verdict.status}, ${count} notes`,
        ).toBe(true);
      }
    }
  });
});

describe('gitlab: an info issue each, cspm-report/note', () => {
  type Issue = {
    check_name: string;
    severity: string;
    description: string;
    fingerprint: string;
    location: { path: string };
  };
  const issues = (result: FindingsRun) =>
    JSON.parse(formatGitlab(judgeFindingsResult(result), '/builds/group/project')) as Issue[];

  it('passing and failing alike, with a fingerprint of its own that other inputs keep', () => {
    for (const result of [passing(), failingFindings()]) {
      const noteIssues = issues(result).filter((issue) => issue.check_name === 'cspm-report/note');
      expect(noteIssues.map((issue) => [issue.severity, issue.description])).toEqual(
        notes.map((note) => ['info', `cspm-report note: ${visibleText(note)}`]),
      );
      expect(new Set(noteIssues.map((issue) => issue.fingerprint)).size).toBe(2);
    }
    const fingerprints = (result: FindingsRun) =>
      issues(result)
        .filter((issue) => issue.check_name === 'cspm-report/note')
        .map((issue) => issue.fingerprint);
    expect(fingerprints(failingFindings())).toEqual(fingerprints(passing()));
  });

  it("failing for what no issue shows: the verdict's issue names the reasons that are no notes", () => {
    const verdict = issues(failingUnseen()).find((issue) => issue.check_name === 'cspm-report/verdict');
    expect(verdict?.description).toBe(`cspm-report failed: ${lost}`);
  });

  it('none without notes', () => {
    expect(issues({ analysis: clean })).toEqual([]);
  });
});

describe('markdown: a Note line each under the heading', () => {
  const format = (result: FindingsRun, markdownLimit?: number) =>
    markdownFormat.format(judgeFindingsResult(result), {
      ...options,
      ...(markdownLimit === undefined ? {} : { markdownLimit }),
    });

  it('passing: the notes, escaped, and no reason that is a note', () => {
    const markdown = format(passing());
    expect(markdown).toMatch(/^## ✅ cspm-report check: passed\n\n\*\*Note:\*\* merged without/);
    expect(markdown).toContain(
      `**Note:** ${markdownText(plainNote, 300)}  \n**Note:** ${markdownText(hostileText, 300)}  \n`,
    );
    expect(markdown).not.toContain('**Passed:**');
    expect(markdown).not.toContain('<b>');
  });

  it('failing: the reason that is no note, then the notes', () => {
    expect(format(failingUnseen())).toContain(`**Failed:** ${lost}  \n**Note:** ${markdownText(plainNote, 300)}  \n`);
  });

  it('lists three notes and counts the rest, within the smallest limit however long they are', () => {
    const many = Array.from({ length: 5 }, (_, index) => `${index} ${hostileText.repeat(200)}`);
    const markdown = format({ ...failingFindings(), gate: gateResult(), notes: many }, markdownLimitRange.min);
    expect(occurrences(markdown, '**Note:**')).toBe(3);
    expect(markdown).toContain('_and 2 more notes; the json format lists them all_');
    expect(markdown.length).toBeLessThanOrEqual(markdownLimitRange.min);
  });
});
