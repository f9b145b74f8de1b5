/**
 * Reading flag and environment values for the CLI. A bad value is refused with a message that
 * names the flag (or variable), what was given, what is accepted and an example, before
 * anything starts: "--port: 'abc' is not a port number" beats zod's "received NaN".
 */
import { parseInstant } from '../clock.js';
import { LOG_LEVELS, type LogLevel, publicOrigin } from '../config.js';
import { didYouMean } from '../spelling.js';
import type { Flag } from './command.js';

export class FlagError extends Error {
  override name = 'FlagError';
}

/** What parseArgs gives for a command's flags. */
type FlagValues = Readonly<Record<string, string | boolean | string[] | boolean[] | undefined>>;

/** A value and where it came from ('--port' or 'env PORT'), for an error that names the right one. */
export interface Given<T> {
  source: string;
  value: T;
}

const SWITCH_ON = ['1', 'true', 'yes', 'on'];
const SWITCH_OFF = ['0', 'false', 'no', 'off'];

/**
 * A flag's value, else its environment variable's (flag.env); undefined when neither is set.
 * An empty variable counts as unset (an image declares its variables empty); a switch's
 * variable takes 1/0, true/false, yes/no, on/off, and anything else is refused by name.
 */
export function flagOrEnv(
  values: FlagValues,
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  flag: Flag,
): Given<string | boolean> | undefined {
  const fromFlag = values[name];
  if (fromFlag !== undefined && !Array.isArray(fromFlag) && !(flag.type === 'boolean' && fromFlag === false))
    return { source: `--${name}`, value: fromFlag };
  const variable = flag.env;
  const raw = variable === undefined ? undefined : env[variable];
  if (variable === undefined || raw === undefined || raw === '') return undefined;
  const source = `env ${variable}`;
  if (flag.type === 'string') return { source, value: raw };
  const word = raw.trim().toLowerCase();
  if (SWITCH_ON.includes(word)) return { source, value: true };
  if (SWITCH_OFF.includes(word)) return { source, value: false };
  throw new FlagError(
    `${source}: '${raw}' is neither on nor off. Use ${variable}=1 for --${name}, ${variable}=0 (or leave it unset) for without.`,
  );
}

/** flagOrEnv for a flag that takes a value. */
export function stringFlag(
  values: FlagValues,
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  flag: Flag,
): Given<string> | undefined {
  const given = flagOrEnv(values, env, name, flag);
  return given === undefined || typeof given.value !== 'string' ? undefined : { source: given.source, value: given.value };
}

/** flagOrEnv for a switch: true when the flag is given or its variable is on. */
export function switchFlag(values: FlagValues, env: Readonly<Record<string, string | undefined>>, name: string, flag: Flag): boolean {
  return flagOrEnv(values, env, name, flag)?.value === true;
}

/** A TCP port: digits only (no '', '0x10', '1e3', '-1'), 0–65535. */
export function portValue(source: string, value: string, example = '4010'): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new FlagError(
      `${source}: '${value}' is not a port number. Use a whole number from 0 to 65535, e.g. ${exampleOf(source, example)} (0 = any free port).`,
    );
  }
  return Number(value);
}

/** A whole number from `min` to `max`: digits only (no '', '1e3', '-1', '2.5'). */
export function wholeNumberValue(source: string, value: string, min: number, max: number, example: string): number {
  const number = /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= min && number <= max)) {
    throw new FlagError(
      `${source}: '${value}' is not a whole number from ${min} to ${max}. Write digits only, e.g. ${exampleOf(source, example)}.`,
    );
  }
  return number;
}

export function logLevelValue(source: string, value: string): LogLevel {
  const level = LOG_LEVELS.find((known) => known === value.toLowerCase());
  if (level === undefined) {
    throw new FlagError(
      `${source}: '${value}' is not a log level.${didYouMean(value, LOG_LEVELS)} Use one of: ${LOG_LEVELS.join(', ')} (default info; warn hides request lines).`,
    );
  }
  return level;
}

export function instantValue(source: string, value: string): string {
  if (parseInstant(value) === null) {
    throw new FlagError(
      `${source}: '${value}' is not an instant on the calendar. Use ISO-8601 with a day that exists, e.g. ${exampleOf(source, '2026-10-30T22:59:00Z')}.`,
    );
  }
  return value;
}

export function publicUrlValue(source: string, value: string): string {
  const origin = publicOrigin(value);
  if (origin === null) {
    throw new FlagError(
      `${source}: '${value}' is not an http(s) origin. Give the scheme, the name clients use and the port, no path, e.g. ${exampleOf(source, 'http://sandbox:4010')}.`,
    );
  }
  return origin;
}

/** "--port 4010" for a flag, "PORT=4010" for an environment variable. */
function exampleOf(source: string, example: string): string {
  return source.startsWith('--') ? `${source} ${example}` : `${source.replace(/^env /, '')}=${example}`;
}
