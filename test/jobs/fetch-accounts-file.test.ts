import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAccountsFile } from '../../src/index.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

function accountsFile(name: string, text: string): string {
  const file = join(tempDir(), name);
  writeFileSync(file, text);
  return file;
}

describe('readAccountsFile: a field given twice', () => {
  it('refuses a JSON line that repeats a key, naming the line, the key and its columns', async () => {
    const file = accountsFile(
      'fleet.jsonl',
      '{"license":"L1","account":"a1","job":"j1","benchmark":"B"}\n{"license":"L1","account":"a2","job":"j2","benchmark":"B","account":"a3"}\n',
    );
    const error = readAccountsFile(file);
    await expect(error).rejects.toMatchObject({
      code: 'accounts-invalid',
      data: { file, line: 2, pointer: '/account' },
    });
    await expect(readAccountsFile(file)).rejects.toThrow(
      /fleet\.jsonl:2 \/account: key "account" appears twice \(columns 17 and 59\); which value counts would be a guess$/,
    );
  });

  it('takes keys as JSON.parse reads them: "\\u0061ccount" is "account"', async () => {
    const file = accountsFile(
      'fleet.jsonl',
      '{"license":"L1","account":"a2","job":"j2","benchmark":"B","\\u0061ccount":"a3"}\n',
    );
    await expect(readAccountsFile(file)).rejects.toThrow(/fleet\.jsonl:1 \/account: key "account" appears twice/);
  });

  it('refuses two spellings of one field in a JSON line, and two columns of one field in CSV', async () => {
    const json = accountsFile(
      'fleet.jsonl',
      '{"license":"L1","account":"a2","job":"j2","benchmark":"B","accountId":"a3"}\n',
    );
    await expect(readAccountsFile(json)).rejects.toThrow(
      /fleet\.jsonl:1 \/accountId: keys "account" and "accountId" both name the account$/,
    );
    const csv = accountsFile('fleet.csv', 'license,account,job,benchmark,Account ID\nL1,a1,j1,B,a2\n');
    await expect(readAccountsFile(csv)).rejects.toMatchObject({
      code: 'accounts-invalid',
      data: { line: 1, pointer: '/Account ID' },
    });
    await expect(readAccountsFile(csv)).rejects.toThrow(
      /fleet\.csv:1 \/Account ID: columns 2 and 5 \(account, Account ID\) both name the account$/,
    );
  });

  it('reads keys that repeat only in different records', async () => {
    const file = accountsFile(
      'fleet.jsonl',
      '{"license":"L1","account":"a1","job":"j1","benchmark":"B"}\n{"license":"L1","account":"a2","job":"j1","benchmark":"B"}\n',
    );
    expect((await readAccountsFile(file)).map((target) => target.accountId)).toEqual(['a1', 'a2']);
  });
});
