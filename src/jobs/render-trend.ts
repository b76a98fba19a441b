import { CspmError } from '../error/cspm-error.js';
import { loadTemplates } from '../load/load-templates.js';
import type { SkippedInput } from '../model/document.js';
import type { TrendFormat } from '../model/trend.js';
import type { Verdict } from '../model/verdict.js';
import { formatCheckText } from '../render/findings/text-format.js';
import { defaultOutput, type OutputFormat } from '../render/formats/output-routing.js';
import { getTrendRenderer } from '../render/trend/trend-renderers.js';
import type { TrendRenderOptions } from '../render/trend/trend-renderer.js';
import { assertSafeOutputs } from './output-guard.js';
import { pairOutputPaths } from './outputs/output-pairs.js';
import type { OutputToWrite } from './outputs/output-to-write.js';
import { isStandardOutput, stdinToken } from './outputs/standard-output.js';
import { trendAccounts, type TrendAccountsResult, type TrendScansOptions } from './trend-scans.js';

/** The outputs {@link renderTrend} makes, and what it tells along the way. */
export interface TrendOutputsOptions extends Omit<TrendRenderOptions, 'templates'> {
  /** `-f` of each output, paired with `outputs` by position (see pairOutputPaths). */
  formats: readonly string[];
  /** `-o` of each output; none is standard output. */
  outputs: readonly string[];
  /** Standard output is a terminal: an output there without a format is text rather than JSON. */
  terminal?: boolean;
  /** A folder of files replacing the built-in templates by name (`--templates`), read before any scan. */
  templatesFolder?: string;
  /** Told of each file of the templates folder left out. */
  onSkippedTemplate?: (skipped: SkippedInput) => void;
  /** Told of each scan left out, as soon as the scans are read: before a refusal of the outputs. */
  onSkippedScan?: (skipped: SkippedInput) => void;
  /** ANSI colours in the findings of a scan that did not check. */
  color?: boolean;
}

/** What {@link renderTrend} returns: the verdict, and the outputs to write or the findings that stopped them. */
export type RenderTrendResult =
  | {
      status: 'invalid';
      verdict: Verdict;
      /** The findings of the scan that did not check, as `check` lists them. */
      findingsText: string;
    }
  | {
      status: 'ok' | 'fleet';
      verdict: Verdict;
      /** The latest scan's expired, expiring, unused and unneeded exceptions. */
      warnings: string[];
      outputs: OutputToWrite<TrendFormat>[];
    };

/**
 * The outputs of a trend, by the rule every command follows (see pairOutputPaths):
 * standard output without an output, where a terminal gets text and a pipe JSON.
 */
function trendOutputs(options: TrendOutputsOptions): { format: TrendFormat; path: string }[] {
  const onStandardOutput: OutputFormat =
    options.terminal === true ? { kind: 'trend', format: 'text' } : defaultOutput('trend');
  const outputs = options.outputs.length === 0 ? ['-'] : options.outputs;
  return pairOutputPaths(options.formats, outputs, ['trend'], {
    standardOutput: onStandardOutput,
    file: defaultOutput('trend'),
  }).map(({ format, path }) => ({ format: format.format as TrendFormat, path }));
}

/** The files a trend read: those of its scans and of its exceptions, none of which an output may replace. */
function filesRead(result: Exclude<TrendAccountsResult, { status: 'invalid' }>): string[] {
  const read =
    result.status === 'fleet'
      ? result.fleet.series.flatMap((series) => series.scans.map((scan) => scan.source))
      : result.trend.scans.map((scan) => scan.source);
  const exceptions = result.status === 'fleet' ? result.fleet.exceptions : result.trend.exceptions;
  return [...read, ...(exceptions?.files ?? []).map((file) => file.path)];
}

/**
 * Reads scans of one account and benchmark, or of a fleet (see {@link trendAccounts}), and plans the trend's outputs:
 * each `-o` with its format, rendered when its `render()` is called. Outputs are refused
 * before anything is read when ambiguous or when one would replace an input, and again once
 * the scans of the folders are known. A scan that does not check draws no trend: the result
 * is then `invalid`, with its findings.
 *
 * @throws CspmError `usage` for standard input among the inputs or outputs that do not pair,
 *   and as {@link trendAccounts} does
 */
export async function renderTrend(
  inputs: readonly string[],
  scanOptions: TrendScansOptions,
  options: TrendOutputsOptions,
): Promise<RenderTrendResult> {
  const planned = trendOutputs(options);
  // Read before any scan, as render reads its own: a folder that cannot be read fails at once.
  const templates =
    options.templatesFolder === undefined
      ? undefined
      : loadTemplates(options.templatesFolder, '--templates', options.onSkippedTemplate);
  // Scans are read one at a time and counted before any is read: files, not a stream.
  if (inputs.includes(stdinToken))
    throw new CspmError('usage', 'trend reads scans from files or directories, not standard input (-)', {
      data: { option: 'inputs' },
    });
  const files = planned
    .filter(({ path }) => !isStandardOutput(path))
    .map(({ path, format }) => ({ path, from: `the ${format} trend` }));
  assertSafeOutputs(files, inputs);
  const result = await trendAccounts(inputs, scanOptions);
  for (const skipped of result.skipped) options.onSkippedScan?.(skipped);
  if (result.status === 'invalid')
    return {
      status: 'invalid',
      verdict: result.verdict,
      findingsText: formatCheckText(result.analysis, { color: options.color === true }),
    };
  // The files read out of a directory input are inputs too, and so are the exceptions files: never written over.
  assertSafeOutputs(files, filesRead(result));
  const exceptions = result.status === 'fleet' ? result.fleet.exceptions : result.trend.exceptions;
  const renderOptions: TrendRenderOptions = {
    ...(options.title === undefined ? {} : { title: options.title }),
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(templates === undefined ? {} : { templates }),
  };
  const outputs = planned.map(({ format, path }) => ({
    format,
    path,
    render: () => {
      const renderer = getTrendRenderer(format);
      return result.status === 'fleet'
        ? renderer.renderFleet(result.fleet, renderOptions)
        : renderer.render(result.trend, renderOptions);
    },
  }));
  return { status: result.status, verdict: result.verdict, warnings: exceptions?.warnings ?? [], outputs };
}
