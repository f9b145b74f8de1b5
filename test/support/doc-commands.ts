/**
 * The command lines of the docs that run this package's CLI, as a reader would paste them:
 * `checkout-sandbox …`, `npx checkout-sandbox …`, `npm start -- …`, `node dist/main.js …` and
 * `docker run … checkout-sandbox …`, from the shell blocks (```sh …) and the inline code of
 * README.md and docs/*.md. Synopsis decoration ([--flag V], …) is dropped, so usage lines
 * count too.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface DocCommand {
  page: string;
  /** The command line as written (continuations joined). */
  text: string;
  /** The CLI's arguments: after `checkout-sandbox`, `npm start --`, the image name, … */
  args: string[];
}

/** Words of a shell line, split into simple commands at ; && || | & $( ( ) and comments. */
export function simpleCommands(line: string): string[][] {
  const commands: string[][] = [[]];
  let word: string | null = null;
  const end = (): void => {
    if (word !== null) commands.at(-1)!.push(word);
    word = null;
  };
  const next = (): void => {
    end();
    if (commands.at(-1)!.length > 0) commands.push([]);
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'" || c === '"') {
      const close = line.indexOf(c, i + 1);
      const stop = close < 0 ? line.length : close;
      word = (word ?? '') + line.slice(i + 1, stop);
      i = stop;
    } else if (c === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line[++i];
    } else if (/\s/.test(c)) {
      end();
    } else if (c === '#' && word === null) {
      break;
    } else if (c === '$' && line[i + 1] === '(') {
      next();
      i++;
    } else if (';|&()'.includes(c)) {
      next();
    } else if (c === '<' && /^<[^\s<>]+>/.test(line.slice(i))) {
      // A placeholder of the docs (`--scenario <name>`), not a redirection.
      const placeholder = /^<[^\s<>]+>/.exec(line.slice(i))![0];
      word = (word ?? '') + placeholder;
      i += placeholder.length - 1;
    } else if (c === '>' || c === '<') {
      // A redirection: its target is no argument.
      end();
      while (line[i + 1] === '>' || line[i + 1] === '&') i++;
      const rest = /^\s*\S+/.exec(line.slice(i + 1));
      i += rest ? rest[0].length : 0;
    } else {
      word = (word ?? '') + c;
    }
  }
  end();
  return commands.filter((words) => words.length > 0);
}

const NPX_VALUE_OPTIONS = new Set(['-p', '--package', '-c', '--call']);
const DOCKER_VALUE_OPTIONS = new Set([
  '-p',
  '--publish',
  '-e',
  '--env',
  '-v',
  '--volume',
  '--name',
  '--restart',
  '--network',
  '-w',
  '--workdir',
  '--entrypoint',
  '-u',
  '--user',
  '--mount',
  '-l',
  '--label',
  '--platform',
  '--env-file',
]);

/** The CLI's arguments if the words run the CLI, else null. */
export function cliArguments(words: string[]): string[] | null {
  let w = words;
  while (w.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w[0]!)) w = w.slice(1); // VAR=value before the command
  if (w[0] === 'sudo') w = w.slice(1);
  const [first, second] = w;
  if (first === undefined) return null;
  if (first === 'checkout-sandbox' || first.endsWith('/.bin/checkout-sandbox')) return w.slice(1);
  if (first === 'npx') {
    let i = 1;
    while (i < w.length && w[i]!.startsWith('-')) i += NPX_VALUE_OPTIONS.has(w[i]!) ? 2 : 1;
    return w[i] === 'checkout-sandbox' ? w.slice(i + 1) : null;
  }
  if (first === 'npm' && second === 'start') {
    const dashes = w.indexOf('--');
    return dashes < 0 ? [] : w.slice(dashes + 1);
  }
  if (first === 'node' && second !== undefined && /(^|\/)dist\/main\.js$/.test(second)) return w.slice(2);
  if (first === 'docker' && second === 'run') {
    let i = 2;
    while (i < w.length && w[i]!.startsWith('-')) i += DOCKER_VALUE_OPTIONS.has(w[i]!) ? 2 : 1;
    return w[i] !== undefined && /(^|\/)checkout-sandbox(:\S+)?$/.test(w[i]!) ? w.slice(i + 1) : null;
  }
  return null;
}

/** Synopsis decoration off: `[--key K]` → --key K, `[--map M]…` → --map M, `[flags]` dropped; a lone `…` stays (an elided value). */
function undecorated(args: string[]): string[] {
  return args
    .filter((arg) => !/^\[[a-z]+\]$/.test(arg))
    .map((arg) =>
      arg === '…'
        ? arg
        : arg
            .replace(/^\[/, '')
            .replace(/\]?…?$/, '')
            .replace(/\]$/, ''),
    )
    .filter((arg) => arg !== '');
}

/** Every command line of README.md and docs/*.md that runs the CLI. */
export function docCommands(root: string): DocCommand[] {
  const pages = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  const found: DocCommand[] = [];
  for (const page of pages) {
    const markdown = readFileSync(join(root, page), 'utf8');
    const shell = [...markdown.matchAll(/^```(?:sh|bash|shell)(?: [^\n]*)?\n([\s\S]*?)^```$/gm)].flatMap((m) =>
      m[1]!.replace(/\\\n/g, ' ').split('\n'),
    );
    // Inline code outside fenced blocks.
    const prose = markdown.replace(/^```[\s\S]*?^```$/gm, '');
    const inline = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
    for (const text of [...shell, ...inline]) {
      for (const words of simpleCommands(text)) {
        const args = cliArguments(words);
        if (args !== null) found.push({ page, text: text.trim(), args: undecorated(args) });
      }
    }
  }
  return found;
}
