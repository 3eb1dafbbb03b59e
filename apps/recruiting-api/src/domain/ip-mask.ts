import { isIPv4, isIPv6 } from 'node:net';

function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0];
  // An embedded IPv4 tail (::ffff:192.0.2.1), the part after the last colon, becomes two groups.
  const v4 = text.slice(text.lastIndexOf(':') + 1);
  if (isIPv4(v4)) {
    const [a, b, c, d] = v4.split('.').map(Number);
    text = `${text.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const groups = text.includes('::') ? [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right] : left;
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/**
 * A respondent's IP address, partly masked: IPv4 with the last octet zeroed (203.0.113.0), IPv6 with the last
 * 80 bits zeroed (the first three groups kept, written compressed: 2001:db8:85a3::). Anything that is not an
 * address answers null, so nothing unmasked leaves.
 */
export function maskIp(address: string | null | undefined): string | null {
  if (!address) return null;
  const text = address.trim();
  if (isIPv4(text)) return `${text.split('.').slice(0, 3).join('.')}.0`;
  if (isIPv6(text)) {
    const groups = ipv6Groups(text);
    if (!groups) return null;
    const kept = groups.slice(0, 3).map((g) => g.toString(16));
    while (kept.length > 0 && kept[kept.length - 1] === '0') kept.pop();
    return `${kept.join(':')}::`;
  }
  return null;
}
