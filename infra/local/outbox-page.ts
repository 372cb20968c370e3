import type { ServerResponse } from 'node:http';
import { readOutbox } from '../../functions/src/mail/outbox-mailer';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The local mailbox: every mail the product sent, newest first (HTML page and JSON); `to` keeps one address's mail. */
export async function serveOutbox(res: ServerResponse, dir: string, format: 'html' | 'json', to?: string): Promise<void> {
  const messages = await readOutbox(dir, to);
  if (format === 'json') {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ messages }));
    return;
  }
  const items = messages
    .map(
      (m) => `<article><header><h2>${esc(m.subject)}</h2><p>To <b>${esc(m.to)}</b> · ${esc(new Date(m.createdAt).toLocaleString())}</p></header>
<div class="mail">${m.html}</div></article>`,
    )
    .join('\n');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:800px;margin:2rem auto;padding:0 1rem;color:#111}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0}header p{color:#555;margin:.25rem 0 1rem}</style></head>
<body><h1>Local mailbox</h1><p>Mail the product sent in local mode (${messages.length}). Nothing here left this machine.</p>${items || '<p>No mail yet.</p>'}</body></html>`);
}
