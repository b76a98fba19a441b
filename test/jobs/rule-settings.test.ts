import { describe, expect, it } from 'vitest';
import { ruleSettingsOf } from '../../src/jobs/rule-settings.js';

describe('ruleSettingsOf: the --rule settings of a run, for any caller', () => {
  it('takes each id=level, and says which of them the silencing guard does not apply', () => {
    expect(ruleSettingsOf(['mixed-ids=off', 'schema=warning'])).toEqual({
      severities: { 'mixed-ids': 'off', schema: 'warning' },
      refused: [
        '--rule schema=warning: this rule marks an input that could not be read or analysed; it cannot be lowered, the input stays failed',
      ],
    });
  });

  it.each([
    { value: 'mixed-id=off', message: /unknown rule "mixed-id"; did you mean mixed-ids\? The rules are json-syntax, / },
    { value: 'mixed-ids=quiet', message: /--rule mixed-ids=quiet: the setting must be one of error, warning, off/ },
  ])('refuses $value', ({ value, message }) => {
    expect(() => ruleSettingsOf([value])).toThrow(message);
  });
});
