/**
 * The running sandbox's settings (token lifetimes, skew, rate limit, retirement dates) and
 * its persisted clock: read by every layer, changed only here, persisted like any change.
 */
import type { Clock } from '../clock.js';
import type { RateLimit, Settings } from '../domain/settings.js';
import type { StateStore } from '../store/store.js';

export type TokenSettings = Settings['tokens'];

export class SettingsService {
  constructor(
    private readonly store: StateStore,
    private readonly clock: Clock,
  ) {}

  current(): Settings {
    return this.store.settings();
  }

  /** Replaces the settings with what `change` makes of them. @testSeam tests set what no admin call sets alone. */
  async update(change: (settings: Settings) => Settings): Promise<Settings> {
    const next = change(this.current());
    await this.store.apply([{ t: 'settings', v: next }]);
    return next;
  }

  async patchTokens(patch: Partial<TokenSettings>): Promise<TokenSettings> {
    const settings = this.current();
    const tokens = { ...settings.tokens, ...patch };
    await this.store.apply([{ t: 'settings', v: { ...settings, tokens } }]);
    return tokens;
  }

  setRateLimit(rateLimit: RateLimit | null): Promise<TokenSettings> {
    return this.patchTokens({ rateLimit });
  }

  /** Saves where the clock stands, so a restart keeps the sandbox's time. */
  persistClock(): Promise<void> {
    return this.store.apply([{ t: 'clock', v: this.clock.snapshot() }]);
  }
}
