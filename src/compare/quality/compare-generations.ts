// Paired generations: the same request (same id) answered by base and by head, compared by output
// hash. Identical outputs verify that a serving change left quality alone (§8: "verified: 200
// paired generations, identical"); any difference is a change to look at, unless sampling made
// differences expected. A request that failed in head where base answered counts as a change too.

import { wilsonInterval, zForLevel } from '../../stats/proportion';
import { grouped } from '../../display/numbers';
import { listJoin } from '../../display/text';
import { LEVEL } from './compare-scores';
import {
  FAILED,
  type GenerationEntry,
  type GenerationsComparison,
  type GenerationSet,
  type SamplingSeen,
} from '../../model/quality';
import { share } from '../../display/quality-numbers';

interface Side {
  entries: Map<string, GenerationEntry>;
  sampling: SamplingSeen;
  records: number;
}

export function compareGenerations(
  base: GenerationSet[],
  head: GenerationSet[],
): { comparison: GenerationsComparison; notes: string[] } {
  const notes: string[] = [];
  const b = merge(base, 'base', notes);
  const h = merge(head, 'head', notes);
  const c: GenerationsComparison = {
    matched: 0,
    identical: 0,
    differing: 0,
    incomparable: 0,
    onlyBase: 0,
    onlyHead: 0,
    failedHead: 0,
    failedBase: 0,
    verdict: 'none-matched',
    expectedToDiffer: false,
    shorter: 0,
    longer: 0,
    sentence: '',
  };
  for (const [id, be] of b.entries) {
    const he = h.entries.get(id);
    if (he === undefined) c.onlyBase++;
    else if (be === FAILED || he === FAILED) {
      if (be !== FAILED) c.failedHead++;
      else if (he !== FAILED) c.failedBase++;
    } else {
      c.matched++;
      if (be.hash === he.hash) c.identical++;
      else if (kind(be.hash) !== kind(he.hash)) c.incomparable++;
      else {
        c.differing++;
        if (be.length !== undefined && he.length !== undefined) {
          if (he.length < be.length) c.shorter++;
          else if (he.length > be.length) c.longer++;
        }
      }
    }
  }
  for (const id of h.entries.keys()) if (!b.entries.has(id)) c.onlyHead++;

  const compared = c.identical + c.differing;
  if (compared > 0) {
    c.shareIdentical = c.identical / compared;
    c.shareIdenticalInterval = wilsonInterval(c.identical, compared, zForLevel(LEVEL));
  }
  c.verdict = c.differing > 0 || c.failedHead > 0 ? 'changed' : compared > 0 ? 'identical' : 'none-matched';
  const sampled = (s: SamplingSeen) => (s.maxTemperature ?? 0) > 0;
  c.expectedToDiffer =
    (sampled(b.sampling) || sampled(h.sampling)) && !(b.sampling.withSeed > 0 && h.sampling.withSeed > 0);
  if (c.incomparable > 0)
    notes.push(
      `${c.incomparable} pair(s) could not be compared: one side hashed the text (SHA-256), the other gave an output_hash of another kind`,
    );
  c.sentence = generationsSentence(c, b, h);
  return { comparison: c, notes };
}

/** "sha256" or "given": hashes of different kinds never match even for equal texts. */
function kind(hash: string): string {
  return hash.slice(0, hash.indexOf(':'));
}

function merge(sets: GenerationSet[], side: string, notes: string[]): Side {
  if (sets.length === 1) return sets[0];
  const entries = new Map<string, GenerationEntry>();
  const sampling: SamplingSeen = { withTemperature: 0, withSeed: 0 };
  let records = 0;
  let repeated = 0;
  for (const set of sets) {
    records += set.records;
    sampling.withTemperature += set.sampling.withTemperature;
    sampling.withSeed += set.sampling.withSeed;
    if (set.sampling.maxTemperature !== undefined)
      sampling.maxTemperature = Math.max(sampling.maxTemperature ?? 0, set.sampling.maxTemperature);
    for (const [id, entry] of set.entries) {
      if (entries.has(id)) repeated++;
      else entries.set(id, entry);
    }
  }
  if (repeated)
    notes.push(`${side}: ${repeated} generation id(s) appear in more than one file; the first file's output is used`);
  return { entries, sampling, records };
}

function generationsSentence(c: GenerationsComparison, b: Side, h: Side): string {
  const unpaired = listJoin(
    [
      c.onlyBase ? `${grouped(c.onlyBase)} only in base` : '',
      c.onlyHead ? `${grouped(c.onlyHead)} only in head` : '',
    ].filter(Boolean),
  );
  const compared = c.identical + c.differing;
  if (c.verdict === 'none-matched') {
    if (c.incomparable > 0)
      return `not verified: the ${grouped(c.incomparable)} paired generations carry hashes of different kinds (text SHA-256 against output_hash)`;
    return `not verified: no generation id in both base (${grouped(b.entries.size)}) and head (${grouped(h.entries.size)})`;
  }
  if (c.verdict === 'identical') {
    return `unchanged (verified: ${grouped(compared)} paired generations, identical${unpaired ? `; ${unpaired}` : ''})`;
  }
  const parts: string[] = [];
  if (c.differing > 0)
    parts.push(
      `${grouped(c.differing)} of ${grouped(compared)} paired generations differ (${share(c.differing / compared)})`,
    );
  if (c.failedHead > 0) parts.push(`${grouped(c.failedHead)} request(s) failed in head that base answered`);
  let out = `CHANGED: ${parts.join('; ')}; compare them before accepting`;
  if (c.expectedToDiffer) {
    const t = Math.max(b.sampling.maxTemperature ?? 0, h.sampling.maxTemperature ?? 0);
    out += `; sampling at temperature ${t} without a fixed seed makes differences expected: exact match needs greedy decoding (temperature 0) or a fixed seed`;
  } else if (c.differing > compared / 2) {
    out +=
      '; with most pairs differing, check the decoding: exact match needs greedy decoding or a fixed seed, and an engine whose output does not depend on batch size (vLLM: VLLM_BATCH_INVARIANT=1)';
  }
  return out;
}
