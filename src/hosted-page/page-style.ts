/**
 * The hosted checkout page's CSS (inline, no build chain). data-action-color and
 * data-action-text-color become custom properties; visible focus rings everywhere; a
 * spinner beside the progress line while the page is busy (suspend() shows it too).
 */
export const PAGE_STYLE = `
:root { --action: #1f2a44; --action-text: #ffffff; --padding: 16px; color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; padding: var(--padding); font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1b1b; background: #fff; }
main { max-width: 560px; margin: 0 auto; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
h2 { font-size: 1.1rem; margin: 1rem 0 .5rem; }
.note { font-size: .8rem; color: #555; margin: 0 0 1rem; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .35rem .25rem; border-bottom: 1px solid #e3e3e3; }
.num { text-align: right; white-space: nowrap; }
tfoot th, tfoot td { font-weight: 700; border-bottom: 0; }
fieldset { border: 1px solid #d0d0d0; border-radius: 8px; margin: 1rem 0; padding: .75rem 1rem 1rem; }
fieldset.crm { border: 0; margin: .5rem 0 0; padding: 0; }
fieldset.crm legend { padding: 0; font-weight: 600; }
legend { font-weight: 700; padding: 0 .25rem; }
label { display: block; margin: .6rem 0 .2rem; font-weight: 600; }
.method label { display: inline; font-weight: 400; margin-left: .4rem; }
.method { margin: .4rem 0; }
input[type=email], input[type=tel], input:not([type]), select { width: 100%; padding: .5rem; border: 1px solid #767676; border-radius: 6px; font: inherit; }
button { margin-top: 1rem; padding: .6rem 1.2rem; border-radius: 6px; border: 1px solid var(--action); background: #fff; color: var(--action); font: inherit; font-weight: 600; cursor: pointer; }
button.action { background: var(--action); color: var(--action-text); width: 100%; }
button[disabled], fieldset[disabled] { opacity: .6; cursor: progress; }
:focus-visible { outline: 3px solid #0a66d8; outline-offset: 2px; }
#problem { background: #fdecea; border: 1px solid #b3261e; color: #7a1410; padding: .6rem .8rem; border-radius: 6px; margin: 1rem 0; }
#progress:empty { display: none; }
#progress { background: #eef4ff; padding: .5rem .8rem; border-radius: 6px; }
#conflict { background: #fff4e5; border: 1px solid #8a5300; color: #4d2e00; padding: .6rem .8rem; border-radius: 6px; margin: 1rem 0; }
#card-step { border: 2px solid var(--action); border-radius: 8px; padding: .5rem 1rem 1rem; margin-top: 1rem; }
#card-step button + button { margin-left: .5rem; }
main[aria-busy=true] #progress::before { content: ""; display: inline-block; width: .9em; height: .9em; margin-right: .5em; vertical-align: -.1em; border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%; animation: spin .8s linear infinite; }
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { main[aria-busy=true] #progress::before { animation: none; } }
#outcome { border: 2px solid #1d7a3a; border-radius: 8px; padding: .5rem 1rem; margin-top: 1rem; }
#outcome[data-result=Rejected] { border-color: #b3261e; }
[hidden] { display: none !important; }
`;
