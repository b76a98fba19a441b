import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fontFamilies, fontPackages } from '../../src/render/pdf/font-files.js';
import { repositoryRoot } from '../support/clean-clone.js';

/**
 * The Dockerfile read as text, so that it cannot rot where no Docker engine runs it:
 * base images pinned to a major version Node's engines allow, a non-root user, the
 * entry point, files it copies that exist and are not ignored, and the CJK font
 * packages it copies being the renderer's optional families at their declared paths.
 */

interface Instruction {
  keyword: string;
  value: string;
}

/** The Dockerfile's instructions, continuation lines joined and comments dropped. */
function instructions(text: string): Instruction[] {
  const joined = text.replace(/\\\n/g, ' ').split('\n');
  return joined
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), value: rest.join(' ') };
    });
}

const dockerfile = instructions(readFileSync(join(repositoryRoot, 'Dockerfile'), 'utf8'));
const stages = dockerfile.reduce<Instruction[][]>((all, instruction) => {
  if (instruction.keyword === 'FROM') all.push([]);
  all.at(-1)?.push(instruction);
  return all;
}, []);
const finalStage = stages.at(-1) ?? [];
const manifest = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
  engines: { node: string };
  bin: Record<string, string>;
  files: string[];
  peerDependencies: Record<string, string>;
};
const ignored = readFileSync(join(repositoryRoot, '.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

function last(stage: Instruction[], keyword: string): string | undefined {
  return stage.filter((instruction) => instruction.keyword === keyword).at(-1)?.value;
}

describe('the Dockerfile', () => {
  it('builds on node images pinned to a major version that the engines field allows', () => {
    const minimum = Number(/^>=(\d+)/.exec(manifest.engines.node)?.[1]);
    expect(stages.length).toBeGreaterThan(1);
    for (const stage of stages) {
      const image = stage[0]!.value.split(/\s+/)[0]!;
      const major = /^node:(\d+)-[a-z-]+$/.exec(image);
      expect(major, image).not.toBeNull();
      expect(Number(major![1])).toBeGreaterThanOrEqual(minimum);
    }
  });

  it('runs the command as a non-root user in /work, with --help by default', () => {
    const user = last(finalStage, 'USER');
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user!.split(':')[0]);
    expect(last(finalStage, 'WORKDIR')).toBe('/work');
    expect(JSON.parse(last(finalStage, 'ENTRYPOINT')!)).toEqual(['cspm-report']);
    expect(JSON.parse(last(finalStage, 'CMD')!)).toEqual(['--help']);
    const linked = finalStage.find(
      (instruction) => instruction.keyword === 'RUN' && instruction.value.includes('/usr/local/bin/cspm-report'),
    );
    expect(linked?.value).toContain(`ln -s /opt/cspm-report/${manifest.bin['cspm-report']} /usr/local/bin/cspm-report`);
  });

  it('copies files that exist and that .dockerignore sends', () => {
    const copies = dockerfile.filter(
      (instruction) => instruction.keyword === 'COPY' && !instruction.value.startsWith('--from'),
    );
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      const sources = copy.value.split(/\s+/).slice(0, -1);
      for (const source of sources) {
        expect(existsSync(join(repositoryRoot, source)), source).toBe(true);
        expect(ignored, source).not.toContain(source);
      }
    }
    // What the build and npm pack need must reach the build (dist/ it builds itself); the
    // host's installs and builds must not.
    const packed = manifest.files.map((file) => file.split('/')[0]!).filter((path) => path !== 'dist');
    const needed = [
      'src',
      'scripts',
      'tsconfig.json',
      'tsconfig.build.json',
      'package.json',
      'package-lock.json',
      ...packed,
    ];
    for (const path of needed)
      expect(
        ignored.some((pattern) => pattern === path || pattern.startsWith(`${path}/`)),
        path,
      ).toBe(false);
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist', '.git']));
  });

  it("copies the regular and bold faces of the renderer's optional font packages", () => {
    const copied = [
      ...readFileSync(join(repositoryRoot, 'Dockerfile'), 'utf8').matchAll(/([a-z-]+):(NotoSans[A-Z]+)\b/g),
    ].map(([, name, face]) => ({ name: name!, face: face! }));
    const optional = fontFamilies.map((family) => fontPackages[family]).filter((files) => !files.bundled);
    expect(copied.map(({ name }) => `@expo-google-fonts/${name}`)).toEqual(optional.map((files) => files.package));
    for (const { name, face } of copied) {
      const files = optional.find((candidate) => candidate.package === `@expo-google-fonts/${name}`)!;
      expect([files.regular, files.bold]).toEqual([`400Regular/${face}_400Regular.ttf`, `700Bold/${face}_700Bold.ttf`]);
      expect(Object.keys(manifest.peerDependencies)).toContain(files.package);
    }
  });
});
