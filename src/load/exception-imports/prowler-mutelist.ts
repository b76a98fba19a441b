import { escapePointerToken } from '../../text/pointer-token.js';
import {
  draftId,
  isPattern,
  mappingAt,
  stringsAt,
  todo,
  ungoverned,
  type DraftException,
  type ExceptionImporter,
  ImportProblem,
} from './exception-importer.js';

/** The top keys Prowler has used for its mutelist: `Mutelist` (v4, v5), `Mute List` and `Allowlist` (v3). */
const topKeys = ['Mutelist', 'Mute List', 'Allowlist'] as const;

/** What a mutelist entry narrows that an exception cannot: it accepts a policy for the whole account. */
function narrowing(entry: Record<string, unknown>, pointer: string): string[] {
  const notes: string[] = [];
  for (const key of ['Regions', 'Resources', 'Tags'] as const) {
    const values = stringsAt(entry[key], `${pointer}/${key}`);
    if (values.length > 0 && !(values.length === 1 && values[0] === '*'))
      notes.push(
        `Prowler muted it only for ${key.toLowerCase()} ${values.join(', ')}; this exception accepts the policy for every resource of the account: narrow the scan or split the policy`,
      );
  }
  if (entry['Exceptions'] !== undefined)
    notes.push(
      'the entry excepts some accounts, regions, resources or tags from the mute; an exception cannot: check which it should cover',
    );
  return notes;
}

/**
 * Prowler's mutelist (`Mutelist.Accounts.<account>.Checks.<check>` with Regions, Resources,
 * Tags and Exceptions): one draft per account and check. A mutelist has no owner, approver
 * or expiry, and mutes resources where an exception accepts a whole policy: each draft says
 * so in TODOs and notes.
 */
export const prowlerMutelist: ExceptionImporter = {
  name: 'Prowler mutelist',
  description: "Prowler's mutelist (Mutelist.Accounts.*.Checks.*), YAML",
  topKeys,
  read(value) {
    const top = mappingAt(value, '', 'a Prowler mutelist');
    const key = topKeys.find((name) => top[name] !== undefined);
    if (key === undefined)
      throw new ImportProblem('', `no ${topKeys.map((name) => `"${name}"`).join(' or ')} at its top`);
    const accounts = mappingAt(
      mappingAt(top[key], `/${escapePointerToken(key)}`, 'the mutelist')['Accounts'],
      `/${escapePointerToken(key)}/Accounts`,
      'accounts by id',
    );
    const drafts: DraftException[] = [];
    for (const [account, accountValue] of Object.entries(accounts)) {
      const accountPointer = `/${escapePointerToken(key)}/Accounts/${escapePointerToken(account)}`;
      const checks = mappingAt(
        mappingAt(accountValue, accountPointer, 'an account')['Checks'],
        `${accountPointer}/Checks`,
        'checks by name',
      );
      for (const [check, checkValue] of Object.entries(checks)) {
        const pointer = `${accountPointer}/Checks/${escapePointerToken(check)}`;
        const entry = mappingAt(checkValue, pointer, 'a check');
        const description =
          typeof entry['Description'] === 'string' && entry['Description'].trim() !== ''
            ? entry['Description'].trim()
            : undefined;
        drafts.push({
          id: draftId('MUTELIST', drafts.length),
          policy: isPattern(check)
            ? todo(`the PolicyIds that "${check}" means (an exception names each policy)`)
            : check,
          accounts: [account],
          reason: description ?? todo('why the risk is accepted (the mutelist gives no reason)'),
          ...ungoverned(),
          expires: todo('the last day it applies, YYYY-MM-DD (the mutelist gives no expiry)'),
          notes: [`from ${pointer}`, ...narrowing(entry, pointer)],
        });
      }
    }
    return { drafts, notes: [] };
  },
};
