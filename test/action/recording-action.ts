import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';
import { runCompositeAction, type ActionResult } from '../support/composite-action.js';
import { repositoryRoot } from '../support/clean-clone.js';

/**
 * The Action's own action.yml and scripts, copied beside a command line that only
 * records the arguments it was given: the tests read the exact list the scripts build
 * from hostile inputs, and what the scripts themselves do to the workspace, without
 * the command's work in between.
 *
 * The recorder is a `node` on the steps' PATH, a shell script: a Node.js start-up costs
 * about a fifth of a second of CPU, and a run of the Action started two (setup.sh's
 * version check and the command), which made these cases most of the time of their
 * files. It records the arguments after the command line's path, as the program would
 * read them, answers setup.sh's version check (the tests run on a Node.js the check
 * accepts, and the cases that run the real Action check it for real), and refuses any
 * other use, so that a script calling node another way fails the tests.
 */
export function recordingAction(dir: string): string {
  const actionPath = join(dir, 'action-under-test');
  mkdirSync(join(actionPath, 'dist'), { recursive: true });
  mkdirSync(join(actionPath, 'node_modules'));
  mkdirSync(join(actionPath, 'recorder'));
  cpSync(join(repositoryRoot, 'action.yml'), join(actionPath, 'action.yml'));
  cpSync(join(repositoryRoot, 'action'), join(actionPath, 'action'), { recursive: true });
  writeFileSync(join(actionPath, 'dist', 'cspm-report.js'), '');
  writeFileSync(
    join(actionPath, 'recorder', 'node'),
    [
      '#!/usr/bin/env bash',
      'if [ "$1" = "$GITHUB_ACTION_PATH/dist/cspm-report.js" ]; then shift; printf \'%s\\0\' "$@" > "$RECORDED_ARGV"; exit 0; fi',
      'if [ "$1" = -e ] && [[ $2 == *process.versions.node* ]]; then exit 0; fi',
      'echo "recording action: unexpected node call: $*" >&2',
      'exit 99',
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  return actionPath;
}

/** What one run of the recording Action did: the arguments the command got (undefined: never run), and the steps. */
export interface RecordedRun {
  argv: string[] | undefined;
  result: ActionResult;
  /** Standard output and error of the run step. */
  output: string;
}

/** Runs the recording Action in `workspace` with `inputs`. */
export function runRecorded(actionPath: string, workspace: string, inputs: Record<string, string>): RecordedRun {
  const recorded = join(actionPath, `argv-${Math.random().toString(36).slice(2)}.json`);
  const result = runCompositeAction(actionPath, { workspace, inputs, env: { RECORDED_ARGV: recorded, PATH: `${join(actionPath, 'recorder')}${delimiter}${process.env['PATH'] ?? ''}` } });
  const step = result.steps.find((candidate) => candidate.name === 'Run cspm-report');
  // One NUL after each argument: no argument holds one, and a newline in one stays in it.
  const argv = existsSync(recorded) ? readFileSync(recorded, 'utf8').split('\0').slice(0, -1) : undefined;
  return { argv, result, output: `${step?.stdout ?? ''}${step?.stderr ?? ''}` };
}

/** Every file and folder under `dir` (relative, sorted), the runner's own folders left out. */
export function listTree(dir: string, under = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.runner-'))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      const name = relative(under, path);
      return entry.isDirectory() && !entry.isSymbolicLink() ? [`${name}/`, ...listTree(path, under)] : [name];
    })
    .sort();
}
