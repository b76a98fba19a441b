import { toolInfo } from '../../../tool-info.js';
import { sourceRootId } from './artifact-uri.js';
import type { SarifNotification } from './sarif-log.js';

/** The schema every log names: the OASIS Standard's, with Errata 01. */
export const sarifSchemaUri =
  'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** Where the driver's `informationUri` leads. */
export const informationUri = 'https://www.npmjs.com/package/cspm-report';

/** The JSON text of a run's `originalUriBaseIds`: what `%SRCROOT%` stands for. */
export const originalUriBaseIds = JSON.stringify({
  [sourceRootId]: {
    description: {
      text: 'The folder the command ran in: relative input paths start there. Run it from the repository root so that they match the repository.',
    },
  },
});

/** The JSON text of the driver, with `rules` given as the JSON text of its array. */
export function driverText(rules: string): string {
  const driver = JSON.stringify({
    name: toolInfo.name,
    version: toolInfo.version,
    semanticVersion: toolInfo.version,
    informationUri,
  });
  return `${driver.slice(0, -1)},"rules":${rules}}`;
}

/**
 * The run's notes (FindingsResult.notes) as tool notifications of level `note`, where a
 * SARIF viewer shows what the tool says of its own run: caveats that leave the verdict
 * as it is, such as a merge that did not check its input files.
 */
export function noteNotifications(notes: readonly string[] | undefined): SarifNotification[] {
  return (notes ?? []).map((text) => ({ level: 'note', message: { text }, descriptor: { id: 'run-note' } }));
}
