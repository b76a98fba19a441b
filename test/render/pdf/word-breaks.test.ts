import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { FontSet } from '../../../src/render/pdf/font-set.js';
import { Typesetter } from '../../../src/render/pdf/typesetter.js';
import { wordParts } from '../../../src/render/pdf/word-parts.js';

describe('wordParts', () => {
  const cases = [
    { name: 'camel case', input: 'BackupVaultService', expected: ['Backup', 'Vault', 'Service'] },
    { name: 'an acronym before a word', input: 'HTTPSProxy', expected: ['HTTPS', 'Proxy'] },
    { name: 'digits end a part', input: 'Ipv6Address', expected: ['Ipv6', 'Address'] },
    { name: 'after underscores and hyphens', input: 'snake_case-name', expected: ['snake_', 'case-', 'name'] },
    { name: 'a word without parts', input: 'Storage', expected: ['Storage'] },
  ];
  it.each(cases)('$name', ({ input, expected }) => expect(wordParts(input)).toEqual(expected));
});

describe('Typesetter.wrap', () => {
  const type = new Typesetter(new FontSet(new PDFDocument({ autoFirstPage: false })));
  const size = 7.5;
  const lines = (text: string, width: number): string[] =>
    type.wrap(type.tokens(text), width, size).map((line) => line.map((token) => token.shape.text).join(''));
  const widthOf = (text: string): number => type.width(type.tokens(text), size);

  it.each([
    {
      name: 'BackupVaultService',
      text: 'BackupVaultService',
      fits: 'BackupVaultServic',
      expected: ['BackupVault', 'Service'],
    },
    {
      name: 'WindowsVirtualMachines',
      text: 'WindowsVirtualMachines',
      fits: 'WindowsVirtualM',
      expected: ['WindowsVirtual', 'Machines'],
    },
    {
      name: 'a snake_case name',
      text: 'storage_account_keys',
      fits: 'storage_account_k',
      expected: ['storage_account_', 'keys'],
    },
  ])('breaks $name between its parts, not mid-word', ({ text, fits, expected }) => {
    expect(lines(text, widthOf(fits) + 0.1)).toEqual(expected);
  });

  it('breaks a part wider than the line between characters still', () => {
    const width = widthOf('Supercali');
    const parts = lines('Supercalifragilistic', width);
    expect(parts.join('')).toBe('Supercalifragilistic');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(widthOf(part)).toBeLessThanOrEqual(width + 0.5);
  });
});
