import PDFDocument from 'pdfkit';
import type { RenderedBody } from '../../model/renderer.js';
import type { PolicyTrend, Trend, TrendScan } from '../../model/trend.js';
import { toolInfo } from '../../tool-info.js';
import { displayCount, displayInstant, displayPercent } from '../display-values.js';
import { heading } from '../pdf/blocks.js';
import { Canvas } from '../pdf/canvas.js';
import { FontSet } from '../pdf/font-set.js';
import { outlineText } from '../pdf/outline-text.js';
import { drawPageFooters } from '../pdf/page-footer.js';
import type { PdfDocument } from '../pdf/pdfkit-internals.js';
import { drawTable, type Column } from '../pdf/table.js';
import { complianceFill, pageGeometry, sizes } from '../pdf/theme.js';
import { Typesetter } from '../pdf/typesetter.js';
import { collect } from '../pdf/open-pdf.js';
import { scanLabel } from './trend-chart.js';
import { drawTrendChart } from './trend-pdf-chart.js';
import { drawTrendExceptions } from './trend-exceptions-pdf.js';
import { acceptedText } from './trend-exceptions-view.js';
import { trendTitle, type TrendRenderOptions } from './trend-renderer.js';

// Without a time from the caller, a fixed date keeps pdfkit's document ID, and so the bytes, reproducible.
const fixedDate = new Date(0);

const percentText = (value: number | null): string => (value === null ? 'n/a' : displayPercent(value));

function scanColumns(withAccepted: boolean): Column<{ scan: TrendScan; position: number }>[] {
  const count = (
    header: string,
    value: (scan: TrendScan) => number,
  ): Column<{ scan: TrendScan; position: number }> => ({
    header,
    width: 52,
    align: 'right',
    text: (row) => displayCount(value(row.scan)),
  });
  return [
    { header: 'Scan', width: 70, text: (row) => scanLabel(row.scan, row.position) },
    // The accepted column takes its room from the JobId's, so that the table keeps its width.
    { header: 'JobId', width: withAccepted ? 138 : 190, text: (row) => row.scan.jobId },
    {
      header: 'Compliance',
      width: 62,
      align: 'right',
      text: (row) => percentText(row.scan.hasPercent ? row.scan.figures.percent : null),
    },
    count('Green', (scan) => scan.figures.green),
    count('Red', (scan) => scan.figures.red),
    count('Amber', (scan) => scan.figures.amber),
    count('Gray', (scan) => scan.figures.gray),
    {
      header: 'Regressions',
      width: 62,
      align: 'right',
      text: (row) => (row.scan.regressions === null ? '–' : displayCount(row.scan.regressions)),
    },
    ...(withAccepted
      ? [
          {
            header: 'Accepted',
            width: 52,
            align: 'right' as const,
            text: (row: { scan: TrendScan }) => acceptedText(row.scan.acceptedPolicies),
          },
        ]
      : []),
    { header: 'File', width: 120, text: (row) => row.scan.source.split(/[\\/]/).at(-1) ?? row.scan.source },
  ];
}

function policyColumns(trend: Trend): Column<PolicyTrend>[] {
  const when = (position: number | null): string =>
    position === null ? '' : scanLabel(trend.scans[position] as TrendScan, position);
  return [
    { header: 'Number', width: 50, text: (policy) => policy.complianceNumber },
    { header: 'Policy', width: 300, text: (policy) => `${policy.shortTitle} (${policy.category})` },
    { header: 'Severity', width: 56, text: (policy) => policy.severity },
    { header: 'Regressions', width: 62, align: 'right', text: (policy) => displayCount(policy.regressions) },
    { header: 'Longest Red', width: 62, align: 'right', text: (policy) => displayCount(policy.longestRed) },
    {
      header: 'Red from – to',
      width: 130,
      text: (policy) => (policy.longestRed > 0 ? `${when(policy.longestRedFrom)} – ${when(policy.longestRedTo)}` : ''),
    },
    {
      header: 'Last scan',
      width: 100,
      text: (policy) => policy.lastCompliance ?? 'not in the last scan',
      chip: (policy) => (policy.lastCompliance === null ? null : complianceFill(policy.lastCompliance)),
    },
  ];
}

