import { CspmError, ruleCatalogue, type RuleId, type SeveritySetting } from '../index.js';
import { closestName } from '../internal.js';

const settings: readonly SeveritySetting[] = ['error', 'warning', 'off'];

/** Parses `--rule id=error|warning|off` options into the analysis's severity settings. */
export function parseRuleSettings(values: readonly string[]): Partial<Record<RuleId, SeveritySetting>> {
  const parsed: Partial<Record<RuleId, SeveritySetting>> = {};
  for (const value of values) {
    const [id = '', setting = ''] = value.split('=', 2);
    const rule = ruleCatalogue.find((entry) => entry.id === id);
    if (!rule) {
      const known = ruleCatalogue.map((entry) => entry.id);
      const suggestion = closestName(id, known);
      const hint = suggestion === undefined ? '; the rules are' : `; did you mean ${suggestion}? The rules are`;
      throw new CspmError('usage', `--rule ${value}: unknown rule "${id}"${hint} ${known.join(', ')}`, {
        data: { option: 'rule', value, known },
      });
    }
    if (!settings.includes(setting as SeveritySetting)) {
      throw new CspmError(
        'usage',
        `--rule ${value}: the setting must be one of ${settings.join(', ')} (as in --rule ${id}=off)`,
        { data: { option: 'rule', value, known: settings } },
      );
    }
    parsed[rule.id] = setting as SeveritySetting;
  }
  return parsed;
}
