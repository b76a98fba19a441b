import { checkCommand } from './check-command.js';
import type { CommandGroup, CommandSpec } from './command-spec.js';
import { completionCommand } from './completion-command.js';
import { diffCommand } from './diff-command.js';
import { exceptionsCommand } from './exceptions-command.js';
import { fetchCommand } from './fetch-command.js';
import { gateCommand } from './gate-command.js';
import { mergeCommand } from './merge-command.js';
import { onboardCommand } from './onboard-command.js';
import { queryCommand } from './query-command.js';
import { renderCommand } from './render-command.js';
import { rulesCommand } from './rules-command.js';
import { schemaCommand } from './schema-command.js';
import { serveCommand } from './serve-command.js';
import { siteCommand } from './site-command.js';
import { trendCommand } from './trend-command.js';

/**
 * Every command by name, in the order `--help` lists them: a new command is a file in
 * this folder and a line here. The name is the first word of the command's usage.
 */
export const commands = {
  check: checkCommand,
  gate: gateCommand,
  merge: mergeCommand,
  diff: diffCommand,
  trend: trendCommand,
  site: siteCommand,
  query: queryCommand,
  render: renderCommand,
  schema: schemaCommand,
  rules: rulesCommand,
  exceptions: exceptionsCommand,
  serve: serveCommand,
  fetch: fetchCommand,
  onboard: onboardCommand,
  completion: completionCommand,
} as const satisfies Record<string, CommandSpec<unknown> | CommandGroup>;

/** The name of a command. */
export type CommandName = keyof typeof commands;

/** Every command name, in the order `--help` lists them. */
export const commandNames = Object.keys(commands) as CommandName[];
