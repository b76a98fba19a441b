import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, relative } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { runCompositeAction, type ActionResult } from '../support/composite-action.js';
import { repositoryRoot } from '../support/clean-clone.js';

/**
 * The command line's stand-in, a bash function that the steps' shells import from the
 * environment (BASH_FUNC_node%%), so that a `node` the scripts call starts no process: a
 * run of the Action started a dozen processes of milliseconds of CPU each, a script for
 * each of the two `node`s (a version check and the command) among them. It records the
 * arguments after the command line's path, as the program would read them, answers
 * setup.sh's version check (the tests run on a Node.js the check accepts, and the cases
 * that run the real Action check it for real), and refuses any other use.
 */
const recorderFunction = [
  '() {',
  '  if [ "$1" = "$GITHUB_ACTION_PATH/dist/cspm-report.js" ]; then shift; printf \'%s\\0\' "$@" > "$RECORDED_ARGV"; return 0; fi',
  '  if [ "$1" = -e ] && [[ $2 == *process.versions.node* ]]; then return 0; fi',
  '  echo "recording action: unexpected node call: $*" >&2',
  '  return 99',
  '}',
].join('\n');

/**
 * The Action's own action.yml and scripts, copied beside a command line that only
 * records the arguments it was given (recorderFunction): the tests read the exact list
 * the scripts build from hostile inputs, and what the scripts themselves do to the
 * workspace, without the command's work in between. A `node` program on the steps' PATH
 * refuses every call, so that a script reaching node past the function (`exec node`,
 * `command node`, `env node`) fails the tests. One copy serves every run of a file.
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
    ['#!/usr/bin/env bash', 'echo "recording action: node called past the recorder: $*" >&2', 'exit 99', ''].join('\n'),
    { mode: 0o755 },
  );
  return actionPath;
}

/** A recording Action for the tests of the calling file: made before the first, removed after the last. */
export function useRecordingAction(): () => string {
  let dir: string | undefined;
  let actionPath: string | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cspm-action-'));
    actionPath = recordingAction(dir);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!actionPath) throw new Error('useRecordingAction: no test is running');
    return actionPath;
  };
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
  const env = {
    RECORDED_ARGV: recorded,
    'BASH_FUNC_node%%': recorderFunction,
    PATH: `${join(actionPath, 'recorder')}${delimiter}${process.env['PATH'] ?? ''}`,
  };
  const result = runCompositeAction(actionPath, { workspace, inputs, env });
  const step = result.steps.find((candidate) => candidate.name === 'Run cspm-report');
  // One NUL after each argument: no argument holds one, and a newline in one stays in it.
  const argv = existsSync(recorded) ? readFileSync(recorded, 'utf8').split('\0').slice(0, -1) : undefined;
  rmSync(recorded, { force: true });
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
