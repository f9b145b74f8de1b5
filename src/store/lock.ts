/**
 * One process per state file. Two sandboxes writing one file would each overwrite the
 * other's changes, so the second is refused with the holder's pid. The lock is a file next
 * to the state holding the owner's pid and a token drawn when this module loads; one whose
 * owner is gone (a kill -9) is taken over.
 *
 * The pid alone cannot say who the owner is: in a container the sandbox runs as pid 1 after
 * every restart, so a lock left by the killed process names the new one's pid. A lock naming
 * this pid with another token was left by an earlier process that had the same pid.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/** This process's own mark in the lock files it writes. */
const OWNER = `${process.pid} ${randomUUID()}`;

class StateLockedError extends Error {
  override name = 'StateLockedError';
}

export class StateLock {
  private constructor(readonly file: string) {}

  static acquire(stateFile: string): StateLock {
    const file = `${stateFile}.lock`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        const fd = openSync(file, 'wx');
        writeSync(fd, `${OWNER}\n`);
        closeSync(fd);
        return new StateLock(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = readHolder(file);
        if (holder === OWNER) {
          throw new StateLockedError(
            `${stateFile} is in use by this process (another sandbox in it; lock file ${file}). Two sandboxes on one state file would lose each other's changes: ` +
              'close the other one, or give this one its own state file (or memory state).',
          );
        }
        const pid = Number.parseInt(holder, 10);
        if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
          throw new StateLockedError(
            `${stateFile} is in use by process ${pid} (lock file ${file}). Two sandboxes on one state file would lose each other's changes: ` +
              'stop the other one, or give this one its own --state file (or --memory).',
          );
        }
        rmSync(file, { force: true }); // its owner is gone: a crash left it behind
      }
    }
    throw new StateLockedError(`could not take the lock ${file}; another sandbox is starting on the same state file`);
  }

  release(): void {
    if (readHolder(this.file) === OWNER) rmSync(this.file, { force: true });
  }
}

/** The lock's owner as written (its first line), or '' when there is no lock to read. */
function readHolder(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n')[0]!.trim();
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
