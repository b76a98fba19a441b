import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bin } from '../support/bin-run.js';
import { runInProcess } from '../support/cli-run.js';
import { hasProgram } from '../support/system-program.js';

/**
 * `cspm-report completion` prints yargs' completion script; a real shell sources it and
 * calls its function the way the shell does on Tab, and the function asks the built
 * command (found on PATH, as the script expects) for the words.
 */

// One folder for the file: each shell's environment and script are made once and
// shared by its cases (printing the script is a Node.js start-up of its own).
let folder: string | undefined;
afterAll(() => {
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
});
function tempDir(): string {
  folder ??= mkdtempSync(join(tmpdir(), 'cspm-completion-'));
  return mkdtempSync(join(folder, 'dir-'));
}

/** A folder holding `cspm-report`, the built command line, and the shell's environment with it first on PATH. */
function shellEnv(shell: string): NodeJS.ProcessEnv {
  const dir = join(tempDir(), 'bin');
  mkdirSync(dir);
  symlinkSync(resolve(bin), join(dir, 'cspm-report'));
  return { PATH: `${dir}${delimiter}${process.env['PATH'] ?? ''}`, HOME: dir, SHELL: shell, NO_COLOR: '1' };
}

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', env, timeout: 30_000, killSignal: 'SIGKILL' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The script `cspm-report completion` prints in `env`, saved to a file. */
function completionScript(env: NodeJS.ProcessEnv): string {
  const printed = run('cspm-report', ['completion'], env);
  expect(printed.stderr).toBe('');
  expect(printed.status).toBe(0);
  const file = join(tempDir(), 'completion.sh');
  writeFileSync(file, printed.stdout);
  return file;
}

/** The environment of `shell` and the completion script printed in it, made on first use. */
const shellSetups = new Map<string, { env: NodeJS.ProcessEnv; script: string }>();
function shellSetup(shell: string): { env: NodeJS.ProcessEnv; script: string } {
  let setup = shellSetups.get(shell);
  if (setup === undefined) {
    const env = shellEnv(shell);
    setup = { env, script: completionScript(env) };
    shellSetups.set(shell, setup);
  }
  return setup;
}

describe('bash completion', () => {
  const available = hasProgram('bash', 'bash');

  /** What bash offers for the line `words`, the last word being completed. */
  function complete(words: string[]): string[] {
    const { env, script } = shellSetup('/bin/bash');
    const line = `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _cspm-report_yargs_completions; printf '%s\\n' "\${COMPREPLY[@]}"; complete -p cspm-report >&2`;
    const ran = run('bash', ['--norc', '--noprofile', '-c', line, 'bash', script, ...words], env);
    expect(ran.stderr).toBe('complete -o bashdefault -o default -F _cspm-report_yargs_completions cspm-report\n');
    expect(ran.status).toBe(0);
    return ran.stdout.split('\n').filter(Boolean);
  }

  it.runIf(available)('completes a command from its first letters', () => {
    expect(complete(['cspm-report', 'ch'])).toEqual(['check']);
    expect(complete(['cspm-report', 'co'])).toEqual(['completion']);
  });

  it.runIf(available)("completes a group's subcommands, and a subcommand's own options and choices", () => {
    expect(complete(['cspm-report', 'exc'])).toEqual(['exceptions']);
    expect(complete(['cspm-report', 'exceptions', '']).sort()).toEqual(['check', 'import']);
    expect(complete(['cspm-report', 'exceptions', 'check', 'risks.yaml', '--fa'])).toEqual(['--fail-on']);
    expect(complete(['cspm-report', 'exceptions', 'import', '--from', 'tr'])).toEqual(['trivy-ignore']);
  });

  it.runIf(available)("completes a command's own options and an option's choices", () => {
    expect(complete(['cspm-report', 'check', '--fa'])).toEqual(['--fail-on']);
    expect(complete(['cspm-report', 'gate', 'r.json', '--ru']).sort()).toEqual(['--rule', '--rules', '--run-id']);
    expect(complete(['cspm-report', 'gate', 'r.json', '--bas'])).toEqual(['--baseline']);
    expect(complete(['cspm-report', 'check', 'r.json', '--fail-on', 'w'])).toEqual(['warning']);
  });
});

describe('zsh completion', () => {
  const available = hasProgram('zsh', 'zsh');

  /**
   * What the completion function hands zsh's completion system for the line `words`.
   * compinit is real (the script's compdef registers the function); `_describe`, which
   * only works inside a completion widget, is replaced by one that prints its list.
   */
  function complete(words: string[]): { registered: string; offered: string[] } {
    const { env, script } = shellSetup('/usr/bin/zsh');
    const line = [
      'autoload -U compinit && compinit -u -D',
      'source "$1"; shift',
      'print -r -- "registered ${_comps[cspm-report]}"',
      '_describe() { print -rl -- "${(@P)2}" }',
      'words=("$@"); CURRENT=$#; BUFFER="${words[*]}"; CURSOR=${#BUFFER}',
      '_cspm-report_yargs_completions',
    ].join('\n');
    const ran = run('zsh', ['-f', '-c', line, 'zsh', script, ...words], env);
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(0);
    const [registered = '', ...offered] = ran.stdout.split('\n').filter(Boolean);
    return { registered, offered };
  }

  it.runIf(available)('registers the function and offers the commands with their descriptions', () => {
    const { registered, offered } = complete(['cspm-report', 'ch']);
    expect(registered).toBe('registered _cspm-report_yargs_completions');
    expect(offered).toContain('check:validate reports and check that their numbers add up');
    expect(offered).toContain(
      "gate:check reports, then fail (exit 3) when they break a rules file's posture assertions",
    );
  });

  it.runIf(available)("offers a command's own options", () => {
    const { offered } = complete(['cspm-report', 'check', '--fa']);
    expect(offered.find((word) => word.startsWith('--fail-on:'))).toMatch(/^--fail-on:.*severity/);
    expect(offered.some((word) => word.startsWith('--rules:'))).toBe(false);
  });
});

describe('other shells', () => {
  it.each([
    { shell: '/usr/bin/fish', named: '/usr/bin/fish' },
    { shell: '/bin/tcsh', named: '/bin/tcsh' },
    { shell: 'C:\\Program Files\\PowerShell\\7\\pwsh.exe', named: 'C:\\Program Files\\PowerShell\\7\\pwsh.exe' },
    { shell: '/bin/sh', named: '/bin/sh' },
  ])('refuses $shell in one line, exit 2, printing no script', async ({ shell, named }) => {
    const result = await runInProcess(['completion'], { env: { SHELL: shell } });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `cspm-report: invalid usage: SHELL is ${named}: completion scripts exist for bash and zsh only (SHELL=bash or SHELL=zsh cspm-report completion prints one)\n`,
    });
  });

  it('refuses to guess when SHELL is not set', async () => {
    const result = await runInProcess(['completion'], { env: {} });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'cspm-report: invalid usage: SHELL is not set: completion scripts exist for bash and zsh only (SHELL=bash or SHELL=zsh cspm-report completion prints one)\n',
    });
  });

  it('says in its help which shells it supports', async () => {
    const result = await runInProcess(['completion', '--help'], { env: { SHELL: '/bin/bash' } });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('bash or zsh only');
  });
});
