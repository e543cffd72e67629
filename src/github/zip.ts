// A small, defensive in-memory ZIP reader for workflow artifacts. The archive is untrusted (a pull
// request's workflow produced it), so every limit is checked against the central directory's
// declared sizes before any data is inflated, and inflation itself is capped at the declared size.
//
// Supported: a single-disk archive without ZIP64, entries stored (method 0) or deflated (method 8).
// Refused with UnsafeArchiveError: too many entries; an entry, or all entries together, larger than
// the limits; a compression ratio above maxRatio; names that are absolute, contain `..`, `.` or
// empty segments, backslashes, drive letters or control characters; symlinks and other special
// files; encrypted entries; duplicate names; entries whose data overlap (the overlapping-file zip
// bomb); a local header whose name disagrees with the central directory. Refused with
// ZipFormatError: anything malformed (truncated records, bad signatures, CRC mismatch, unsupported
// compression methods). Directory entries are skipped.

import { inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  /** Central directory records, directories included. */
  maxEntries: number;
  /** Uncompressed bytes of one file. */
  maxEntryBytes: number;
  /** Uncompressed bytes of all files together. */
  maxTotalBytes: number;
  /** Largest uncompressed/compressed size ratio accepted for one entry. */
  maxRatio: number;
}

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

/** The archive is well formed but breaks a safety rule. */
export class UnsafeArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeArchiveError';
  }
}

