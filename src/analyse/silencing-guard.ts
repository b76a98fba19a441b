import type { RuleId, SeveritySetting } from '../model/finding.js';
import { ruleCatalogue } from './rule-catalogue.js';

/*
 * The silencing guard: a rule whose finding means an input's figures were not analysed
 * (each declares it, `unusableInput` in the catalogue) cannot be turned off or lowered.
 * `--rule envelope-failure=off` would otherwise let a gate pass on "1 valid report" of
 * two inputs; with the guard the finding stays as the loader made it, the input stays
 * failed, and the command line says that the setting was not applied.
 */

/** The rules that mark an unusable input, in catalogue order: derived from the registry. */
export const unsilenceableRules: ReadonlySet<RuleId> = new Set(
  ruleCatalogue.filter((rule) => rule.unusableInput !== undefined).map((rule) => rule.id),
);

/**
 * The user's setting of `rule` as the analysis applies it: `off` or `warning` on a rule
 * that marks an unusable input is not applied (its findings keep the severity the
 * loader gave them); `error`, and any setting of another rule, is.
 */
export function settingInForce(
  settings: Partial<Record<RuleId, SeveritySetting>> | undefined,
  rule: RuleId,
): SeveritySetting | undefined {
  const setting = settings?.[rule];
  return setting === 'error' || !unsilenceableRules.has(rule) ? setting : undefined;
}

/** A setting the guard does not apply. */
export interface RefusedSetting {
  rule: RuleId;
  setting: 'off' | 'warning';
}

/**
 * The settings that would silence or lower a rule marking an unusable input, in the
 * order given. The rules of the run (no-valid-report) are left out: a setting of theirs
 * is refused outright as a usage error (see assertRuleSettings).
 */
export function refusedSettings(settings: Partial<Record<RuleId, SeveritySetting>> | undefined): RefusedSetting[] {
  const refused: RefusedSetting[] = [];
  for (const [rule, setting] of Object.entries(settings ?? {}) as [RuleId, SeveritySetting][]) {
    if (setting === 'error' || !unsilenceableRules.has(rule) || runRules.has(rule)) continue;
    refused.push({ rule, setting });
  }
  return refused;
}

const runRules: ReadonlySet<RuleId> = new Set(
  ruleCatalogue.filter((rule) => rule.stage === 'run').map((rule) => rule.id),
);

/** One line saying that a setting was not applied, and why. */
export function refusedSettingText({ rule, setting }: RefusedSetting): string {
  return `--rule ${rule}=${setting}: this rule marks an input that could not be read or analysed; it cannot be ${setting === 'off' ? 'silenced' : 'lowered'}, the input stays failed`;
}
