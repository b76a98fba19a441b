import { createRequire } from 'node:module';
import type XMLBuilder from 'fast-xml-builder';

const requirePackage = createRequire(import.meta.url);
let builder: InstanceType<typeof XMLBuilder> | undefined;

/**
 * The XML builder of the junit format, made on first use: loading fast-xml-builder
 * takes tens of milliseconds, which every command would otherwise pay at start-up
 * although only a JUnit output needs it. Attribute names start with `@_`, text is
 * `#text`, empty elements are closed, entities escaped, and lines indented.
 */
export function xmlBuilder(): InstanceType<typeof XMLBuilder> {
  if (builder === undefined) {
    // Its CommonJS build exports the class as `default`.
    const { default: Builder } = requirePackage('fast-xml-builder') as { default: typeof XMLBuilder };
    builder = new Builder({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      format: true,
      suppressEmptyNode: true,
      processEntities: true,
    });
  }
  return builder;
}
