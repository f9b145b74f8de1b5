/**
 * A release a team can pin and get approved: a LICENSE that is the one package.json names,
 * `repository`, `bugs` and `homepage` of one repository, a tag convention (v + version) that
 * the install page uses as written, and a release workflow (parsed: it runs on GitHub only)
 * that checks the tag against the version, attaches the packed package and pushes the image.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/spawn.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  license: string;
  repository: { type: string; url: string };
  bugs: { url: string };
  homepage: string;
};
const REPO = /^git\+(https:\/\/github\.com\/[\w.-]+\/[\w.-]+)\.git$/.exec(pkg.repository.url)?.[1];
const TAG = `v${pkg.version}`;

describe('licence and repository', () => {
  it('ships an MIT LICENSE, as package.json says', () => {
    expect(pkg.license).toBe('MIT');
    const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
    expect(license.split('\n')[0]).toBe('MIT License');
    expect(license).toContain('Permission is hereby granted, free of charge');
  });

  it('names one GitHub repository for the code, its issues and its home page', () => {
    expect(pkg.repository.type).toBe('git');
    expect(REPO).toBeDefined();
    expect(pkg.bugs.url).toBe(`${REPO}/issues`);
    expect(pkg.homepage).toBe(`${REPO}#readme`);
  });
});

describe('the install page pins a release as the workflow makes it', () => {
  const page = readFileSync(join(ROOT, 'docs/add-to-your-project.md'), 'utf8');
  const owner = new URL(REPO!).pathname.split('/')[1]!;

  it('installs the tag, its attached tarball and its image, by the names the workflow gives them', () => {
    expect(page).toContain(`npm install --save-dev ${REPO}/releases/download/${TAG}/${pkg.name}-${pkg.version}.tgz`);
    expect(page).toContain(`npm install --save-dev "git+${REPO}.git#${TAG}"`);
    expect(page).toContain(`docker pull ghcr.io/${owner}/${pkg.name}:${pkg.version}`);
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`"git+${REPO}.git#${TAG}"`);
  });

  const workflow = parseYaml(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')) as {
    on: { push: { tags: string[] } };
    permissions: Record<string, string>;
    jobs: { release: { steps: { run?: string; uses?: string }[] } };
  };
  const script = workflow.jobs.release.steps.map((s) => s.run ?? '').join('\n');

  it('runs on v-tags and refuses one that is not v + package.json version', () => {
    expect(workflow.on.push.tags).toEqual(['v*']);
    expect(script).toContain('test "$GITHUB_REF_NAME" = "v$version"');
  });

  it('attaches the packed package to the release and pushes the image under the version', () => {
    expect(workflow.permissions).toEqual({ contents: 'write', packages: 'write' });
    // With its scripts: prepack leaves `prepare` out of the packed package.json (scripts/pack-manifest.mjs).
    expect(script).toMatch(/npm pack$/m);
    expect(script).toMatch(/gh release create "\$GITHUB_REF_NAME" "checkout-sandbox-\$VERSION\.tgz"/);
    expect(script).toContain('image="ghcr.io/${GITHUB_REPOSITORY_OWNER,,}/checkout-sandbox:$VERSION"');
    expect(script).toMatch(/docker build -t "\$image" \.\n\s*docker push "\$image"/);
  });
});
