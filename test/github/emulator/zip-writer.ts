// Test-only ZIP writer: honest archives (stored or deflated entries) for the emulator's artifacts,
// and crafted ones for the reader's rejection tests (traversal names, symlinks, lying sizes or
// CRCs, encryption flags, overlapping entries, ZIP64 markers, bombs).

import { deflateRawSync } from 'node:zlib';
import { crc32 } from '../../../src/github/zip';

export interface ZipWriterEntry {
  name: string;
  data?: Uint8Array | string;
  /** Default 'deflate'. */
  method?: 'store' | 'deflate';
  /** A directory entry: name gets a trailing '/', mode S_IFDIR. */
  directory?: boolean;
  /** Unix mode including the file type bits (0o100644 file, 0o040755 dir, 0o120777 symlink). */
  mode?: number;
  /** Host that "made" the entry: 'unix' (3) puts `mode` in the upper external attributes. */
  platform?: 'unix' | 'dos';
  /** Sets general purpose flag bit 0 (the data are left as they are). */
  encrypted?: boolean;
  /** Lies in both headers. */
  declaredSize?: number;
  declaredCompressedSize?: number;
  crc?: number;
  /** A method code other than 0/8 written into the headers (data stay as `method` produced them). */
  methodCode?: number;
  /** A different name in the local header only. */
  localName?: string;
  /** Point this central record at the local header of entry #i instead of its own (overlap). */
  shareLocalHeaderOf?: number;
  /** Write no local header; the central record points at this byte offset (e.g. inside another entry's data). */
  localOffset?: number;
  /** Raw name bytes, e.g. invalid UTF-8. */
  rawName?: Uint8Array;
}

export interface ZipWriterOptions {
  comment?: string;
  /** Write a ZIP64 end of central directory locator before the EOCD record. */
  zip64Locator?: boolean;
  /** Override the entry count in the EOCD record. */
  eocdEntryCount?: number;
  /** DOS date/time for every entry. */
  date?: Date;
}

function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

const enc = new TextEncoder();

export function writeZip(entries: ZipWriterEntry[], options: ZipWriterOptions = {}): Uint8Array {
  const chunks: Uint8Array[] = [];
  let offset = 0;
  const push = (b: Uint8Array) => {
    chunks.push(b);
    offset += b.length;
  };
  const { time, date } = dosDateTime(options.date ?? new Date(Date.UTC(2025, 0, 1)));
  const centrals: Uint8Array[] = [];
  const localOffsets: number[] = [];

  for (const entry of entries) {
    const name = entry.directory && !entry.name.endsWith('/') ? `${entry.name}/` : entry.name;
    const nameBytes = entry.rawName ?? enc.encode(name);
    const localNameBytes = entry.localName !== undefined ? enc.encode(entry.localName) : nameBytes;
    const raw = typeof entry.data === 'string' ? enc.encode(entry.data) : (entry.data ?? new Uint8Array());
    const method = entry.directory ? 'store' : (entry.method ?? 'deflate');
    const body = method === 'deflate' ? new Uint8Array(deflateRawSync(raw)) : raw;
    const methodCode = entry.methodCode ?? (method === 'deflate' ? 8 : 0);
    const crc = entry.crc ?? crc32(raw);
    const size = entry.declaredSize ?? raw.length;
    const csize = entry.declaredCompressedSize ?? body.length;
    const flags = (entry.encrypted ? 0x0001 : 0) | (entry.rawName ? 0 : 0x0800);
    const platform = entry.platform ?? 'unix';
    const mode = entry.mode ?? (entry.directory ? 0o040755 : 0o100644);
    const external =
      platform === 'unix' ? (((mode & 0xffff) << 16) >>> 0) | (entry.directory ? 0x10 : 0) : entry.directory ? 0x10 : 0;
    const madeBy = (platform === 'unix' ? 3 << 8 : 0) | 20;

    let localOffset = offset;
    if (entry.shareLocalHeaderOf !== undefined) {
      localOffset = localOffsets[entry.shareLocalHeaderOf];
    } else if (entry.localOffset !== undefined) {
      localOffset = entry.localOffset;
    } else {
      const local = new Uint8Array(30 + localNameBytes.length);
      const lv = new DataView(local.buffer);
      lv.setUint32(0, 0x04034b50, true);
      lv.setUint16(4, 20, true);
      lv.setUint16(6, flags, true);
      lv.setUint16(8, methodCode, true);
      lv.setUint16(10, time, true);
      lv.setUint16(12, date, true);
      lv.setUint32(14, crc, true);
      lv.setUint32(18, csize, true);
      lv.setUint32(22, size, true);
      lv.setUint16(26, localNameBytes.length, true);
      lv.setUint16(28, 0, true);
      local.set(localNameBytes, 30);
      push(local);
      push(body);
    }
    localOffsets.push(localOffset);

    const central = new Uint8Array(46 + nameBytes.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, madeBy, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, flags, true);
    cv.setUint16(10, methodCode, true);
    cv.setUint16(12, time, true);
    cv.setUint16(14, date, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, csize, true);
    cv.setUint32(24, size, true);
    cv.setUint16(28, nameBytes.length, true);
    cv.setUint16(30, 0, true);
    cv.setUint16(32, 0, true);
    cv.setUint16(34, 0, true);
    cv.setUint16(36, 0, true);
    cv.setUint32(38, external, true);
    cv.setUint32(42, localOffset, true);
    central.set(nameBytes, 46);
    centrals.push(central);
  }

  const cdOffset = offset;
  for (const c of centrals) push(c);
  const cdSize = offset - cdOffset;
  if (options.zip64Locator) {
    const locator = new Uint8Array(20);
    const v = new DataView(locator.buffer);
    v.setUint32(0, 0x07064b50, true);
    v.setUint32(4, 0, true);
    v.setBigUint64(8, BigInt(offset), true);
    v.setUint32(16, 1, true);
    push(locator);
  }
  const comment = enc.encode(options.comment ?? '');
  const eocd = new Uint8Array(22 + comment.length);
  const ev = new DataView(eocd.buffer);
  const count = options.eocdEntryCount ?? entries.length;
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(4, 0, true);
  ev.setUint16(6, 0, true);
  ev.setUint16(8, count, true);
  ev.setUint16(10, count, true);
  ev.setUint32(12, cdSize, true);
  ev.setUint32(16, cdOffset, true);
  ev.setUint16(20, comment.length, true);
  eocd.set(comment, 22);
  push(eocd);

  const out = new Uint8Array(offset);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** A zip of text/binary files keyed by name (deflated). */
export function zipFiles(
  files: Record<string, string | Uint8Array>,
  method: 'store' | 'deflate' = 'deflate',
): Uint8Array {
  return writeZip(Object.entries(files).map(([name, data]) => ({ name, data, method })));
}

/** One deflated entry of `size` zero bytes: a compression ratio near 1000:1. */
export function zipBomb(size: number, name = 'bomb.bin'): Uint8Array {
  return writeZip([{ name, data: new Uint8Array(size) }]);
}
