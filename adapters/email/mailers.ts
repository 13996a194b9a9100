import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, OutgoingMail } from '../../application/email/ports.ts';

function message(from: string, mail: OutgoingMail) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
  };
}

/**
 * Sends through an SMTP server (SMTP_URL, e.g. smtp://user:pass@smtp.example.com:587 or smtps://...).
 * Short timeouts: the outbox worker retries a mail the server did not take.
 */
export class SmtpMailer implements Mailer {
  readonly #transport: Transporter;
  readonly #from: string;

  constructor(options: { url: string; from: string; timeoutMs?: number }) {
    const timeout = options.timeoutMs ?? 10_000;
    const url = new URL(options.url);
    this.#transport = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      ...(url.username
        ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
        : {}),
      ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout * 3,
    });
    this.#from = options.from;
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.#transport.sendMail(message(this.#from, mail));
  }

  close(): void {
    this.#transport.close();
  }
}

/**
 * The development default: writes each mail as an .eml file under `directory` (DATA_DIR/outbox) and logs
 * one line, so mails can be opened in any mail client without a server.
 */
export class FileOutboxMailer implements Mailer {
  readonly #directory: string;
  readonly #from: string;
  readonly #log: (line: string) => void;
  readonly #transport: Transporter;

  constructor(options: { directory: string; from: string; log: (line: string) => void }) {
    this.#directory = options.directory;
    this.#from = options.from;
    this.#log = options.log;
    this.#transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = (await this.#transport.sendMail(message(this.#from, mail))) as { message: Buffer };
    await mkdir(this.#directory, { recursive: true });
    const stamp = new Date().toISOString().replaceAll(':', '-');
    const safeTo = mail.to.replace(/[^\w.@-]/g, '_');
    const name = `${stamp}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.eml`;
    const file = join(this.#directory, name);
    await writeFile(`${file}.part`, info.message);
    await rename(`${file}.part`, file);
    this.#log(`mail to ${mail.to} "${mail.subject}" written to ${file}`);
  }
}
