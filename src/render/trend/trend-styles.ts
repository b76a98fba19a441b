import { escapeHtml } from './escape-html.js';

/**
 * The style sheet of the trend pages, of one account and of a fleet: the look of the
 * rendered reports (templates/styles.css), its palette, fonts, header band and panels,
 * so that the trend reads as one of the same set of documents. Kept here rather than
 * read from the templates because a trend page takes no template overrides.
 */
export const styles = `:root{--text:#1f2328;--muted:#59636e;--line:#d1d9e0;--line-soft:#e6eaef;--page:#f3f5f8;--panel:#fff;--head:#f6f8fa;--accent:#0b3a66}
*{box-sizing:border-box}
body{margin:0;background:var(--page);color:var(--text);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,sans-serif}
h1,h2{margin:0;line-height:1.25}
.page-header{background:var(--accent);color:#fff}
.page-header-inner{max-width:1280px;margin:0 auto;padding:22px 24px 20px}
.page-header h1{font-size:24px;font-weight:650;overflow-wrap:anywhere}
.eyebrow{margin:0 0 4px;font-size:11.5px;font-weight:600;letter-spacing:.06em;text-transform:uppercase;color:#b9d3ef}
.page-meta{margin:6px 0 0;color:#d8e6f5}
main{max-width:1280px;margin:0 auto;padding:20px 24px 8px}
.panel{background:var(--panel);border:1px solid var(--line);border-radius:10px;padding:20px 24px 24px;margin:0 0 24px}
h2{font-size:18px;margin:0 0 12px}
.chart{display:block;max-width:100%;height:auto}.chart text{font-size:11px;fill:var(--muted)}.chart .axis-title{font-size:12px}
.chart .grid{stroke:var(--line-soft)}.chart .axis{stroke:#9aa5b1}
.legend{display:flex;flex-wrap:wrap;gap:4px 16px;list-style:none;padding:0;margin:10px 0 0;font-size:12.5px}
.legend li{display:flex;align-items:center;gap:6px}.swatch{display:inline-block;flex:none;width:18px;height:4px;border-radius:2px}.legend .overall .swatch{height:5px}
.legend .other{color:var(--muted)}.legend .other .swatch{height:2px}
.note{color:var(--muted);font-size:13px;margin:6px 0 0}
table{border-collapse:collapse;width:100%;font-size:13px}th,td{padding:6px 10px;border-bottom:1px solid var(--line-soft);text-align:left;vertical-align:top}
th{background:var(--head);font-weight:600;border-bottom:1px solid var(--line)}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}.wrap{overflow-x:auto}
.Green{color:#1a7f37}.Red{color:#a40e26}.Amber{color:#7a4d00}.Gray{color:#424a53}`;

/**
 * The opening of a trend page, of one account or of a fleet: the header band of the
 * rendered reports (what the page is, its title and a meta line), then `<main>`, which
 * {@link trendPageEnd} closes. No script and no request (the content-security policy allows none).
 *
 * @param meta HTML, escaped by the caller
 */
export function trendPageHead(title: string, meta: string, eyebrow = 'Compliance trend'): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${styles}</style></head>
<body>
<header class="page-header"><div class="page-header-inner">
<p class="eyebrow">${escapeHtml(eyebrow)}</p>
<h1 dir="auto">${escapeHtml(title)}</h1>
<p class="page-meta">${meta}</p>
</div></header>
<main>`;
}

/** The end of a trend page. */
export const trendPageEnd = '</main>\n</body></html>\n';

/** A section of a trend page: a heading and its content on a panel, as the rendered reports' sections are. */
export function trendSection(heading: string, content: string): string {
  return `<section class="panel"><h2>${heading}</h2>\n${content}\n</section>`;
}
