import { extname } from 'node:path';
import { CspmError, type DocumentFormat, type FindingsFormatName } from '../index.js';
import { documentFormats } from '../internal.js';
import { extensionFormat, type FindingsOutput, pairFindingsOutputs } from './findings-outputs.js';
import { isStandardOutput } from './write-output.js';

/** A document of a diff run: the new report in a format, with its changes, and where it goes. */
export interface DiffDocumentOutput {
  format: DocumentFormat;
  path: string;
}

/** Every output of a diff run: findings outputs (text, JSON, …) and documents (HTML, PDF, XLSX). */
export interface DiffOutputs {
  findings: FindingsOutput[];
  documents: DiffDocumentOutput[];
}

/** The document format each `--output` extension names. */
const documentsByExtension: Readonly<Record<string, DocumentFormat>> = { html: 'html', htm: 'html', pdf: 'pdf', xlsx: 'xlsx' };

function isDocumentFormat(format: string): format is DocumentFormat {
  return (documentFormats as readonly string[]).includes(format);
}

function extensionOf(path: string): string {
  return isStandardOutput(path) ? '' : extname(path).slice(1).toLowerCase();
}

function documentOf(path: string): DocumentFormat | undefined {
  const extension = extensionOf(path);
  return Object.hasOwn(documentsByExtension, extension) ? documentsByExtension[extension] : undefined;
}

/** Refuses a file whose extension names another format than the one written into it. */
function checkExtension(path: string, format: string, named: string | undefined): void {
  if (named !== undefined && named !== format) {
    throw new CspmError('usage', `--output ${path} names a ${named} file but its --format is ${format}; give the file the format's extension`);
  }
}

/**
 * Pairs diff's `--format` and `--output` values as check and gate do (see
 * pairFindingsOutputs), with documents beside the findings formats: `-f html`, `-f pdf`
 * and `-f xlsx`, or an output named `.html`, `.htm`, `.pdf` or `.xlsx` without
 * `--format`, render the new report with its changes. A document needs an `--output`
 * (`-` for standard output); one output of either kind may go to standard output.
 */
export function pairDiffOutputs(formats: readonly string[], outputs: readonly string[]): DiffOutputs {
  const document = formats.find(isDocumentFormat);
  if (outputs.length === 0) {
    if (document !== undefined) throw new CspmError('usage', `--format ${document} writes a document: pair it with an --output file (-f ${document} -o changes.${document})`);
    return { findings: pairFindingsOutputs(formats as FindingsFormatName[], []), documents: [] };
  }
  if (formats.length > 0 && formats.length !== outputs.length) {
    throw new CspmError('usage', `${formats.length} --format values for ${outputs.length} --output values; give one --format before each --output, or none and let the extensions tell`);
  }
  const documents: DiffDocumentOutput[] = [];
  const findingsFormats: FindingsFormatName[] = [];
  const findingsPaths: string[] = [];
  outputs.forEach((path, index) => {
    const given = formats[index];
    const named = documentOf(path);
    const format = given === undefined ? named : isDocumentFormat(given) ? given : undefined;
    if (format !== undefined) {
      checkExtension(path, format, named ?? extensionFormat(path));
      documents.push({ format, path });
      return;
    }
    if (given !== undefined) {
      checkExtension(path, given, named);
      findingsFormats.push(given as FindingsFormatName);
    }
    findingsPaths.push(path);
  });
  const findings = findingsPaths.length > 0 ? pairFindingsOutputs(findingsFormats, findingsPaths) : [];
  const toStandardOutput = [...findings, ...documents].filter((output) => isStandardOutput(output.path));
  if (toStandardOutput.length > 1) throw new CspmError('usage', '--output - is given twice; only one output can go to standard output');
  const paths = new Set(findings.map((output) => output.path));
  for (const { path } of documents) {
    if (paths.has(path) && !isStandardOutput(path)) throw new CspmError('usage', `--output ${path} is given twice; each format needs its own output`);
    paths.add(path);
  }
  return { findings, documents };
}
