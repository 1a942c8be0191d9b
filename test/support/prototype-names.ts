/**
 * Names of Object.prototype members. A lookup keyed by outside input (a filter key, a form field, a
 * media type, a user id) must treat each as an ordinary unknown name, never find the member.
 */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
] as const;

/**
 * A JSON object text with one own key `name`: `{"__proto__": ...}` cannot be written as a literal.
 */
export function jsonWithKey(name: string, value: unknown): string {
  return `{${JSON.stringify(name)}:${JSON.stringify(value)}}`;
}
