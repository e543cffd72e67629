// The artifact ZIP reader: honest archives round-trip (ours and the system `zip` command's), every
// unsafe or malformed archive is refused with a clear error, and mutated archives never crash the
// reader with anything else nor make it allocate past its limits.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { crc32, readZip, UnsafeArchiveError, ZipFormatError, type ZipLimits } from '../../src/github/zip';
import { writeZip, zipBomb, zipFiles, type ZipWriterEntry } from './emulator/zip-writer';

const limits: ZipLimits = { maxEntries: 100, maxEntryBytes: 1 << 20, maxTotalBytes: 4 << 20, maxRatio: 200 };
const enc = new TextEncoder();
const text = (d: Uint8Array) => new TextDecoder().decode(d);

function asRecord(entries: { name: string; data: Uint8Array }[]): Record<string, string> {
  return Object.fromEntries(entries.map((e) => [e.name, text(e.data)]));
}

function rejects(
  zip: Uint8Array,
  pattern: RegExp,
  errorClass: typeof UnsafeArchiveError | typeof ZipFormatError = UnsafeArchiveError,
  lim = limits,
): void {
  let caught: unknown;
  try {
    readZip(zip, lim);
  } catch (err) {
    caught = err;
  }
  expect(caught, `expected ${errorClass.name} matching ${pattern}`).toBeInstanceOf(errorClass);
  expect((caught as Error).message).toMatch(pattern);
}

