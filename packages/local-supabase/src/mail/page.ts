export const mailboxPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local mailbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;display:grid;grid-template-columns:360px 1fr;height:100vh}
aside{border-right:1px solid #ddd;overflow:auto}header{padding:12px;border-bottom:1px solid #ddd;display:flex;gap:8px;align-items:center}
ul{list-style:none;margin:0;padding:0}li{padding:10px 12px;border-bottom:1px solid #eee;cursor:pointer}li:hover,li.active{background:#eef3fb}
small{color:#666;display:block}main{overflow:auto}iframe{border:0;width:100%;height:calc(100vh - 90px)}
.meta{padding:12px;border-bottom:1px solid #ddd}button{cursor:pointer}
</style></head>
<body><aside><header><strong>Mailbox</strong><button id="refresh">Refresh</button><button id="clear">Delete all</button></header><ul id="list"></ul></aside>
<main><div class="meta" id="meta">Select a message</div><iframe id="body" title="Message body" sandbox=""></iframe></main>
<script>
const list=document.getElementById('list'),meta=document.getElementById('meta'),frame=document.getElementById('body');
async function load(){const r=await fetch('/api/v1/messages');const d=await r.json();list.innerHTML='';
for(const m of d.messages){const li=document.createElement('li');li.innerHTML='<b></b><small></small><small></small>';
li.children[0].textContent=m.Subject||'(no subject)';li.children[1].textContent='To: '+m.To.map(a=>a.Address).join(', ');li.children[2].textContent=new Date(m.Created).toLocaleString();
li.onclick=()=>show(m.ID,li);list.appendChild(li)}}
async function show(id,li){for(const x of list.children)x.classList.remove('active');li.classList.add('active');
const m=await (await fetch('/api/v1/message/'+id)).json();meta.textContent=m.Subject+' — from '+m.From.Address+' to '+m.To.map(a=>a.Address).join(', ');
frame.srcdoc=m.HTML||('<pre>'+m.Text.replace(/[&<]/g,c=>c==='&'?'&amp;':'&lt;')+'</pre>')}
document.getElementById('refresh').onclick=load;document.getElementById('clear').onclick=async()=>{await fetch('/api/v1/messages',{method:'DELETE'});meta.textContent='Select a message';frame.srcdoc='';load()};
load();setInterval(load,5000);
</script></body></html>`
