// The dashboard's stylesheet, served from the Worker as /dashboard/assets/dashboard.css (src/dashboard/index.ts).
// One sheet for every page: the layout, cards, forms, the job page's clips, the caption preview and the transcript.
import { ASPECTS } from "@katto/protocol";

/** A player or preview box in each clip shape (issue 37): `data-aspect="1:1"`, never an inline style (the CSP forbids them). */
const ASPECT_RULES = ASPECTS.map((a) => `.clip video[data-aspect="${a}"],.preview[data-aspect="${a}"]{aspect-ratio:${a.replace(":", "/")}}`).join("\n");

export const DASHBOARD_CSS = `
:root{--bg:#f6f7fb;--fg:#14161f;--muted:#5d6475;--card:#fff;--line:#e3e6ef;--brand:#5b3df5;--brand-fg:#fff;--accent:#ff5a7a;--ok:#0b6e4c;--warn:#b7791f;--bad:#c53030;--focus:#ffbf47;--radius:14px;--shadow:0 1px 2px rgba(20,22,31,.06),0 4px 16px rgba(20,22,31,.06)}
@media (prefers-color-scheme:dark){:root{--bg:#0f1117;--fg:#e9ebf3;--muted:#9aa1b5;--card:#171a23;--line:#2a2f3d;--brand:#8b78ff;--shadow:none}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
a{color:var(--brand)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px;border-radius:6px}
.skip{position:absolute;left:-999px;top:0}.skip:focus{left:8px;top:8px;background:var(--card);padding:8px;z-index:9}
.top{display:flex;flex-wrap:wrap;align-items:center;gap:12px 20px;padding:12px clamp(12px,4vw,32px);background:var(--card);border-bottom:1px solid var(--line);position:sticky;top:0;z-index:5}
.brand{font-weight:800;font-size:1.2rem;text-decoration:none;color:var(--fg);display:flex;align-items:center;gap:8px}
.logo{display:inline-grid;place-items:center;width:30px;height:30px;border-radius:9px;background:linear-gradient(135deg,var(--brand),var(--accent));color:#fff;font-size:16px}
.top nav{display:flex;flex-wrap:wrap;gap:4px;flex:1}
.top nav a{padding:6px 12px;border-radius:999px;text-decoration:none;color:var(--muted);font-weight:600}
.top nav a[aria-current=page]{background:color-mix(in srgb,var(--brand) 14%,transparent);color:var(--brand)}
.top nav a:hover{color:var(--fg)}
.signout{display:flex;align-items:center;gap:10px;margin-left:auto}
.who{color:var(--muted);font-size:.9rem;max-width:22ch;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
main{max-width:1100px;margin:0 auto;padding:24px clamp(12px,4vw,32px) 64px}
h1{font-size:1.7rem;margin:.2em 0 .7em}h2{font-size:1.15rem;margin:0 0 .6em}
.card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:20px;box-shadow:var(--shadow);margin-bottom:18px}
.card.link{display:block;text-decoration:none;color:inherit;transition:transform .12s}.card.link:hover{transform:translateY(-2px)}
.grid3{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));margin-bottom:18px}.grid3>.card{margin-bottom:0}
.muted{color:var(--muted)}.center{text-align:center}
label{display:block;font-weight:600;margin:14px 0 6px}
input,select,textarea{font:inherit;width:100%;padding:10px 12px;border:1px solid var(--line);border-radius:10px;background:var(--bg);color:var(--fg)}
input[type=color]{padding:2px;height:44px;width:64px}
input[type=checkbox]{width:auto}
fieldset{border:1px solid var(--line);border-radius:10px;margin:14px 0;padding:8px 14px}
legend{font-weight:600;padding:0 4px}
.check{display:inline-flex;align-items:center;gap:8px;font-weight:500;margin:6px 16px 6px 0}
.btn{font:inherit;font-weight:600;display:inline-flex;align-items:center;justify-content:center;gap:6px;padding:9px 16px;border-radius:10px;border:1px solid var(--line);background:var(--card);color:var(--fg);cursor:pointer;text-decoration:none;min-height:40px}
.btn.primary{background:var(--brand);border-color:var(--brand);color:var(--brand-fg)}
.btn.danger{color:var(--bad);border-color:color-mix(in srgb,var(--bad) 40%,var(--line))}
.btn.ghost{background:transparent}
.btn.wide{width:100%;margin-top:18px}
.btn:disabled{opacity:.55;cursor:not-allowed}
.auth-wrap{max-width:420px;margin:6vh auto 0}
.auth h1{font-size:1.45rem}
.alert{background:color-mix(in srgb,var(--bad) 12%,transparent);color:var(--bad);border-radius:10px;padding:10px 12px;font-weight:600}
.notice{background:color-mix(in srgb,var(--ok) 12%,transparent);border-radius:10px;padding:12px 14px}
.secret{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.secret code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.92rem}
.secret code{background:var(--bg);border:1px solid var(--line);padding:8px 10px;border-radius:8px;word-break:break-all;flex:1;min-width:0}
pre{background:var(--bg);border:1px solid var(--line);border-radius:10px;padding:12px;overflow:auto;font-size:.85rem}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:10px 8px;border-bottom:1px solid var(--line);vertical-align:middle}
th{font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
.table-wrap{overflow-x:auto}
.pill{display:inline-block;padding:2px 10px;border-radius:999px;background:color-mix(in srgb,var(--brand) 14%,transparent);color:var(--brand);font-weight:700;font-size:.85rem}
.status{font-weight:700;font-size:.85rem;padding:2px 10px;border-radius:999px;background:var(--bg);border:1px solid var(--line);white-space:nowrap}
.status.complete{color:var(--ok)}.status.failed{color:var(--bad)}.status.cancelled{color:var(--muted)}.status.processing,.status.queued{color:var(--warn)}
meter{width:100%;height:18px}
.usage-text{font-size:1.05rem}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}.facts dt{color:var(--muted)}.facts dd{margin:0;font-weight:600}
progress{width:100%;height:12px;accent-color:var(--brand)}
.bar{display:grid;grid-template-columns:1fr 4ch;gap:8px;align-items:center;min-width:140px}
.drop{border:2px dashed var(--line);border-radius:var(--radius);padding:26px;text-align:center;transition:border-color .15s,background .15s}
.drop.over{border-color:var(--brand);background:color-mix(in srgb,var(--brand) 8%,transparent)}
.row{display:flex;gap:12px;flex-wrap:wrap;align-items:end}.row>*{flex:1;min-width:180px}
.clips{display:grid;gap:18px;grid-template-columns:repeat(auto-fill,minmax(280px,1fr))}
.clip video{width:100%;aspect-ratio:9/16;background:#000;border-radius:10px;display:block}
.clip img.cover{width:135px;height:auto;border-radius:6px;display:block}
.score{font-size:1.6rem;font-weight:800;color:var(--brand)}
.subscores{display:grid;grid-template-columns:auto 1fr 3ch;gap:4px 8px;align-items:center;font-size:.85rem}
.subscores meter{height:10px}
.actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:10px}
.preview{position:relative;aspect-ratio:9/16;max-width:240px;border-radius:12px;overflow:hidden;background:linear-gradient(160deg,#3a3f55,#151822);display:flex;justify-content:center}
.preview .cap{position:absolute;left:8%;right:8%;text-align:center;font-weight:800;font-size:1.3rem;line-height:1.2;text-shadow:0 2px 0 rgba(0,0,0,.6)}
.preview .cap.pos-top{top:10%}.preview .cap.pos-middle{top:44%}.preview .cap.pos-bottom{bottom:14%}
.preview .wm{position:absolute;right:8px;top:8px;max-width:30%;opacity:.85}
.kit-grid{display:grid;gap:18px;grid-template-columns:1fr 260px}
.small{font-size:.85rem;margin:4px 0}
.cap-preview{display:flex;flex-wrap:wrap;gap:8px;margin:10px 0 6px;padding:12px;border-radius:10px;background:linear-gradient(160deg,#3a3f55,#151822)}
.cap-page{color:#fff;font-weight:800;text-align:center;line-height:1.25;padding:22px 10px 6px;border:1px dashed rgba(255,255,255,.3);border-radius:8px;text-shadow:0 2px 0 rgba(0,0,0,.7);min-width:3ch}
.cap-line{white-space:nowrap}
.cap-page .w{position:relative;display:inline-block;margin:0 .14em}
.cap-page .w.key{color:#ffd400;font-size:1.25em}
.cap-page .emoji{position:absolute;left:50%;bottom:88%;transform:translateX(-50%);font-size:1.05em;text-shadow:none}
.spaced{margin-top:16px}.shrink{flex:0}.grid-fit{grid-template-columns:repeat(auto-fit,minmax(300px,1fr))}.break{word-break:break-all}
@media (max-width:720px){.kit-grid{grid-template-columns:1fr}.who{display:none}th.opt,td.opt{display:none}.top nav{order:3;flex-basis:100%;flex-wrap:wrap}.top nav a{white-space:nowrap;padding:6px 10px}
main table,main tbody,main tr,main td{display:block;width:100%}main thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
main tr{border:1px solid var(--line);border-radius:var(--radius);padding:6px 10px;margin-bottom:10px}main td{border:0;padding:4px 0;overflow-wrap:anywhere}
main td[data-label]::before{content:attr(data-label);display:block;font-size:.8rem;font-weight:700;color:var(--muted)}}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
details summary{cursor:pointer;font-weight:600}
.transcript{max-height:360px;overflow:auto}
mark.low-confidence{background:color-mix(in srgb,var(--warn) 30%,transparent);color:inherit;border-radius:3px;padding:0 2px}
.notice.warn{background:color-mix(in srgb,var(--warn) 14%,transparent)}
.transcript .word-index{font-size:.72rem}
.selection{border:1px solid var(--line);border-radius:10px;padding:10px 12px;margin:10px 0;background:var(--bg)}.selection p{margin:0 0 6px}
.transcript .w{font:inherit;line-height:inherit;color:inherit;background:none;border:0;border-radius:4px;padding:0 2px;margin:0;cursor:pointer;text-decoration:underline dotted color-mix(in srgb,var(--muted) 60%,transparent);text-underline-offset:4px}
.transcript .w:hover{background:color-mix(in srgb,var(--brand) 10%,transparent)}
.transcript .w[aria-pressed=true]{background:color-mix(in srgb,var(--brand) 22%,transparent);box-shadow:inset 0 -2px 0 var(--brand)}
.handle{display:inline-flex;vertical-align:middle;margin:0 3px}.handle[hidden]{display:none}
.handle button{font:inherit;font-size:.9rem;line-height:1;min-width:30px;min-height:30px;padding:0 6px;border:1px solid var(--brand);background:var(--card);color:var(--brand);cursor:pointer}
.handle button:first-child{border-radius:8px 0 0 8px}.handle button:last-child{border-radius:0 8px 8px 0;border-left:0}
.handle.start{border-left:3px solid var(--brand);padding-left:2px}.handle.end{border-right:3px solid var(--brand);padding-right:2px}
${ASPECT_RULES}
`;
