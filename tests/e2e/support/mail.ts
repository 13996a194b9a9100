/**
 * Reading the mails the server under test sent: without SMTP_URL it writes each as an .eml file under
 * DATA_DIR/outbox (adapters/email/mailers.ts); playwright.config.ts puts DATA_DIR in E2E_DATA_DIR.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return join(dataDir, 'outbox');
}

/** Undoes quoted-printable: soft line breaks and =XX escapes (links in mails are wrapped that way). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The text of every mail to `to`, oldest first (file names start with the time they were written). */
function mailsTo(to: string): string[] {
  const dir = outboxDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => decodeQuotedPrintable(readFileSync(join(dir, name), 'utf8')))
    .filter((mail) => new RegExp(`^To:.*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(mail));
}

/**
 * Waits for a mail to `to` holding a link to `path` (e.g. '/reset-password') and answers the newest
 * such link as a path with its query, to open on the test's own origin.
 */
export async function linkFromMail(to: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+${path}\\?token=[^\\s"'<>]+`, 'g');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = mailsTo(to)
          .flatMap((mail) => mail.match(pattern) ?? [])
          .at(-1);
        return link;
      },
      { message: `a mail to ${to} with a ${path} link`, timeout: 15_000 },
    )
    .toBeTruthy();
  const url = new URL((link as string).replaceAll('&amp;', '&'));
  return `${url.pathname}${url.search}`;
}
