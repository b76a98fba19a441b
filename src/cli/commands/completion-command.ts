import yargs, { type Argv } from 'yargs';
import { CspmError } from '../../index.js';
import { exitCodes, type CliIo } from '../cli-io.js';
import type { CommandSpec } from './command-spec.js';

/**
 * The option yargs' completion script calls the command with, followed by the words of
 * the line being completed (`cspm-report --get-yargs-completions cspm-report ch`).
 */
export const completionRequest = '--get-yargs-completions';

/**
 * The words that complete the line of a completion request, one per line: yargs answers
 * from the commands and options `parser` declares, a command's own options once its name
 * is on the line. It answers through the parse callback, possibly more than once (first
 * with nothing, then from inside the command's builder), all before `parse` returns.
 *
 * @param args the request: {@link completionRequest} and the words of the line
 */
export async function completeLine(parser: Argv, args: readonly string[]): Promise<string> {
  let words = '';
  await parser.parse([...args], {}, (_error: Error | undefined, _argv: unknown, output: string) => {
    words += output === '' || output.endsWith('\n') ? output : `${output}\n`;
  });
  return words;
}

/** The shells yargs writes a completion script for. */
const supportedShells = ['bash', 'zsh'] as const;

/**
 * The shell `SHELL` names, by the last part of its path: bash or zsh. yargs itself
 * prints bash's script for any other shell, which fish, tcsh or PowerShell would
 * source with errors or not at all, so any other (or none) is refused by name.
 */
export function completionShell(shell: string | undefined): (typeof supportedShells)[number] {
  const name = shell
    ?.split(/[\\/]/)
    .pop()
    ?.replace(/\.exe$/i, '');
  const found = supportedShells.find((supported) => supported === name);
  if (found) return found;
  const which = shell === undefined || shell === '' ? 'SHELL is not set' : `SHELL is ${shell}`;
  throw new CspmError(
    'usage',
    `${which}: completion scripts exist for bash and zsh only (SHELL=bash or SHELL=zsh cspm-report completion prints one)`,
    { data: {} },
  );
}

/**
 * yargs' completion script for the shell `SHELL` names: zsh's (with descriptions) when
 * it is zsh, else bash's (yargs reads SHELL itself). The script calls `cspm-report`
 * from PATH to list the words that complete a line, so the completions always follow
 * the installed version.
 */
function completionScript(): Promise<string> {
  return new Promise((resolve, reject) => {
    // A parser of its own: yargs prints the script instead of running a handler, and a
    // parse callback captures that output where it would go to the console.
    void yargs()
      .scriptName('cspm-report')
      .completion('completion', false)
      .exitProcess(false)
      .parse(['completion'], {}, (error: Error | undefined, _argv: unknown, output: string) =>
        error ? reject(error) : resolve(output.endsWith('\n') ? output : `${output}\n`),
      );
  });
}

/** `cspm-report completion`: print the bash or zsh completion script; any other shell is a usage error. */
export const completionCommand: CommandSpec<object> = {
  command: 'completion',
  describe:
    'print the completion script of the shell $SHELL names, bash or zsh only (any other is refused, exit 2): cspm-report completion >> ~/.bashrc',
  builder: (parser) =>
    parser
      .example('$0 completion >> ~/.bashrc', 'complete commands and options in bash (cspm-report must be on PATH)')
      .example('SHELL=zsh $0 completion >> ~/.zshrc', "zsh's script, whatever the current shell"),
  async run(_args, io: CliIo) {
    completionShell(io.env['SHELL']);
    io.stdout.write(await completionScript());
    return exitCodes.ok;
  },
};
