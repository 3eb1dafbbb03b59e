import type { MediaType } from '@platform/race-content-data';

export interface SniffedMedia {
  kind: MediaType;
  contentType: string;
}

/** Bytes read from the start of a file to tell what it is. */
export const SNIFF_BYTES = 512;

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');
const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);

const IMAGE_BRANDS: Record<string, string> = {
  avif: 'image/avif',
  avis: 'image/avif',
  heic: 'image/heic',
  heix: 'image/heic',
  hevc: 'image/heic-sequence',
  hevx: 'image/heic-sequence',
  mif1: 'image/heif',
  msf1: 'image/heif-sequence',
};
/** ISO media brands of audio-only files: neither image nor video. */
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);

/**
 * What a file is, from its first bytes (magic numbers), never from its name or declared type. Images: JPEG, PNG,
 * GIF, WebP, BMP, TIFF, AVIF and HEIF; videos: MP4 and the ISO family (MOV, M4V, 3GP), WebM and Matroska, AVI,
 * MPEG program and transport streams, FLV and Ogg. SVG is text that can carry scripts: it is not an image here.
 * Undefined for anything else.
 */
export function sniffMedia(head: Buffer): SniffedMedia | undefined {
  const image = (contentType: string): SniffedMedia => ({ kind: 'image', contentType });
  const video = (contentType: string): SniffedMedia => ({ kind: 'video', contentType });
  if (startsWith(head, [0xff, 0xd8, 0xff])) return image('image/jpeg');
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return image('image/png');
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return image('image/gif');
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return image('image/webp');
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ') return video('video/x-msvideo');
  if (ascii(head, 0, 2) === 'BM' && head.length >= 26 && head.readUInt32LE(6) === 0) return image('image/bmp');
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return image('image/tiff');
  if (ascii(head, 4, 8) === 'ftyp' && head.length >= 12) {
    const brand = ascii(head, 8, 12);
    if (IMAGE_BRANDS[brand]) return image(IMAGE_BRANDS[brand]);
    if (AUDIO_BRANDS.has(brand)) return undefined;
    if (brand === 'qt  ') return video('video/quicktime');
    if (brand.startsWith('3g')) return video('video/3gpp');
    return video('video/mp4');
  }
  if (['moov', 'mdat', 'wide', 'free', 'pnot'].includes(ascii(head, 4, 8))) return video('video/quicktime');
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return video(head.includes('webm', 0, 'latin1') ? 'video/webm' : 'video/x-matroska');
  if (startsWith(head, [0x00, 0x00, 0x01, 0xba])) return video('video/mpeg');
  if (head.length > 188 && head[0] === 0x47 && head[188] === 0x47) return video('video/mp2t');
  if (ascii(head, 0, 3) === 'FLV' && head[3] === 0x01) return video('video/x-flv');
  if (ascii(head, 0, 4) === 'OggS') return video('video/ogg');
  return undefined;
}
