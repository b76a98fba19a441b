import { prowlerFinding } from '../../support/prowler-finding.js';
import { value, type RuleTables } from '../support/rule-cases.js';

/** Rules of the readers of other scanners' results. */
export const scannerTables: RuleTables = {
  'scanner-value': [
    {
      name: 'a status Prowler does not write, read as a failure',
      input: value([prowlerFinding({ status: 'MAYBE' }), prowlerFinding({ check: 'other', status: 'PASS' })]),
      expected: [
        { rule: 'scanner-value', severity: 'warning', pointer: '/0/status_code', says: ['"MAYBE"', 'read as FAIL'] },
      ],
    },
    {
      name: 'an item among the findings that is no Prowler finding',
      input: value([prowlerFinding({ status: 'PASS' }), { class_uid: 2003 }]),
      expected: [
        { rule: 'scanner-value', severity: 'error', pointer: '/1', says: ['no Prowler OCSF Detection Finding'] },
      ],
    },
    {
      name: 'every status known',
      input: value([
        prowlerFinding({ status: 'PASS' }),
        prowlerFinding({ check: 'b', status: 'FAIL' }),
        prowlerFinding({ check: 'c', status: 'MANUAL' }),
      ]),
      expected: [],
    },
  ],
  'muted-result': [
    {
      name: 'a finding Prowler muted (status_id 3): named, and not counted as passed',
      input: value([
        prowlerFinding({ status: 'FAIL', statusId: 3 }),
        prowlerFinding({ status: 'PASS', resource: 'r2' }),
      ]),
      expected: [
        {
          rule: 'muted-result',
          severity: 'warning',
          pointer: '/0',
          says: ['1 result of iam_root_mfa_enabled was muted in Prowler', 'no owner and no expiry'],
        },
      ],
    },
    {
      name: 'nothing muted',
      input: value([prowlerFinding({ status: 'FAIL' })]),
      expected: [],
    },
  ],
};
