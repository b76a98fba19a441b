import type { Finding, RuleId } from './finding.js';
import type { RuleInfo } from './rule.js';

/*
 * Which rules' findings mean that an input's figures were not analysed: the fact the
 * fail-closed policy (fail-closed.ts) rests on. The policy lives in model/ so that every
 * stage reads the one policy, and model/ may import no stage, so it cannot read the rule
 * catalogue (analyse/rule-catalogue.ts, beside the rules' code). The fact is therefore a
 * table here, whose keys the typecheck holds to real rule ids. Each rule's file still
 * declares its own `unusableInput` for the catalogue and the silencing guard; a rule's
 * declared type is the wide RuleInfo (its id is what RuleId is derived from), so no type
 * can compare the two, and test/model/unusable-input.test.ts fails when they differ.
 */

/** How a rule's findings mark an unusable input: every one of them, or its errors only. */
export type UnusableInputKind = NonNullable<RuleInfo['unusableInput']>;

/** The rules whose findings mark an unusable input, in catalogue order. */
export const unusableInputRules = {
  'json-syntax': 'always',
  'duplicate-key': 'always',
  'envelope-failure': 'always',
  'not-a-report': 'as-error',
  schema: 'always',
  'empty-report': 'always',
  'no-valid-report': 'always',
} as const satisfies Partial<Record<RuleId, UnusableInputKind>>;

const kinds: ReadonlyMap<string, UnusableInputKind> = new Map(Object.entries(unusableInputRules));

/**
 * True when `finding` means its input's figures were not analysed: a finding of such a
 * rule, or for a rule that says so only of its errors (not-a-report), an error.
 */
export function marksUnusableInput(finding: Finding): boolean {
  const kind = kinds.get(finding.rule);
  return kind === 'always' || (kind === 'as-error' && finding.severity === 'error');
}
