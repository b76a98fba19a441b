#!/usr/bin/env node
// Copies the regular and bold faces of the Noto families every PDF may need from their
// npm packages (devDependencies) into fonts/, with each family's licence (SIL OFL 1.1).
// Each package ships eighteen faces and the PDF uses two: bundling just those keeps the
// installed package small. Run after updating one of the packages; a test checks that
// fonts/ holds the packages' bytes.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { bundledFonts } from '../dist/render/pdf/font-files.js';

const require = createRequire(import.meta.url);
mkdirSync('fonts', { recursive: true });
for (const font of bundledFonts) {
  const folder = dirname(require.resolve(`${font.package}/package.json`));
  copyFileSync(join(folder, font.source), join('fonts', font.file));
  console.log(`fonts/${font.file} from ${font.package}/${font.source}`);
}
