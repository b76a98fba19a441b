#!/usr/bin/env bash
# The set-up step of action.yml: makes the command line of the Action's own checkout
# (GITHUB_ACTION_PATH) runnable. A release tag carries dist/ (see README, "GitHub
# Action"): only the runtime dependencies are installed, from the lockfile. Any other
# ref holds sources only: npm ci installs the devDependencies too, and the package's
# prepare script builds dist/. A second use of the Action in one job finds it set up.
set -euo pipefail
cd "$GITHUB_ACTION_PATH"

if ! node -e 'const [major, minor] = process.versions.node.split(".").map(Number); process.exit(major > 20 || (major === 20 && minor >= 19) ? 0 : 1)'; then
  echo "::error title=cspm-report::cspm-report needs Node.js 20.19 or later on PATH: add actions/setup-node before this step"
  exit 1
fi
if [ -f dist/cspm-report.js ] && [ -d node_modules ]; then
  echo "cspm-report is set up"
  exit 0
fi
if [ -f dist/cspm-report.js ]; then
  npm ci --omit=dev --ignore-scripts --no-audit --no-fund
else
  echo "::notice title=cspm-report::building cspm-report from its sources (this ref has no dist/); a release tag sets up faster"
  npm ci --no-audit --no-fund
fi
