import { maskIp } from './ip-mask';

describe('maskIp', () => {
  it('zeroes the last octet of an IPv4 address', () => {
    expect(maskIp('203.0.113.195')).toBe('203.0.113.0');
    expect(maskIp(' 10.1.2.3 ')).toBe('10.1.2.0');
  });

  it('keeps the first 48 bits of an IPv6 address and zeroes the last 80', () => {
    expect(maskIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
    expect(maskIp('2001:db8::1')).toBe('2001:db8::');
    expect(maskIp('fe80::1%eth0')).toBe('fe80::');
    expect(maskIp('::1')).toBe('::');
    expect(maskIp('::ffff:192.0.2.1')).toBe('::');
    expect(maskIp('2001:db8:85a3:1:2:3:192.0.2.1')).toBe('2001:db8:85a3::');
    expect(maskIp('2001:db8:85a3::192.0.2.1')).toBe('2001:db8:85a3::');
  });

  it('answers null for anything that is not an address', () => {
    expect(maskIp(null)).toBeNull();
    expect(maskIp('')).toBeNull();
    expect(maskIp('localhost')).toBeNull();
    expect(maskIp('999.1.1.1')).toBeNull();
  });
});
