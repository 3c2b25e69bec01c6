// The dashboard's small progressive script, served from the Worker (/dashboard/assets/*), and its
// stylesheet (./stylesheet). Every page works without the script; it adds copy buttons, reveal,
// drag-and-drop upload with progress, live job updates, the caption preview and the transcript's
// word selection without a reload.
import { CAPTION_PREVIEW_FUNCTIONS, CAPTION_SAMPLE, PREVIEW_LAYOUTS, previewCaptionPages } from "@katto/protocol";
import { describeRange, moveEdge, pickWord } from "./components/word-range";
export { DASHBOARD_CSS } from "./stylesheet";

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

  // Live job rows and job pages: poll the status of active jobs; the page reloads when a job ends,
  // or when a clip was delivered while it runs, so its clips appear. Fixed-width progress cells keep the layout still while values change.
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
        // a clip delivered while the job runs (clip_ready) is shown at once
        else if(el.hasAttribute("data-reload-on-done")&&j.clips>Number(el.getAttribute("data-clips")||0))location.reload();
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
      // every option of the form as typed (the server reads them into a Config, as the URL form's are)
      var fields={};new FormData(form).forEach(function(v,k){if(typeof v==="string")fields[k]=v});
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
      }).then(function(res){say("Starting the job…");return json("/dashboard/uploads/"+res.job_id+"/complete",{fields:fields})})
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
  // (@katto/protocol previewCaptionPages and the renderer's page breaking it calls, served here as
  // their own sources: function declarations, so each keeps the name the others call it by).
  ${CAPTION_PREVIEW_FUNCTIONS.map(String).join("\n  ")}
  var previewCaptionPages=${previewCaptionPages.toString()};
  // lines break by the frame width of the form's shape (its aspect field; "Keep" or none: the shape the server drew for)
  var SAMPLE=${JSON.stringify(CAPTION_SAMPLE)},LAYOUTS=${JSON.stringify(PREVIEW_LAYOUTS)};
  $$("[data-style-fields]").forEach(function(fs){
    var box=$("[data-style-preview]",fs),f=fs.form||fs.closest("form");
    if(!box||!f)return;
    var val=function(n){var e=f.elements[n];return e?(e.type==="checkbox"?(e.checked?"true":""):e.value):""};
    var draw=function(){
      var st={},w=val("style.words_per_caption"),l=val("style.caption_lines"),e=val("style.emphasis");
      if(w)st.words_per_caption=Number(w);if(l)st.caption_lines=Number(l);if(e)st.emphasis=e;if(val("style.emoji"))st.emoji=true;
      var accent=val("accent_color")||box.getAttribute("data-accent-color"),color=val("primary_color")||box.getAttribute("data-caption-color");
      box.textContent="";
      var shape=val("aspect")||box.getAttribute("data-aspect")||"9:16";
      previewCaptionPages(SAMPLE,st,LAYOUTS[shape]||LAYOUTS["9:16"]).forEach(function(p){
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
      if(f.elements.aspect)box.setAttribute("data-aspect",f.elements.aspect.value);
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
