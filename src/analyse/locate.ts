import type { CategoryInContext } from '../model/rule.js';

/**
 * Pointers are built only when a rule reports something: a clean report of 300,000
 * policies then allocates none.
 */

/** Pointer of policy `index` of a category, or of one of its fields. */
export function policyPointer(category: CategoryInContext, index: number, field?: string): string {
  const base = `${category.pointer}/Policies/${index}`;
  return field === undefined ? base : `${base}/${field}`;
}

/** Pointer of a field of a category. */
export function categoryPointer(category: CategoryInContext, field?: string): string {
  return field === undefined ? category.pointer : `${category.pointer}/${field}`;
}

/** Quotes a value from a report for a message, clipped and with control characters shown. */
export function quote(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 76)}..."` : text;
}
