#!/usr/bin/env node
// Benchmark of the PDF renderer against a plain pdfkit loop over the same policy rows.
// Usage (after `npm run build`): node scripts/bench/pdf.js <report.json>
// The baseline draws each policy as one line (a colour box and four text cells, no
// wrapping) with pdfkit's own text calls; the renderer draws the whole document
// (cover, summaries, charts, category tables, every policy with wrapped titles,
// bookmarks, page numbers). Loading and checking the report is excluded from both.
import PDFDocument from 'pdfkit';
import { analyseInputs } from '../../dist/jobs/analyse-inputs.js';
import { buildViewModel } from '../../dist/render/build-view-model.js';
import { renderPdfView } from '../../dist/render/pdf/render-pdf.js';

const boxColours = { Green: '#2e7d32', Red: '#c62828', Amber: '#e69500', Gray: '#8a959f' };

function policyRows(view) {
  return view.reports.flatMap((report) => report.categories.flatMap((category) => category.policies));
}

async function collect(doc) {
  const chunks = [];
  doc.on('data', (chunk) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** The plain pdfkit loop: one unwrapped line per policy. */
async function renderBaseline(rows) {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { CreationDate: new Date(0) } });
  doc.fontSize(8);
  let y = 40;
  for (const policy of rows) {
    if (y > 790) {
      doc.addPage();
      y = 40;
    }
    doc.rect(40, y, 8, 8).fill(boxColours[policy.Compliance] ?? '#000000');
    doc.fillColor('black');
    doc.text(policy.ComplianceNumber, 54, y, { lineBreak: false });
    doc.text(policy.ShortTitle, 100, y, { lineBreak: false });
    doc.text(policy.Severity, 420, y, { lineBreak: false });
    doc.text(`${policy.PassedResourceCount} / ${policy.TotalResourceCount}`, 480, y, { lineBreak: false });
    y += 11;
  }
  return collect(doc);
}

async function toBuffer(body) {
  if (body instanceof Uint8Array) return body;
  const chunks = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function pageCount(bytes) {
  return (
    Buffer.from(bytes)
      .toString('latin1')
      .match(/\/Type \/Page\b/g)?.length ?? 0
  );
}

/** Times the baseline and the renderer on the policies of one report file. */
export async function benchPdf({ file }) {
  const view = buildViewModel(await analyseInputs(file));
  const rows = policyRows(view);
  // One untimed run of each first: font parsing and JIT warm-up are not what is measured.
  await renderBaseline(rows.slice(0, 300));
  await toBuffer(await renderPdfView(view, { maxPolicies: 300 }));
  let start = performance.now();
  await renderBaseline(rows);
  const baselineMs = performance.now() - start;
  start = performance.now();
  const bytes = await toBuffer(await renderPdfView(view, {}));
  const ms = performance.now() - start;
  return {
    name: 'pdf',
    baselineMs: Math.round(baselineMs),
    ms: Math.round(ms),
    ratio: Math.round((ms / baselineMs) * 100) / 100,
    pages: pageCount(bytes),
    bytes: bytes.length,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/bench/pdf.js <report.json>');
    process.exit(2);
  }
  console.log(await benchPdf({ file }));
}
