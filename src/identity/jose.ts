/**
 * jose, loaded on first use: the first token, the first bearer verification that is not
 * cached, the first JWKS. At start it would load jose's many modules into a process that may
 * only ever serve SharedKey. One promise per process, so later calls pay a resolved await.
 */
type Jose = typeof import('jose');

let loading: Promise<Jose> | undefined;

export function loadJose(): Promise<Jose> {
  loading ??= import('jose');
  return loading;
}
