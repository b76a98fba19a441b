import PDFDocument from 'pdfkit';
import type { RenderOptions } from '../../model/renderer.js';
import type { ViewModel } from '../../model/view-model.js';
import { outlineText } from './outline-text.js';
import type { PdfDocument } from './pdfkit-internals.js';
import type { PageGeometry } from './theme.js';

// pdfkit derives the document ID from the info dictionary, dates included; without a
// time from the caller this fixed one keeps the ID, and so the bytes, reproducible.
const fixedDate = new Date(0);

/** What a PDF's metadata says of it. */
export interface PdfInfo {
  title: string;
  subject: string;
  keywords: readonly string[];
  /** The time of generation, or null for none (the bytes are then the same run to run). */
  now: Date | null;
  tool: { name: string; version: string };
}

/** The subject of a document of these accounts and benchmarks: the first three of each named. */
export function auditSubject(accounts: readonly string[], benchmarks: readonly string[]): string {
  return `Compliance audit of ${accounts.slice(0, 3).join(', ')}${accounts.length > 3 ? ', …' : ''} against ${benchmarks.slice(0, 3).join(', ')}${benchmarks.length > 3 ? ', …' : ''}`;
}

/** The metadata of the PDF of a view. */
export function pdfInfoOf(view: ViewModel, options: RenderOptions): PdfInfo {
  return {
    title: options.title ?? view.title,
    subject: auditSubject(
      [...new Set(view.reports.map((report) => report.accountName))],
      [...new Set(view.reports.map((report) => report.benchmarkName))],
    ),
    keywords: ['compliance', 'CSPM', ...new Set(view.reports.map((report) => report.benchmarkId))],
    now: options.now ?? (view.generatedAt ? new Date(view.generatedAt) : null),
    tool: view.tool,
  };
}

/**
 * A pdfkit document with its metadata (Title, Subject, Author, Creator, Keywords) and
 * every page kept in memory so that "page X of Y" can be written at the end. pdfkit
 * stamps the current time by default; here the dates are the caller's `now` or absent.
 */
export function createDocument(info: PdfInfo, page: PageGeometry): PdfDocument {
  const { now, keywords } = info;
  const doc = new PDFDocument({
    size: 'A4',
    layout: page.landscape ? 'landscape' : 'portrait',
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    displayTitle: true,
    lang: 'en',
    info: {
      Title: outlineText(info.title),
      Subject: outlineText(info.subject),
      Author: info.tool.name,
      Creator: `${info.tool.name} ${info.tool.version}`,
      Producer: 'PDFKit',
      Keywords: outlineText(keywords.join(', ')),
      CreationDate: now ?? fixedDate,
      ModDate: now ?? fixedDate,
    },
  });
  if (!now) {
    // A date that is not the time of generation would mislead, so neither date is
    // written. pdfkit still reads CreationDate at the end (for XMP metadata, which it
    // only writes above PDF 1.3): kept, but hidden from the loop that writes the Info dictionary.
    delete doc.info.ModDate;
    Object.defineProperty(doc.info, 'CreationDate', { value: fixedDate, enumerable: false });
  }
  return doc;
}
