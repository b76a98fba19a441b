import { join } from 'node:path';
import type { Argv } from 'yargs';
import { assertSafeOutputs, CspmError } from '../../index.js';
import { siteFileNames, siteToWrite, stdinToken, terminalText } from '../../internal.js';
import { checkOptionsOf, withFailOnOptions, type FailOnArgs } from '../analysis-options.js';
import { wantsColor, type CliIo } from '../cli-io.js';
import { exceptionsOptionsOf, withExceptionsOptions, type ExceptionsArgs } from '../exceptions-options.js';
import { SiteFolder } from '../site-folder.js';
import { oneValue, type QuietArgs } from '../shared-options.js';
import { statusWriter } from '../status-line.js';
import type { CommandSpec } from './command-spec.js';

/** The arguments of `site`. */
export interface SiteArgs extends FailOnArgs, QuietArgs, ExceptionsArgs {
  inputs: string[];
  output: string;
  title: string | undefined;
  top: number;
}

function builder(yargs: Argv): Argv<SiteArgs> {
  const declared = yargs
    .positional('inputs', {
      describe:
        'saved scans of many accounts over time: report files, or directories (every *.json inside); or one posture dataset (a folder render -f parquet --out-dir wrote, or a .parquet file), given alone',
      type: 'string',
      array: true,
      demandOption: true,
      default: undefined,
    })
    .option('output', {
      alias: 'o',
      type: 'string',
      demandOption: true,
      coerce: oneValue('output'),
      describe:
        'the folder to write the site into: made if missing, replaced whole once the new site is written (a folder holding anything but a site is refused)',
    })
    .option('title', {
      type: 'string',
      coerce: oneValue('title'),
      describe: 'the title of every page [default: Fleet posture]',
    })
    .option('top', {
      type: 'number',
      default: 10,
      coerce: oneValue('top'),
      describe: 'accounts in the ranking of the biggest drops',
    });
  return withExceptionsOptions(
    withFailOnOptions(declared),
    "Each account's latest scan is judged on its day; the site lists the accepted policies beside the compliance as scanned, and every exception by its expiry",
  )
    .example('$0 site fleet/ -o site/', 'a static dashboard of every scan in a folder; open site/index.html')
    .example('$0 site 2024-*/ -o site/ --title "Production fleet"', 'the scans of several folders, one per round')
    .example('$0 site lake/ -o site/', 'the same from a posture dataset (render -f parquet --out-dir lake/)')
    .example(
      '$0 site fleet/ -o site/ --exceptions risks.yaml',
      'accepted risks on every page, the nearest expiries first',
    )
    .example(
      '$0 site fleet/ -o site/ && $0 serve --site site/',
      'the site served on the loopback address',
    ) as unknown as Argv<SiteArgs>;
}

async function run(args: SiteArgs, io: CliIo): Promise<number> {
  // Scans are read one at a time and counted before any is read: files, not a stream.
  if (args.inputs.includes(stdinToken))
    throw new CspmError('usage', 'site reads scans from files or directories, not standard input (-)', {
      data: { option: 'inputs' },
    });
  const index = join(args.output, 'index.html');
  // The site's own names; the chunks of accounts are named by a hash in a folder of their own.
  const planned = siteFileNames.map((name) => ({ path: join(args.output, ...name.split('/')), from: 'the site' }));
  assertSafeOutputs(planned, args.inputs);
  const folder = await SiteFolder.open(args.output, siteFileNames);
  let result;
  try {
    result = await siteToWrite(
      args.inputs,
      {
        ...checkOptionsOf(args, io),
        ...exceptionsOptionsOf(args),
        top: args.top,
        ...(args.title === undefined ? {} : { title: args.title }),
        color: wantsColor(io, io.stderr, undefined),
      },
      (file) => folder.write(file.path, file.body),
    );
    if (result.status === 'ok') {
      // A scan read out of a folder, or an exceptions file, is never written over either.
      assertSafeOutputs(planned, result.read);
      await folder.commit();
    } else await folder.discard();
  } catch (error) {
    await folder.discard();
    throw error;
  }
  for (const { source, message } of result.skipped)
    io.stderr.write(`cspm-report: ${terminalText(source)}: ${message}\n`);
  if (result.status === 'invalid') {
    io.stderr.write(result.findingsText);
    io.stderr.write(`cspm-report: ${terminalText(result.verdict.reasons[0] ?? 'no site built')}\n`);
    return result.verdict.exitCode;
  }
  for (const warning of result.warnings) io.stderr.write(`cspm-report: ${terminalText(warning)}\n`);
  statusWriter(io, args.quiet)(`wrote ${terminalText(index)} and ${result.files - 1} more files`);
  return result.verdict.exitCode;
}

/** `cspm-report site <inputs..> -o DIR`: a static dashboard of a fleet over time, opened from the folder. */
export const siteCommand: CommandSpec<SiteArgs> = {
  command: 'site <inputs..>',
  describe:
    "a static dashboard of many accounts over time (the fleet, every account in one table, each account's trend and failing policies), opened from its folder",
  builder,
  run,
};
