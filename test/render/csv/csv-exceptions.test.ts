import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { renderAccepted } from '../../support/render-accepted.js';
import { dayFromToday } from '../../support/sample-exceptions.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();

function records(bytes: Buffer): Record<string, string>[] {
  return parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
}

describe('CSV and POA&M with accepted risks', () => {
  it('gives each accepted policy its exception and expiry, and adds the columns only to a run with exceptions', async () => {
    const { accepted, plain } = await renderAccepted('csv', tempDir());
    const rows = records(accepted);
    const marked = rows.filter((row) => row.ExceptionId !== '');
    expect(marked.map((row) => [row.ShortTitle !== '', row.Compliance, row.ExceptionId, row.ExceptionExpires])).toEqual(
      expect.arrayContaining([[true, 'Red', 'EXC-1', dayFromToday(90)]]),
    );
    expect(marked.map((row) => row.ExceptionId).sort()).toEqual(['EXC-1', 'EXC-2']);
    expect(rows.every((row) => row.ExceptionId !== '' || row.ExceptionExpires === '')).toBe(true);
    const header = (parse(plain, { bom: true }) as string[][])[0];
    expect(header).not.toContain('ExceptionId');
    expect(accepted.subarray(0, accepted.indexOf('\r\n')).toString()).toBe(
      `${plain.subarray(0, plain.indexOf('\r\n')).toString()},ExceptionId,ExceptionExpires`,
    );
  });

  it('writes the exception columns where --fields names them', async () => {
    const { accepted } = await renderAccepted('csv', tempDir(), {
      csv: { fields: ['policy-id', 'exception-id', 'exception-expires'] },
    });
    const rows = parse(accepted, { bom: true }) as string[][];
    expect(rows[0]).toEqual(['PolicyId', 'ExceptionId', 'ExceptionExpires']);
    expect(rows).toContainEqual(['VMDiskEncryption', 'EXC-1', dayFromToday(90)]);
    expect(rows).toContainEqual(['VMJustInTimeAccess', 'EXC-2', dayFromToday(30)]);
  });

  it("makes an accepted risk's milestone its expiry, with the exception in the comments, in the POA&M", async () => {
    const { accepted, plain } = await renderAccepted('poam', tempDir());
    const rows = records(accepted);
    const critical = rows.find((row) => row.Comments?.includes('EXC-1'));
    expect(critical).toMatchObject({
      Severity: 'Critical',
      Status: 'Open',
      'Scheduled Completion Date': dayFromToday(90),
      Owner: 'platform@example.com',
      Comments: `accepted under EXC-1 until ${dayFromToday(90)} (owner platform@example.com, approved by ciso@example.com): Accepted until the platform migration ends.`,
    });
    expect(critical?.Milestones).toContain(dayFromToday(90));
    const open = rows.filter((row) => row.Comments === '');
    expect(open.length).toBe(rows.length - 2);
    expect(open.every((row) => row.Milestones === '' && row['Scheduled Completion Date'] === '')).toBe(true);
    const plainRows = records(plain);
    expect(Object.keys(plainRows[0] ?? {})).not.toContain('Comments');
    expect(plainRows.every((row) => row.Owner === '')).toBe(true);
  });
});
