import { describe, expect, it } from 'vitest';
import type { Policy, ResourceCategory } from '../../../src/index.js';
import { matchPolicies } from '../../../src/analyse/diff/match-policies.js';
import { minimalReport, policy } from '../../support/minimal-report.js';

/** A policy known by id, ComplianceNumber and ShortTitle; `tag` tells copies apart. */
function known(id: string, number: string, title: string, tag = ''): Policy {
  return policy(id, number, 1, 1, { ShortTitle: title, ServiceName: tag });
}

function category(name: string, ...policies: Policy[]): ResourceCategory {
  return { ...minimalReport().ResourceCategories[0]!, CategoryName: name, CategoryId: name, Policies: policies };
}

const name = (entry: Policy): string => `${entry.PolicyId}${entry.ServiceName}`;

/** What the visitor is told, in order: `pair old@category new@category by`, `added …`, `removed …`. */
function told(olds: ResourceCategory[], news: ResourceCategory[]): string[] {
  const lines: string[] = [];
  matchPolicies(olds, news, {
    pair: (old, oldCategory, next, nextCategory, by) =>
      lines.push(`pair ${name(old)}@${oldCategory.CategoryName} ${name(next)}@${nextCategory.CategoryName} by ${by}`),
    added: (entry, where) => lines.push(`added ${name(entry)}@${where.CategoryName}`),
    removed: (entry, where) => lines.push(`removed ${name(entry)}@${where.CategoryName}`),
  });
  return lines;
}

describe('matchPolicies', () => {
  it.each<[string, ResourceCategory[], ResourceCategory[], string[]]>([
    ['nothing on either side', [], [], []],
    [
      'the same policies: paired by PolicyId',
      [category('A', known('p', '1', 't'), known('q', '2', 'u'))],
      [category('A', known('q', '2', 'u'), known('p', '1', 't'))],
      ['pair q@A q@A by PolicyId', 'pair p@A p@A by PolicyId'],
    ],
    [
      'a policy moved to another category',
      [category('A', known('p', '1', 't')), category('B')],
      [category('A'), category('B', known('p', '1', 't'))],
      ['pair p@A p@B by PolicyId'],
    ],
    [
      'a PolicyId renamed: paired by ComplianceNumber and ShortTitle',
      [category('A', known('p', '1', 't'))],
      [category('B', known('p2', '1', 't'))],
      ['pair p@A p2@B by ComplianceNumber+ShortTitle'],
    ],
    [
      'a PolicyId renamed with another title: added and removed',
      [category('A', known('p', '1', 't'))],
      [category('A', known('p2', '1', 'other'))],
      ['added p2@A', 'removed p@A'],
    ],
    [
      'a PolicyId renamed with another number: added and removed',
      [category('A', known('p', '1', 't'))],
      [category('A', known('p2', '2', 't'))],
      ['added p2@A', 'removed p@A'],
    ],
    // The key joins number and title unambiguously: "1" + "2t" is not "12" + "t".
    [
      'number and title that only run together alike',
      [category('A', known('p', '1', '2t'))],
      [category('A', known('p2', '12', 't'))],
      ['added p2@A', 'removed p@A'],
    ],
    [
      'only policies left over pair by number and title, never one paired by id',
      [category('A', known('p', '1', 't'), known('q', '9', 'x'))],
      [category('A', known('p', '1', 't'), known('r', '1', 't'))],
      ['pair p@A p@A by PolicyId', 'added r@A', 'removed q@A'],
    ],
    [
      'an id twice on both sides pairs in document order',
      [category('A', known('p', '1', 't', '-old1'), known('p', '1', 't', '-old2'))],
      [category('A', known('p', '1', 't', '-new1'), known('p', '1', 't', '-new2'))],
      ['pair p-old1@A p-new1@A by PolicyId', 'pair p-old2@A p-new2@A by PolicyId'],
    ],
    [
      'an id three times on the old side, once on the new: the rest removed in order',
      [category('A', known('p', '1', 't', '-1'), known('p', '2', 'u', '-2'), known('p', '3', 'v', '-3'))],
      [category('A', known('p', '1', 't', '-new'))],
      ['pair p-1@A p-new@A by PolicyId', 'removed p-2@A', 'removed p-3@A'],
    ],
    [
      'an id once on the old side, twice on the new: paired once, then added',
      [category('A', known('p', '1', 't', '-old'))],
      [category('A', known('p', '1', 't', '-new1'), known('p', '5', 'w', '-new2'))],
      ['pair p-old@A p-new1@A by PolicyId', 'added p-new2@A'],
    ],
    [
      'a number and title twice on both sides pair in document order',
      [category('A', known('a', '1', 't', '-old1'), known('b', '1', 't', '-old2'))],
      [category('A', known('c', '1', 't', '-new1'), known('d', '1', 't', '-new2'), known('e', '1', 't', '-new3'))],
      [
        'pair a-old1@A c-new1@A by ComplianceNumber+ShortTitle',
        'pair b-old2@A d-new2@A by ComplianceNumber+ShortTitle',
        'added e-new3@A',
      ],
    ],
    ['everything new', [], [category('A', known('p', '1', 't'))], ['added p@A']],
    [
      'everything removed, in document order',
      [category('A', known('p', '1', 't')), category('B', known('q', '2', 'u'))],
      [],
      ['removed p@A', 'removed q@B'],
    ],
  ])('%s', (_name, olds, news, expected) => {
    expect(told(olds, news)).toEqual(expected);
  });
});
