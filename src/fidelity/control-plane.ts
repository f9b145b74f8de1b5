/**
 * /__admin under `checkout-sandbox record`. The recorder keeps its own control plane for what it
 * is: its health and addresses, the journal of what went through and the report made of it,
 * injected faults (the gateway applies them before forwarding), the live comparison, the
 * dashboard and the documents. Every other call acts on an emulated world (its clock,
 * merchants, clients, checkouts, orders), which a recorder does not have: a purchase "through
 * the admin API" would find no checkout, since the one the client just initialized lives
 * upstream, and moving the clock would change nothing there. Those calls are refused, saying
 * so, and where to make them instead when the upstream is a sandbox itself.
 */
import type { ControlPlaneLimits } from '../admin/deps.js';
import { ENVIRONMENTS, type EnvName, SURFACES, type SurfaceName } from '../hosts.js';

/** The table's operations that apply to a recorder (src/admin/: their `op` names). */
export const RECORDER_OPERATIONS: ReadonlySet<string> = new Set([
  'getHealth',
  'listHosts',
  'listScenarios',
  'streamEvents',
  'addFault',
  'listFaults',
  'clearFaults',
  'removeFault',
  'listRequests',
  'clearRequests',
  'countRequests',
  'getMigrationReport',
  'getFidelity',
  'getDashboard',
  'getDashboardScript',
  'getWholeDocument',
  'getSurfaceDocument',
  'getReference',
  'getReferenceAsset',
]);

const PROBE_TIMEOUT_MS = 2000;

export interface RecorderUpstreams {
  /** Where a surface forwards to. */
  upstream(env: EnvName, surface: SurfaceName): URL;
  /** Whether the surface's upstream was given (--upstream) rather than its real host. */
  given(env: EnvName, surface: SurfaceName): boolean;
}

export function recorderControlPlane(upstreams: RecorderUpstreams): ControlPlaneLimits {
  return {
    serves: (op) => RECORDER_OPERATIONS.has(op),
    async refusal(method, path) {
      const said =
        `${method} ${path} does not apply to checkout-sandbox record: it forwards every request to its upstream ` +
        'and keeps no world of its own (no clock, merchants, API clients, checkouts or orders to read or change here).';
      const env = ENVIRONMENTS.find((name) => path.toLowerCase().startsWith(`/__admin/${name}/`));
      const surfaces = (env ? [env] : ENVIRONMENTS).flatMap((e) => SURFACES.map((s) => [e, s] as const));
      const roots = [...new Set(surfaces.filter(([e, s]) => upstreams.given(e, s)).map(([e, s]) => sandboxRoot(upstreams.upstream(e, s))))];
      const sandboxes = (await Promise.all(roots.map(async (root) => ((await isSandbox(root)) ? root : null)))).filter(
        (root) => root !== null,
      );
      if (sandboxes.length > 0) {
        return `${said} The upstream is a sandbox: make the call on its own control plane, ${sandboxes.map((root) => `${method} ${root}${path}`).join(' or ')}.`;
      }
      const real = [...new Set(surfaces.filter(([e, s]) => !upstreams.given(e, s)).map(([e, s]) => upstreams.upstream(e, s).origin))];
      const where =
        roots.length > 0
          ? `The upstream (${roots.join(', ')}) answers no sandbox control plane`
          : `The upstream is the real service (${real[0]}, …), which has no control plane`;
      return `${said} ${where}: there, what this call simulates happens only for real (a customer's purchase, time passing).`;
    },
  };
}

/** A sandbox's root from a surface's base URL on it: `http://h:4010/uat/api` or `…/sandboxes/{id}/uat/api` → without `/{env}/{surface}`. */
function sandboxRoot(base: URL): string {
  const path = base.pathname.replace(/\/+$/, '');
  const prefix = new RegExp(`/(${ENVIRONMENTS.join('|')})/(${SURFACES.join('|')})$`, 'i');
  return `${base.origin}${path.replace(prefix, '')}`;
}

/** A sandbox answers GET /__admin/health with {"status": "ok"}. */
async function isSandbox(root: string): Promise<boolean> {
  try {
    const response = await fetch(`${root}/__admin/health`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return response.ok && ((await response.json()) as { status?: unknown }).status === 'ok';
  } catch {
    return false;
  }
}
