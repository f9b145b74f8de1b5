/**
 * The docs promise only what exists. This repository publishes nothing by itself: the ways to
 * install are the ones a clone produces (`npm pack`'s tarball, the clone's git repository, the
 * image `docker build` makes), and the docs name no tag, release URL, published image or
 * registry package that does not exist. The release workflow is kept as what a maintainer runs
 * to publish (parsed: it runs on GitHub only), and docs/development.md describes it with the
 * names the workflow itself gives what it produces.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
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
const TARBALL = `${pkg.name}-${pkg.version}.tgz`;

/** Every page a user reads: the README and docs/ (its examples' READMEs included). */
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const pages = PAGES.map((page) => ({ page, text: readFileSync(join(ROOT, page), 'utf8') }));

/** The repository's version tags; none in a copy without git history (then every tag a doc names fails). */
function versionTags(): string[] {
  try {
    return execFileSync('git', ['-C', ROOT, 'tag', '--list', 'v*'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

/** Each match of a pattern on every page, as "page: match". */
function found(pattern: RegExp): { where: string; match: RegExpMatchArray }[] {
  return pages.flatMap(({ page, text }) => [...text.matchAll(pattern)].map((match) => ({ where: `${page}: ${match[0]}`, match })));
}

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

describe('the docs name only what exists', () => {
  const tags = versionTags();

  it('name no tag of this repository that git does not hold', () => {
    // A git ref after "#", a release page or asset, or the tag written out as "v" + the version.
    const named = [
      ...found(/checkout-sandbox(?:\.git)?#(v\d[\w.-]*)/g),
      ...found(/checkout-sandbox\/releases\/(?:download|tag)\/([^/\s)"'`]+)/g),
      ...found(new RegExp(`\`(v${pkg.version.replaceAll('.', '\\.')})\``, 'g')),
    ];
    expect(named.filter(({ match }) => !tags.includes(match[1]!)).map(({ where }) => where)).toEqual([]);
  });

  it('pull no image the docs do not build first: every checkout-sandbox image is one a `docker build -t` of the docs makes', () => {
    const built = new Set(found(/docker build -t (\S+) \./g).map(({ match }) => match[1]!));
    expect(built).toContain('checkout-sandbox');
    // A published image would be a concrete name on a registry; `<owner>`-style placeholders describe, they do not pull.
    const images = found(/(?<![\w./:-])((?:[\w.-]+\/)+checkout-sandbox(?::[\w.-]+)?)(?![\w/-])/g)
      .map(({ where, match }) => ({ where, image: match[1]! }))
      // A path in the repository or on disk, or a git URL: not an image.
      .filter(({ image }) => image.includes(':') || /^(ghcr\.io|docker\.io|quay\.io|registry\.)/.test(image));
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter(({ image }) => !built.has(image)).map(({ where }) => where)).toEqual([]);
    expect(found(/docker pull \S*checkout-sandbox\S*/g).map(({ where }) => where)).toEqual([]);
  });

  it('install nothing from a registry: no npm install or npx fetch of the package by its name', () => {
    expect(found(/npm (?:install|i|add)\b[^\n]*?(?<![\w./-])checkout-sandbox(?:@[\w.^~-]+)?(?=\s|$)/gm).map(({ where }) => where)).toEqual(
      [],
    );
    expect(found(/npx (?:-y |--yes )?(?:-p |--package[ =])checkout-sandbox\b/g).map(({ where }) => where)).toEqual([]);
  });

  it('install only the tarball npm pack writes (package.json name and version) or the git clone', () => {
    const installs = found(/npm install --save-dev (\S+)/g).map(({ where, match }) => ({ where, spec: match[1]!.replace(/^"|"$/g, '') }));
    expect(installs.length).toBeGreaterThanOrEqual(3);
    for (const { where, spec } of installs) {
      if (spec.endsWith('.tgz')) expect(spec.split('/').at(-1), where).toBe(TARBALL);
      else if (spec.startsWith('git+')) expect(spec, where).toMatch(/^git\+file:\/\/\/\S+#\w+$/);
      // Other packages a page installs beside it (types, test tools) are the registry's own.
      else expect(spec, where).not.toMatch(/checkout-sandbox/);
    }
    for (const { where, match } of found(/npm pack\s+# (?:in the clone: )?writes (\S+)/g)) expect(match[1], where).toBe(TARBALL);
    for (const { where, match } of found(/checkout-sandbox-(\d[\w.-]*)\.tgz/g)) expect(`${pkg.name}-${match[1]}.tgz`, where).toBe(TARBALL);
  });

  it('the git install is the one the pack check runs (git+file: at a commit of the clone)', () => {
    const script = readFileSync(join(ROOT, 'test/pack/pack-install.sh'), 'utf8');
    expect(script).toContain('npm install --no-audit --no-fund --prefer-offline --loglevel=error --save-dev "git+file://$ROOT#$COMMIT"');
    expect(script).toMatch(/npm pack --silent/);
  });

  it('the install page says whether a release exists, as git does', () => {
    const page = readFileSync(join(ROOT, 'docs/add-to-your-project.md'), 'utf8');
    const saysNone = page.includes('No release has been published');
    expect(saysNone).toBe(tags.length === 0);
  });
});

describe('the release workflow: what a maintainer runs to publish, as docs/development.md describes it', () => {
  const workflow = parseYaml(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')) as {
    on: { push: { tags: string[] } };
    permissions: Record<string, string>;
    jobs: { release: { steps: { run?: string; uses?: string }[] } };
  };
  const script = workflow.jobs.release.steps.map((s) => s.run ?? '').join('\n');
  const development = readFileSync(join(ROOT, 'docs/development.md'), 'utf8');
  const section = development.slice(development.indexOf('## Publishing a release'));
  /** A name of the workflow's script, with its shell variables as the page's placeholders. */
  const described = (name: string): string => name.replace('${GITHUB_REPOSITORY_OWNER,,}', '<owner>').replace('$VERSION', '<version>');

  it('runs on v-tags and refuses one that is not v + package.json version; the page says how to push one', () => {
    expect(workflow.on.push.tags).toEqual(['v*']);
    expect(script).toContain('test "$GITHUB_REF_NAME" = "v$version"');
    expect(section).toContain('git tag v<version>');
    expect(section).toContain('git push origin v<version>');
    expect(section).toContain('`.github/workflows/release.yml`');
  });

  it('attaches the packed package to the release and pushes the image under the version, by the names the page gives them', () => {
    expect(workflow.permissions).toEqual({ contents: 'write', packages: 'write' });
    // With its scripts: prepack leaves `prepare` out of the packed package.json (scripts/pack-manifest.mjs).
    expect(script).toMatch(/npm pack$/m);
    const asset = /gh release create "\$GITHUB_REF_NAME" "([^"]+)"/.exec(script)?.[1];
    expect(asset).toBe(`${pkg.name}-$VERSION.tgz`);
    const image = /image="([^"]+)"/.exec(script)?.[1];
    expect(image).toBe('ghcr.io/${GITHUB_REPOSITORY_OWNER,,}/checkout-sandbox:$VERSION');
    expect(script).toMatch(/docker build -t "\$image" \.\n\s*docker push "\$image"/);
    expect(section).toContain(`\`${described(asset!)}\``);
    expect(section).toContain(`\`${described(image!)}\``);
  });
});
