// Property-based: every profile parser, fed mutated fixtures or random input in any chunking, returns
// a typed result or throws an InputError — never another error — and never pollutes
// Object.prototype ("__proto__", "constructor" keys are data). CSV parsers give the same result
// however the text is cut into chunks.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/ingest/errors';
import type { TextSource } from '../../src/ingest/source';
import { source } from '../helpers/text-source';
import { readNcu } from '../../src/ingest/profile/ncu';
import { readNsysStats } from '../../src/ingest/profile/nsys-stats';
import { nsysTotals } from '../../src/ingest/profile/nsys-totals';
import { splitStep } from '../../src/diagnose/profile/split';
import { readKeyAverages } from '../../src/ingest/profile/torch-key-averages';
import { readTorchTrace } from '../../src/ingest/profile/torch-trace';
import type { ProfileTotals } from '../../src/model/profile';
import { fixture } from './helpers';

/** Resolves to the result, or to the InputError; anything else fails the property. */
async function typedOrInputError<T>(run: () => Promise<T>): Promise<T | InputError> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
}

function expectClean(): void {
  for (const key of ['ph', 'polluted', 'self_cpu_time_total', 'traceEvents', 'key'])
    expect(Object.prototype).not.toHaveProperty(key);
}

function expectTotals(t: ProfileTotals): void {
  expect(['torch-key-averages', 'torch-chrome-trace', 'nsys-stats']).toContain(t.format);
  for (const s of [...t.steps, t.perStep])
    for (const k of ['wallMs', 'cpuMs', 'gpuMs', 'collectiveMs', 'idleMs', 'hostGapMs'] as const)
      expect(typeof s[k]).toBe('number');
  const split = splitStep(t);
  expect(['gpu-bound', 'cpu-bound', 'waiting', 'mixed', 'unknown']).toContain(split.verdict);
}

const junk = fc.oneof(
  fc.constant(null),
  fc.constant('n/a'),
  fc.constant(-1),
  fc.constant(1e308),
  fc.constant('1e400'),
  fc.constant({ __proto__: { polluted: 1 } }),
  fc.constant([]),
  fc.boolean(),
  fc.string({ maxLength: 6 }),
  fc.double({ noNaN: false }),
  fc.integer(),
);
const keyArb = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'ph',
    'ts',
    'dur',
    'cat',
    'name',
    'key',
    'count',
    'self_cpu_time_total',
    'device_type',
    'traceEvents',
  ),
  fc.string({ maxLength: 5 }),
);
const cutsArb = fc.array(fc.nat(), { maxLength: 8 });

/** Mutates a parsed JSON document: replaces values at random paths, adds odd keys. */
function mutate(doc: unknown, edits: readonly [number, string, unknown][]): unknown {
  const nodes: Record<string, unknown>[] = [];
  const walk = (v: unknown) => {
    if (v && typeof v === 'object') {
      nodes.push(v as Record<string, unknown>);
      for (const c of Object.values(v)) walk(c);
    }
  };
  walk(doc);
  for (const [at, key, value] of edits) {
    const node = nodes[at % nodes.length];
    Object.defineProperty(node, key, { value, enumerable: true, configurable: true, writable: true });
  }
  return doc;
}

const editsArb = fc.array(fc.tuple(fc.nat(), keyArb, junk), { maxLength: 6 });

