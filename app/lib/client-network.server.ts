import { isIPv4, isIPv6 } from 'node:net'

/**
 * The sender a per-address limit counts (attempt limits, open connections).
 * An IPv4 address is itself (written as IPv6, ::ffff:192.0.2.1, it is the
 * IPv4 one). An IPv6 address counts by its first 64 bits: a home or phone
 * connection is given a whole /64 and may send from any address in it, so
 * counting each address apart would let one sender step past every limit by
 * taking a new address each time. Anything else (a proxy's header that is no
 * address) is counted as written.
 */
export function addressForLimits(address: string): string {
  // A zone (fe80::1%eth0) comes after the first 64 bits, so it never changes the answer.
  const plain = address.replace(/^\[(.*)\]$/, '$1')
  const unmapped = withoutIPv4Mapping(plain)
  if (unmapped !== plain) return unmapped
  if (!isIPv6(plain)) return address
  // Zeros fill the "::" that follows the first groups written; a dotted IPv4 ending is never among the first four.
  const written = plain.split('::')[0]
  const groups = [...(written ? written.split(':') : []), '0', '0', '0', '0'].slice(0, 4)
  return `${groups.map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`
}

/**
 * An IPv4 client's address as people write it. A dual-stack server names an
 * IPv4 client in IPv6 (::ffff:192.0.2.1, or ::ffff:c000:201 in hexadecimal);
 * any other text, IPv6 or no address at all, comes back as it is.
 */
export function withoutIPv4Mapping(address: string): string {
  const mapped = /^::ffff:([\d.]+)$/i.exec(address)
  if (mapped && isIPv4(mapped[1])) return mapped[1]
  const mappedInHex = /^::ffff:([\da-f]{1,4}):([\da-f]{1,4})$/i.exec(address)
  if (!mappedInHex) return address
  const [high, low] = [parseInt(mappedInHex[1], 16), parseInt(mappedInHex[2], 16)]
  return [high >> 8, high & 255, low >> 8, low & 255].join('.')
}
