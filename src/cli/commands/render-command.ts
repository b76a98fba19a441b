import type { Argv } from 'yargs';
import { type FormatOption, type PolicyChoice } from '../../index.js';
import {
  csvFieldNames,
  documentFormats,
  fleetAccountThreshold,
  fleetFormats,
  formatsFor,
  formatsReading,
  formatsWithParquetForm,
  parquetFormOf,
  policyChoices,
  renderTiers,
} from '../../internal.js';
import type { CliIo } from '../cli-io.js';
import type { CommandSpec } from './command-spec.js';
import type { RenderArgs } from './render-run.js';
import { withAnalysisOptions } from '../analysis-options.js';
import { withExceptionsOptions } from '../exceptions-options.js';
import { oneValue } from '../shared-options.js';

/**
 * The formats that read a format-specific option, as its help begins (`pdf: landscape pages`): the renderers'
 * registry's word.
 */
function readBy(option: FormatOption): string {
  return formatsReading(option, {}).join(', ');
}

/** Formats as the flags that choose them: `-f ocsf` (or `-f a or -f b`). */
function flags(formats: readonly string[]): string {
  return formats.map((format) => `-f ${format}`).join(' or ');
}

function builder(yargs: Argv): Argv<RenderArgs> {
  const declared = yargs
    .positional('inputs', {
      describe: 'report files, directories (every *.json inside) or - for standard input',
      type: 'string',
      array: true,
      demandOption: true,
      default: undefined,
    })
    .option('format', {
      alias: 'f',
      choices: formatsFor('render'),
      array: true,
      describe: 'output format, repeatable: --format pdf --format xlsx [default: the --output extension, else html]',
    })
    .option('output', {
      alias: 'o',
      type: 'string',
      array: true,
      default: [] as string[],
      defaultDescription: 'one file per input and format, beside each input',
      describe:
        "write one document of all inputs together to this file, repeatable: its format from the -f in the same position, else from the extension (-o a.html -o a.pdf); one -o with several -f takes each format's extension; - is standard output",
    })
    .option('out-dir', {
      type: 'string',
      coerce: oneValue('out-dir'),
      describe:
        'write one document per input into this folder, keeping the paths below a directory input [default: beside each input]; with -f parquet, a Hive-style dataset: DIR/policies/ and DIR/figures/ by scan_date and benchmark, appended to run by run',
    })
    .option('templates', {
      type: 'string',
      coerce: oneValue('templates'),
      describe: `${readBy('templates')}: folder of files replacing built-in templates or CSS by name`,
    })
    .option('title', {
      type: 'string',
      coerce: oneValue('title'),
      describe: 'document title [default: benchmark — account]',
    })
    .option('logo', {
      type: 'string',
      coerce: oneValue('logo'),
      describe: `${readBy('logo')}: PNG or JPEG shown on the cover and in the header`,
    })
    .option('tier', {
      choices: renderTiers,
      coerce: oneValue('tier'),
      describe: `${readBy('tier')}: executive (cover, summaries, worst categories, top of the action list; a few pages at any size) or full; ${fleetFormats.join(', ')}: fleet (worst accounts, policies failing in the most accounts, categories across accounts) [default: fleet above ${fleetAccountThreshold} accounts, else full]`,
    })
    .option('landscape', { type: 'boolean', default: false, describe: `${readBy('landscape')}: landscape pages` })
    .option('policies', {
      choices: policyChoices,
      default: 'all' as PolicyChoice,
      coerce: oneValue('policies'),
      describe:
        'which policies the policy tables list: failing (Red, Amber), assessed (not Gray) or all; figures always count all',
    })
    .option('max-policies', {
      type: 'number',
      coerce: oneValue('max-policies'),
      describe: `${readBy('maxPolicies')}: most policy rows to print, the most severe kept and the cut stated [default: 50000]`,
    })
    .option('show-paths', {
      type: 'boolean',
      default: false,
      describe: "show the inputs' paths in documents, not only their file names",
    })
    .option('strict', {
      type: 'boolean',
      default: false,
      describe: 'refuse to render a report that has errors (exit 1)',
    })
    .option('now', {
      type: 'boolean',
      default: false,
      describe: 'stamp the time of generation (output then differs run to run)',
    })
    .option('fields', {
      type: 'string',
      coerce: oneValue('fields'),
      describe: `${readBy('csvFields')}: the columns, in order, comma-separated (of ${csvFieldNames.join(', ')})`,
    })
    .option('bom', {
      type: 'boolean',
      default: false,
      describe: `${readBy('csvBom')}: start with a UTF-8 byte order mark, so that Excel reads the file as UTF-8`,
    })
    .option('parquet', {
      type: 'boolean',
      describe: `with ${flags(formatsWithParquetForm)}: the events as Parquet, nested objects as structs (the same as ${flags(formatsWithParquetForm.map(parquetFormOf))}; the form AWS Security Lake takes)`,
    });
  return withExceptionsOptions(withAnalysisOptions(declared))
    .example('$0 render r.json', 'r.html beside the input')
    .example('$0 render r.json -f pdf -f xlsx', 'r.pdf and r.xlsx')
    .example('$0 render reports/ --out-dir out', 'one page per report file')
    .example('$0 render a.json b.json -o all.pdf', 'one PDF, with a roll-up (format from the extension)')
    .example('$0 render r.json -f pdf --tier executive', 'a few pages for management, whatever the size')
    .example('$0 render fleet/ -o fleet.html --tier fleet', 'one roll-up of thousands of accounts: worst first')
    .example('$0 render r.json -f pdf --policies failing', 'policy tables of Red and Amber policies only')
    .example('$0 render r.json -f csv --bom', 'one row per policy, for Excel and GRC tools')
    .example(
      '$0 render r.json -o r.csv --fields number,title,compliance,severity',
      'the columns you choose, in your order',
    )
    .example('$0 render reports/ -f parquet --out-dir lake', 'a Parquet dataset for DuckDB, Athena, Trino, Spark')
    .example('$0 render r.json -o r.figures.parquet', 'the figures table (-o r.parquet: the policies table)')
    .example('$0 render r.json -f ocsf --parquet', 'OCSF Compliance Finding events as Parquet (r.ocsf.parquet)')
    .example('$0 render r.json -f pdf --exceptions risks.yaml', 'an Accepted risks section; accepted policies marked')
    .example('$0 render r.json --templates mine/', 'your own templates')
    .example('$0 render r.json -f pdf --strict', 'refuse a report with errors') as unknown as Argv<RenderArgs>;
}

/**
 * The work of `render` lives in render-run.ts and is imported when the command runs:
 * the renderers' code then stays out of what every `check` loads and compiles.
 */
async function run(args: RenderArgs, io: CliIo): Promise<number> {
  return (await import('./render-run.js')).runRender(args, io);
}

/** `cspm-report render <inputs..>`: documents of every format of the renderers' registry from saved reports. */
export const renderCommand: CommandSpec<RenderArgs> = {
  command: 'render <inputs..>',
  describe: `turn reports into documents (${documentFormats.join(', ')}), or Parquet datasets`,
  builder,
  run,
};
