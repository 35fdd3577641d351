/** One outgoing email. `text` is always sent; `html` is optional. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A calendar invitation (text/calendar part; nodemailer's icalEvent): the booking calendar's .ics. */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
}

/**
 * Where mail goes: an SMTP server (SMTP_URL) or a local outbox folder. Services only know this interface, so tests
 * can hand in any implementation.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** One line for the start-up log, e.g. "SMTP smtp://mail.example.com:587". */
  readonly description: string;
  close(): Promise<void>;
}

/** The sender every message carries: no-reply at the host of PUBLIC_URL. */
export function senderFor(publicUrl: string): string {
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    /* keep localhost */
  }
  // A bare host such as "localhost" is accepted by SMTP servers and mail clients alike.
  return `"Atrium" <no-reply@${host}>`;
}
