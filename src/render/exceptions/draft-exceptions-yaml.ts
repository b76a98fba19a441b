import type { DraftException, ImportedExceptions } from '../../load/exception-imports/exception-importer.js';

/** A comment line: the text on one line, with no character a YAML comment cannot hold. */
function comment(text: string, indent: string): string {
  // A line break would end the comment and make the rest YAML; other controls are not text.
  return `${indent}# ${text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')}`;
}

/**
 * A YAML string: JSON's double-quoted form, which YAML reads the same, so that no value
 * (`no`, `2027-01-01`, `*`, `#`) is read as anything but the text it is.
 */
function scalar(value: string): string {
  return JSON.stringify(value);
}

function entry(draft: DraftException): string[] {
  return [
    ...draft.notes.map((note) => comment(note, '  ')),
    `  - id: ${scalar(draft.id)}`,
    `    policy: ${scalar(draft.policy)}`,
    `    accounts: [${draft.accounts.map(scalar).join(', ')}]`,
    `    reason: ${scalar(draft.reason)}`,
    `    owner: ${scalar(draft.owner)}`,
    `    approvedBy: ${scalar(draft.approvedBy)}`,
    `    approved: ${scalar(draft.approved)}`,
    `    expires: ${scalar(draft.expires)}`,
  ];
}

/**
 * An exceptions file of imported drafts, with a header saying where they came from and
 * that every TODO must be filled in: until then the file does not validate, so nothing
 * the peer's file left ungoverned is accepted.
 *
 * @param from how the header names the import (`prowler-mutelist mutelist.yaml`)
 */
export function draftExceptionsYaml(imported: ImportedExceptions, from: string): string {
  const todos = imported.drafts.reduce(
    (count, draft) =>
      count +
      Object.values(draft).filter((value) => typeof value === 'string' && value.startsWith('TODO')).length +
      draft.accounts.filter((account) => account.startsWith('TODO')).length,
    0,
  );
  const header = [
    comment(`Imported by cspm-report exceptions import --from ${from}`, ''),
    comment(
      `${imported.drafts.length} exception${imported.drafts.length === 1 ? '' : 's'}, ${todos} TODO${todos === 1 ? '' : 's'} to fill in: the file is refused until none is left.`,
      '',
    ),
    ...imported.notes.map((note) => comment(note, '')),
  ];
  const body = imported.drafts.length === 0 ? ['exceptions: []'] : ['exceptions:', ...imported.drafts.flatMap(entry)];
  return `${[...header, ...body].join('\n')}\n`;
}
