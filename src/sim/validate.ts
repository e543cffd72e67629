// Rejects scenarios the engine could not run to completion (a request that never fits, a token budget
// smaller than the batch), with a message that names the field, instead of looping forever.

import type { Scenario } from './scenario';

export function validateScenario(s: Scenario): void {
  const e = s.engine;
  const fail = (field: string, why: string): never => {
    throw new Error(`scenario "${s.name}": ${field} ${why}`);
  };
  if (!Number.isInteger(s.requests) || s.requests < 0) fail('requests', 'must be a non-negative integer');
  if (!(s.arrival.ratePerSec > 0)) fail('arrival.ratePerSec', 'must be > 0');
  if (!Number.isInteger(e.maxNumSeqs) || e.maxNumSeqs < 1) fail('engine.maxNumSeqs', 'must be an integer >= 1');
  if (!(e.maxNumBatchedTokens >= e.maxNumSeqs + 1))
    fail('engine.maxNumBatchedTokens', 'must exceed maxNumSeqs (decodes take one token each)');
  if (!Number.isInteger(e.blockSize) || e.blockSize < 1) fail('engine.blockSize', 'must be an integer >= 1');
  if (s.prompt.maxTokens < 1 || s.output.maxTokens < 1) fail('prompt/output.maxTokens', 'must be >= 1');
  const worst = Math.ceil((s.prompt.maxTokens + s.output.maxTokens) / e.blockSize);
  const prefixBlocks = Math.floor(s.prompt.sharedPrefixTokens / e.blockSize);
  if (e.kvBlocks < worst + prefixBlocks)
    fail('engine.kvBlocks', `must hold the longest request (${worst + prefixBlocks} blocks)`);
  if (s.engine.schedulerIntervalMs !== undefined && !(s.engine.schedulerIntervalMs > 0))
    fail('engine.schedulerIntervalMs', 'must be > 0 when set');
}
