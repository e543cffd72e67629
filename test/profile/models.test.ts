// The model table lookup behind the §5 decode floor: Hugging Face ids and the names people write
// (any case, an org prefix, spaces or underscores for dashes, fine-tune suffixes at the end), and
// nothing that only looks similar.

import { describe, expect, it } from 'vitest';
import { lookupModel } from '../../src/diagnose/profile/models';

const name = (s: string) => lookupModel(s)?.name;

describe('lookupModel', () => {
  it('ignores case, the org prefix and the instruct, chat, base and v0.1 suffixes', () => {
    expect(name('meta-llama/Llama-3.1-8B-Instruct')).toBe('Llama-3.1-8B');
    expect(name('LLAMA-3.1-70B-CHAT')).toBe('Llama-3.1-70B');
    expect(name('Qwen/Qwen2.5-7B-Base')).toBe('Qwen2.5-7B');
    expect(name('mistralai/Mixtral-8x7B-Instruct-v0.1')).toBe('Mixtral-8x7B');
    expect(name('Mixtral-8x7B-v0.1')).toBe('Mixtral-8x7B');
  });

  it('reads spaces and underscores, in runs, as dashes', () => {
    expect(name('Llama 3.1 8B')).toBe('Llama-3.1-8B');
    expect(name('llama_3.1__70b instruct')).toBe('Llama-3.1-70B');
  });

  it('only strips a prefix up to the first slash and suffixes at the very end', () => {
    // A suffix word inside the name is part of another model's name.
    expect(name('Llama-3.1-Chat-8B')).toBeUndefined();
    expect(name('Llama-3.1-8B-Instruct-AWQ')).toBeUndefined();
    // "v0.1" means that version, not "v0" followed by any character.
    expect(name('Mixtral-8x7B-v0x1')).toBeUndefined();
    expect(name('org/sub/Llama-3.1-8B')).toBeUndefined();
    expect(name('Llama-3.1-8B/')).toBeUndefined();
  });
});
