import { describe, expect, it } from 'vitest';
import { checkedResultLimit } from '../../../src/render/findings/sarif/result-budget.js';
import { writePolicyLog } from '../../../src/render/findings/sarif/policy-log.js';

// A library caller's limit that GitHub would refuse, or that leaves nothing to write, is
// a usage error of the one class, naming the option and the value.
describe('the SARIF limits a library caller gives', () => {
  it.each([0, 1.5, 25_001])('maxResults %d is a usage error', (maxResults) => {
    expect(() => checkedResultLimit(maxResults)).toThrow(
      expect.objectContaining({
        name: 'CspmError',
        code: 'usage',
        data: { option: 'maxResults', value: String(maxResults) },
        detail: `maxResults takes a whole number from 1 to 25,000, not ${maxResults}`,
      }),
    );
  });

  it.each([0, 10_000_001])('uploadLimit %d is a usage error', (uploadLimit) => {
    // The limits are checked before the candidates are read.
    expect(() => writePolicyLog({} as Parameters<typeof writePolicyLog>[0], 1_000, uploadLimit)).toThrow(
      expect.objectContaining({
        name: 'CspmError',
        code: 'usage',
        data: { option: 'uploadLimit', value: String(uploadLimit) },
        detail: `uploadLimit takes a whole number of bytes from 1 to 10,000,000, not ${uploadLimit}`,
      }),
    );
  });
});
