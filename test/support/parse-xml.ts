import { DOMParser, type Element } from '@xmldom/xmldom';

/** Parses XML with xmldom, every warning and error thrown: a lenient parse proves nothing. */
export function parseXml(xml: string): Element {
  const document = new DOMParser({
    onError: (level, message) => {
      throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(xml, 'application/xml');
  return document.documentElement!;
}
