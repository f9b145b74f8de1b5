/** The dashboard's CSS (inline, no build chain): readable tables, visible focus. */
export const DASHBOARD_STYLE = `
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1b1b; background: #f6f7f9; }
header { background: #1f2a44; color: #fff; padding: .6rem 1.2rem; display: flex; gap: 1.5rem; align-items: baseline; }
header h1 { font-size: 1.2rem; margin: 0; }
#live { margin: 0; font-size: .85rem; opacity: .9; }
main { padding: 1rem 1.2rem; display: grid; gap: 1rem; grid-template-columns: 1fr 1fr; }
section { background: #fff; border: 1px solid #dde1e6; border-radius: 8px; padding: .6rem 1rem 1rem; min-width: 0; }
section.env, #events, #secret { grid-column: 1 / -1; }
h2 { font-size: 1.1rem; margin: .4rem 0 .6rem; }
h3 { font-size: .95rem; margin: 1rem 0 .4rem; }
label { font-weight: 600; margin-right: .3rem; }
label.inline { font-weight: 400; }
input { font: inherit; padding: .3rem .4rem; border: 1px solid #767676; border-radius: 4px; }
button { font: inherit; padding: .3rem .7rem; border: 1px solid #1f2a44; border-radius: 4px; background: #fff; color: #1f2a44; cursor: pointer; margin: .2rem .2rem .2rem 0; }
button[type=submit] { background: #1f2a44; color: #fff; }
form { margin: .4rem 0; }
:focus-visible { outline: 3px solid #0a66d8; outline-offset: 2px; }
.now { font-size: 1.1rem; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid #eceef1; white-space: nowrap; }
td.url { white-space: normal; word-break: break-all; }
.status { display: inline-block; padding: 0 .4rem; border-radius: 4px; background: #eef1f5; }
.status.PurchaseCompleted, .status.Activated, .status.delivered, .status.open { background: #dff3e4; }
.status.Aborted, .status.Cancelled, .status.failed, .status.shut, .status.Rejected { background: #fde4e1; }
.status.CommittedToPurchase, .status.pending { background: #fff4d6; }
.merchant { border-top: 1px solid #eceef1; padding: .4rem 0; }
#secret { border: 2px solid #b36b00; }
#secret dd { font-family: ui-monospace, monospace; margin: 0 0 .4rem; }
#event-log { max-height: 14rem; overflow-y: auto; font-family: ui-monospace, monospace; font-size: .8rem; }
[role=alert] { background: #fdecea; border: 1px solid #b3261e; padding: .4rem .6rem; border-radius: 4px; }
[hidden] { display: none !important; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 900px) { main { grid-template-columns: 1fr; } }
`;
