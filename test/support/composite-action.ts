import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/**
 * Runs a composite action's steps the way the GitHub runner does, for what this
 * repository's action.yml uses: `${{ }}` expressions over inputs, steps and runner,
 * `if:` conditions joined by &&, and each `run:` step as a script file run by
 * `bash --noprofile --norc -eo pipefail` with GITHUB_ACTION_PATH, GITHUB_WORKSPACE,
 * GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and RUNNER_TEMP set. A `uses:` step is recorded
 * with its evaluated `with:` but not run (it would need GitHub). An expression this
 * runner does not know is an error, so the action cannot outgrow its test unnoticed.
 */

interface ActionStep {
  id?: string;
  name?: string;
  if?: string;
  shell?: string;
  run?: string;
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}

/** The parts of action.yml the runner reads. */
export interface ActionFile {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

/** What happened to one step. */
export interface StepResult {
  name: string;
  status: 'success' | 'failure' | 'skipped';
  uses?: string;
  with?: Record<string, string>;
  stdout: string;
  stderr: string;
}

/** The outcome of the action: its steps, its outputs, and whether it failed. */
export interface ActionResult {
  steps: StepResult[];
  outputs: Record<string, string>;
  failed: boolean;
  summary: string;
}

// action.yml parsed, by its text: a file runs the Action dozens of times, and parsing the
// YAML again each time cost more than the run's own work in this process. Keyed by the
// text, so that an edited or other action.yml is parsed afresh.
const parsedActions = new Map<string, ActionFile>();

function parsedAction(actionPath: string): ActionFile {
  const text = readFileSync(join(actionPath, 'action.yml'), 'utf8');
  let action = parsedActions.get(text);
  if (!action) {
    action = parse(text) as ActionFile;
    parsedActions.set(text, action);
  }
  return action;
}

/** Reads action.yml from `actionPath` (a copy the caller may change). */
export function readAction(actionPath: string): ActionFile {
  return structuredClone(parsedAction(actionPath));
}

/** Parses a GITHUB_OUTPUT file: `name=value` lines and `name<<DELIMITER` blocks. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const block = /^([^=<]+)<<(.+)$/.exec(line);
    if (block) {
      const end = lines.indexOf(block[2]!, index + 1);
      if (end < 0) throw new Error(`GITHUB_OUTPUT: no closing ${block[2]} for ${block[1]}`);
      outputs[block[1]!] = lines.slice(index + 1, end).join('\n');
      index = end;
    } else if (line.includes('=')) {
      outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    } else if (line !== '') {
      throw new Error(`GITHUB_OUTPUT: a line that is no output: ${line}`);
    }
  }
  return outputs;
}

type Context = {
  inputs: Record<string, string>;
  steps: Record<string, { outputs: Record<string, string>; outcome: string }>;
  runner: { temp: string };
};

function lookup(path: string, context: Context): string {
  const parts = path.trim().split('.');
  let value: unknown = context;
  for (const part of parts) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) {
      // GitHub gives '' for a missing step output, and null (shown as '') for the rest.
      if (parts[0] === 'steps' || parts[0] === 'inputs') return '';
      throw new Error(`unknown context ${path}`);
    }
    value = (value as Record<string, unknown>)[part];
  }
  return String(value ?? '');
}

function evaluateValue(expression: string, context: Context): string {
  const literal = /^'((?:[^']|'')*)'$/.exec(expression.trim());
  if (literal) return literal[1]!.replaceAll("''", "'");
  if (!/^[a-z][\w-]*(\.[\w-]+)+$/i.test(expression.trim())) throw new Error(`expression not understood: ${expression}`);
  return lookup(expression, context);
}

function evaluateCondition(condition: string, context: Context, failed: boolean): boolean {
  const bare = condition.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1');
  return bare.split('&&').every((part) => {
    const term = part.trim();
    if (term === 'always()') return true;
    if (term === 'success()') return !failed;
    if (term === 'failure()') return failed;
    const comparison = /^(.+?)\s*(==|!=)\s*(.+)$/.exec(term);
    if (!comparison) throw new Error(`condition not understood: ${term}`);
    const equal = evaluateValue(comparison[1]!, context) === evaluateValue(comparison[3]!, context);
    return comparison[2] === '==' ? equal : !equal;
  });
}

function substitute(text: string, context: Context): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_match, expression: string) => evaluateValue(expression, context));
}

/**
 * Runs the composite action in `actionPath` with `inputs` (defaults filled in as the
 * runner does), in `workspace`, with `env` added to the environment of its steps.
 */
export function runCompositeAction(
  actionPath: string,
  options: { inputs: Record<string, string>; workspace: string; env?: NodeJS.ProcessEnv },
): ActionResult {
  const action = parsedAction(actionPath);
  if (action.runs.using !== 'composite') throw new Error(`not a composite action: ${action.runs.using}`);
  const temp = mkdtempSync(join(options.workspace, '.runner-'));
  const inputs: Record<string, string> = {};
  for (const [name, input] of Object.entries(action.inputs)) {
    const value = options.inputs[name] ?? input.default ?? '';
    if (input.required && value === '') throw new Error(`input ${name} is required`);
    inputs[name] = value;
  }
  for (const name of Object.keys(options.inputs))
    if (!Object.hasOwn(action.inputs, name)) throw new Error(`unexpected input ${name}`);
  const context: Context = { inputs, steps: {}, runner: { temp } };
  const summaryFile = join(temp, 'step-summary.md');
  writeFileSync(summaryFile, '');
  const steps: StepResult[] = [];
  let failed = false;
  action.runs.steps.forEach((step, index) => {
    const name = step.name ?? step.id ?? `step ${index}`;
    if (!evaluateCondition(step.if ?? 'success()', context, failed)) {
      steps.push({ name, status: 'skipped', stdout: '', stderr: '' });
      if (step.id) context.steps[step.id] = { outputs: {}, outcome: 'skipped' };
      return;
    }
    if (step.uses !== undefined) {
      const withValues = Object.fromEntries(
        Object.entries(step.with ?? {}).map(([key, value]) => [key, substitute(String(value), context)]),
      );
      steps.push({ name, status: 'success', uses: step.uses, with: withValues, stdout: '', stderr: '' });
      return;
    }
    if (step.run === undefined || step.shell !== 'bash')
      throw new Error(`step ${name}: only run steps with shell: bash are supported`);
    if (step.run.includes('${{'))
      throw new Error(
        `step ${name}: an expression inside run: is pasted into the script (script injection); pass it through env:`,
      );
    const script = join(temp, `step-${index}.sh`);
    const outputFile = join(temp, `output-${index}`);
    writeFileSync(script, step.run);
    writeFileSync(outputFile, '');
    const stepEnv = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([key, value]) => [key, substitute(String(value), context)]),
    );
    const ran = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd: options.workspace,
      encoding: 'utf8',
      env: {
        ...process.env,
        ...options.env,
        ...stepEnv,
        GITHUB_ACTIONS: 'true',
        GITHUB_ACTION_PATH: actionPath,
        GITHUB_WORKSPACE: options.workspace,
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: summaryFile,
        RUNNER_TEMP: temp,
      },
    });
    const status = ran.status === 0 ? 'success' : 'failure';
    if (status === 'failure') failed = true;
    steps.push({ name, status, stdout: ran.stdout, stderr: ran.stderr });
    if (step.id)
      context.steps[step.id] = { outputs: parseOutputFile(readFileSync(outputFile, 'utf8')), outcome: status };
  });
  const outputs = Object.fromEntries(
    Object.entries(action.outputs).map(([name, output]) => [name, substitute(output.value, context)]),
  );
  return { steps, outputs, failed, summary: readFileSync(summaryFile, 'utf8') };
}
