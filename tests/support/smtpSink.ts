import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePort } from './freePort.ts';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, ready for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server (the smtp-server package) on a free port that accepts every message without authentication or
 * TLS and keeps it; with `saveDir`, each message is also written there as <n>-<recipient>.eml for other processes.
 */
export async function startSmtpSink(opts: { saveDir?: string } = {}): Promise<SmtpSink> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  if (opts.saveDir) fs.mkdirSync(opts.saveDir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        if (opts.saveDir) {
          const name = `${String(received.length).padStart(4, '0')}-${mail.to[0] ?? 'nobody'}.eml`;
          fs.writeFileSync(path.join(opts.saveDir, `.${name}`), mail.raw);
          fs.renameSync(path.join(opts.saveDir, `.${name}`), path.join(opts.saveDir, name));
        }
        // Accepted only once stored: the sender's sendMail resolves after this.
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
