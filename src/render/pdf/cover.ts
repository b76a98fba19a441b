import { CspmError } from '../../error/cspm-error.js';
import type { RenderOptions } from '../../model/renderer.js';
import type { LogoView, ReportView, ViewModel } from '../../model/view-model.js';
import { displayCount, displayIsoTime } from '../display-values.js';
import { drawAcceptedFigure } from './accepted-risks.js';
import { keyValues } from './blocks.js';
import { maxTitleLength } from './cap-text.js';
import { lineHeight, type Canvas } from './canvas.js';
import { countingNote, figureTiles } from './summary.js';
import { sizes } from './theme.js';

function distinct(values: readonly string[], limit = 4): string {
  const unique = [...new Set(values)];
  const shown = unique.slice(0, limit).join(', ');
  return unique.length > limit ? `${shown} and ${displayCount(unique.length - limit)} more` : shown;
}

function findingsText(view: ViewModel): string {
  const { errors, warnings } = view.findingCounts;
  if (errors + warnings === 0) return 'No findings: the report is consistent (see Data quality)';
  const plural = (count: number, word: string): string => `${displayCount(count)} ${word}${count === 1 ? '' : 's'}`;
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')} (see Data quality)`;
}

function identity(view: ViewModel): (readonly [string, string | null])[] {
  const only: ReportView | undefined = view.reports.length === 1 ? view.reports[0] : undefined;
  if (only) {
    return [
      ['Benchmark', `${only.benchmarkName} (${only.benchmarkId})`],
      ['Account', only.accountName],
      ['Connector type', only.connectorType],
      ['Account ID', only.accountId],
      ['Subscription ID', only.subscriptionId],
      ['AWS account ID', only.awsAccountId],
      ['Job ID', only.jobId],
      ['License', only.licenseName],
      ['Last scanned', only.lastScanned?.text ?? null],
    ];
  }
  return [
    ['Benchmark reports', displayCount(view.reports.length)],
    ['Benchmarks', distinct(view.reports.map((report) => report.benchmarkName))],
    ['Accounts', distinct(view.reports.map((report) => report.accountName))],
    ['Connector types', distinct(view.reports.map((report) => report.connectorType))],
    [
      'Account IDs',
      distinct(
        view.reports.map((report) => report.accountId),
        2,
      ),
    ],
    [
      'Job IDs',
      distinct(
        view.reports.map((report) => report.jobId),
        2,
      ),
    ],
  ];
}

/**
 * The logo at the cover's top right. pdfkit decodes the image to embed it; whatever
 * its decoder cannot read (a logo handed to the library unchecked, or a kind of PNG it
 * does not support) is one error naming the logo, not a stack from inside pdfkit.
 */
function drawLogo(canvas: Canvas, logo: LogoView, right: number): void {
  try {
    canvas.vector().image(Buffer.from(logo.bytes), right - 150, 36, { fit: [150, 60], align: 'right' });
  } catch (error) {
    const name = logo.name ?? 'the logo';
    const reason = error instanceof Error ? error.message : String(error);
    throw new CspmError('usage', `${name} cannot be drawn in a PDF (${reason}); save it again as a plain PNG or JPEG`, {
      cause: error,
      data: { path: name, option: 'logo' },
    });
  }
}

/**
 * The cover: title, what was assessed (benchmark, account, connector, ids), the
 * headline figures, and when and by what the document was made. The time of
 * generation is printed only when the caller asked for it, so that output is reproducible.
 */
export function drawCover(canvas: Canvas, view: ViewModel, options: RenderOptions, cut: string | null): void {
  const { left, right, contentWidth } = canvas.page;
  canvas.rect(0, 0, canvas.page.width, 6, 'accent');
  const logo = options.logo ?? view.logo;
  if (logo) drawLogo(canvas, logo, right);
  canvas.y = 120;
  canvas.text('COMPLIANCE AUDIT REPORT', left, canvas.y, { size: sizes.body, weight: 'bold', colour: 'accent' });
  canvas.y += 22;
  canvas.y += canvas.block(
    options.title ?? view.title,
    left,
    canvas.y,
    contentWidth,
    { size: sizes.coverTitle, weight: 'bold' },
    maxTitleLength,
  );
  canvas.rule(left, left + 60, canvas.y + 8, 'accent', 2);
  canvas.y += 28;
  figureTiles(canvas, view.rollup.figures);
  countingNote(canvas, view);
  if (view.acceptedRisks) drawAcceptedFigure(canvas, view.rollup.figures, view.acceptedRisks.counts.acceptedPolicies);
  canvas.y += 10;
  keyValues(canvas, identity(view), 1, 110);
  canvas.y += 14;
  canvas.rule(left, right, canvas.y);
  canvas.y += 8;
  keyValues(
    canvas,
    [
      ['Data quality', findingsText(view)],
      ['Policy appendix', cut],
      ['Compliance %', view.percentFormula.description],
      ['Generated', displayIsoTime(view.generatedAt)],
      ['Produced by', `${view.tool.name} ${view.tool.version}`],
    ],
    1,
    110,
  );
  canvas.y += lineHeight(sizes.body);
}