describe('JSON profile parsers under mutation', () => {
  const cases: [string, (s: TextSource) => Promise<ProfileTotals>][] = [
    ['key_averages_base.synthetic.json', (s) => readKeyAverages(s, { wallMs: 5 })],
    ['trace_waiting_lock.synthetic.json', readTorchTrace],
    ['kineto_before_fix_trace.real.json', readTorchTrace],
  ];
  for (const [name, read] of cases) {
    it(`${name}: typed result or InputError`, async () => {
      const original = fixture(name);
      await fc.assert(
        fc.asyncProperty(editsArb, cutsArb, async (edits, cuts) => {
          const text = JSON.stringify(mutate(JSON.parse(original), edits));
          const r = await typedOrInputError(() => read(source(name, text, cuts)));
          if (!(r instanceof InputError)) expectTotals(r);
          expectClean();
        }),
        { numRuns: 60 },
      );
    });
  }

  it('truncated or garbled JSON: InputError', async () => {
    const original = fixture('trace_gpu_bound.synthetic.json');
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.string({ maxLength: 3 }), cutsArb, async (at, insert, cuts) => {
        const i = at % original.length;
        const text = original.slice(0, i) + insert + original.slice(i + 1, original.length - (at % 3));
        const r = await typedOrInputError(() => readTorchTrace(source('t.json', text, cuts)));
        if (!(r instanceof InputError)) expectTotals(r);
      }),
      { numRuns: 60 },
    );
  });

  it('random event lists: typed result or InputError', async () => {
    const eventArb = fc.record(
      {
        ph: fc.constantFrom('X', 'X', 'M', 'i'),
        cat: fc.constantFrom(
          'cpu_op',
          'kernel',
          'cuda_runtime',
          'user_annotation',
          'gpu_memcpy',
          'python_function',
          'cuda_sync',
          'Trace',
        ),
        name: fc.constantFrom(
          'ProfilerStep#1',
          'cudaStreamSynchronize',
          'ncclKernel',
          'Memcpy DtoH (Device -> Pinned)',
          'aten::item',
          'x',
        ),
        ts: fc.oneof(fc.integer({ min: 0, max: 1000 }), junk),
        dur: fc.oneof(fc.integer({ min: 0, max: 500 }), junk),
        pid: fc.constantFrom(0, 1),
        tid: fc.constantFrom(1, 7),
      },
      { requiredKeys: ['ph'] },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { maxLength: 25 }), async (events) => {
        const r = await typedOrInputError(() =>
          readTorchTrace(source('t.json', JSON.stringify({ traceEvents: events }), [])),
        );
        if (!(r instanceof InputError)) {
          expectTotals(r);
          // Busy time never exceeds the step it is counted in.
          for (const s of r.steps) {
            expect(s.cpuMs).toBeLessThanOrEqual(s.wallMs + 1e-9);
            if (!Number.isNaN(s.gpuMs)) expect(s.gpuMs).toBeLessThanOrEqual(s.wallMs + 1e-9);
            expect(s.idleMs).toBeGreaterThanOrEqual(-1e-9);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});

/** Replaces random cells of a CSV with junk, keeping the quoting valid most of the time. */
function mutateCsv(text: string, edits: readonly [number, string][]): string {
  const lines = text.split('\n');
  for (const [at, value] of edits) {
    const li = at % lines.length;
    const cells = lines[li].split('","');
    cells[(at >> 3) % cells.length] = value;
    lines[li] = cells.join('","');
  }
  return lines.join('\n');
}

const cellArb = fc.oneof(
  fc.constantFrom(
    'n/a',
    '',
    '-1',
    '1,2,3',
    '9,00',
    '__proto__',
    'constructor',
    'Total Time (ns)',
    'Kernel Name',
    '"',
    'NaN',
    '1e999',
  ),
  fc.string({ maxLength: 6 }),
);

describe('CSV profile parsers under mutation', () => {
  const cases: [string, (s: TextSource) => Promise<unknown>][] = [
    [
      'nsys_tp_rank1_stats.synthetic.csv',
      async (s) => nsysTotals(await readNsysStats(s), { stepRange: 'decode_step' }),
    ],
    ['ncu_details_b200_cublaslt.real.csv', readNcu],
    ['ncu_decode_raw.synthetic.csv', readNcu],
    ['ncu_gpt2_attention_kerneltime_2023.real.csv', readNcu],
    ['ncu_sgemm_kerneltime_2022.real.csv', readNcu],
    [
      'nsys_llamacpp_ptq1_base.stats.csv_cuda_api_sum.real.csv',
      async (s) => nsysTotals(await readNsysStats(s), { steps: 127 }),
    ],
    ['key_averages_head.synthetic.csv', (s) => readKeyAverages(s)],
  ];
  for (const [name, read] of cases) {
    it(`${name}: typed result or InputError`, async () => {
      const original = fixture(name);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(fc.nat(), cellArb), { maxLength: 5 }), cutsArb, async (edits, cuts) => {
          const r = await typedOrInputError(() => read(source(name, mutateCsv(original, edits), cuts)));
          if (!(r instanceof InputError) && 'perStep' in (r as object)) expectTotals(r as ProfileTotals);
          expectClean();
        }),
        { numRuns: 80 },
      );
    });

    it(`${name}: the same result in any chunking`, async () => {
      const text = fixture(name);
      const whole = await read(source(name, text, []));
      await fc.assert(
        fc.asyncProperty(cutsArb, async (cuts) => {
          expect(await read(source(name, text, cuts))).toEqual(whole);
        }),
        { numRuns: 25 },
      );
    });
  }

  it('random text: InputError or a result', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
        const readers: ((s: TextSource) => Promise<unknown>)[] = [readNcu, readNsysStats, (s) => readKeyAverages(s)];
        for (const read of readers) await typedOrInputError(() => read(source('r.csv', text, [])));
        expectClean();
      }),
      { numRuns: 100 },
    );
  });
});
