// citerag demo page. Every piece of text from the server (answers, quotes, document text) is put
// in the page with textContent, never as HTML.
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);

  const LABELS = {
    answered: 'Answer',
    not_in_sources: 'Not in the documents',
    rejected: 'Rejected: no verified answer'
  };

  const REASONS = {
    low_similarity: 'no retrieved passage is similar enough to the question',
    no_lexical_match: 'no retrieved passage contains any word of the question',
    no_results: 'nothing was retrieved (empty store or nothing passes the filter)',
    not_in_sources: 'the passages retrieved do not contain the answer',
    truncated: 'the model\u2019s reply was cut off at its output limit',
    blocked: 'the provider blocked the request or the reply',
    invalid_citations: 'the citations failed verification',
    invalid_reply: 'the reply did not follow the answer format',
    provider_error: 'the model provider failed',
    judge_unavailable: 'the judge that checks support failed, so the answer was not served unchecked',
    deadline_exceeded: 'no verified answer in time'
  };

  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function where(c) {
    const section = c.section || c.title || '';
    const place = section ? c.source + ' \u00a7 ' + section : c.source;
    return c.page ? place + ', p. ' + c.page : place;
  }

  function fmt(x, digits) {
    return x === null || x === undefined ? '\u2014' : Number(x).toFixed(digits);
  }

  function parseFilter(text) {
    const filter = {};
    const parts = text.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
    for (const p of parts) {
      const eq = p.indexOf('=');
      if (eq <= 0) throw new Error('filter must be key=value, was "' + p + '"');
      filter[p.slice(0, eq).trim()] = p.slice(eq + 1).trim();
    }
    return filter;
  }

  // the per-request options: k, min similarity, min rerank score (left out when empty)
  function withOptions(body) {
    const fields = [['k', 'opt-k', true], ['min_similarity', 'opt-min-similarity', false],
      ['min_rerank_score', 'opt-min-rerank', false]];
    for (const [name, id, integer] of fields) {
      const el = $(id);
      const v = el ? el.value.trim() : '';
      if (v !== '') body[name] = integer ? parseInt(v, 10) : parseFloat(v);
    }
    return body;
  }

  function setStatus(text, isError) {
    const s = $('status');
    s.textContent = text;
    s.classList.toggle('error', !!isError);
  }

  function marker(n, citation) {
    const m = el('span', 'marker', '[' + n + ']');
    m.dataset.n = String(n);
    m.tabIndex = 0;
    const tip = el('span', 'tooltip');
    tip.setAttribute('role', 'tooltip');
    tip.id = 'tip-' + n + '-' + Math.random().toString(36).slice(2, 8);
    if (citation) {
      tip.appendChild(el('span', 'quote', '\u201c' + citation.quote + '\u201d'));
      tip.appendChild(el('span', 'where', where(citation)));
    }
    m.setAttribute('aria-describedby', tip.id);
    m.appendChild(tip);
    m.addEventListener('mouseenter', () => m.classList.add('open'));
    m.addEventListener('mouseleave', () => m.classList.remove('open'));
    return m;
  }

  function renderAnswer(j) {
    const answer = $('answer');
    const byN = new Map(j.citations.map((c) => [c.n, c]));
    for (const seg of j.segments) {
      answer.appendChild(document.createTextNode(seg.text));
      for (const n of seg.markers) answer.appendChild(marker(n, byN.get(n)));
    }
    const refs = $('references');
    for (const c of j.citations) {
      const li = el('li');
      li.dataset.n = String(c.n);
      li.appendChild(el('span', 'where', where(c)));
      li.appendChild(el('blockquote', 'quote', c.quote));
      refs.appendChild(li);
    }
    $('references-section').hidden = j.citations.length === 0;
  }

  function renderIssues(issues) {
    const ul = $('issues');
    for (const i of issues) {
      const li = el('li');
      li.appendChild(el('code', null, i.type));
      li.appendChild(document.createTextNode(' (' + i.severity + '): ' + i.detail));
      ul.appendChild(li);
    }
  }

  // The text of a cited chunk around its verified quote spans, each span in a <mark>: the offsets
  // are the server's, checked against the chunk's text, and index this same (UTF-16) string.
  function citedText(td, text, spans) {
    const first = spans[0];
    const from = Math.max(0, first.start - 120);
    const to = Math.min(text.length, first.end + 120);
    const flat = (s) => s.replace(/\s+/g, ' ');
    let at = from;
    if (from > 0) td.appendChild(document.createTextNode('...'));
    for (const s of spans) {
      if (s.start < at || s.end > to) continue;
      td.appendChild(document.createTextNode(flat(text.slice(at, s.start))));
      const m = el('mark', 'cited', flat(text.slice(s.start, s.end)));
      m.title = '[' + s.n + '] verified quote, characters ' + s.start + '\u2013' + s.end
        + ' of the chunk'
        + (typeof s.document_start === 'number'
          ? ', ' + s.document_start + '\u2013' + s.document_end + ' of the '
            + (s.page == null ? 'document' : 'text of page ' + s.page)
          : '');
      if (typeof s.document_start === 'number') {
        m.dataset.documentStart = String(s.document_start);
        m.dataset.documentEnd = String(s.document_end);
      }
      td.appendChild(m);
      at = s.end;
    }
    td.appendChild(document.createTextNode(flat(text.slice(at, to)) + (to < text.length ? '...' : '')));
  }

  function renderEvidence(retrieved, citations) {
    const spansByChunk = new Map();
    for (const c of citations || []) {
      if (typeof c.start !== 'number' || typeof c.end !== 'number') continue;
      if (!spansByChunk.has(c.chunk_id)) spansByChunk.set(c.chunk_id, []);
      spansByChunk.get(c.chunk_id).push(c);
    }
    for (const spans of spansByChunk.values()) spans.sort((a, b) => a.start - b.start);
    const rows = $('evidence-rows');
    let sent = 0;
    for (const h of retrieved) {
      const tr = el('tr', h.sent ? 'sent' : 'not-sent');
      tr.dataset.sent = String(h.sent);
      tr.dataset.chunkId = h.chunk_id;
      if (h.sent) sent++;
      tr.appendChild(el('td', 'id', h.source_id || '\u2014'));
      tr.appendChild(el('td', 'source', where(h)));
      tr.appendChild(el('td', 'num dense', fmt(h.dense_score, 3)));
      tr.appendChild(el('td', 'num lexical', h.lexical_rank === null ? '\u2014' : '#' + h.lexical_rank));
      tr.appendChild(el('td', 'num fused', fmt(h.fused_score, 4)));
      tr.appendChild(el('td', 'flag', h.sent ? 'sent' : 'not sent'));
      const text = h.text.replace(/\s+/g, ' ').trim();
      const spans = spansByChunk.get(h.chunk_id);
      let td;
      if (spans) {
        td = el('td', 'text cited');
        citedText(td, h.text, spans);
      } else {
        td = el('td', 'text', text.length > 240 ? text.slice(0, 237) + '...' : text);
      }
      td.title = text;
      tr.appendChild(td);
      rows.appendChild(tr);
    }
    $('evidence-summary').textContent = 'Evidence: ' + retrieved.length + ' chunks retrieved, ' + sent + ' sent to the model';
  }

  function renderRetrievalOnly(retrieved) {
    const list = $('retrieval-only-list');
    for (const h of retrieved.slice(0, 3)) {
      const li = el('li');
      li.appendChild(el('span', 'where', where(h)));
      const text = h.text.replace(/\s+/g, ' ').trim();
      li.appendChild(el('blockquote', 'quote', text.length > 300 ? text.slice(0, 297) + '...' : text));
      list.appendChild(li);
    }
    if (retrieved.length === 0) list.appendChild(el('li', null, 'nothing retrieved'));
  }

  // what produced the result: the trace id, top-k, embedding model, validator rules, prompt and
  // the database server that answered the search (when the store names one)
  function renderProducedBy(j) {
    const dl = $('produced-by');
    const p = j.produced_by || {};
    const e = p.embedder || {};
    const rows = [
      ['trace id', j.trace_id],
      ['top-k', j.top_k],
      ['embedding model', [e.provider, e.model, e.digest, e.dimensions ? e.dimensions + ' dimensions' : null]
        .filter((s) => s).join(' \u00b7 ')],
      ['validator rules', p.validator_rules],
      ['prompt', p.prompt],
      ['search server', p.search_server]
    ];
    for (const [k, v] of rows) {
      if (v === undefined || v === null || v === '') continue;
      const dt = el('dt', null, k);
      const dd = el('dd', null, v);
      dd.dataset.field = k;
      dl.appendChild(dt);
      dl.appendChild(dd);
    }
  }

  function clear() {
    for (const id of ['answer', 'reason', 'issues', 'references', 'evidence-rows', 'meta',
      'retrieval-only-list', 'produced-by']) {
      $(id).replaceChildren();
    }
  }

  // an error must not leave the previous question's answer on screen, as if it answered this one
  function clearResult() {
    clear();
    const result = $('result');
    result.hidden = true;
    delete result.dataset.status;
    delete result.dataset.question;
  }

  function applyCompare() {
    const on = $('compare').checked;
    $('retrieval-only').hidden = !on;
    $('result').classList.toggle('compare', on);
  }

  function render(j) {
    clear();
    const result = $('result');
    const outcome = $('outcome');
    outcome.className = 'outcome ' + j.status;
    result.dataset.status = j.status;
    result.dataset.question = j.question;
    const label = LABELS[j.status] || j.status;
    $('outcome-label').textContent = j.verified ? label + ' (' + j.verified + ')' : label;
    if (j.status === 'answered') {
      renderAnswer(j);
    } else {
      $('references-section').hidden = true;
      const why = REASONS[j.reason] || j.reason;
      $('reason').textContent = why + ' (' + j.reason + (j.detail ? ': ' + j.detail : '') + ')';
    }
    if (j.issues.length > 0) renderIssues(j.issues);
    renderEvidence(j.retrieved, j.status === 'answered' ? j.citations : []);
    renderRetrievalOnly(j.retrieved);
    applyCompare();
    renderProducedBy(j);
    const total = j.latency_ms && j.latency_ms.total !== undefined ? Math.round(j.latency_ms.total) + ' ms' : '';
    $('meta').textContent = [j.model, total, j.usage.total_tokens ? j.usage.total_tokens + ' tokens' : '']
      .filter((s) => s).join(' \u00b7 ');
    result.hidden = false;
  }

  async function ask(ev) {
    ev.preventDefault();
    const question = $('question').value.trim();
    if (!question) {
      clearResult();
      setStatus('Type a question first.', true);
      return;
    }
    let filter;
    try {
      filter = parseFilter($('filter').value);
    } catch (e) {
      clearResult();
      setStatus(e.message, true);
      return;
    }
    const button = $('ask');
    button.disabled = true;
    setStatus('Searching the documents\u2026', false);
    try {
      const r = await fetch('ask', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(withOptions({ question: question, filter: filter }))
      });
      const j = await r.json();
      if (!r.ok) {
        clearResult();
        setStatus('Error: ' + (j.error || r.status), true);
        return;
      }
      render(j);
      setStatus('', false);
    } catch (e) {
      clearResult();
      setStatus('Error: ' + e.message, true);
    } finally {
      button.disabled = false;
    }
  }

  async function upload(ev) {
    ev.preventDefault();
    const input = $('upload-files');
    if (!input.files || input.files.length === 0) {
      setUploadStatus('Choose one or more files first.', true);
      return;
    }
    const form = new FormData();
    for (const f of input.files) form.append('file', f, f.name);
    const button = $('upload');
    button.disabled = true;
    setUploadStatus('Adding ' + input.files.length + ' file(s)\u2026', false);
    try {
      // the header keeps other sites from posting uploads here (it needs a CORS preflight)
      const r = await fetch('ingest', { method: 'POST', headers: { 'X-Citerag-Upload': '1' }, body: form });
      const j = await r.json();
      const skipped = (j.skipped || []).map(s => 'skipped ' + s);
      if (!r.ok) {
        setUploadStatus(['Error: ' + (j.error || r.status)].concat(skipped).join('\n'), true);
        return;
      }
      const done = 'Added ' + j.documents_written + ' document(s), ' + j.chunks_written + ' chunk(s)' +
        (j.documents_skipped ? ' (' + j.documents_skipped + ' unchanged)' : '') + '.';
      setUploadStatus([done].concat(skipped).join('\n'), false);
      $('upload-result').dataset.written = String(j.documents_written);
      input.value = '';
    } catch (e) {
      setUploadStatus('Error: ' + e.message, true);
    } finally {
      button.disabled = false;
    }
  }

  function setUploadStatus(text, isError) {
    const s = $('upload-result');
    s.textContent = text;
    s.classList.toggle('error', !!isError);
  }

  for (const b of document.querySelectorAll('#samples .sample')) {
    b.addEventListener('click', () => {
      $('question').value = b.dataset.question;
      $('ask-form').requestSubmit();
    });
  }
  $('compare').addEventListener('change', applyCompare);
  $('ask-form').addEventListener('submit', ask);
  $('upload-form').addEventListener('submit', upload);
})();
