import type { RulesFileAssertion } from '../rules-file.js';
import { recommended } from './recommended.js';
import { strict } from './strict.js';

/**
 * The presets a rules file can extend (`"extends": "cspm:recommended"`), or `--rules`
 * can name instead of a file. A new preset is a file beside this one and a line here;
 * the schema's presetName enum is written from this registry (npm run generate:validators).
 */
export const gatePresets = {
  'cspm:recommended': recommended,
  'cspm:strict': strict,
} as const satisfies Record<string, readonly RulesFileAssertion[]>;

/** The name of one preset. */
export type GatePresetName = keyof typeof gatePresets;

/** Every preset name. */
export const gatePresetNames = Object.keys(gatePresets) as GatePresetName[];

/** True when `name` is a preset's name. */
export function isGatePresetName(name: string): name is GatePresetName {
  return Object.hasOwn(gatePresets, name);
}
