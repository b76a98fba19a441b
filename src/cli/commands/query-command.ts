import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Argv } from 'yargs';
import { queryPresets } from '../../index.js';
import {
  defaultOutput,
  defaultTimeoutSeconds,
  formatDescriptions,
  queryPresetNames,
  renderQuery,
  terminalText,
  type QueryFormat,
} from '../../internal.js';
import type { CliIo } from '../cli-io.js';
import { addPendingFile, dropPendingFile } from '../pending-files.js';
import { oneValue } from '../shared-options.js';
import { isStandardOutput, writeOutput } from '../write-output.js';
import type { CommandSpec } from './command-spec.js';
import { statusWriter } from '../status-line.js';

const queryFormats = formatDescriptions('query');

/** The arguments of `query`. */
export interface QueryArgs {
  dataset: string | undefined;
  sql: string | undefined;
  preset: string | undefined;
  'list-presets': boolean;
  format: QueryFormat | undefined;
  output: string;
  timeout: string | undefined;
  'memory-limit': string | undefined;
  quiet?: boolean;
}

/**
 * What each format writes, as `--format`'s help lists them: "an aligned table, RFC 4180 CSV, or a JSON array of
 * objects".
 */
function formatList(): string {
  const described = queryFormats.map(({ describe }) => describe);
  return described.length < 2
    ? described.join('')
    : `${described.slice(0, -1).join(', ')}, or ${described.at(-1) ?? ''}`;
}

function builder(yargs: Argv): Argv<QueryArgs> {
  return yargs
    .positional('dataset', {
      describe:
        'a dataset folder (policies/ and figures/, partitioned by scan_date and benchmark) or a Parquet file of one',
      type: 'string',
    })
    .positional('sql', { describe: 'one SELECT over the views policies and figures', type: 'string' })
    .option('preset', {
      type: 'string',
      choices: queryPresetNames,
      coerce: oneValue('preset'),
      describe: 'run a saved query instead of SQL (see --list-presets)',
    })
    .option('list-presets', {
      type: 'boolean',
      default: false,
      describe: 'list the saved queries, each with what it answers',
    })
    .option('format', {
      alias: 'f',
      choices: queryFormats.map(({ name }) => name),
      coerce: oneValue('format'),
      describe: `output format: ${formatList()} [default: the --output extension, else ${defaultOutput('query').format}]`,
    })
    .option('timeout', {
      type: 'string',
      defaultDescription: String(defaultTimeoutSeconds),
      coerce: oneValue('timeout'),
      describe: 'stop the query after this many seconds, its output included (exit 2)',
    })
    .option('memory-limit', {
      type: 'string',
      defaultDescription: "2GiB, or a quarter of this machine's memory where less",
      coerce: oneValue('memory-limit'),
      describe:
        "the engine's memory (512MB, 2GB); past it, data spills to a private temporary folder removed after the run, and a query that cannot spill stops (exit 2)",
    })
    .option('output', {
      alias: 'o',
      type: 'string',
      default: '-',
      coerce: oneValue('output'),
      describe: 'file to write (atomically); - is standard output',
    })
    .example(
      '$0 query ds/ "SELECT severity, count(*) FROM policies GROUP BY 1"',
      'policies by severity over every scan',
    )
    .example('$0 query ds/ --preset worst-accounts', 'accounts by their Red Critical and High policies, latest scans')
    .example(
      '$0 query ds/ --preset new-failures -o new.csv',
      'what turned Red since the scan before, for a spreadsheet',
    )
    .example('$0 query --list-presets', 'the saved queries') as unknown as Argv<QueryArgs>;
}

function presetList(): string {
  const width = Math.max(...queryPresetNames.map((name) => name.length));
  return queryPresetNames.map((name) => `${name.padEnd(width)}  ${queryPresets[name].description}\n`).join('');
}

async function run(args: QueryArgs, io: CliIo): Promise<number> {
  if (args['list-presets']) {
    io.stdout.write(presetList());
    return 0;
  }
  let spill: string | undefined;
  try {
    const { output, close } = await renderQuery(args.dataset, {
      ...(args.sql === undefined ? {} : { sql: args.sql }),
      ...(args.preset === undefined ? {} : { preset: args.preset }),
      ...(args.timeout === undefined ? {} : { timeout: args.timeout }),
      ...(args['memory-limit'] === undefined ? {} : { memoryLimit: args['memory-limit'] }),
      output: args.output,
      ...(args.format === undefined ? {} : { format: args.format }),
      // Made here rather than by the engine's opening, and listed as pending, so that a stop
      // signal in the middle of a long query removes what it spilled as well.
      makeTemporaryFolder: () => (spill = makePendingFolder(join(tmpdir(), 'cspm-query-'))),
    });
    try {
      await writeOutput(output.path, await output.render(), io);
    } finally {
      close();
    }
    if (!isStandardOutput(output.path)) statusWriter(io, args.quiet)(`wrote ${terminalText(output.path)}`);
    return 0;
  } finally {
    if (spill !== undefined) {
      rmSync(spill, { recursive: true, force: true });
      dropPendingFile(spill);
    }
  }
}

/**
 * A new temporary folder, listed as pending before it is made, as the file writers list
 * theirs (write-atomic.ts): a stop signal at any moment after its making then removes it
 * and exits with the signal's code. Made with mkdtemp, the folder existed a moment before
 * it was listed, and a signal then ended the process the default way and left it behind.
 */
function makePendingFolder(prefix: string): string {
  const folder = `${prefix}${randomBytes(6).toString('hex')}`;
  addPendingFile(folder);
  try {
    // Readable by its owner only, as mkdtemp makes it.
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    dropPendingFile(folder);
    throw error;
  }
  return folder;
}

/** `cspm-report query <dataset> [sql]`: read-only SQL over a posture dataset, or a saved query. */
export const queryCommand: CommandSpec<QueryArgs> = {
  command: 'query [dataset] [sql]',
  describe:
    'SQL over a posture dataset (Parquet, partitioned by scan date and benchmark): your own SELECT or a saved query, as a table, CSV or JSON; needs the optional package @duckdb/node-api',
  builder,
  run,
};
