import { randomBytes } from 'node:crypto';

export interface PartFile {
  filename: string;
  content: Buffer;
  type?: string;
  field?: string;
}

/** A multipart/form-data body for app.inject, built by hand (the browser's FormData does the same). */
export function multipartBody(files: PartFile[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----atrium${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'files'}"; filename="${f.filename}"\r\n` +
      `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
    ));
    chunks.push(f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Text fields and files in one multipart/form-data body, fields first (as a browser's FormData in that order). */
export function multipartForm(fields: Record<string, string>, files: PartFile[]): { payload: Buffer; headers: Record<string, string> } {
  const { payload, headers } = multipartBody(files);
  const boundary = headers['content-type']!.split('boundary=')[1]!;
  const head = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('');
  return { payload: Buffer.concat([Buffer.from(head), payload]), headers };
}
