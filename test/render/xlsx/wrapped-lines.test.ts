import { describe, expect, it } from 'vitest';
import { wrappedLines } from '../../../src/render/xlsx/wrapped-lines.js';

describe('wrappedLines', () => {
  const cases: { name: string; text: string; width: number; expected: number }[] = [
    { name: 'keeps a text that fits on one line', text: 'Azure - Networking', width: 30, expected: 1 },
    { name: 'wraps at spaces', text: 'Azure - Compute (PaaS and Serverless)', width: 26, expected: 2 },
    {
      name: 'breaks a word longer than the line inside it',
      text: 'DiagnosticsLogsInSelectiveAppServicesMonitoringEffectId',
      width: 21,
      expected: 3,
    },
    { name: 'starts each line break of the text on a new line', text: 'one\ntwo', width: 30, expected: 2 },
    { name: 'counts wide characters twice', text: 'ストレージアカウント', width: 11, expected: 2 },
  ];
  for (const { name, text, width, expected } of cases) {
    it(name, () => expect(wrappedLines(text, width)).toBe(expected));
  }
});
