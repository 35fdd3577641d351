/**
 * Just enough MIME for tests to read what the server sent: headers (folded, with encoded words), and a single-part
 * text body in 7bit, 8bit, quoted-printable or base64 (what nodemailer produces for a text-only message).
 */
export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  to: string;
  text: string;
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=\s*/g, (_all, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export function parseMail(raw: string): ParsedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : encoding === 'quoted-printable' ? decodeQuotedPrintable(body)
      : body;
  return { headers, subject: decodeWords(headers.get('subject') ?? ''), to: headers.get('to') ?? '', text: text.replace(/\r\n/g, '\n') };
}

/** The six-digit access code and the verification link of the visitor gate's email. */
export function accessCodeMail(raw: string): { code: string; link: string; mail: ParsedMail } {
  const mail = parseMail(raw);
  const code = /^\s+(\d{6})\s*$/m.exec(mail.text)?.[1];
  const link = /(https?:\/\/\S+[?&]verify=\S+)/.exec(mail.text)?.[1];
  if (!code || !link) throw new Error(`no access code or link in:\n${mail.text}`);
  return { code, link, mail };
}
