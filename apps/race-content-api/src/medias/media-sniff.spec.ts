import { sniffMedia } from './media-sniff';

const bytes = (...parts: Array<number[] | string>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffMedia', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image', 'image/jpeg'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'), 'image', 'image/png'],
    ['GIF', bytes('GIF89a', [1, 0, 1, 0]), 'image', 'image/gif'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image', 'image/webp'],
    ['BMP', bytes('BM', [0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0], new Array(14).fill(0)), 'image', 'image/bmp'],
    ['TIFF', bytes([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), 'image', 'image/tiff'],
    ['AVIF', bytes([0, 0, 0, 0x20], 'ftypavif', [0, 0, 0, 0]), 'image', 'image/avif'],
    ['HEIC', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]), 'image', 'image/heic'],
    ['MP4', bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0], 'isomiso2'), 'video', 'video/mp4'],
    ['MOV', bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 2, 0]), 'video', 'video/quicktime'],
    ['3GP', bytes([0, 0, 0, 0x14], 'ftyp3gp5', [0, 0, 2, 0]), 'video', 'video/3gpp'],
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1], 'B\u0082\u0084webm'), 'video', 'video/webm'],
    ['Matroska', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1], 'B\u0082\u0088matroska'), 'video', 'video/x-matroska'],
    ['AVI', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'), 'video', 'video/x-msvideo'],
    ['MPEG-PS', bytes([0, 0, 1, 0xba, 0x44]), 'video', 'video/mpeg'],
    ['MPEG-TS', Buffer.from(Array.from({ length: 376 }, (_, i) => (i % 188 === 0 ? 0x47 : 0))), 'video', 'video/mp2t'],
    ['FLV', bytes('FLV', [1, 5, 0, 0, 0, 9]), 'video', 'video/x-flv'],
  ])('recognizes %s', (_, head, kind, contentType) => {
    expect(sniffMedia(head)).toEqual({ kind, contentType });
  });

  it('recognizes nothing in text, SVG, PDF, audio or a truncated header', () => {
    for (const head of [
      bytes('hello, world'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      bytes('%PDF-1.7'),
      bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0]),
      bytes('ID3', [4, 0, 0]),
      bytes([0xff, 0xd8]),
      bytes([]),
    ]) {
      expect(sniffMedia(head)).toBeUndefined();
    }
  });
});
