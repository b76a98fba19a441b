import { CspmError } from '../error/cspm-error.js';
import { failingLongest } from './presets/failing-longest.js';
import { newFailures } from './presets/new-failures.js';
import type { QueryPreset } from './presets/query-preset.js';
import { worstAccounts } from './presets/worst-accounts.js';

export type { QueryPreset } from './presets/query-preset.js';

/** Every saved query by the name `query --preset` takes: a new one is a file in presets/ and a line here. */
export const queryPresets = {
  'worst-accounts': worstAccounts,
  'failing-longest': failingLongest,
  'new-failures': newFailures,
} as const satisfies Record<string, QueryPreset>;

/** The name of a saved query. */
export type QueryPresetName = keyof typeof queryPresets;

/** Every saved query's name, in the order `--list-presets` lists them. */
export const queryPresetNames = Object.keys(queryPresets) as QueryPresetName[];

/**
 * The saved query called `name`.
 *
 * @throws CspmError `usage` listing the names
 */
export function getQueryPreset(name: string): QueryPreset {
  if (!Object.hasOwn(queryPresets, name))
    throw new CspmError('usage', `--preset "${name}" is not one of ${queryPresetNames.join(', ')}`, {
      data: { option: 'preset', value: name, known: queryPresetNames },
    });
  return queryPresets[name as QueryPresetName];
}
