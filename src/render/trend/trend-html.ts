import type { PolicyTrend, Trend, TrendScan } from '../../model/trend.js';
import { displayCount, displayInstant, displayPercent } from '../display-values.js';
import { highlightedCategories, layoutChart, otherColour, scanLabel } from './trend-chart.js';
import { renderFleetHtml } from './fleet-html.js';
import { renderTrendPage, type TrendPageHead } from './trend-page.js';
import { trendTitle, type TrendRenderer, type TrendRenderOptions } from './trend-renderer.js';
import { trendSvg } from './trend-svg.js';
import { acceptedText, trendExceptionsView, type TrendExceptionsView } from './trend-exceptions-view.js';

/** A list of policies of the page: its heading, its rows, and what it says when empty. */
interface PolicyList {
  heading: string;
  empty: string;
  policies: { policy: PolicyTrend; redRun: string; last: string }[];
}

/** What the trend page's template (trend-page.hbs) draws beside the chart. */
interface TrendPageView extends TrendPageHead {
  legend: {
    series: { name: string; colour: string; overall: boolean }[];
    others: string[];
    otherColour: string;
    highlighted: number;
  };
  /** A row per scan, every figure as the page shows it: a row is drawn per scan of years of them. */
  scans: {
    label: string;
    jobId: string;
    compliance: string;
    green: string;
    red: string;
    amber: string;
    gray: string;
    regressions: string;
    /** Policies accepted in the scan, when the trend has exceptions. */
    accepted: string;
    source: string;
  }[];
  /** True when the trend has exceptions: the scans then show their accepted policies. */
  acceptedColumn: boolean;
  /** The accepted risks, when the trend has exceptions. */
  exceptions?: TrendExceptionsView;
  policyLists: PolicyList[];
}

function policyList(trend: Trend, heading: string, policies: readonly PolicyTrend[], empty: string): PolicyList {
  const when = (position: number | null): string =>
    position === null ? '' : scanLabel(trend.scans[position] as TrendScan, position);
  return {
    heading,
    empty,
    policies: policies.map((policy) => ({
      policy,
      redRun: policy.longestRed > 0 ? `${when(policy.longestRedFrom)} – ${when(policy.longestRedTo)}` : '',
      last: policy.lastCompliance ?? 'not in the last scan',
    })),
  };
}

/**
 * The legend: overall and the worst categories with their colours, then the other categories named in one gray line.
 */
function legend(trend: Trend): TrendPageView['legend'] {
  // The colours and order of the chart's series; the geometry is not needed.
  const series = layoutChart(trend, 100, 100).series;
  return {
    series: series.filter((line) => !line.other).map(({ name, colour, overall }) => ({ name, colour, overall })),
    others: series.filter((line) => line.other).map((line) => line.name),
    otherColour,
    highlighted: highlightedCategories,
  };
}

function trendPageView(trend: Trend, options: TrendRenderOptions): TrendPageView {
  const first = trend.scans[0] as TrendScan;
  const last = trend.scans.at(-1) as TrendScan;
  const meta = [
    `${displayCount(trend.scans.length)} scans, ${scanLabel(first, 0)} to ${scanLabel(last, trend.scans.length - 1)}`,
    `${displayCount(trend.policies)} policies`,
    `percent: ${trend.percentFormula}`,
    ...(trend.mismatched ? ['some scans name another account or benchmark (--allow-mismatch)'] : []),
    ...(options.now ? [`generated ${displayInstant(options.now)}`] : []),
  ];
  return {
    title: trendTitle(trend, options),
    eyebrow: 'Compliance trend',
    meta: meta.join(' · '),
    legend: legend(trend),
    scans: trend.scans.map((scan, position) => ({
      label: scanLabel(scan, position),
      jobId: scan.jobId,
      compliance: scan.hasPercent ? displayPercent(scan.figures.percent) : 'n/a',
      green: displayCount(scan.figures.green),
      red: displayCount(scan.figures.red),
      amber: displayCount(scan.figures.amber),
      gray: displayCount(scan.figures.gray),
      regressions: scan.regressions === null ? '–' : displayCount(scan.regressions),
      accepted: acceptedText(scan.acceptedPolicies),
      source: scan.source,
    })),
    acceptedColumn: trend.exceptions !== undefined,
    ...(trend.exceptions === undefined ? {} : { exceptions: trendExceptionsView(trend.exceptions) }),
    policyLists: [
      policyList(
        trend,
        'Policies that regressed most often',
        trend.regressed,
        'No policy got worse from one scan to the next.',
      ),
      policyList(
        trend,
        'Policies Red for the longest run of scans',
        trend.longestRed,
        'No policy was Red in any scan.',
      ),
    ],
  };
}

/**
 * The trend as one self-contained HTML page (templates/trend-page.hbs): the chart as
 * inline SVG, the scans and the policies; no script, no external resource.
 */
export function renderTrendHtml(trend: Trend, options: TrendRenderOptions = {}): string {
  return renderTrendPage('trend-page', trendPageView(trend, options), options, trendSvg(trend));
}

/** The HTML trend renderer. */
export const trendHtmlRenderer: TrendRenderer = {
  extension: 'html',
  otherExtensions: ['htm'],
  mediaType: 'text/html',
  async render(trend, options) {
    return new TextEncoder().encode(renderTrendHtml(trend, options));
  },
  async renderFleet(fleet, options) {
    return new TextEncoder().encode(renderFleetHtml(fleet, options));
  },
};
