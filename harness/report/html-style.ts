// Inline stylesheet for the HTML reports (no external resources: the pages must work offline and from a zip).
export const HTML_STYLE = `
:root{--ok:#1a7f37;--bad:#cf222e;--warn:#9a6700;--mute:#57606a;--line:#d0d7de;--bg2:#f6f8fa;--del:#ffebe9;--add:#dafbe1;--delx:#ffc1bc;--addx:#abf2bc}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1200px;padding:16px 24px;color:#1f2328}
h1{font-size:22px;margin:0}h2{font-size:17px;margin:24px 0 8px;display:flex;justify-content:space-between;border-bottom:1px solid var(--line);padding-bottom:4px}
.sub{color:var(--mute);margin:2px 0 12px;word-break:break-all}
.score{font-size:28px;font-weight:600}.score.full{color:var(--ok)}.score.part{color:var(--warn)}.score.zero{color:var(--bad)}
.bar{display:inline-block;width:160px;height:10px;background:var(--bg2);border:1px solid var(--line);border-radius:5px;overflow:hidden;vertical-align:middle}
.bar>span{display:block;height:100%;background:var(--ok)}
table{border-collapse:collapse}td,th{padding:3px 10px;text-align:left;border-bottom:1px solid var(--line)}th{background:var(--bg2)}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.fatal{border:1px solid var(--bad);background:var(--del);padding:8px 12px;border-radius:6px;margin:12px 0}
.notices{color:var(--mute)}
details.test{border:1px solid var(--line);border-radius:6px;margin:6px 0;background:#fff}
details.test>summary{cursor:pointer;padding:6px 10px;display:flex;gap:8px;align-items:baseline}
details.test>summary .name{flex:1}details.test>summary .pts{font-variant-numeric:tabular-nums;color:var(--mute)}
details.test>div{padding:4px 12px 10px;border-top:1px solid var(--line)}
.mark{font-weight:700;width:1.2em;display:inline-block;text-align:center}
.passed .mark{color:var(--ok)}.failed .mark{color:var(--bad)}.error .mark{color:var(--warn)}.skipped .mark{color:var(--mute)}
.failed,.error{border-left:4px solid var(--bad)!important}
pre{background:var(--bg2);padding:8px;border-radius:6px;overflow:auto;margin:6px 0;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.hint{color:var(--warn)}.mute{color:var(--mute)}
table.sbs{width:100%;table-layout:fixed;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;margin:6px 0}
table.sbs td{border:none;padding:0 6px;white-space:pre-wrap;word-break:break-all;vertical-align:top}
table.sbs col.no{width:3.5em}table.sbs td.no{color:var(--mute);text-align:right;user-select:none}
table.sbs th{font-family:system-ui,sans-serif}
table.sbs tr.changed td.l,table.sbs tr.removed td.l{background:var(--del)}
table.sbs tr.changed td.r,table.sbs tr.added td.r{background:var(--add)}
table.sbs td.l mark{background:var(--delx)}table.sbs td.r mark{background:var(--addx)}
table.sbs tr.gap td{background:var(--bg2);color:var(--mute);text-align:center}
.ws{color:#8c959f}
footer{color:var(--mute);margin-top:24px;font-size:12px}
`;