/** A landscape A4 PDF of a trend begun: its canvas on the first page, and how to finish it. */
export interface TrendPdf {
  canvas: Canvas;
  /** Draws "page X of Y" at each foot and ends the document. */
  finish(): Promise<RenderedBody>;
}

/**
 * Begins a trend PDF titled `title`: the same document settings for a trend of one
 * account and of a fleet. Same content and options give the same bytes unless `now` is set.
 */
export function beginTrendPdf(title: string, options: TrendRenderOptions): TrendPdf {
  const page = pageGeometry(true);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    displayTitle: true,
    lang: 'en',
    info: {
      Title: outlineText(title),
      Author: toolInfo.name,
      Creator: `${toolInfo.name} ${toolInfo.version}`,
      Producer: 'PDFKit',
      CreationDate: options.now ?? fixedDate,
      ModDate: options.now ?? fixedDate,
    },
  }) as unknown as PdfDocument;
  if (!options.now) {
    delete doc.info.ModDate;
    Object.defineProperty(doc.info, 'CreationDate', { value: fixedDate, enumerable: false });
  }
  const bytes = collect(doc);
  const fonts = new FontSet(doc);
  const canvas = new Canvas(doc, fonts, new Typesetter(fonts), page, title);
  canvas.newPage();
  heading(canvas, title, 1);
  return {
    canvas,
    async finish() {
      drawPageFooters(canvas, `${toolInfo.name} ${toolInfo.version}`);
      doc.end();
      return new Uint8Array(await bytes);
    },
  };
}

/**
 * The trend as a PDF on landscape A4: the compliance chart drawn as vector paths with
 * its legend, the table of scans and the two lists of policies; "page X of Y" at the
 * foot. Same trend and options give the same bytes unless `now` is set.
 */
export async function renderTrendPdf(trend: Trend, options: TrendRenderOptions): Promise<RenderedBody> {
  const { canvas, finish } = beginTrendPdf(trendTitle(trend, options), options);
  const first = trend.scans[0] as TrendScan;
  const last = trend.scans.at(-1) as TrendScan;
  canvas.paragraph(
    `${displayCount(trend.scans.length)} scans from ${scanLabel(first, 0)} to ${scanLabel(last, trend.scans.length - 1)}; ${displayCount(trend.policies)} policies; percent: ${trend.percentFormula}` +
      (trend.mismatched ? '; some scans name another account or benchmark (--allow-mismatch)' : '') +
      (options.now ? `; generated ${displayInstant(options.now)}` : ''),
    { size: sizes.body, colour: 'muted' },
    8,
  );
  heading(canvas, 'Compliance over time', 2, 280);
  drawTrendChart(canvas, trend);
  heading(canvas, 'Scans', 2, 60);
  drawTable(
    canvas,
    scanColumns(trend.exceptions !== undefined),
    trend.scans.map((scan, position) => ({ scan, position })),
    { continued: 'Scans (continued)' },
  );
  canvas.onPageBreak = null;
  for (const [name, list, empty] of [
    ['Policies that regressed most often', trend.regressed, 'No policy got worse from one scan to the next.'],
    ['Policies Red for the longest run of scans', trend.longestRed, 'No policy was Red in any scan.'],
  ] as const) {
    canvas.y += 10;
    heading(canvas, name, 2, 60);
    if (list.length === 0) canvas.paragraph(empty);
    else drawTable(canvas, policyColumns(trend), list, { continued: `${name} (continued)` });
    canvas.onPageBreak = null;
  }
  if (trend.exceptions !== undefined) drawTrendExceptions(canvas, trend.exceptions);
  return finish();
}
