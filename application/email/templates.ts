import type { OutgoingMail, Recipient } from './ports.ts';

export interface MailContent {
  subject: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  action?: { label: string; url: string };
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Strips line breaks from a header value (no header injection through a project title). */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

/** The body of every BuildBid mail: a greeting, the paragraphs, the action link, then the footer. */
function renderMail(
  to: { email: string; name: string },
  content: MailContent,
  footer: { text: string; html: string },
  headers: Record<string, string>,
): OutgoingMail {
  const greeting = `Hello ${to.name},`;
  const text = [
    greeting,
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    '--',
    footer.text,
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    content.action
      ? `<p><a href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.label)}</a></p>`
      : '',
    '<hr>',
    `<p style="font-size: 12px; color: #666">${footer.html}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: to.email, subject: oneLine(content.subject), text, html, headers };
}

/**
 * A BuildBid mail in plain text and HTML. Every mail carries the unsubscribe link in its body and in
 * List-Unsubscribe / List-Unsubscribe-Post (RFC 8058 one-click) headers.
 */
export function composeMail(to: Recipient, content: MailContent, unsubscribeUrl: string): OutgoingMail {
  const why = 'You receive this because email notifications are on for your BuildBid account.';
  return renderMail(
    to,
    content,
    {
      text: `${why} Unsubscribe: ${unsubscribeUrl}`,
      html: `${why} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a>`,
    },
    {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  );
}

/**
 * An account mail (decision 0160: password reset, email verification): sent whatever the notification
 * setting, since it is the person's own request, and so without an unsubscribe link.
 */
export function composeAccountMail(to: { email: string; name: string }, content: MailContent): OutgoingMail {
  const why = 'You receive this because of a request made for your BuildBid account.';
  return renderMail(to, content, { text: why, html: escapeHtml(why) }, {});
}
