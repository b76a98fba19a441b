import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runCompositeAction, type ActionResult } from '../support/composite-action.js';
import { repositoryRoot } from '../support/clean-clone.js';

/**
 * The Action's own action.yml and scripts, copied beside a command line that only
 * records the arguments it was given: the tests read the exact list the scripts build
 * from hostile inputs, and what the scripts themselves do to the workspace, without
 * the command's work in between.
 */
export function recordingAction(dir: string): string {
  const actionPath = join(dir, 'action-under-test');
  mkdirSync(join(actionPath, 'dist'), { recursive: true });
  mkdirSync(join(actionPath, 'node_modules'));
  cpSync(join(repositoryRoot, 'action.yml'), join(actionPath, 'action.yml'));
  cpSync(join(repositoryRoot, 'action'), join(actionPath, 'action'), { recursive: true });
  writeFileSync(
    join(actionPath, 'dist', 'cspm-report.js'),
    "require('node:fs').writeFileSync(process.env.RECORDED_ARGV, JSON.stringify(process.argv.slice(2)));\n",
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
  const result = runCompositeAction(actionPath, { workspace, inputs, env: { RECORDED_ARGV: recorded } });
  const step = result.steps.find((candidate) => candidate.name === 'Run cspm-report');
  const argv = existsSync(recorded) ? (JSON.parse(readFileSync(recorded, 'utf8')) as string[]) : undefined;
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
