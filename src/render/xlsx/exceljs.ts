/*
 * The XLSX renderer's one run-time import of exceljs. `npm run build` replaces this
 * module's output with a bundle of exceljs and the parts of its dependency tree it
 * loads (scripts/bundle-exceljs.js): exceljs 4.4 brings 168 packages of its own, most
 * of them for reading workbooks and zip archives, 45 MB on disk; the bundle is one
 * file, and the licences of what it holds ship beside it.
 */
import ExcelJS from 'exceljs';

export default ExcelJS;
