// The dashboard's stylesheet and its small progressive script, served from the Worker
// (/dashboard/assets/*). Every page works without the script; it adds copy buttons, reveal,
// drag-and-drop upload with progress, live job updates, the caption preview and the transcript's
// word selection without a reload.
import { CAPTION_SAMPLE, PREVIEW_LAYOUT, previewCaptionPages } from "@katto/protocol";
import { describeRange, moveEdge, pickWord } from "./components/word-range";

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
`;

export const DASHBOARD_JS = `
"use strict";
(function(){
  function $(s,r){return (r||document).querySelector(s)}
  function $$(s,r){return Array.prototype.slice.call((r||document).querySelectorAll(s))}
  // Copy buttons: data-copy names the element whose text is copied.
  document.addEventListener("click",function(e){
    var b=e.target.closest&&e.target.closest("[data-copy]");if(!b)return;
    var el=document.getElementById(b.getAttribute("data-copy"));if(!el)return;
    var text=el.value!==undefined&&el.tagName==="INPUT"?el.value:el.textContent;
    var done=function(){var t=b.textContent;b.textContent="Copied";setTimeout(function(){b.textContent=t},1500)};
    if(navigator.clipboard)navigator.clipboard.writeText(text).then(done,done);else done();
  });

  // Live job rows and job pages: poll the status of active jobs; the page reloads when a job ends
  // so its clips appear. Fixed-width progress cells keep the layout still while values change.
  var TERMINAL={completed:1,failed:1,cancelled:1};
  $$("[data-job][data-live]").forEach(function(el){
    var id=el.getAttribute("data-job");
    var timer=setInterval(function(){
      fetch("/dashboard/jobs/"+id+"/status",{headers:{accept:"application/json"}}).then(function(r){return r.ok?r.json():null}).then(function(j){
        if(!j)return;
        var pct=j.status==="completed"?100:Math.round(j.progress.pct);
        var p=$("[data-progress]",el);if(p)p.value=pct;
        var t=$("[data-pct]",el);if(t)t.textContent=pct+"%";
        var s=$("[data-status]",el);if(s){s.textContent=j.status;s.className="status "+j.status}
        var st=$("[data-step]",el);if(st)st.textContent=j.progress.step;
        if(TERMINAL[j.status]){clearInterval(timer);if(el.hasAttribute("data-reload-on-done"))location.reload()}
      }).catch(function(){});
    },2000);
  });

  // Upload: reserve through the dashboard (same service as POST /uploads), PUT the file to the
  // presigned URL with XMLHttpRequest for real upload progress, then complete and open the job.
  var form=$("[data-upload]");
  if(form){
    var input=$("input[type=file]",form),drop=$("[data-drop]",form),bar=$("#upload-progress"),pctEl=$("#upload-pct"),status=$("#upload-status");
    var say=function(t,bad){status.textContent=t;status.className=bad?"alert":"muted"};
    ["dragenter","dragover"].forEach(function(ev){drop.addEventListener(ev,function(e){e.preventDefault();drop.classList.add("over")})});
    ["dragleave","drop"].forEach(function(ev){drop.addEventListener(ev,function(e){e.preventDefault();drop.classList.remove("over")})});
    drop.addEventListener("drop",function(e){if(e.dataTransfer.files.length){input.files=e.dataTransfer.files;say(input.files[0].name+" ready")}});
    var json=function(url,body){return fetch(url,{method:"POST",headers:{"content-type":"application/json"},body:JSON.stringify(body)}).then(function(r){return r.json().then(function(b){if(!r.ok)throw new Error(b.error||("HTTP "+r.status));return b})})};
    form.addEventListener("submit",function(e){
      e.preventDefault();
      var file=input.files&&input.files[0];if(!file){say("Choose a video first.",true);return}
      var config={};["clipLength","customPrompt","topics","aspect"].forEach(function(k){var f=form.elements[k];if(f&&f.value.trim())config[k]=f.value.trim()});
      var button=$("button[type=submit]",form);button.disabled=true;say("Reserving…");
      json("/dashboard/uploads",{filename:file.name,content_type:file.type||"video/mp4",size:file.size}).then(function(res){
        return new Promise(function(resolve,reject){
          var x=new XMLHttpRequest();x.open(res.method||"PUT",res.upload_url);
          Object.keys(res.headers||{}).forEach(function(h){x.setRequestHeader(h,res.headers[h])});
          x.upload.onprogress=function(ev){if(ev.lengthComputable){var p=Math.round(ev.loaded/ev.total*100);bar.value=p;pctEl.textContent=p+"%";say("Uploading… "+p+"%")}};
          x.onload=function(){x.status>=200&&x.status<300?resolve(res):reject(new Error("Upload failed (HTTP "+x.status+")"))};
          x.onerror=function(){reject(new Error("Upload failed: network error"))};
          x.send(file);
        });
      }).then(function(res){say("Starting the job…");return json("/dashboard/uploads/"+res.job_id+"/complete",Object.keys(config).length?{config:config}:{})})
        .then(function(job){location.href="/dashboard/jobs/"+job.id})
        .catch(function(err){say(err.message,true);button.disabled=false});
    });
  }

  // B-roll upload: start through the dashboard (same service as POST /broll), PUT the file to the
  // presigned URL with XMLHttpRequest for real progress, then complete and show the library.
  var bform=$("[data-broll-upload]");
  if(bform){
    var bbar=$("#broll-progress"),bpct=$("#broll-pct"),bstatus=$("#broll-status");
    var bsay=function(t,bad){bstatus.textContent=t;bstatus.className=bad?"alert":"muted"};
    var bjson=function(url,body){return fetch(url,{method:"POST",headers:{"content-type":"application/json"},body:JSON.stringify(body)}).then(function(r){return r.json().then(function(b){if(!r.ok)throw new Error(b.error||("HTTP "+r.status));return b})})};
    bform.addEventListener("submit",function(e){
      e.preventDefault();
      var file=bform.elements.file.files&&bform.elements.file.files[0];if(!file){bsay("Choose an image or video first.",true);return}
      var keywords=bform.elements.keywords.value.split(",").map(function(k){return k.trim()}).filter(Boolean);
      if(!keywords.length){bsay("Give at least one keyword.",true);return}
      var button=$("button[type=submit]",bform);button.disabled=true;bsay("Starting…");
      bjson("/dashboard/broll",{filename:file.name,content_type:file.type,size:file.size,keywords:keywords}).then(function(res){
        return new Promise(function(resolve,reject){
          var x=new XMLHttpRequest();x.open(res.method||"PUT",res.upload_url);
          Object.keys(res.headers||{}).forEach(function(h){x.setRequestHeader(h,res.headers[h])});
          x.upload.onprogress=function(ev){if(ev.lengthComputable){var p=Math.round(ev.loaded/ev.total*100);bbar.value=p;bpct.textContent=p+"%";bsay("Uploading… "+p+"%")}};
          x.onload=function(){x.status>=200&&x.status<300?resolve(res):reject(new Error("Upload failed (HTTP "+x.status+")"))};
          x.onerror=function(){reject(new Error("Upload failed: network error"))};
          x.send(file);
        });
      }).then(function(res){bsay("Checking the file…");return bjson("/dashboard/broll/"+res.asset.id+"/complete",{})})
        .then(function(){location.href="/dashboard/broll"})
        .catch(function(err){bsay(err.message,true);button.disabled=false});
    });
  }

  // Creator style fields: the live caption preview, laid out by the renderer's rules
  // (@katto/protocol previewCaptionPages, served here as its own source).
  var previewCaptionPages=${previewCaptionPages.toString()};
  var SAMPLE=${JSON.stringify(CAPTION_SAMPLE)},LAYOUT=${JSON.stringify(PREVIEW_LAYOUT)};
  $$("[data-style-fields]").forEach(function(fs){
    var box=$("[data-style-preview]",fs),f=fs.form||fs.closest("form");
    if(!box||!f)return;
    var val=function(n){var e=f.elements[n];return e?(e.type==="checkbox"?(e.checked?"true":""):e.value):""};
    var draw=function(){
      var st={},w=val("style.words_per_caption"),l=val("style.caption_lines"),e=val("style.emphasis");
      if(w)st.words_per_caption=Number(w);if(l)st.caption_lines=Number(l);if(e)st.emphasis=e;if(val("style.emoji"))st.emoji=true;
      var accent=val("accent_color")||box.getAttribute("data-accent-color"),color=val("primary_color")||box.getAttribute("data-caption-color");
      box.textContent="";
      previewCaptionPages(SAMPLE,st,LAYOUT).forEach(function(p){
        var pg=document.createElement("div");pg.className="cap-page";pg.setAttribute("data-cap-page","");pg.style.color=color;
        p.lines.forEach(function(line){
          var ln=document.createElement("div");ln.className="cap-line";
          line.forEach(function(x){
            var s=document.createElement("span");s.className=x.key?"w key":"w";if(x.key)s.style.color=accent;
            if(x.emoji){var em=document.createElement("span");em.className="emoji";em.setAttribute("data-emoji","");em.textContent=x.emoji;s.appendChild(em)}
            s.appendChild(document.createTextNode(x.text));ln.appendChild(s);
          });
          pg.appendChild(ln);
        });
        box.appendChild(pg);
      });
    };
    f.addEventListener("input",draw);f.addEventListener("change",draw);
  });
  // Brand kit forms: live caption preview.
  $$("[data-kit-form]").forEach(function(f){
    var cap=$("[data-cap]",f),acc=$("[data-accent]",f),box=$("[data-preview-box]",f);
    var update=function(){
      cap.style.color=f.elements.primary_color.value;acc.style.color=f.elements.accent_color.value;
      cap.style.fontFamily="'"+f.elements.caption_font.value+"',sans-serif";
      cap.className="cap pos-"+f.elements.caption_position.value;
      if(f.elements.aspect)box.style.aspectRatio=f.elements.aspect.value.replace(":","/");
      var wm=$("img.wm",box),u=f.elements.watermark_url.value;
      if(/^https:/.test(u)){if(!wm){wm=document.createElement("img");wm.className="wm";wm.alt="";box.appendChild(wm)}wm.src=u}else if(wm)wm.remove();
    };
    f.addEventListener("input",update);f.addEventListener("change",update);
  });
  // The transcript's word selection (job page): the same state the page renders from ?sel=&clip=
  // (transcript-editor.tsx), kept here without a reload, by the same rules (word-range.ts).
  var pickWord=${pickWord.toString()};
  var moveEdge=${moveEdge.toString()};
  var describeRange=${describeRange.toString()};
  var ed=$("[data-transcript-editor]"),nav=document.getElementById("sel-nav");
  if(ed&&nav){
    var count=Number(ed.getAttribute("data-words")),MIN=Number(ed.getAttribute("data-min")),MAX=Number(ed.getAttribute("data-max"));
    var wordEls=[];$$("button[data-w]",ed).forEach(function(b){wordEls[Number(b.getAttribute("data-w"))]=b});
    var hs=$("[data-handle=start]",ed),he=$("[data-handle=end]",ed),selForm=$("[data-sel-form]",ed);
    var label=$("[data-sel-label]",ed),problemEl=$("[data-sel-problem]",ed);
    var parse=function(v){var m=/^(\\d+)-(\\d+)$/.exec(v||"");return m?{from:Number(m[1]),to:Number(m[2])}:null};
    var sel=parse(nav.elements.sel.value),clip=nav.elements.clip.value===""?null:Number(nav.elements.clip.value);
    var said=function(){return sel?describeRange(sel,Number(wordEls[sel.from].getAttribute("data-s")),Number(wordEls[sel.to].getAttribute("data-e")),MIN,MAX):null};
    var setProblem=function(t){problemEl.textContent=t||"";problemEl.hidden=!t};
    var render=function(){
      wordEls.forEach(function(b,i){b.setAttribute("aria-pressed",sel&&i>=sel.from&&i<=sel.to?"true":"false")});
      var value=sel?sel.from+"-"+sel.to:"";
      nav.elements.sel.value=value;nav.elements.clip.value=clip===null?"":String(clip);
      selForm.elements.start_word.value=sel?String(sel.from):"";selForm.elements.end_word.value=sel?String(sel.to):"";
      $$("button[type=submit]",selForm).forEach(function(b){b.disabled=!sel});
      $$("button[data-set-clip]",selForm).forEach(function(b){var n=b.getAttribute("data-set-clip");b.textContent=clip!==null&&String(clip)===n?"Save trim of clip "+n:"Set clip "+n+" to this selection"});
      [hs,he].forEach(function(h){h.hidden=!sel});
      if(sel){
        var first=wordEls[sel.from],num=first.previousElementSibling;(num&&num.classList.contains("word-index")?num:first).before(hs);wordEls[sel.to].after(he);
        $$("button[data-move]",ed).forEach(function(b){var to=moveEdge(sel,b.getAttribute("data-edge"),Number(b.getAttribute("data-move")),count);b.value=to.from+"-"+to.to;b.disabled=to.from===sel.from&&to.to===sel.to});
        var d=said();
        label.textContent="";var strong=document.createElement("strong");strong.textContent="Selected:";label.appendChild(strong);
        label.appendChild(document.createTextNode(" "+d.label+(clip!==null?" (clip "+clip+"'s cuts: move them with the handles \u25C2 \u25B8 around the words)":"")));
      }else label.textContent="Select words to make a clip of them or to move a clip's cuts: choose the first word, then the last (shift-click stretches a selection).";
      setProblem("");
      var q=new URLSearchParams(location.search);if(value)q.set("sel",value);else q.delete("sel");if(clip!==null)q.set("clip",String(clip));else q.delete("clip");q.delete("pick");q.delete("set");
      // the job page's own path: after a form's answer the address is the POST's, which has no GET
      history.replaceState(null,"",new URL(nav.action).pathname+(q.toString()?"?"+q:"")+location.hash);
    };
    ed.addEventListener("click",function(e){
      var w=e.target.closest("button[data-w]");
      if(w){e.preventDefault();sel=pickWord(sel,Number(w.getAttribute("data-w")),e.shiftKey);render();w.focus();return}
      var h=e.target.closest("button[data-move]");
      if(h&&sel){e.preventDefault();sel=moveEdge(sel,h.getAttribute("data-edge"),Number(h.getAttribute("data-move")),count);render();h.focus();return}
      if(e.target.closest("[data-sel-clear]")){e.preventDefault();sel=null;clip=null;render()}
    });
    // a handle moves with the arrow keys too (its group carries aria-keyshortcuts)
    ed.addEventListener("keydown",function(e){
      var h=e.target.closest&&e.target.closest("[data-handle]");
      if(!h||!sel||(e.key!=="ArrowLeft"&&e.key!=="ArrowRight"))return;
      e.preventDefault();
      sel=moveEdge(sel,h.getAttribute("data-handle"),e.key==="ArrowLeft"?-1:1,count);render();
      var b=$('button[data-move="'+(e.key==="ArrowLeft"?"-1":"1")+'"]',h);(b&&!b.disabled?b:$("button:not([disabled])",h)||b).focus();
    });
    selForm.addEventListener("submit",function(e){
      var d=said();
      if(!d){e.preventDefault();setProblem("Select the words first: choose the first word, then the last.");return}
      if(d.problem){e.preventDefault();setProblem(d.problem)}
    });
    // "Show on transcript" on a clip: its words chosen, the handles beside them, focus on the start handle
    document.addEventListener("click",function(e){
      var a=e.target.closest&&e.target.closest("a[data-show-clip]");if(!a)return;
      e.preventDefault();
      sel={from:Number(a.getAttribute("data-from")),to:Number(a.getAttribute("data-to"))};clip=Number(a.getAttribute("data-show-clip"));render();
      var b=$("button:not([disabled])",hs);if(b)b.focus();
    });
  }
  // Phone widths stack each table row into a card (the stylesheet); each cell is labelled with its column's header.
  $$("main table").forEach(function(t){
    var heads=$$("thead th",t).map(function(th){return th.textContent.trim()});
    $$("tbody tr",t).forEach(function(tr){Array.prototype.forEach.call(tr.children,function(td,i){if(heads[i])td.setAttribute("data-label",heads[i])})});
  });
  // Saved kits' previews: their colours and font from data attributes (no inline style: the CSP allows none).
  $$("[data-color]").forEach(function(el){el.style.color=el.getAttribute("data-color")});
  $$("[data-font]").forEach(function(el){el.style.fontFamily="'"+el.getAttribute("data-font")+"',sans-serif"});
})();
`;
