/**
 * GET /__admin/fidelity: where the real service and the sandbox differ, while
 * `checkout-sandbox record --compare` forwards traffic (src/fidelity/live.ts fills it). The
 * control plane only shows what it is given: the comparison lives above it, in src/fidelity/.
 * A sandbox that is not comparing says so, with the way to start one that is.
 */
import type { Hono } from 'hono';
import type { AdminDeps } from './deps.js';

export function registerFidelityAdmin(admin: Hono, deps: Pick<AdminDeps, 'fidelity'>): void {
  admin.get('/__admin/fidelity', (c) => {
    if (!deps.fidelity) {
      return c.json({
        comparing: false,
        message: 'This sandbox is not comparing with a real service. Start `checkout-sandbox record --out DIR --compare` and send traffic through it (docs/fidelity.md).',
      });
    }
    return c.json({ comparing: true, ...deps.fidelity.snapshot() });
  });
}
