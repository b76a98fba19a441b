import { splitBySource } from '../../analyse/analyse-reports.js';
import { checkReports } from '../../check-reports.js';
import { CspmError } from '../../error/cspm-error.js';
import { plural } from '../../text/plural.js';
import type { Analysis, PercentFormula } from '../../model/analysis.js';
import { documentFormats, type DocumentFormat, type PolicyChoice, type RenderOptions } from '../../model/renderer.js';
import { buildViewModel } from '../../render/build-view-model.js';
import { getRenderer } from '../../render/renderers.js';
import { terminalText } from '../../text/terminal-text.js';
import { exitCodes, type CliIo } from '../cli-io.js';
import { formatsForOutput } from '../formats-for-output.js';
import { assertSafeOutputs } from '../output-guard.js';
import { directoryInputs, outputPath } from '../output-paths.js';
import { parseRuleSettings } from '../parse-rule-settings.js';
import { readLogo } from '../read-logo.js';
import { readTemplates } from '../read-templates.js';
import { inputFiles, stdinToken, toReportInputs } from '../report-inputs.js';
import { isStandardOutput, writeOutput } from '../write-output.js';

/** The options of `render`, as yargs hands them over. */
export interface RenderArgs {
  inputs: string[];
  format: DocumentFormat[] | undefined;
  output: string | undefined;
  'out-dir': string | undefined;
  templates: string | undefined;
  title: string | undefined;
  logo: string | undefined;
  landscape: boolean;
  'max-policies': number | undefined;
  policies: PolicyChoice;
  'show-paths': boolean;
  strict: boolean;
  now: boolean;
  'percent-formula': PercentFormula | undefined;
  rule: string[];
}

/** The formats each `--output` extension names. */
const formatsByExtension: Record<string, DocumentFormat> = { ...Object.fromEntries(documentFormats.map((format) => [format, format])), htm: 'html' };

/** One document of the run: what it shows, and the files it becomes (none when refused or skipped). */
interface Job {
  analysis: Analysis;
  name: string;
  /** Why the document is not rendered, failing the run. */
  refusal: string | undefined;
  /** Why there is nothing to render, which is no failure: a file in a folder that holds no report. */
  skip: string | undefined;
  outputs: { format: DocumentFormat; path: string }[];
}

function renderOptions(args: RenderArgs): RenderOptions {
  const options: RenderOptions = { landscape: args.landscape, policies: args.policies, showPaths: args['show-paths'] };
  if (args.title !== undefined) options.title = args.title;
  if (args.now) options.now = new Date();
  if (args.logo !== undefined) options.logo = readLogo(args.logo);
  if (args.templates !== undefined) options.templates = readTemplates(args.templates);
  if (args['max-policies'] !== undefined) {
    if (!Number.isInteger(args['max-policies']) || args['max-policies'] < 0) throw new CspmError('usage', '--max-policies takes a whole number ≥ 0');
    options.maxPolicies = args['max-policies'];
  }
  return options;
}

function checkUsage(args: RenderArgs, chosen: readonly DocumentFormat[]): void {
  if (args.output !== undefined && args['out-dir'] !== undefined) throw new CspmError('usage', '--output and --out-dir exclude each other');
  if (args['out-dir'] !== undefined && isStandardOutput(args['out-dir'])) throw new CspmError('usage', '--out-dir takes a folder; for standard output use --output -');
  if (args.output !== undefined && chosen.length > 1) throw new CspmError('usage', `--output takes one format, not ${chosen.length}; use --out-dir for several`);
  if (args.inputs.includes(stdinToken) && args.output === undefined && args['out-dir'] === undefined) {
    throw new CspmError('usage', 'rendering standard input needs --output FILE or --out-dir DIR');
  }
}

function describeFindings(analysis: Analysis): string {
  const { errors, warnings } = analysis.summary;
  return errors + warnings === 0 ? 'no findings' : `${plural(errors, 'error')}, ${plural(warnings, 'warning')} (listed in the data quality section)`;
}

