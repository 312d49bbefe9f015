import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, mailDirectory, type MailMessage } from './mailer.server';

interface LogLine {
  level: 'info' | 'error';
  fields: Record<string, unknown>;
  message: string;
}

/** A real pino logger whose JSON lines are kept, as the server's would be written. */
function recordingLog() {
  const lines: LogLine[] = [];
  const logger = pino(
    { base: null, timestamp: false },
    {
      write(json: string) {
        const { level, msg, ...fields } = JSON.parse(json) as Record<string, unknown>;
        lines.push({ level: level === 50 ? 'error' : 'info', fields, message: String(msg) });
      },
    },
  );
  return Object.assign(logger, { lines });
}

/** Just enough of an SMTP server to take messages: what the mailer's SMTP transport talks to. */
async function startSmtpServer(): Promise<{ port: number; messages: string[]; close(): Promise<void> }> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffered = '';
    let data: string | undefined;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffered += chunk.toString('utf8');
      for (let end = buffered.indexOf('\r\n'); end !== -1; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (data !== undefined) {
          if (line === '.') {
            messages.push(data);
            data = undefined;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^EHLO/i.test(line)) socket.write('250 test\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const welcome: MailMessage = {
  to: 'ana@example.com',
  subject: 'Verify your e-mail address',
  text: 'Open https://cenoteatlas.example/verify-email?token=abc to verify.',
  html: '<p>Open <a href="https://cenoteatlas.example/verify-email?token=abc">this link</a> to verify.</p>',
};

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-mailer-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the mailer', () => {
  it('without SMTP_URL writes each message as an .eml file and logs its links', async () => {
    const log = recordingLog();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'atlas@example.com', dataDir, log });
    mailer.send(welcome);
    mailer.send({ ...welcome, subject: 'A second one' });
    await mailer.idle();
    const files = await readdir(mailDirectory(dataDir));
    expect(files).toHaveLength(2);
    expect(
      files.every((file) => file.endsWith('_ana@example.com.eml') || file.endsWith('_ana@example.com_1.eml')),
    ).toBe(true);
    const contents = await Promise.all(files.map((file) => readFile(path.join(mailDirectory(dataDir), file), 'utf8')));
    expect(contents.some((content) => content.includes('Subject: Verify your e-mail address'))).toBe(true);
    expect(contents.some((content) => content.includes('Subject: A second one'))).toBe(true);
    expect(log.lines.filter((line) => line.level === 'info')).toHaveLength(2);
    expect(log.lines[0]!.fields['links']).toEqual(['https://cenoteatlas.example/verify-email?token=abc']);
    await mailer.close();
  });

  it('with SMTP_URL delivers to the SMTP server', async () => {
    const smtp = await startSmtpServer();
    try {
      const log = recordingLog();
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
        mailFrom: 'atlas@example.com',
        dataDir,
        log,
      });
      mailer.send(welcome);
      await mailer.idle();
      expect(log.lines).toEqual([
        { level: 'info', fields: { to: 'ana@example.com', subject: welcome.subject }, message: 'e-mail sent' },
      ]);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain('Subject: Verify your e-mail address');
      expect(smtp.messages[0]).toContain('To: ana@example.com');
      await expect(readdir(mailDirectory(dataDir))).rejects.toMatchObject({ code: 'ENOENT' });
      await mailer.close();
    } finally {
      await smtp.close();
    }
  });

  it('logs a failed delivery instead of throwing, and still closes', async () => {
    const unused = await startSmtpServer();
    const port = unused.port;
    await unused.close();
    const log = recordingLog();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'atlas@example.com', dataDir, log });
    expect(() => mailer.send(welcome)).not.toThrow();
    await mailer.idle();
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({
      level: 'error',
      message: 'sending an e-mail failed',
      fields: { to: welcome.to },
    });
    await mailer.close();
  });

  it('closes at once when it never sent anything', async () => {
    const log = recordingLog();
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'atlas@example.com', dataDir, log });
    await mailer.close();
    expect(log.lines).toEqual([]);
  });
});
