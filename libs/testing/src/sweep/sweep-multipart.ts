/**
 * Malformed multipart and form bodies for the bad-input sweep. Upload routes parse their bodies with busboy
 * while the handler already streams the file, so a body that breaks mid-way fails inside the handler, not
 * before it: every variant here must still end in the service's 4xx error body.
 */

export interface RawBody {
  label: string;
  contentType: string;
  body: Buffer;
}

/** A form field of an upload route: a file part (format binary) or a text field with a valid sample value. */
export interface FormField {
  name: string;
  file: boolean;
  sample: string;
}

const BOUNDARY = 'sweep-boundary-7MA4YWxkTrZu0gW';
const CRLF = '\r\n';

/** A few bytes that look like a PNG, so content sniffing gets past its first check. */
const FILE_BYTES = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');

function part(field: FormField, options: { filename?: string | null; extraHeader?: string; name?: Buffer } = {}): Buffer {
  const name = options.name ?? Buffer.from(field.name);
  const filename = options.filename === undefined ? 'sweep.png' : options.filename;
  const disposition = Buffer.concat([
    Buffer.from('Content-Disposition: form-data; name="'),
    name,
    Buffer.from(field.file && filename !== null ? `"; filename="${filename}"` : '"'),
  ]);
  const headers = [disposition];
  if (field.file) headers.push(Buffer.from('Content-Type: image/png'));
  if (options.extraHeader) headers.push(Buffer.from(options.extraHeader));
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}${CRLF}`),
    ...headers.flatMap((header) => [header, Buffer.from(CRLF)]),
    Buffer.from(CRLF),
    field.file ? FILE_BYTES : Buffer.from(field.sample),
    Buffer.from(CRLF),
  ]);
}

const closing = Buffer.from(`--${BOUNDARY}--${CRLF}`);
const formType = (boundary = BOUNDARY) => `multipart/form-data; boundary=${boundary}`;

/** Text fields first, then files: streamed uploads read their fields before the file. */
function ordered(fields: FormField[]): FormField[] {
  return [...fields.filter((f) => !f.file), ...fields.filter((f) => f.file)];
}

/** Every malformed variant of one upload route's form. */
export function multipartVariants(fields: FormField[]): RawBody[] {
  const all = ordered(fields);
  const file = all.find((f) => f.file) ?? { name: 'file', file: true, sample: '' };
  const texts = all.filter((f) => !f.file);
  const whole = (parts: Buffer[]) => Buffer.concat(parts);
  const textParts = texts.map((f) => part(f));
  const variants: RawBody[] = [
    { label: 'multipart: truncated, no closing boundary', contentType: formType(), body: whole([...textParts, part(file)]) },
    {
      label: 'multipart: cut off inside the file part',
      contentType: formType(),
      body: whole([...textParts, part(file).subarray(0, part(file).length - 6)]),
    },
    { label: 'multipart: wrong boundary', contentType: formType('not-the-boundary'), body: whole([...textParts, part(file), closing]) },
    { label: 'multipart: no boundary parameter', contentType: 'multipart/form-data', body: whole([...textParts, part(file), closing]) },
    { label: 'multipart: no parts at all', contentType: formType(), body: closing },
    { label: 'multipart: the file part missing', contentType: formType(), body: whole([...textParts, closing]) },
    {
      label: 'multipart: every part twice',
      contentType: formType(),
      body: whole([...textParts, ...textParts, part(file), part(file), closing]),
    },
    {
      label: 'multipart: a 100 KB part header',
      contentType: formType(),
      body: whole([...textParts, part(file, { extraHeader: `X-Sweep: ${'h'.repeat(100_000)}` }), closing]),
    },
    {
      label: 'multipart: a file part without a filename',
      contentType: formType(),
      body: whole([...textParts, part(file, { filename: null }), closing]),
    },
    {
      label: 'multipart: a field name that is not UTF-8',
      contentType: formType(),
      body: whole([part(texts[0] ?? file, { name: Buffer.from([0x66, 0xff, 0xfe, 0x80]) }), ...textParts.slice(1), part(file), closing]),
    },
    {
      label: 'multipart: a part without Content-Disposition',
      contentType: formType(),
      body: whole([Buffer.from(`--${BOUNDARY}${CRLF}Content-Type: text/plain${CRLF}${CRLF}x${CRLF}`), ...textParts, part(file), closing]),
    },
    { label: 'multipart: not multipart at all', contentType: formType(), body: Buffer.from('{"file": "not a form"}') },
    {
      label: 'form: urlencoded instead of multipart',
      contentType: 'application/x-www-form-urlencoded',
      body: Buffer.from('file=x&name=%ZZ'),
    },
  ];
  return variants;
}

/** Form-encoded bodies sent to a JSON route: malformed escapes, and a form where JSON is expected. */
export const formBodies: RawBody[] = [
  { label: 'form: urlencoded body on a JSON route', contentType: 'application/x-www-form-urlencoded', body: Buffer.from('a=1&b=2') },
  { label: 'form: broken percent-escapes', contentType: 'application/x-www-form-urlencoded', body: Buffer.from('a=%E0%A4%A&%ZZ=1') },
  {
    label: 'form: multipart body on a JSON route',
    contentType: formType(),
    body: Buffer.concat([part({ name: 'a', file: false, sample: '1' }), closing]),
  },
];

/** A part of a hand-built form: a text field, or a file with its name and bytes. */
export type FormPart = { name: string; value: string } | { name: string; filename: string; bytes: Buffer; type?: string };

/**
 * A multipart body built by hand, for what clients and proxies really send and a form library will not: with
 * `unterminated` it stops after the last part without the closing boundary, as a dropped connection leaves it.
 */
export function handBuiltForm(parts: FormPart[], { unterminated = false } = {}): { contentType: string; body: Buffer } {
  const chunks = parts.map((p) =>
    Buffer.concat([
      Buffer.from(`--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="${p.name}"`),
      Buffer.from('filename' in p ? `; filename="${p.filename}"${CRLF}Content-Type: ${p.type ?? 'application/octet-stream'}` : ''),
      Buffer.from(`${CRLF}${CRLF}`),
      'bytes' in p ? p.bytes : Buffer.from(p.value),
      Buffer.from(CRLF),
    ]),
  );
  return { contentType: formType(), body: Buffer.concat([...chunks, ...(unterminated ? [] : [closing])]) };
}
