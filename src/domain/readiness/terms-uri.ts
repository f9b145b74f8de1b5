/**
 * The checklist's terms-of-purchase page: every checkout names it (`merchantTermsUri`) and the
 * customer opens it from the checkout, so it is an HTTPS page. Whether it is the right page is
 * the shop's to say (LEFT_TO_THE_SHOP); the address is in the traffic.
 */
import { reservedExampleName } from '../reserved-names.js';
import { PAGES, type ReadinessItem, met, notMet, notSeen, plural } from './item.js';
import { type TrafficEntry, isInitialize, memberOf, ok } from './traffic.js';

/** Names a test suite uses for the shop itself: reserved for examples, or this machine. */
function testName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return reservedExampleName(name) !== null || name === 'localhost' || name.endsWith('.localhost') || /^127\.|^::1$/.test(name);
}

type Terms = { entry: TrafficEntry; uri: string; verdict: 'https' | 'missing' | 'not-https' | 'test' };

function termsOf(entry: TrafficEntry): Terms | null {
  if (!isInitialize(entry) || !(ok(entry) || entry.status === 400)) return null;
  const raw = memberOf(entry.requestJson(), 'merchantTermsUri');
  const uri = typeof raw === 'string' ? raw.trim() : '';
  if (uri === '') return { entry, uri, verdict: 'missing' };
  const parsed = URL.canParse(uri.replace(/\{[^}]*\}/g, 'x')) ? new URL(uri.replace(/\{[^}]*\}/g, 'x')) : null;
  if (parsed === null) return ok(entry) ? { entry, uri, verdict: 'not-https' } : null;
  if (testName(parsed.hostname)) return { entry, uri, verdict: parsed.protocol === 'https:' ? 'https' : 'test' };
  return { entry, uri, verdict: parsed.protocol === 'https:' ? 'https' : 'not-https' };
}

export const termsHttps: ReadinessItem = {
  id: 'terms-https',
  title: 'Every checkout names the terms of purchase (merchantTermsUri) as an HTTPS page.',
  source: PAGES.checklist,
  advice:
    "Send merchantTermsUri with every initialize: the HTTPS address of the shop's terms of purchase page, which the customer opens from the checkout.",
  exercise: 'Initialize a checkout: its merchantTermsUri shows here.',
  evaluate(traffic) {
    const terms = traffic.own.map(termsOf).filter((found): found is Terms => found !== null);
    if (terms.length === 0) return notSeen('No checkout initialized by this integration is in the journal.');
    const wrong = terms.filter((found) => found.verdict === 'missing' || found.verdict === 'not-https');
    if (wrong.length > 0) {
      const first = wrong[0]!;
      return notMet(
        wrong.slice(0, 20).map((found) => found.entry.id),
        `${plural(wrong.length, 'initialize')} of ${terms.length} without an HTTPS merchantTermsUri (the first: ${first.verdict === 'missing' ? 'none' : JSON.stringify(first.uri)}).`,
      );
    }
    const https = terms.filter((found) => found.verdict === 'https');
    const onTestNames = terms.filter((found) => found.verdict === 'test' || testName(hostOf(found.uri)));
    const note =
      onTestNames.length > 0
        ? ` ${onTestNames.length} of them on a test address (${hostOf(onTestNames[0]!.uri)}): at go-live, name the shop's own HTTPS terms page.`
        : '';
    if (https.length === 0)
      return notSeen(
        `${plural(terms.length, 'initialize')}, each on a test address over HTTP (${hostOf(terms[0]!.uri)}): HTTPS shows with the shop's own terms page.`,
      );
    return met(
      https.slice(0, 20).map((found) => found.entry.id),
      `${plural(https.length, 'initialize')} with an HTTPS merchantTermsUri.${note}`,
    );
  },
};

function hostOf(uri: string): string {
  const cleaned = uri.replace(/\{[^}]*\}/g, 'x');
  return URL.canParse(cleaned) ? new URL(cleaned).hostname : uri;
}