function skipOf(analysis: Analysis): string | undefined {
  const { reports, errors, warnings } = analysis.summary;
  // Only a not-a-report warning leaves a file with no report and no error.
  return reports === 0 && errors === 0 ? `skipped, no benchmark report in it (${plural(warnings, 'warning')}; see cspm-report check)` : undefined;
}

function refusalOf(analysis: Analysis, strict: boolean): string | undefined {
  if (analysis.summary.reports === 0) return `no valid benchmark report to render (${plural(analysis.summary.errors, 'error')}; see cspm-report check)`;
  if (strict && analysis.summary.errors > 0) return `not rendered, ${plural(analysis.summary.errors, 'error')} and --strict (see cspm-report check)`;
  return undefined;
}

/** Every document of the run and its output paths, decided before anything is written. */
function planJobs(analysis: Analysis, args: RenderArgs, chosen: readonly DocumentFormat[]): Job[] {
  // --output makes one document of everything; otherwise each input file gets its own.
  const documents = args.output !== undefined ? [analysis] : splitBySource(analysis);
  const place = { output: args.output, outDir: args['out-dir'], inputDirs: directoryInputs(args.inputs) };
  return documents.map((document) => {
    const skip = skipOf(document);
    const refusal = skip === undefined ? refusalOf(document, args.strict) : undefined;
    const first = document.sources[0]?.source ?? '<stdin>';
    return {
      analysis: document,
      name: document.sources.map((source) => source.source).join(', '),
      refusal,
      skip,
      outputs: refusal !== undefined || skip !== undefined ? [] : chosen.map((format) => ({ format, path: outputPath(first, getRenderer(format).extension, place) })),
    };
  });
}

/** Renders and writes one document; `status` takes the "wrote" lines (standard error when the document goes to standard output). */
async function runJob(job: Job, options: RenderOptions, io: CliIo, status: CliIo['stderr']): Promise<void> {
  const view = buildViewModel(job.analysis, options);
  for (const { format, path } of job.outputs) {
    await writeOutput(path, await getRenderer(format).render(view, options), io);
    if (!isStandardOutput(path)) status.write(`wrote ${terminalText(path)}\n`);
  }
  const { reports, policies } = job.analysis.summary;
  status.write(`  ${terminalText(job.name)}: ${plural(reports, 'report')}, ${plural(policies, 'policy', 'policies')}, ${describeFindings(job.analysis)}\n`);
}

/**
 * Runs `render`: check the inputs, plan every document and its files, refuse the run
 * before writing anything if an output would replace an input or another output,
 * then write every chosen format of every document.
 */
export async function runRender(args: RenderArgs, io: CliIo): Promise<number> {
  const chosen = formatsForOutput(args.format, args.output, formatsByExtension, 'html');
  checkUsage(args, chosen);
  const options = renderOptions(args);
  const severities = parseRuleSettings(args.rule);
  const analyseOptions = args['percent-formula'] === undefined ? { severities } : { severities, percentFormula: args['percent-formula'] };
  const analysis = await checkReports(toReportInputs(args.inputs, io), analyseOptions);
  const jobs = planJobs(analysis, args, chosen);
  const planned = jobs.flatMap((job) => job.outputs.filter((output) => !isStandardOutput(output.path)).map((output) => ({ path: output.path, from: job.name })));
  assertSafeOutputs(planned, inputFiles(analysis));
  const status = args.output !== undefined && isStandardOutput(args.output) ? io.stderr : io.stdout;
  let allRendered = true;
  for (const job of jobs) {
    if (job.skip !== undefined) {
      status.write(`  ${terminalText(job.name)}: ${job.skip}\n`);
    } else if (job.refusal === undefined) {
      await runJob(job, options, io, status);
    } else {
      io.stderr.write(`cspm-report: ${terminalText(job.name)}: ${job.refusal}\n`);
      allRendered = false;
    }
  }
  return allRendered ? exitCodes.ok : exitCodes.findings;
}
