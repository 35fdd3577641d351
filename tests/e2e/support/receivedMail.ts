import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

/**
 * The server's mail to one address, as the suite's SMTP peer saved it in `mailDir` (<n>-<recipient>.eml), parsed.
 * Waits up to 15 s for it to arrive.
 */
export async function mailTo(mailDir: string, email: string) {
  for (let i = 0; i < 150; i++) {
    const file = (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []).find((f) => f.endsWith(`-${email}.eml`));
    if (file) return simpleParser(fs.readFileSync(path.join(mailDir, file)));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${email} in ${mailDir}`);
}
