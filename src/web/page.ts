/**
 * The search page's three files, served from memory. No external assets, no inline script or style:
 * the Content-Security-Policy allows only these same-origin files. Every path is relative, so the page
 * works at `/` (`snippet-search serve`) and under the App's `/snippet-search/`.
 */

export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>snippet-search: find the StackOverflow answer for a traceback</title>
<link rel="icon" href="favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="style.css">
<script src="app.js" defer></script>
</head>
<body>
<header>
  <h1><img src="favicon.svg" alt="" width="28" height="28"> snippet-search</h1>
  <p>Paste a failing log or a traceback; get the StackOverflow threads that match it.</p>
</header>
<main>
  <noscript><p>This page needs JavaScript (from this server only). Or POST JSON to <code>api/search</code>:
    <code>{"text": "...", "top": 5}</code>.</p></noscript>
  <form id="search" action="api/search" method="post" novalidate>
    <label for="text">Log or traceback</label>
    <textarea id="text" name="text" rows="12" spellcheck="false" autocapitalize="off" autocomplete="off"
      required placeholder="Traceback (most recent call last):&#10;  File &quot;app.py&quot;, line 3, in &lt;module&gt;&#10;    import requests&#10;ModuleNotFoundError: No module named 'requests'"></textarea>
    <div class="row">
      <label for="top">Results</label>
      <select id="top" name="top">
        <option>3</option><option selected>5</option><option>10</option><option>20</option>
      </select>
      <button type="submit" id="go">Search</button>
      <span class="hint">or <kbd>Ctrl</kbd>+<kbd>Enter</kbd></span>
    </div>
  </form>
  <p id="status" role="status" aria-live="polite"></p>
  <section id="understood" hidden aria-labelledby="understood-h">
    <h2 id="understood-h">What we read</h2>
    <p id="error"></p>
    <pre id="code" hidden></pre>
  </section>
  <section id="answers" hidden aria-labelledby="answers-h">
    <h2 id="answers-h">Threads</h2>
    <div id="unsure" hidden>
      <p><strong>No confident match.</strong> <span id="unsure-why">None of these threads looks like it fixes this error.</span></p>
      <button type="button" id="show-anyway" aria-expanded="false" aria-controls="results">Show anyway</button>
    </div>
    <ol id="results"></ol>
    <p class="note" id="ranked"></p>
  </section>
</main>
<footer>
  <p>Answers from <a href="https://stackoverflow.com" rel="noreferrer">StackOverflow</a>, licensed
  <a href="https://creativecommons.org/licenses/by-sa/4.0/" rel="noreferrer">CC BY-SA</a>; follow the links for authors.
  What you paste is searched on this server and not kept.</p>
</footer>
</body>
</html>
`;

export const PAGE_CSS = `:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #fff; --card: #f6f8fa;
  --line: #d1d9e0; --accent: #0969da; --warn: #9a6700; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --card: #151b23;
  --line: #3d444d; --accent: #4493f8; --warn: #d29922; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 56rem; padding: 1rem; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif;
  color: var(--fg); background: var(--bg); }
h1 { font-size: 1.5rem; margin: 0.5rem 0 0; display: flex; align-items: center; gap: 0.5rem; }
h2 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; }
header p, .note, .hint, footer { color: var(--muted); }
footer { font-size: 0.85rem; border-top: 1px solid var(--line); margin-top: 2rem; }
label { font-weight: 600; }
textarea { display: block; width: 100%; margin: 0.25rem 0 0.75rem; padding: 0.5rem; font: 13px/1.4 ui-monospace,
  SFMono-Regular, Menlo, Consolas, monospace; color: var(--fg); background: var(--card); border: 1px solid var(--line);
  border-radius: 6px; resize: vertical; }
.row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
select, button { font: inherit; padding: 0.4rem 0.8rem; border-radius: 6px; border: 1px solid var(--line);
  background: var(--card); color: var(--fg); min-height: 2.5rem; }
