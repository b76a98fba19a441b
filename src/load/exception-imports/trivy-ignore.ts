import {
  draftId,
  lastDayBefore,
  mappingAt,
  stringsAt,
  todo,
  ungoverned,
  type DraftException,
  type ExceptionImporter,
  ImportProblem,
} from './exception-importer.js';

/** The sections of a Trivy ignore file that are not posture checks: left out, and counted. */
const otherSections = ['vulnerabilities', 'secrets', 'licenses'] as const;

/**
 * Trivy's `.trivyignore.yaml`: its `misconfigurations` (id, paths, statement, expired_at),
 * one draft each. Vulnerabilities, secrets and licenses are no posture checks: the file's
 * notes count what was left out.
 */
export const trivyIgnore: ExceptionImporter = {
  name: 'Trivy ignore file',
  description: "Trivy's .trivyignore.yaml (its misconfigurations), YAML",
  topKeys: ['misconfigurations', ...otherSections],
  read(value) {
    const top = mappingAt(value, '', 'a Trivy ignore file');
    const entries = top['misconfigurations'] ?? [];
    if (!Array.isArray(entries)) throw new ImportProblem('/misconfigurations', 'must be a list');
    const drafts: DraftException[] = entries.map((item, index) => {
      const pointer = `/misconfigurations/${index}`;
      const entry = mappingAt(item, pointer, 'an ignored misconfiguration');
      if (typeof entry['id'] !== 'string' || entry['id'].trim() === '')
        throw new ImportProblem(`${pointer}/id`, `must be the check's id`);
      const paths = stringsAt(entry['paths'], `${pointer}/paths`);
      const expiry =
        entry['expired_at'] === undefined || entry['expired_at'] === null
          ? undefined
          : lastDayBefore(entry['expired_at'], `${pointer}/expired_at`, "Trivy's expired_at");
      const statement =
        typeof entry['statement'] === 'string' && entry['statement'].trim() !== ''
          ? entry['statement'].trim()
          : undefined;
      return {
        id: draftId('TRIVY', index),
        policy: entry['id'],
        accounts: [todo('the accounts it covers (a Trivy ignore file names none)')],
        reason: statement ?? todo('why the risk is accepted (the entry gives no statement)'),
        ...ungoverned(),
        expires: expiry?.expires ?? todo('the last day it applies, YYYY-MM-DD (the entry gives no expired_at)'),
        notes: [
          `from ${pointer}`,
          ...(expiry === undefined ? [] : [expiry.note]),
          ...(paths.length > 0
            ? [
                `Trivy ignored it only in ${paths.join(', ')}; this exception accepts the policy in every account it names`,
              ]
            : []),
        ],
      };
    });
    const left = otherSections
      .map((section) => [section, Array.isArray(top[section]) ? (top[section] as unknown[]).length : 0] as const)
      .filter(([, count]) => count > 0);
    const notes =
      left.length === 0
        ? []
        : [`left out ${left.map(([section, count]) => `${count} ${section}`).join(', ')}: they are not posture checks`];
    return { drafts, notes };
  },
};
