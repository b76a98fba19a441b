import { terminalJson } from '../../../text/terminal-text.js';

/**
 * Characters from DEL up: every character terminalJson escapes is among them. Most
 * strings of a report are ASCII below DEL, and testing for this is cheaper than
 * letting terminalJson search each short string for its own set.
 */
const mayNeedEscape = /[^\u0000-\u007e]/;

/**
 * A string as JSON text, safe to print as the json format's text is: bidirectional and
 * C1 controls as `\uXXXX` escapes, which a reader decodes to the same characters. The
 * sarif format writes its results piece by piece, so each string from the data is
 * escaped here instead of scanning the whole log at the end.
 */
export function jsonString(text: string): string {
  const json = JSON.stringify(text);
  return mayNeedEscape.test(json) ? terminalJson(json) : json;
}

/**
 * Any value as JSON text, escaped as {@link jsonString} does; undefined where
 * JSON.stringify gives nothing (undefined, a function), which an object leaves out.
 */
export function jsonValue(value: unknown): string | undefined {
  const json = JSON.stringify(value) as string | undefined;
  return json !== undefined && mayNeedEscape.test(json) ? terminalJson(json) : json;
}
