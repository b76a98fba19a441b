'use strict';
// What `require('cspm-report')` loads: the package is an ES module only, and Node's own
// error for a package without a "require" export (ERR_PACKAGE_PATH_NOT_EXPORTED, "No
// "exports" main defined") does not say what to do instead.
const error = new Error(
  "cspm-report is an ES module: use import { checkReports } from 'cspm-report' in an ES module, " +
    "or const { checkReports } = await import('cspm-report') in CommonJS",
);
error.code = 'ERR_REQUIRE_ESM';
throw error;