button { cursor: pointer; }
#go { background: var(--accent); border-color: var(--accent); color: #fff; font-weight: 600; }
button:disabled { opacity: 0.6; cursor: progress; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
kbd { font: 0.8rem ui-monospace, monospace; border: 1px solid var(--line); border-radius: 4px; padding: 0 0.3rem; }
#status:empty { display: none; }
#status.error { color: #cf222e; font-weight: 600; }
pre { overflow-x: auto; padding: 0.5rem; background: var(--card); border: 1px solid var(--line); border-radius: 6px;
  font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre; }
#error { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
#unsure { border-left: 4px solid var(--warn); padding: 0.25rem 0.75rem; background: var(--card); margin-bottom: 1rem; }
ol#results { padding-left: 1.5rem; }
ol#results li { margin: 0 0 1rem; overflow-wrap: anywhere; }
ol#results a.title { font-weight: 600; color: var(--accent); }
.meta { color: var(--muted); font-size: 0.9rem; }
@media (pointer: coarse) { .hint { display: none; } }
`;

export const PAGE_JS = `'use strict';
(() => {
  const MAX_BYTES = __MAX_BYTES__;
  const $ = (id) => document.getElementById(id);
  const form = $('search'), text = $('text'), top = $('top'), go = $('go'), status = $('status');
  const understood = $('understood'), answers = $('answers'), results = $('results');
  const unsure = $('unsure'), showAnyway = $('show-anyway');

  function setStatus(message, isError) {
    status.textContent = message;
    status.className = isError ? 'error' : '';
  }
  function el(tag, props, children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) e[k] = v;
    for (const c of children || []) e.append(c);
    return e;
  }
  function safeUrl(u) {
    try {
      const url = new URL(u);
      return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
    } catch (_) {
      return null;
    }
  }
  function why(w) {
    const parts = [];
    if (w && w.sameErrorType) parts.push('same error type');
    if (w && w.sharedTerms && w.sharedTerms.length) parts.push('shares ' + w.sharedTerms.join(', '));
    return parts.join('; ');
  }
  function render(json) {
    const q = json.query || {};
    const f = (q.failures || [])[0];
    $('error').textContent = f
      ? [f.errorType, f.errorMessage].filter(Boolean).join(': ') +
        (q.failures.length > 1 ? '  (+' + (q.failures.length - 1) + ' more)' : '')
      : 'No failure recognized; the text was searched as written.';
    const code = $('code');
    code.textContent = q.code || '';
    code.hidden = !q.code;
    understood.hidden = false;
    results.replaceChildren();
    for (const h of json.results || []) {
      const href = safeUrl(h.url);
      const title = href ? el('a', { className: 'title', href, rel: 'noreferrer', textContent: h.title })
        : el('span', { className: 'title', textContent: h.title });
      const meta = el('div', { className: 'meta' }, ['score ' + h.score]);
      const answer = h.answerUrl && safeUrl(h.answerUrl);
      if (answer) meta.append(' · ', el('a', { href: answer, rel: 'noreferrer', textContent: 'accepted/best answer' }));
      const w = why(h.why);
      const li = el('li', {}, [title, meta]);
      if (w) li.append(el('div', { className: 'meta why', textContent: 'why: ' + w }));
      results.append(li);
    }
    const none = !json.results || json.results.length === 0;
    // Older servers have no "confident" field: treat that as confident, as the CLI does.
    const confident = json.confident !== false;
    unsure.hidden = confident || none;
    // The index lacks the failure's language ("the index has no Go threads …"): say that instead.
    $('unsure-why').textContent = typeof json.reason === 'string' && json.reason
      ? json.reason.charAt(0).toUpperCase() + json.reason.slice(1) + '.'
      : 'None of these threads looks like it fixes this error.';
    results.hidden = !confident && !none;
    showAnyway.setAttribute('aria-expanded', 'false');
    $('ranked').textContent = none ? 'No matching threads.' : 'Ranked by ' + json.retriever + '.';
    answers.hidden = false;
    setStatus(none ? 'No matching threads.' : confident ? (json.results.length + ' threads found.') : 'No confident match.');
  }
  showAnyway.addEventListener('click', () => {
    results.hidden = !results.hidden;
    showAnyway.setAttribute('aria-expanded', String(!results.hidden));
    showAnyway.textContent = results.hidden ? 'Show anyway' : 'Hide';
  });
  async function search() {
    const value = text.value;
    if (!value.trim()) {
      setStatus('Paste a log or a traceback first.', true);
      text.focus();
      return;
    }
    if (new TextEncoder().encode(value).length > MAX_BYTES) {
      setStatus('That is more than ' + Math.round(MAX_BYTES / 1024) + ' KiB: paste the failing part (the traceback and a few lines around it).', true);
      return;
    }
    go.disabled = true;
    setStatus('Searching…');
    try {
      const res = await fetch('api/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: value, top: Number(top.value) }),
      });
      const json = await res.json().catch(() => ({ error: 'the server answered HTTP ' + res.status }));
      if (!res.ok) throw new Error(json.error || 'HTTP ' + res.status);
      render(json);
    } catch (err) {
      setStatus('Search failed: ' + err.message, true);
    } finally {
      go.disabled = false;
    }
  }
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void search();
  });
  text.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void search();
    }
  });
})();
`;

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="13" cy="13" r="9" fill="none" stroke="#f48024" stroke-width="4"/><path d="M20 20l9 9" stroke="#f48024" stroke-width="4" stroke-linecap="round"/></svg>
`;
