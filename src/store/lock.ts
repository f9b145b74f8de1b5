/**
 * One process per state file. Two sandboxes writing one file would each overwrite the
 * other's changes, so the second is refused with the holder's pid. The lock is a file next
 * to the state holding the owner's pid; one whose owner is gone (a kill -9) is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

export class StateLockedError extends Error {
  override name = 'StateLockedError';
}

export class StateLock {
  private constructor(readonly file: string) {}

  static acquire(stateFile: string): StateLock {
    const file = `${stateFile}.lock`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        const fd = openSync(file, 'wx');
        writeSync(fd, `${process.pid}\n`);
        closeSync(fd);
        return new StateLock(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = Number.parseInt(readHolder(file), 10);
        if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
          const who = holder === process.pid ? 'this process (another sandbox in it)' : `process ${holder}`;
          throw new StateLockedError(
            `${stateFile} is in use by ${who} (lock file ${file}). Two sandboxes on one state file would lose each other's changes: ` +
              'stop the other one, or give this one its own --state file (or --memory).',
          );
        }
        rmSync(file, { force: true }); // its owner is gone: a crash left it behind
      }
    }
    throw new StateLockedError(`could not take the lock ${file}; another sandbox is starting on the same state file`);
  }

  release(): void {
    if (readHolder(this.file).trim() === String(process.pid)) rmSync(this.file, { force: true });
  }
}

function readHolder(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