function hasCommand(cmd: string): boolean {
  try {
    execFileSync('which', [cmd], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('crc32', () => {
  it('matches the standard check value', () => {
    expect(crc32(enc.encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });
});

describe('readZip round trips', () => {
  it('reads stored and deflated entries, skipping directories', () => {
    const zip = writeZip([
      { name: 'bench/', directory: true },
      { name: 'bench/run.json', data: '{"ttft_ms": 12.5}', method: 'deflate' },
      { name: 'bench/raw.bin', data: new Uint8Array([0, 1, 2, 255]), method: 'store' },
      { name: 'empty.txt', data: '' },
      { name: 'données/ü.csv', data: 'a,b\n1,2\n' },
    ]);
    const entries = readZip(zip, limits);
    expect(entries.map((e) => e.name)).toEqual(['bench/run.json', 'bench/raw.bin', 'empty.txt', 'données/ü.csv']);
    expect(text(entries[0].data)).toBe('{"ttft_ms": 12.5}');
    expect([...entries[1].data]).toEqual([0, 1, 2, 255]);
    expect(entries[2].data.length).toBe(0);
    expect(entries[0].data).toBeInstanceOf(Uint8Array);
  });

  it('accepts an archive comment and DOS-made entries', () => {
    const zip = writeZip([{ name: 'a.txt', data: 'x', platform: 'dos' }], { comment: 'made by a test' });
    expect(asRecord(readZip(zip, limits))).toEqual({ 'a.txt': 'x' });
  });

  it('reads a compressible payload close to the ratio limit', () => {
    const data = 'latency_ms,tokens\n'.repeat(2000);
    const entries = readZip(zipFiles({ 'big.csv': data }), { ...limits, maxRatio: 1000 });
    expect(text(entries[0].data)).toBe(data);
  });

  const zipAvailable = hasCommand('zip');
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it.skipIf(!zipAvailable)(
    `reads archives written by the system zip command${zipAvailable ? '' : ' (SKIPPED: no `zip` on PATH)'}`,
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'perf-triage-zip-'));
      dirs.push(dir);
      const src = join(dir, 'src');
      mkdirSync(join(src, 'results', 'nested'), { recursive: true });
      const big = Array.from({ length: 5000 }, (_, i) => `${i},${(i * 7919) % 1000}`).join('\n');
      writeFileSync(join(src, 'results', 'summary.json'), '{"p50": 41.2}');
      writeFileSync(join(src, 'results', 'nested', 'requests.csv'), big);
      writeFileSync(join(src, 'tiny.txt'), 'x');
      for (const [flag, file] of [
        ['-6', 'deflated.zip'],
        ['-0', 'stored.zip'],
      ] as const) {
        execFileSync('zip', ['-q', '-r', '-X', flag, join(dir, file), '.'], { cwd: src });
        const entries = readZip(new Uint8Array(readFileSync(join(dir, file))), limits);
        expect(asRecord(entries)).toEqual({
          'results/summary.json': '{"p50": 41.2}',
          'results/nested/requests.csv': big,
          'tiny.txt': 'x',
        });
      }
      // zip -y stores the link itself: refused as a symlink entry.
      symlinkSync('/etc/passwd', join(src, 'link'));
      execFileSync('zip', ['-q', '-y', join(dir, 'link.zip'), 'link'], { cwd: src });
      rejects(new Uint8Array(readFileSync(join(dir, 'link.zip'))), /symbolic link/);
    },
  );

  if (!zipAvailable)
    console.warn('zip.test.ts: the `zip` command is not installed; the system-zip round trip is skipped');
});

describe('readZip rejections', () => {
  it('refuses too many entries before reading them', () => {
    const zip = zipFiles(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}.txt`, 'x'])));
    rejects(zip, /11 entries, more than the limit of 10/, UnsafeArchiveError, { ...limits, maxEntries: 10 });
  });

  it('refuses an entry larger than maxEntryBytes by its declared size', () => {
    rejects(
      zipFiles({ 'a.bin': new Uint8Array(2048) }),
      /"a.bin" is 2048 bytes, more than the limit of 1024/,
      UnsafeArchiveError,
      { ...limits, maxEntryBytes: 1024 },
    );
  });

  it('refuses archives whose files add up past maxTotalBytes', () => {
    const zip = zipFiles({ 'a.bin': new Uint8Array(600), 'b.bin': new Uint8Array(600) }, 'store');
    rejects(zip, /more than the limit of 1000 uncompressed bytes/, UnsafeArchiveError, {
      ...limits,
      maxTotalBytes: 1000,
    });
  });

  it('refuses a zip bomb by its compression ratio before inflating', () => {
    const bomb = zipBomb(20 << 20);
    expect(bomb.length).toBeLessThan(40_000);
    rejects(bomb, /compression ratio of \d+\.\d, above the limit of 200/, UnsafeArchiveError, {
      ...limits,
      maxEntryBytes: 100 << 20,
      maxTotalBytes: 100 << 20,
    });
  });

  it('refuses an entry that inflates past its declared size (a lying header)', () => {
    const data = 'abcdefghij'.repeat(1000);
    const zip = writeZip([{ name: 'liar.txt', data, declaredSize: 100 }]);
    rejects(zip, /inflates to more than its declared 100 bytes/);
  });

  it('refuses an entry that inflates to less than its declared size', () => {
    const zip = writeZip([{ name: 'short.txt', data: 'abc', declaredSize: 4 }]);
    rejects(zip, /inflates to 3 bytes, not its declared 4/, ZipFormatError);
  });

  it('refuses a stored entry whose sizes disagree', () => {
    rejects(
      writeZip([{ name: 's.txt', data: 'abc', method: 'store', declaredSize: 2 }]),
      /different compressed and uncompressed sizes/,
      ZipFormatError,
    );
  });

  it.each([
    ['../evil.sh', /'\.\.' segment/],
    ['results/../../evil.sh', /'\.\.' segment/],
    ['..', /'\.\.' segment/],
    ['/etc/passwd', /absolute entry name/],
    ['results\\..\\evil.sh', /backslash/],
    ['C:/Windows/evil.dll', /drive letter/],
    ['c:evil', /drive letter/],
    ['a//b', /empty or '\.' segment/],
    ['./a', /empty or '\.' segment/],
    ['a\u0000b', /control characters/],
    ['line\nbreak', /control characters/],
  ])('refuses the entry name %j', (name, pattern) => {
    rejects(writeZip([{ name, data: 'x' }]), pattern);
  });

  it('refuses symlinks (S_IFLNK in the upper external attributes)', () => {
    rejects(
      writeZip([{ name: 'link', data: '../../../etc/passwd', method: 'store', mode: 0o120777 }]),
      /symbolic link entry: "link"/,
    );
  });

  it('refuses other special files', () => {
    rejects(writeZip([{ name: 'fifo', data: '', mode: 0o010644 }]), /special file/);
  });

  it('refuses encrypted entries', () => {
    rejects(writeZip([{ name: 'secret.txt', data: 'x', encrypted: true }]), /encrypted entry: "secret.txt"/);
    rejects(writeZip([{ name: 'aes.txt', data: 'x', methodCode: 99 }]), /encrypted entry/);
  });

  it('refuses duplicate names, files and directories alike', () => {
    rejects(
      writeZip([
        { name: 'a.json', data: '1' },
        { name: 'a.json', data: '2' },
      ]),
      /duplicate entry name: "a.json"/,
    );
    rejects(
      writeZip([
        { name: 'd', directory: true },
        { name: 'd/', directory: true },
      ]),
      /duplicate entry name/,
    );
  });

  it('refuses ZIP64 archives with a clear error', () => {
    rejects(writeZip([{ name: 'a', data: 'x' }], { zip64Locator: true }), /ZIP64 archives are not supported/);
    rejects(writeZip([{ name: 'a', data: 'x', declaredSize: 0xffffffff }]), /ZIP64 archives are not supported/);
  });

  it('refuses entries whose data overlap (the overlapping-file bomb)', () => {
    // Entry "inner" has its local header inside the stored data of entry "outer".
    const inner = writeZip([{ name: 'inner', data: 'x', method: 'store' }]);
    const innerLocal = inner.subarray(0, 30 + 'inner'.length + 1);
    const zip = writeZip([
      { name: 'outer', data: innerLocal, method: 'store' },
      { name: 'inner', data: 'x', method: 'store', localOffset: 30 + 'outer'.length },
    ]);
    rejects(zip, /entries "outer" and "inner" overlap/);
  });

  it('refuses a local header whose name differs from the central directory', () => {
    rejects(writeZip([{ name: 'safe.txt', localName: '../evil', data: 'x' }]), /local header name differs/);
  });

  it('refuses names that are not UTF-8', () => {
    rejects(writeZip([{ name: 'x', rawName: new Uint8Array([0x66, 0xff, 0xfe]), data: 'x' }]), /not valid UTF-8/);
  });

  it('reports corruption and unsupported features as ZipFormatError', () => {
    rejects(writeZip([{ name: 'a.txt', data: 'hello', crc: 1234 }]), /CRC-32 mismatch for "a.txt"/, ZipFormatError);
    rejects(
      writeZip([{ name: 'a.txt', data: 'hello', methodCode: 12 }]),
      /unsupported compression method 12/,
      ZipFormatError,
    );
    rejects(
      enc.encode('definitely not a zip file, just some text'),
      /no end of central directory record/,
      ZipFormatError,
    );
    rejects(new Uint8Array(5), /too short/, ZipFormatError);
    const good = zipFiles({ 'a.txt': 'hello world' });
    rejects(good.subarray(10), /./, ZipFormatError);
    rejects(writeZip([{ name: 'a', data: 'x' }], { eocdEntryCount: 2 }), /./, ZipFormatError);
  });

  it('checks its limits argument', () => {
    expect(() => readZip(zipFiles({ a: 'x' }), { ...limits, maxRatio: Number.NaN })).toThrow(RangeError);
  });
});

describe('readZip properties', () => {
  const segment = fc
    .stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,11}$/)
    .filter((s) => s !== '.' && s !== '..' && !/^[A-Za-z]:/.test(s));
  const name = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
  const fileSet = fc
    .uniqueArray(
      fc.record({
        name,
        data: fc.uint8Array({ maxLength: 2000 }),
        method: fc.constantFrom<'store' | 'deflate'>('store', 'deflate'),
      }),
      { selector: (f) => f.name, maxLength: 12 },
    )
    .filter((files) => {
      // A file name may not also be a directory prefix of another (not a ZIP rule, but ours are flat anyway).
      const names = new Set(files.map((f) => f.name));
      return files.every(
        (f) =>
          !f.name
            .split('/')
            .slice(0, -1)
            .some((_, i, parts) => names.has(parts.slice(0, i + 1).join('/'))),
      );
    });

  it('round-trips random file sets', () => {
    fc.assert(
      fc.property(fileSet, (files) => {
        const zip = writeZip(files.map<ZipWriterEntry>((f) => ({ name: f.name, data: f.data, method: f.method })));
        const back = readZip(zip, { ...limits, maxRatio: 1e9 });
        expect(back.map((e) => e.name)).toEqual(files.map((f) => f.name));
        back.forEach((e, i) => expect(Buffer.from(e.data).equals(Buffer.from(files[i].data))).toBe(true));
      }),
      { numRuns: 150 },
    );
  });

  it('survives random mutations: valid entries or UnsafeArchiveError/ZipFormatError, within limits', () => {
    const base = writeZip([
      {
        name: 'summary.json',
        data: JSON.stringify({ p50: 41.2, p99: 180.5, runs: Array.from({ length: 50 }, (_, i) => i) }),
      },
      {
        name: 'raw/requests.csv',
        data: 'id,ttft\n' + Array.from({ length: 300 }, (_, i) => `${i},${(i * 37) % 101}`).join('\n'),
      },
      { name: 'raw/blob.bin', data: new Uint8Array(256).map((_, i) => (i * 31) & 0xff), method: 'store' },
      { name: 'zeros.bin', data: new Uint8Array(4000) },
    ]);
    const tight: ZipLimits = { maxEntries: 8, maxEntryBytes: 8000, maxTotalBytes: 12000, maxRatio: 500 };
    expect(readZip(base, tight)).toHaveLength(4);
    const mutation = fc.oneof(
      fc
        .array(fc.record({ at: fc.nat({ max: base.length - 1 }), value: fc.integer({ min: 0, max: 255 }) }), {
          minLength: 1,
          maxLength: 8,
        })
        .map((edits) => (z: Uint8Array) => {
          const copy = z.slice();
          for (const e of edits) copy[e.at] = e.value;
          return copy;
        }),
      fc
        .record({ at: fc.nat({ max: base.length - 4 }), value: fc.constantFrom(0, 0xffffffff, 0x7fffffff, 1, 0xffff) })
        .map(({ at, value }) => (z: Uint8Array) => {
          const copy = z.slice();
          new DataView(copy.buffer).setUint32(at, value >>> 0, true);
          return copy;
        }),
      fc.nat({ max: base.length }).map((n) => (z: Uint8Array) => z.slice(0, n)),
      fc.nat({ max: base.length }).map((n) => (z: Uint8Array) => z.slice(n)),
    );
    fc.assert(
      fc.property(mutation, (mutate) => {
        const zip = mutate(base);
        let entries: { name: string; data: Uint8Array }[];
        try {
          entries = readZip(zip, tight);
        } catch (err) {
          expect(err instanceof UnsafeArchiveError || err instanceof ZipFormatError, String(err)).toBe(true);
          return;
        }
        let total = 0;
        for (const e of entries) {
          expect(e.data.length).toBeLessThanOrEqual(tight.maxEntryBytes);
          total += e.data.length;
        }
        expect(total).toBeLessThanOrEqual(tight.maxTotalBytes);
        expect(entries.length).toBeLessThanOrEqual(tight.maxEntries);
      }),
      { numRuns: Number(process.env.ZIP_FUZZ_RUNS ?? 2000) },
    );
  });
});
