import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseXml } from './parse-xml.js';

/** What one output of a run says of the run: failed or not, and the exit code where it names one. */
export interface StatedVerdict {
  failed: boolean;
  exitCode?: number;
}

/** Every findings format written by one run, by name, with the file each goes to. */
export const everyFormat = ['text', 'json', 'markdown', 'junit', 'github', 'gitlab', 'sarif'] as const;

/** `-f <format> -o <dir>/out.<format>` for every format. */
export function everyOutputArgs(dir: string): string[] {
  return everyFormat.flatMap((format) => ['-f', format, '-o', join(dir, `out.${format}`)]);
}

/** Severities of GitLab Code Quality that its own format documents as a failed run. */
const failingCodeQuality = new Set(['major', 'critical', 'blocker']);

/**
 * The verdict each output states, read as its consumer reads it: text's last line (✖),
 * json's and SARIF's verdict, the Markdown heading's mark and exit code, JUnit's
 * failures, the last GitHub workflow command, and GitLab issues that fail a run.
 */
export function statedVerdicts(dir: string): Record<(typeof everyFormat)[number], StatedVerdict> {
  const read = (format: string): string => readFileSync(join(dir, `out.${format}`), 'utf8');
  const lastText = read('text').trimEnd().split('\n').at(-1) ?? '';
  const json = JSON.parse(read('json')) as { verdict: { status: string; exitCode: number } };
  const sarif = JSON.parse(read('sarif')) as {
    runs: { properties: { verdict: { status: string; exitCode: number } } }[];
  };
  const markdown = /^## (❌|✅) cspm-report \w+: (?:failed \(exit code (\d)\)|passed)\n/.exec(read('markdown'));
  const junit = parseXml(read('junit'));
  const lastCommand = read('github').trimEnd().split('\n').at(-1) ?? '';
  const issues = JSON.parse(read('gitlab')) as { severity: string }[];
  return {
    text: { failed: lastText.startsWith('✖') },
    json: { failed: json.verdict.status === 'fail', exitCode: json.verdict.exitCode },
    sarif: {
      failed: sarif.runs[0]!.properties.verdict.status === 'fail',
      exitCode: sarif.runs[0]!.properties.verdict.exitCode,
    },
    markdown: { failed: markdown?.[1] === '❌', exitCode: Number(markdown?.[2] ?? 0) },
    junit: { failed: Number(junit.getAttribute('failures')) > 0 },
    github: { failed: lastCommand.startsWith('::error ') },
    gitlab: { failed: issues.some((issue) => failingCodeQuality.has(issue.severity)) },
  };
}
