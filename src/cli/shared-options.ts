import { optionRefusal } from './option-refusal.js';

/**
 * A coerce function for an option that takes one value: yargs makes an array of a
 * repeated option (`-o a -o b`), which would otherwise reach the command as a list
 * where a path is expected.
 */
export function oneValue(option: string): (value: unknown) => unknown {
  return (value) => {
    if (Array.isArray(value)) {
      throw optionRefusal(
        option,
        value,
        `--${option} was given ${value.length} times (${value.map(String).join(', ')}); give it once`,
      );
    }
    return value;
  };
}

/**
 * `--quiet`, global: no progress line and no notes (inputs skipped, a scan job's
 * status while waiting) on standard error; errors and warnings are always printed.
 */
export const quietOption = {
  type: 'boolean',
  default: false,
  describe: 'print no progress and no notes on standard error (errors and warnings still)',
  global: true,
} as const;

/** What every command's arguments hold of `--quiet`. */
export interface QuietArgs {
  quiet?: boolean;
}