/** The archive is not a ZIP file this reader understands, or it is corrupt. */
export class ZipFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipFormatError';
  }
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3), as stored in ZIP headers. */
export function crc32(data: Uint8Array, seed = 0): number {
  let c = (seed ^ 0xffffffff) >>> 0;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const HOST_UNIX = 3;

interface CentralRecord {
  name: string;
  rawName: Uint8Array;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  directory: boolean;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function checkLimits(limits: ZipLimits): void {
  for (const key of ['maxEntries', 'maxEntryBytes', 'maxTotalBytes', 'maxRatio'] as const) {
    const v = limits[key];
    if (typeof v !== 'number' || !(v >= 0) || Number.isNaN(v))
      throw new RangeError(`readZip: limits.${key} must be a non-negative number`);
  }
}

function findEocd(view: DataView): number {
  const last = view.byteLength - EOCD_SIZE;
  const first = Math.max(0, last - 0xffff);
  for (let pos = last; pos >= first; pos--) {
    if (view.getUint32(pos, true) !== SIG_EOCD) continue;
    const commentLength = view.getUint16(pos + 20, true);
    if (pos + EOCD_SIZE + commentLength === view.byteLength) return pos;
  }
  throw new ZipFormatError('not a ZIP archive: no end of central directory record');
}

/** Throws UnsafeArchiveError unless `name` is a plain relative path. */
export function checkEntryName(name: string): void {
  const shown = JSON.stringify(name.length > 200 ? `${name.slice(0, 200)}…` : name);
  if (name.length === 0) throw new UnsafeArchiveError('entry with an empty name');
  if (/[\u0000-\u001f\u007f]/.test(name)) throw new UnsafeArchiveError(`entry name with control characters: ${shown}`);
  if (name.includes('\\')) throw new UnsafeArchiveError(`entry name with a backslash: ${shown}`);
  if (name.startsWith('/')) throw new UnsafeArchiveError(`absolute entry name: ${shown}`);
  if (/^[a-zA-Z]:/.test(name)) throw new UnsafeArchiveError(`entry name with a drive letter: ${shown}`);
  const segments = name.replace(/\/$/, '').split('/');
  for (const segment of segments) {
    if (segment === '..') throw new UnsafeArchiveError(`entry name with a '..' segment: ${shown}`);
    if (segment === '.' || segment === '')
      throw new UnsafeArchiveError(`entry name with an empty or '.' segment: ${shown}`);
  }
}

function readCentralDirectory(
  bytes: Uint8Array,
  view: DataView,
  limits: ZipLimits,
): { records: CentralRecord[]; cdOffset: number } {
  const eocd = findEocd(view);
  if (eocd >= 20 && view.getUint32(eocd - 20, true) === SIG_ZIP64_LOCATOR) {
    throw new UnsafeArchiveError('ZIP64 archives are not supported');
  }
  const disk = view.getUint16(eocd + 4, true);
  const cdDisk = view.getUint16(eocd + 6, true);
  const entriesOnDisk = view.getUint16(eocd + 8, true);
  const totalEntries = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (totalEntries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    throw new UnsafeArchiveError('ZIP64 archives are not supported');
  }
  if (disk !== 0 || cdDisk !== 0 || entriesOnDisk !== totalEntries) {
    throw new ZipFormatError('multi-disk (spanned) ZIP archives are not supported');
  }
  if (totalEntries > limits.maxEntries) {
    throw new UnsafeArchiveError(`archive has ${totalEntries} entries, more than the limit of ${limits.maxEntries}`);
  }
  if (cdOffset + cdSize !== eocd) {
    throw new ZipFormatError('central directory does not end where the end of central directory record begins');
  }
  if (totalEntries * CENTRAL_SIZE > cdSize)
    throw new ZipFormatError('central directory is too small for its entry count');

  const records: CentralRecord[] = [];
  let pos = cdOffset;
  for (let i = 0; i < totalEntries; i++) {
    if (pos + CENTRAL_SIZE > eocd) throw new ZipFormatError('truncated central directory');
    if (view.getUint32(pos, true) !== SIG_CENTRAL)
      throw new ZipFormatError(`bad central directory signature at offset ${pos}`);
    const madeBy = view.getUint16(pos + 4, true);
    const flags = view.getUint16(pos + 8, true);
    const method = view.getUint16(pos + 10, true);
    const crc = view.getUint32(pos + 16, true);
    const compressedSize = view.getUint32(pos + 20, true);
    const size = view.getUint32(pos + 24, true);
    const nameLength = view.getUint16(pos + 28, true);
    const extraLength = view.getUint16(pos + 30, true);
    const commentLength = view.getUint16(pos + 32, true);
    const diskStart = view.getUint16(pos + 34, true);
    const externalAttributes = view.getUint32(pos + 38, true);
    const localOffset = view.getUint32(pos + 42, true);
    const next = pos + CENTRAL_SIZE + nameLength + extraLength + commentLength;
    if (next > eocd) throw new ZipFormatError('truncated central directory entry');
    const rawName = bytes.subarray(pos + CENTRAL_SIZE, pos + CENTRAL_SIZE + nameLength);
    let name: string;
    try {
      name = utf8.decode(rawName);
    } catch {
      throw new UnsafeArchiveError(`entry ${i} has a name that is not valid UTF-8`);
    }
    checkEntryName(name);
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff || diskStart === 0xffff) {
      throw new UnsafeArchiveError(`ZIP64 archives are not supported (entry ${JSON.stringify(name)})`);
    }
    if (diskStart !== 0) throw new ZipFormatError('multi-disk (spanned) ZIP archives are not supported');
    if (flags & 0x0001 || flags & 0x0040 || method === 99) {
      throw new UnsafeArchiveError(`encrypted entry: ${JSON.stringify(name)}`);
    }
    const host = madeBy >>> 8;
    const unixType = host === HOST_UNIX ? (externalAttributes >>> 16) & S_IFMT : 0;
    if (unixType === S_IFLNK) throw new UnsafeArchiveError(`symbolic link entry: ${JSON.stringify(name)}`);
    if (unixType !== 0 && unixType !== S_IFREG && unixType !== S_IFDIR) {
      throw new UnsafeArchiveError(`special file entry (mode ${unixType.toString(8)}): ${JSON.stringify(name)}`);
    }
    const directory = name.endsWith('/') || unixType === S_IFDIR || (host === 0 && (externalAttributes & 0x10) !== 0);
    records.push({ name, rawName, flags, method, crc, compressedSize, size, localOffset, directory });
    pos = next;
  }
  if (pos !== eocd) throw new ZipFormatError('central directory has data after its last entry');
  return { records, cdOffset };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Reads every file of a ZIP archive held in memory. Directory entries are skipped; file entries
 * come back in central directory order. Throws UnsafeArchiveError or ZipFormatError.
 */
export function readZip(bytes: Uint8Array, limits: ZipLimits): ZipEntry[] {
  checkLimits(limits);
  if (bytes.byteLength < EOCD_SIZE) throw new ZipFormatError('not a ZIP archive: too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { records, cdOffset } = readCentralDirectory(bytes, view, limits);

  // Every policy check that needs no decompression comes first.
  const names = new Set<string>();
  let declaredTotal = 0;
  const spans: { start: number; end: number; name: string }[] = [];
  const located: { record: CentralRecord; dataStart: number }[] = [];
  for (const record of records) {
    const key = record.directory ? record.name.replace(/\/?$/, '/') : record.name;
    if (names.has(key)) throw new UnsafeArchiveError(`duplicate entry name: ${JSON.stringify(record.name)}`);
    names.add(key);

    const pos = record.localOffset;
    if (pos + LOCAL_SIZE > cdOffset)
      throw new ZipFormatError(`local header of ${JSON.stringify(record.name)} is outside the archive data`);
    if (view.getUint32(pos, true) !== SIG_LOCAL)
      throw new ZipFormatError(`bad local header signature for ${JSON.stringify(record.name)}`);
    const localFlags = view.getUint16(pos + 6, true);
    const localMethod = view.getUint16(pos + 8, true);
    const nameLength = view.getUint16(pos + 26, true);
    const extraLength = view.getUint16(pos + 28, true);
    const dataStart = pos + LOCAL_SIZE + nameLength + extraLength;
    const localName = bytes.subarray(pos + LOCAL_SIZE, pos + LOCAL_SIZE + nameLength);
    if (!sameBytes(localName, record.rawName)) {
      throw new UnsafeArchiveError(
        `local header name differs from the central directory for ${JSON.stringify(record.name)}`,
      );
    }
    if (localFlags & 0x0001 || localFlags & 0x0040)
      throw new UnsafeArchiveError(`encrypted entry: ${JSON.stringify(record.name)}`);
    if (localMethod !== record.method)
      throw new ZipFormatError(`local and central headers disagree on the method of ${JSON.stringify(record.name)}`);
    const dataEnd = dataStart + record.compressedSize;
    if (dataEnd > cdOffset)
      throw new ZipFormatError(`data of ${JSON.stringify(record.name)} runs past the archive data`);
    spans.push({ start: pos, end: dataEnd, name: record.name });
    if (record.directory) continue;

    if (record.method !== 0 && record.method !== 8) {
      throw new ZipFormatError(`unsupported compression method ${record.method} for ${JSON.stringify(record.name)}`);
    }
    if (record.size > limits.maxEntryBytes) {
      throw new UnsafeArchiveError(
        `entry ${JSON.stringify(record.name)} is ${record.size} bytes, more than the limit of ${limits.maxEntryBytes}`,
      );
    }
    declaredTotal += record.size;
    if (declaredTotal > limits.maxTotalBytes) {
      throw new UnsafeArchiveError(`archive holds more than the limit of ${limits.maxTotalBytes} uncompressed bytes`);
    }
    if (record.size > 0 && record.size > limits.maxRatio * record.compressedSize) {
      const ratio = record.compressedSize === 0 ? 'infinite' : (record.size / record.compressedSize).toFixed(1);
      throw new UnsafeArchiveError(
        `entry ${JSON.stringify(record.name)} has a compression ratio of ${ratio}, above the limit of ${limits.maxRatio}`,
      );
    }
    if (record.method === 0 && record.compressedSize !== record.size) {
      throw new ZipFormatError(
        `stored entry ${JSON.stringify(record.name)} has different compressed and uncompressed sizes`,
      );
    }
    located.push({ record, dataStart });
  }
  spans.sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i++) {
    if (spans[i].start < spans[i - 1].end) {
      throw new UnsafeArchiveError(
        `entries ${JSON.stringify(spans[i - 1].name)} and ${JSON.stringify(spans[i].name)} overlap`,
      );
    }
  }

  const out: ZipEntry[] = [];
  for (const { record, dataStart } of located) {
    const compressed = bytes.subarray(dataStart, dataStart + record.compressedSize);
    let data: Uint8Array;
    if (record.method === 0) {
      data = compressed.slice();
    } else {
      try {
        // Never more than the declared size (already within the limits) plus one byte to notice a lie.
        const inflated = inflateRawSync(compressed, { maxOutputLength: record.size + 1 });
        data = new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.length);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) {
          throw new UnsafeArchiveError(
            `entry ${JSON.stringify(record.name)} inflates to more than its declared ${record.size} bytes`,
          );
        }
        throw new ZipFormatError(`entry ${JSON.stringify(record.name)} does not inflate: ${(err as Error).message}`);
      }
      if (data.length > record.size) {
        throw new UnsafeArchiveError(
          `entry ${JSON.stringify(record.name)} inflates to more than its declared ${record.size} bytes`,
        );
      }
      if (data.length !== record.size) {
        throw new ZipFormatError(
          `entry ${JSON.stringify(record.name)} inflates to ${data.length} bytes, not its declared ${record.size}`,
        );
      }
    }
    if (crc32(data) !== record.crc) throw new ZipFormatError(`CRC-32 mismatch for ${JSON.stringify(record.name)}`);
    out.push({ name: record.name, data });
  }
  return out;
}
