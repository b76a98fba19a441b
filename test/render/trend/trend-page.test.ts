import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Trend } from '../../../src/index.js';
import { trendScans } from '../../../src/jobs/trend-scans.js';
import { renderTrendHtml } from '../../../src/render/trend/trend-html.js';
import { writeScans } from '../../analyse/trend/scan-series.js';
import { launchChromium } from '../../support/chromium.js';
import { hasProgram } from '../../support/system-program.js';
import { useTempDir } from '../../support/temp-dir.js';

type Browser = Awaited<ReturnType<typeof launchChromium>>;

/** CIE L*a*b* of a `#rrggbb` colour (sRGB, D65), to measure how far apart two colours look. */
function lab(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => {
    const c = channel / 255;
    return c > 0.04045 ? ((c + 0.055) / 1.055) ** 2.4 : c / 12.92;
  }) as [number, number, number];
  const f = (t: number): number => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047);
  const y = f(r * 0.2126 + g * 0.7152 + b * 0.0722);
  const z = f((r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** ΔE (CIE76): about 2 is barely visible, 25 and more reads as another colour at a glance. */
function distance(a: string, b: string): number {
  const [la, aa, ba] = lab(a);
  const [lb, ab, bb] = lab(b);
  return Math.hypot(la - lb, aa - ab, ba - bb);
}

interface Box {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

describe.skipIf(!hasProgram('chromium', 'chromium'))('the trend page in Chromium', () => {
  const tempDir = useTempDir();
  let browser: Browser;
  let trend: Trend;
  let html: string;
  beforeAll(async () => {
    const dir = tempDir();
    // Twelve daily scans: a fixed count of ticks put the eleventh date on the twelfth.
    await writeScans(dir, 12);
    const outcome = await trendScans([dir]);
    if (outcome.status !== 'ok') throw new Error('the series did not check');
    trend = outcome.trend;
    trend.categories[0] = {
      ...(trend.categories[0] as Trend['categories'][0]),
      name: '<img src=x onerror="document.title=1">',
    };
    html = renderTrendHtml(trend, { title: 'Contoso <b>trend</b>' });
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  interface Seen {
    ticks: Box[];
    strokes: string[];
    header: string | null;
    eyebrow: string | null;
    images: number;
    legend: string;
  }

  /**
   * What the reader sees at a width, read once per width: the tests only read it, and
   * two of them read it at 1280 px.
   */
  const seenAt = new Map<number, Promise<Seen>>();
  function open(width: number): Promise<Seen> {
    let seen = seenAt.get(width);
    if (seen === undefined) {
      seen = read(width);
      seenAt.set(width, seen);
    }
    return seen;
  }

  /** Opens the page at a width and reads what the reader sees. */
  async function read(width: number): Promise<Seen> {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.setContent(html, { waitUntil: 'load' });
    // Every label's box in one call, as Playwright's boundingBox gives it (none for a label not drawn).
    const labels = (await page.evaluate(
      "[...document.querySelectorAll('svg text')].map((text) => { const box = text.getBoundingClientRect(); return { text: text.textContent ?? '', drawn: text.getClientRects().length > 0, left: box.left, right: box.right, top: box.top, bottom: box.bottom }; })",
    )) as (Box & { drawn: boolean })[];
    const ticks: Box[] = labels
      .filter((label) => label.drawn && /^\d{4}-\d{2}-\d{2}$/.test(label.text))
      .map(({ text, left, right, top, bottom }) => ({ text, left, right, top, bottom }));
    const strokes = await Promise.all(
      (await page.locator('svg g[data-series]:not(.other) path').all()).map(
        async (path) => (await path.getAttribute('stroke')) ?? '',
      ),
    );
    const textOf = async (selector: string): Promise<string | null> =>
      (await page.locator(selector).count()) > 0 ? page.locator(selector).first().textContent() : null;
    const seen = {
      ticks,
      strokes,
      header: await textOf('header.page-header h1'),
      eyebrow: await textOf('header.page-header .eyebrow'),
      images: await page.locator('img').count(),
      legend: (await textOf('.legend')) ?? '',
    };
    await page.close();
    return seen;
  }

  it('spaces the dates under the chart so that no two labels overlap, wide or narrow', async () => {
    for (const width of [1280, 700, 420]) {
      const { ticks } = await open(width);
      expect(ticks.length, `${width} px`).toBeGreaterThan(1);
      expect(ticks[0]?.text).toBe(trend.scans[0]?.scanDate?.slice(0, 10));
      expect(ticks.at(-1)?.text).toBe(trend.scans.at(-1)?.scanDate?.slice(0, 10));
      const sorted = [...ticks].sort((a, b) => a.left - b.left);
      for (let index = 1; index < sorted.length; index += 1) {
        const [before, after] = [sorted[index - 1] as Box, sorted[index] as Box];
        expect(before.right, `${width} px: ${before.text} and ${after.text}`).toBeLessThan(after.left);
      }
    }
  });

  it('draws overall and the worst few categories in colours far apart, the others in one gray', async () => {
    const { strokes, legend } = await open(1280);
    expect(strokes.length).toBeGreaterThan(1);
    expect(strokes.length).toBeLessThanOrEqual(6);
    for (let i = 0; i < strokes.length; i += 1) {
      for (let j = i + 1; j < strokes.length; j += 1) {
        expect(
          distance(strokes[i] as string, strokes[j] as string),
          `${strokes[i]} and ${strokes[j]}`,
        ).toBeGreaterThanOrEqual(25);
      }
    }
    expect(legend).toMatch(/\d+ other categor/);
  });

  it('opens with the header band of the rendered reports and shows report text as text', async () => {
    const { header, eyebrow, images, legend } = await open(1280);
    expect(header).toBe('Contoso <b>trend</b>');
    expect(eyebrow).toBe('Compliance trend');
    expect(images).toBe(0);
    expect(legend).toContain('<img src=x onerror="document.title=1">');
  });
});
