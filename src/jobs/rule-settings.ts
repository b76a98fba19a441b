import { ruleCatalogue } from '../analyse/rule-descriptions.js';
import { refusedSettings, refusedSettingText } from '../analyse/silencing-guard.js';
import { CspmError } from '../error/cspm-error.js';
import type { RuleId, SeveritySetting } from '../model/finding.js';
import { closestName } from '../text/closest-name.js';

const settings: readonly SeveritySetting[] = ['error', 'warning', 'off'];

/** The severity settings of a run, and those of them that are not applied. */
export interface RuleSettings {
  severities: Partial<Record<RuleId, SeveritySetting>>;
  /** A line for each setting the silencing guard does not apply (it would silence a rule marking an unusable input). */
  refused: string[];
}

/**
 * The severity settings of `--rule id=error|warning|off` options: an unknown rule or
 * level is refused; a setting that would silence or lower a rule marking an unusable
 * input is kept out of force by the analysis, and said in `refused`.
 *
 * @throws CspmError (usage) naming the option, with the rules or levels there are
 */
export function ruleSettingsOf(values: readonly string[]): RuleSettings {
  const severities = parseRuleSettings(values);
  return { severities, refused: refusedSettings(severities).map(refusedSettingText) };
}

function parseRuleSettings(values: readonly string[]): Partial<Record<RuleId, SeveritySetting>> {
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
