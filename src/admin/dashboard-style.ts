/**
 * The dashboard's CSS (inline, no build chain): readable tables, visible focus; colours
 * always come with a word (a status, a severity), never alone. Sizes are in rem, so
 * `html.projector` (the large, high-contrast view for a room) scales them all at once.
 */
export const DASHBOARD_STYLE = `
* { box-sizing: border-box; }
body { margin: 0; font: .875rem/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1b1b; background: #f6f7f9; }
header { background: #1f2a44; color: #fff; padding: .6rem 1.2rem; display: flex; gap: 1.5rem; align-items: baseline; }
header h1 { font-size: 1.2rem; margin: 0; }
header #projector { margin-left: auto; background: transparent; color: #fff; border-color: #fff; }
header #projector[aria-pressed=true] { background: #fff; color: #000; }
#live { margin: 0; font-size: .85rem; opacity: .9; }
main { padding: 1rem 1.2rem; display: grid; gap: 1rem; grid-template-columns: 1fr 1fr; }
section { background: #fff; border: 1px solid #dde1e6; border-radius: 8px; padding: .6rem 1rem 1rem; min-width: 0; }
section.env, #events, #secret, #migration, #requests { grid-column: 1 / -1; }
h2 { font-size: 1.1rem; margin: .4rem 0 .6rem; }
h3 { font-size: .95rem; margin: 1rem 0 .4rem; }
label { font-weight: 600; margin-right: .3rem; }
label.inline { font-weight: 400; }
select { font: inherit; padding: .25rem .3rem; border: 1px solid #767676; border-radius: 4px; margin-right: .8rem; }
input { font: inherit; padding: .3rem .4rem; border: 1px solid #767676; border-radius: 4px; }
button { font: inherit; padding: .3rem .7rem; border: 1px solid #1f2a44; border-radius: 4px; background: #fff; color: #1f2a44; cursor: pointer; margin: .2rem .2rem .2rem 0; }
button[type=submit] { background: #1f2a44; color: #fff; }
form { margin: .4rem 0; }
:focus-visible { outline: 3px solid #0a66d8; outline-offset: 2px; }
.now { font-size: 1.1rem; }
.table-wrap { overflow-x: auto; position: relative; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid #eceef1; white-space: nowrap; }
td.url { white-space: normal; word-break: break-all; }
.status { display: inline-block; padding: 0 .4rem; border-radius: 4px; background: #eef1f5; }
.status.PurchaseCompleted, .status.Activated, .status.delivered, .status.open { background: #dff3e4; }
.status.Aborted, .status.Cancelled, .status.failed, .status.shut, .status.Rejected { background: #fde4e1; }
.status.CommittedToPurchase, .status.pending, .status.brownout { background: #fff4d6; }
.merchant { border-top: 1px solid #eceef1; padding: .4rem 0; }
#secret { border: 2px solid #b36b00; }
#secret dd { font-family: ui-monospace, monospace; margin: 0 0 .4rem; }
#event-log { max-height: 14rem; overflow-y: auto; font-family: ui-monospace, monospace; font-size: .8rem; }
#retired .countdown { font-size: 1.6rem; font-weight: 700; margin: .2rem 0 .4rem; }
#retired .countdown.shut { color: #8c1d18; }
#migration-summary { font-size: 1.05rem; }
#migration-integrations { display: grid; gap: .8rem; grid-template-columns: repeat(auto-fill, minmax(26rem, 1fr)); }
.integration { border: 1px solid #dde1e6; border-left: 6px solid #2e7d32; border-radius: 6px; padding: .5rem .8rem; }
.integration.on-retired { border-left-color: #b3261e; }
.integration.on-legacy { border-left-color: #b36b00; }
.integration h3 { margin: .2rem 0; font-size: 1.05rem; }
.integration .who { font-weight: 400; color: #444; }
.integration .last-seen { margin: 0 0 .4rem; color: #444; }
.hosts { display: grid; grid-template-columns: repeat(3, 1fr); gap: .4rem; list-style: none; padding: 0; margin: 0 0 .5rem; }
.hosts li { background: #f3f5f8; border-radius: 4px; padding: .3rem .5rem; }
.hosts .count { display: block; font-size: 1.6rem; font-weight: 700; line-height: 1.2; }
.hosts .retired.used { background: #fde4e1; }
.hosts .legacy.used { background: #fff4d6; }
.hosts .current.used { background: #dff3e4; }
.hosts .when { display: block; font-size: .8rem; color: #444; }
.findings { margin: 0; padding-left: 1.1rem; }
.findings li { margin: .2rem 0; }
.severity { font-weight: 700; text-transform: uppercase; font-size: .75rem; padding: 0 .3rem; border-radius: 3px; margin-right: .3rem; }
.severity.error { background: #fde4e1; color: #8c1d18; }
.severity.warning { background: #fff4d6; color: #6b4000; }
.severity.info { background: #dff3e4; color: #1b5e20; }
.readiness h4 { margin: .6rem 0 .2rem; font-size: .95rem; }
.readiness-items { list-style: none; margin: 0; padding: 0; }
.readiness-item { margin: .25rem 0; }
.readiness-status { font-weight: 700; text-transform: uppercase; font-size: .75rem; padding: 0 .3rem; border-radius: 3px; margin-right: .3rem; }
.readiness-status.met { background: #dff3e4; color: #1b5e20; }
.readiness-status.not-met { background: #fde4e1; color: #8c1d18; }
.readiness-status.not-seen { background: #eceff1; color: #37474f; }
.readiness-detail, .readiness-item .evidence { display: block; font-size: .85rem; color: #444; margin-left: 1rem; }
.readiness-source { font-size: .8rem; margin-left: .3rem; }
.evidence-link { font: inherit; font-size: .8rem; margin-right: .2rem; padding: 0 .3rem; }
#request-log tr.evidence-shown { outline: 3px solid #b3261e; }
.failures { font-size: .85rem; margin: .3rem 0 0; padding-left: 1.1rem; }
.filters label { font-weight: 600; }
#request-log td { vertical-align: top; white-space: normal; }
#request-log .when span { white-space: nowrap; }
#request-log td.path { overflow-wrap: anywhere; max-width: 26rem; }
#request-log .host-name { display: block; font-size: .8rem; color: #555; overflow-wrap: anywhere; }
#request-log .integration-merchant { display: block; font-size: .8rem; color: #555; }
#request-log .near-miss { display: block; margin-top: .2rem; padding: .15rem .4rem; background: #fff4d6; border-radius: 4px; font-size: .85rem; }
#request-log tr.detail td { background: #f9fafb; white-space: normal; }
#request-log tr.detail pre { white-space: pre-wrap; word-break: break-all; max-height: 20rem; overflow: auto; background: #fff; border: 1px solid #eceef1; padding: .4rem; font-size: .8rem; }
#request-log tr.detail dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .8rem; margin: .2rem 0; }
#request-log tr.detail dt { font-weight: 600; }
#request-log tr.detail dd { margin: 0; word-break: break-all; }
.status.s2xx { background: #dff3e4; }
.status.s4xx, .status.s5xx, .status.s900, .status.refused { background: #fde4e1; }
html.projector { font-size: 22px; }
html.projector body { color: #000; background: #fff; }
html.projector section { border: 2px solid #000; }
html.projector header { background: #000; }
html.projector .integration .who, html.projector .hosts .when, html.projector .integration .last-seen, html.projector #request-log .host-name, html.projector #request-log .integration-merchant { color: #000; }
html.projector #retired .countdown { font-size: 2.2rem; }
html.projector .hosts .count { font-size: 2rem; }
[role=alert] { background: #fdecea; border: 1px solid #b3261e; padding: .4rem .6rem; border-radius: 4px; }
[hidden] { display: none !important; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 900px) { main { grid-template-columns: 1fr; } }
`;
