import { Readable } from 'node:stream';
import { DecodeError, detectEncoding, StrictDecodeStream } from './tsv-encoding';

const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

async function decode(bytes: Buffer, chunk = 3): Promise<string> {
  const detected = detectEncoding(bytes);
  const parts = Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) => bytes.subarray(i * chunk, (i + 1) * chunk));
  let out = '';
  for await (const text of Readable.from(parts).pipe(new StrictDecodeStream(detected))) out += text;
  return out;
}

describe('detectEncoding', () => {
  it('follows a byte-order mark', () => {
    expect(detectEncoding(Buffer.from([0xff, 0xfe, 0x41, 0]))).toEqual({ encoding: 'utf-16le', bomLength: 2 });
    expect(detectEncoding(Buffer.from([0xfe, 0xff, 0, 0x41]))).toEqual({ encoding: 'utf-16be', bomLength: 2 });
    expect(detectEncoding(Buffer.from([0xef, 0xbb, 0xbf, 0x41]))).toEqual({ encoding: 'utf-8', bomLength: 3 });
  });

  it('recognizes UTF-16 without a mark by its NUL bytes, Japanese text included', () => {
    const text = 'ID\t氏名\tメール\r\n1\t田中 太郎\tt@example.jp\r\n';
    expect(detectEncoding(Buffer.from(text, 'utf16le'))).toEqual({ encoding: 'utf-16le', bomLength: 0 });
    expect(detectEncoding(utf16be(text))).toEqual({ encoding: 'utf-16be', bomLength: 0 });
    expect(detectEncoding(Buffer.from(text, 'utf8'))).toEqual({ encoding: 'utf-8', bomLength: 0 });
  });
});

describe('StrictDecodeStream', () => {
  const text = 'ID\t氏名\n1\t😀 田中\n';

  it('decodes every encoding across chunk boundaries, without the mark', async () => {
    expect(await decode(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toBe(text);
    expect(await decode(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]), 5)).toBe(text);
    expect(await decode(Buffer.from(text, 'utf16le'), 1)).toBe(text);
    expect(await decode(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), 2)).toBe(text);
  });

  it('refuses bytes that do not decode', async () => {
    await expect(decode(Buffer.from([0x41, 0x09, 0xff, 0xfe, 0xfd, 0x0a]))).rejects.toBeInstanceOf(DecodeError);
    await expect(decode(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('AB', 'utf16le'), Buffer.from([0x41])]))).rejects.toThrow(
      /odd number of bytes/,
    );
    await expect(decode(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from([0x00, 0xdc, 0x41, 0x00])]))).rejects.toThrow(/surrogate/);
  });
});
