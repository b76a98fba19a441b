import { CspmError } from '../../index.js';

/** What a command line says about the config file, read before yargs parses it. */
export interface ConfigChoice {
  /** The command named, when the line names one: the first word that is not an option. */
  command: string | undefined;
  /** `--config FILE` as given; undefined when absent. */
  file: string | undefined;
  /** `--no-config`: no file is read. */
  none: boolean;
  /** `--help` or `--version`: the run shows what no config file changes, so none is read. */
  informational: boolean;
}

/**
 * Reads `--config FILE`, `--config=FILE` and `--no-config` from the command line, and
 * the command's name. The file must be read before yargs parses the line, since its
 * values become the command's defaults; yargs then parses the same flags again (they are
 * declared global), so that help lists them and strict mode accepts them.
 */
export function readConfigChoice(args: readonly string[]): ConfigChoice {
  const choice: ConfigChoice = { command: undefined, file: undefined, none: false, informational: false };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--') break;
    if (arg === '--no-config') choice.none = true;
    else if (arg === '--help' || arg === '-h' || arg === '--version') choice.informational = true;
    else if (arg === '--config' || arg.startsWith('--config=')) {
      const file = arg === '--config' ? args[(index += 1)] : arg.slice('--config='.length);
      if (file === undefined || file === '' || file.startsWith('-'))
        throw new CspmError('usage', '--config takes the path of a config file (cspm-report.config.yaml)', {
          data: {},
        });
      choice.file = file;
    } else if (choice.command === undefined && !arg.startsWith('-')) choice.command = arg;
  }
  if (choice.file !== undefined && choice.none)
    throw new CspmError('usage', '--config and --no-config exclude each other', { data: {} });
  return choice;
}
