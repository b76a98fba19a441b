import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCompositeAction } from '../support/composite-action.js';
import { cloneHead, npmEnv, repositoryRoot } from '../support/clean-clone.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * The Action's set-up from a checkout as GitHub makes it at a release tag: the committed
 * tree with dist/ and no node_modules. The set-up step installs the runtime dependencies
 * from the lockfile (npm's cache first: npm_config_prefer_offline) and the check runs.
 */

const tempDir = useTempDir();

describe('the Action at a release tag', () => {
  it('installs its runtime dependencies, then checks', () => {
    const actionPath = cloneHead(join(tempDir(), 'action'), false);
    cpSync(join(repositoryRoot, 'dist'), join(actionPath, 'dist'), { recursive: true });
    const workspace = tempDir();
    cpSync(join(repositoryRoot, 'samples'), join(workspace, 'samples'), { recursive: true });
    const result = runCompositeAction(actionPath, {
      workspace,
      inputs: { reports: 'samples/aws-cis.json' },
      env: { ...npmEnv, npm_config_prefer_offline: 'true' },
    });
    const [setup] = result.steps;
    expect(setup?.status, `${setup?.stdout}${setup?.stderr}`).toBe('success');
    expect(existsSync(join(actionPath, 'node_modules', 'pdfkit'))).toBe(true);
    expect(existsSync(join(actionPath, 'node_modules', 'typescript'))).toBe(false);
    expect(result.outputs['exit-code']).toBe('0');
    expect(result.failed).toBe(false);
  }, 180_000);
});
