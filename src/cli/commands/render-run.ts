import { splitBySource } from '../../analyse/analyse-reports.js';
import { checkReports } from '../../check-reports.js';
import { CspmError } from '../../error/cspm-error.js';
import { plural } from '../../format/plural.js';
import type { Analysis, PercentFormula } from '../../model/analysis.js';
import type { Format, PolicyChoice, RenderOptions } from '../../model/renderer.js';
import { buildViewModel } from '../../render/build-view-model.js';
import { getRenderer } from '../../render/renderers.js';
import { exitCodes, type CliIo } from '../cli-io.js';
import { outputPath } from '../output-paths.js';
import { parseRuleSettings } from '../parse-rule-settings.js';
import { readLogo } from '../read-logo.js';
import { readTemplates } from '../read-templates.js';
import { stdinToken, toReportInputs } from '../report-inputs.js';
import { assertNotInput, writeAtomic } from '../write-atomic.js';

/** The options of `render`, as yargs hands them over. */
export interface RenderArgs {
  inputs: string[];
  format: Format[];
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

function checkUsage(args: RenderArgs, chosen: readonly Format[]): void {
  if (args.output !== undefined && args['out-dir'] !== undefined) throw new CspmError('usage', '--output and --out-dir exclude each other');
  if (args.output !== undefined && chosen.length > 1) throw new CspmError('usage', `--output takes one format, not ${chosen.length}; use --out-dir for several`);
  if (args.inputs.includes(stdinToken) && args.output === undefined && args['out-dir'] === undefined) {
    throw new CspmError('usage', 'rendering standard input needs --output FILE or --out-dir DIR');
  }
}

function describeFindings(analysis: Analysis): string {
  const { errors, warnings } = analysis.summary;
  return errors + warnings === 0 ? 'no findings' : `${plural(errors, 'error')}, ${plural(warnings, 'warning')} (listed in the data quality section)`;
}

async function renderOne(analysis: Analysis, args: RenderArgs, chosen: readonly Format[], options: RenderOptions, io: CliIo): Promise<boolean> {
  const name = analysis.sources.map((source) => source.source).join(', ');
  if (analysis.summary.reports === 0) {
    io.stderr.write(`cspm-report: ${name}: no valid benchmark report to render (${plural(analysis.summary.errors, 'error')}; see cspm-report check)\n`);
    return false;
  }
  if (args.strict && analysis.summary.errors > 0) {
    io.stderr.write(`cspm-report: ${name}: not rendered, ${plural(analysis.summary.errors, 'error')} and --strict (see cspm-report check)\n`);
    return false;
  }
  const view = buildViewModel(analysis, options);
  for (const format of chosen) {
    const renderer = getRenderer(format);
    const path = outputPath(analysis.sources[0]!.source, format, renderer.extension, { output: args.output, outDir: args['out-dir'] });
    assertNotInput(path, args.inputs);
    await writeAtomic(path, await renderer.render(view, options));
    io.stdout.write(`wrote ${path}\n`);
  }
  io.stdout.write(`  ${name}: ${plural(analysis.summary.reports, 'report')}, ${plural(analysis.summary.policies, 'policy', 'policies')}, ${describeFindings(analysis)}\n`);
  return true;
}

/** Runs `render`: check the inputs, then write every chosen format of every document. */
export async function runRender(args: RenderArgs, io: CliIo): Promise<number> {
  const chosen = [...new Set(args.format)];
  checkUsage(args, chosen);
  const options = renderOptions(args);
  const severities = parseRuleSettings(args.rule);
  const analyseOptions = args['percent-formula'] === undefined ? { severities } : { severities, percentFormula: args['percent-formula'] };
  const analysis = await checkReports(toReportInputs(args.inputs, io), analyseOptions);
  // --output makes one document of everything; otherwise each input file gets its own.
  const documents = args.output !== undefined ? [analysis] : splitBySource(analysis);
  let allRendered = true;
  for (const document of documents) {
    if (!(await renderOne(document, args, chosen, options, io))) allRendered = false;
  }
  return allRendered ? exitCodes.ok : exitCodes.findings;
}
