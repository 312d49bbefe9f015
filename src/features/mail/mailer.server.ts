import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body (every link written out in full). */
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Queues one message and returns at once, so a request does not wait for (or reveal, by its
   * timing) the delivery. A failed delivery is logged, never thrown at the caller.
   */
  send(message: MailMessage): void;
  /** Resolves when every queued message has been delivered or has failed (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  mailFrom: string;
  dataDir: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

const linkPattern = /https?:\/\/[^\s<>"')]+/g;

/** Where the development transport writes messages: `${dataDir}/mail/`. */
export function mailDirectory(dataDir: string): string {
  return path.join(dataDir, 'mail');
}

/** `2026-11-22T10-15-30-123Z_ana@example.com.eml`: sortable by time, safe on every file system. */
function fileNameFor(to: string, attempt: number): string {
  const time = new Date().toISOString().replace(/[:.]/g, '-');
  const recipient = to.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 100);
  return `${time}_${recipient}${attempt > 0 ? `_${attempt}` : ''}.eml`;
}

async function writeUnique(directory: string, to: string, content: Buffer): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const file = path.join(directory, fileNameFor(to, attempt));
    try {
      await writeFile(file, content, { flag: 'wx' });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 20) throw error;
    }
  }
}

/**
 * SMTP when SMTP_URL is set (decision 11); otherwise every message is written as an .eml file
 * under DATA_DIR/mail/ and its links are logged, so a developer can follow them.
 */
export function createMailer(options: MailerOptions): Mailer {
  // nodemailer (40 modules) is loaded with the first message, not at every start.
  let transport: Promise<Transporter> | undefined;
  const transportOnce = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      options.smtpUrl
        ? nodemailer.createTransport(options.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const pending = new Set<Promise<void>>();

  async function deliver(message: MailMessage): Promise<void> {
    const envelope = { from: options.mailFrom, ...message };
    const links = message.text.match(linkPattern) ?? [];
    const info = await (await transportOnce()).sendMail(envelope);
    if (options.smtpUrl) {
      options.log.info({ to: message.to, subject: message.subject }, 'e-mail sent');
      return;
    }
    const directory = mailDirectory(options.dataDir);
    await mkdir(directory, { recursive: true });
    const content = Buffer.isBuffer(info.message) ? info.message : Buffer.from(String(info.message));
    const file = await writeUnique(directory, message.to, content);
    options.log.info(
      { to: message.to, subject: message.subject, file, links },
      `e-mail written to ${file} (no SMTP_URL set); links: ${links.join(' ')}`,
    );
  }

  return {
    send(message) {
      const delivery = deliver(message).catch((error: unknown) => {
        options.log.error({ err: error, to: message.to, subject: message.subject }, 'sending an e-mail failed');
      });
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.idle();
      // A transport that failed to load has nothing to close; its sends were logged as failed.
      (await transport?.catch(() => undefined))?.close();
    },
  };
}
