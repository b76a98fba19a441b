import { escapePointerToken } from '../../text/pointer-token.js';
import {
  draftId,
  isPattern,
  lastDayBefore,
  mappingAt,
  todo,
  ungoverned,
  type DraftException,
  type ExceptionImporter,
  ImportProblem,
} from './exception-importer.js';

/** The keys of an InSpec waiver. */
const waiverKeys = ['justification', 'expiration_date', 'run'];

/**
 * InSpec's waiver file: control ids, each with `justification`, `expiration_date` and
 * `run`. The waiver stops at its expiration date (see lastDayBefore).
 */
export const inspecWaivers: ExceptionImporter = {
  name: 'InSpec waivers file',
  description: "InSpec's waivers file (control id: justification, expiration_date, run), YAML",
  read(value) {
    const controls = mappingAt(value, '', 'control ids, each with its waiver');
    const drafts: DraftException[] = Object.entries(controls).map(([control, item], index) => {
      const pointer = `/${escapePointerToken(control)}`;
      const waiver = mappingAt(item, pointer, 'a waiver');
      const unknown = Object.keys(waiver).find((key) => !waiverKeys.includes(key));
      if (unknown !== undefined)
        throw new ImportProblem(
          `${pointer}/${escapePointerToken(unknown)}`,
          `unknown key "${unknown}" (a waiver has ${waiverKeys.join(', ')})`,
        );
      const justification =
        typeof waiver['justification'] === 'string' && waiver['justification'].trim() !== ''
          ? waiver['justification'].trim()
          : undefined;
      const expiration = waiver['expiration_date'];
      const expiry =
        expiration === undefined || expiration === null
          ? undefined
          : lastDayBefore(expiration, `${pointer}/expiration_date`, "InSpec's expiration_date");
      return {
        id: draftId('WAIVER', index),
        policy: isPattern(control)
          ? todo(`the PolicyIds that "${control}" means (an exception names each policy)`)
          : control,
        accounts: [todo('the accounts it covers (a waiver file names none)')],
        reason: justification ?? todo('why the risk is accepted (the waiver gives no justification)'),
        ...ungoverned(),
        expires: expiry?.expires ?? todo('the last day it applies, YYYY-MM-DD (the waiver gives no expiration_date)'),
        notes: [
          `from ${pointer}`,
          ...(expiry === undefined ? [] : [expiry.note]),
          ...(waiver['run'] === false
            ? [
                'InSpec did not run the control (run: false); here the policy is still scanned, and only its failure is accepted',
              ]
            : []),
        ],
      };
    });
    return { drafts, notes: [] };
  },
};
