/** The HTML report's one inline stylesheet: light and dark schemes, print rules, no external fonts. */

/** CSS of the HTML report (system fonts only: nothing is fetched). */
export const REPORT_CSS = `
:root{color-scheme:light dark;--bg:#ffffff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--panel:#f6f8fa;--code:#f6f8fa;
--ok:#1a7f37;--ok-bg:#dafbe1;--bad:#cf222e;--bad-bg:#ffebe9;--warn:#9a6700;--warn-bg:#fff8c5;--info:#0969da;--info-bg:#ddf4ff;--neutral-bg:#eaeef2}
@media (prefers-color-scheme: dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--panel:#151b23;--code:#151b23;
--ok:#3fb950;--ok-bg:#12261e;--bad:#f85149;--bad-bg:#2d1214;--warn:#d29922;--warn-bg:#2e2410;--info:#4493f8;--info-bg:#0c2d6b;--neutral-bg:#262c36}}
*{box-sizing:border-box}
html{background:var(--bg);color:var(--fg)}
body{margin:0 auto;max-width:1040px;padding:32px 28px 48px;font:14px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:36px 0 12px;padding-bottom:6px;border-bottom:1px solid var(--line)}
h3{font-size:15px;margin:20px 0 8px}
code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,'Liberation Mono',monospace;font-size:12.5px}
pre{background:var(--code);border:1px solid var(--line);border-radius:6px;padding:10px 12px;overflow-x:auto;white-space:pre-wrap;word-break:break-word;margin:6px 0 10px}
pre.table{white-space:pre;word-break:normal}
.sub{color:var(--muted);margin:0}
.run-id{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px;color:var(--muted);word-break:break-all}
header{display:flex;justify-content:space-between;gap:16px;align-items:flex-start;flex-wrap:wrap}
.verdict{margin:14px 0 0;padding:10px 14px;border-radius:6px;border-left:4px solid var(--line);background:var(--panel)}
.verdict.completed{border-color:var(--ok)}.verdict.failed,.verdict.crashed{border-color:var(--bad)}.verdict.running,.verdict.pending{border-color:var(--warn)}
.badge{display:inline-block;padding:1px 8px;border-radius:999px;font-size:12px;font-weight:600;line-height:18px;white-space:nowrap;background:var(--neutral-bg);color:var(--fg)}
.badge.completed,.badge.succeeded,.badge.responded{background:var(--ok-bg);color:var(--ok)}
.badge.failed,.badge.crashed,.badge.error{background:var(--bad-bg);color:var(--bad)}
.badge.running,.badge.in-flight,.badge.open,.badge.orphaned,.badge.warning,.badge.pending{background:var(--warn-bg);color:var(--warn)}
.badge.info{background:var(--info-bg);color:var(--info)}
.badge.big{font-size:14px;padding:3px 12px}
dl.facts{display:grid;grid-template-columns:max-content 1fr max-content 1fr;gap:4px 16px;margin:16px 0 0}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;word-break:break-word}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:10px;margin:8px 0 12px}
.card{border:1px solid var(--line);border-radius:8px;padding:10px 12px;background:var(--panel)}
.card .k{color:var(--muted);font-size:12px}.card .v{font-size:18px;font-weight:600;font-variant-numeric:tabular-nums}
table{border-collapse:collapse;width:100%;margin:6px 0 12px;font-size:13px}
th,td{text-align:left;padding:5px 8px;border-bottom:1px solid var(--line);vertical-align:top}
th{color:var(--muted);font-weight:600;font-size:12px}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.note{color:var(--muted);font-size:13px}
.note-text{white-space:pre-wrap;margin:2px 0 10px;border-left:3px solid var(--muted);padding-left:8px}
.callout{padding:8px 12px;border-radius:6px;margin:8px 0}
.callout.warn{background:var(--warn-bg);color:var(--fg);border-left:4px solid var(--warn)}
.callout.bad{background:var(--bad-bg);color:var(--fg);border-left:4px solid var(--bad)}
.timeline-wrap{border:1px solid var(--line);border-radius:8px;overflow-x:auto;background:var(--bg)}
.timeline-wrap svg{display:block;max-width:100%;height:auto}
details.step,details.item{border:1px solid var(--line);border-radius:8px;margin:8px 0;background:var(--bg)}
details.step>summary,details.item>summary{cursor:pointer;padding:8px 12px;display:flex;gap:10px;align-items:center;flex-wrap:wrap;list-style-position:inside}
details.step>summary .path{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-weight:600;word-break:break-all}
details.step>summary .meta{margin-left:auto;color:var(--muted);font-size:12.5px;font-variant-numeric:tabular-nums}
details>.body{padding:4px 14px 10px;border-top:1px solid var(--line)}
ul.plain{margin:4px 0 10px;padding-left:20px}
footer{margin-top:40px;padding-top:12px;border-top:1px solid var(--line);color:var(--muted);font-size:12px}
@media print{
  body{max-width:none;padding:0;font-size:11px}
  h2{break-after:avoid;margin-top:22px}
  details.step,details.item,table,pre,.timeline-wrap,.card{break-inside:avoid}
  details>summary{list-style:none}
  details:not([open])>.body{display:block}
  .timeline-wrap{overflow:visible;border:none}
  a{color:inherit;text-decoration:none}
}
@page{size:A4;margin:14mm 12mm}
`;
