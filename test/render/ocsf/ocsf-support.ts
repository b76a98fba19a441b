import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { type ReportInput, type RenderOptions } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { renderReport } from '../../../src/render/renderers.js';
import type { OcsfComplianceFinding } from '../../../src/model/ocsf-event.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { ocsfEventsOf } from '../../../src/render/ocsf/ocsf-event.js';
import { collectBytes } from '../../../src/render/renderers.js';

/** The checked-in schema of the events, compiled once; strict, so that a schema keyword ajv does not know fails. */
export const validateEvent: ValidateFunction = new Ajv2020({
  allErrors: true,
  strict: true,
  strictRequired: false,
}).compile(JSON.parse(readFileSync('schema/ocsf-compliance-finding.schema.json', 'utf8')) as object);

/** The JSON Lines text of `-f ocsf` of an input. */
export async function ocsfText(input: ReportInput, options: RenderOptions = {}): Promise<string> {
  const analysis = await analyseInputs(input);
  return Buffer.from(await collectBytes(await renderReport(analysis, 'ocsf', options))).toString('utf8');
}

/** The events of a JSON Lines text: one per line, each line ending in a line feed. */
export function eventsOf(text: string): OcsfComplianceFinding[] {
  if (text !== '' && !text.endsWith('\n')) throw new Error('the last line has no line feed');
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as OcsfComplianceFinding);
}

/** The schema's errors of an event, as text (empty when it is valid). */
export function schemaErrors(event: unknown): string {
  return validateEvent(event) ? '' : JSON.stringify(validateEvent.errors);
}

/**
 * The lines the event builder's objects make through JSON.stringify, with the line breaks
 * it leaves raw escaped: what the JSON Lines writer must write, line for line.
 */
export async function builtLines(input: ReportInput, options: RenderOptions = {}): Promise<string[]> {
  const view = buildViewModel(await analyseInputs(input), options);
  const escape = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return [...ocsfEventsOf(view, options)].map((event) =>
    JSON.stringify(event).replace(/[\u0085\u2028\u2029]/g, escape),
  );
}
