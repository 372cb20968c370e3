/**
 * Reads named regular files out of an uncompressed tar archive (ustar, as `npm pack` writes it).
 * Hand-written rather than a dependency: the project has no tar library, and the one use (two files out of one
 * pinned npm tarball whose hash is checked before and after) needs only the 512-byte header's name and size.
 */
export function tarEntries(tar: Uint8Array, wanted: readonly string[]): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  const text = (from: number, length: number) => Buffer.from(tar.subarray(from, from + length)).toString('utf8').replace(/\0.*$/s, '');
  for (let p = 0; p + 512 <= tar.length; ) {
    const name = text(p, 100);
    if (name === '') break; // two zero blocks end the archive
    const prefix = text(p + 345, 155);
    const size = parseInt(text(p + 124, 12).trim() || '0', 8);
    const type = text(p + 156, 1);
    const path = prefix ? `${prefix}/${name}` : name;
    if ((type === '' || type === '0') && wanted.includes(path)) found.set(path, Buffer.from(tar.subarray(p + 512, p + 512 + size)));
    p += 512 + Math.ceil(size / 512) * 512;
  }
  return found;
}
