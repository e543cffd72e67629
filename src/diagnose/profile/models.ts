// Shapes of a few common models, for the §5 decode floor: what a decode step must read. From each
// model's Hugging Face config.json (num_hidden_layers, num_key_value_heads, hidden_size /
// num_attention_heads = head dim, vocab_size × hidden_size = input embedding) and the published
// parameter counts. Precision is not a model fact: bytes per parameter and per KV element are
// always given by the caller (BF16 2, FP8 1, INT4 0.5).

export interface MoeFacts {
  experts: number;
  /** Experts each token is routed to. */
  topK: number;
  /** Parameters in all experts together (the rest is shared by every token). */
  expertParamsBillions: number;
}

export interface ModelFacts {
  name: string;
  layers: number;
  kvHeads: number;
  headDim: number;
  /** All parameters. */
  paramsBillions: number;
  /** The input embedding: a step reads only the batch's rows of it, so it is left out of the bytes. */
  embeddingParamsBillions: number;
  moe?: MoeFacts;
  source: string;
}

export const MODELS: readonly ModelFacts[] = [
  {
    name: 'Llama-3.1-8B',
    layers: 32,
    kvHeads: 8,
    headDim: 128,
    paramsBillions: 8.03,
    embeddingParamsBillions: 0.525, // 128256 × 4096, untied
    source: 'meta-llama/Llama-3.1-8B config.json: 32 layers, 32 heads, 8 KV heads, hidden 4096, vocab 128256',
  },
  {
    name: 'Llama-3.1-70B',
    layers: 80,
    kvHeads: 8,
    headDim: 128,
    paramsBillions: 70.6,
    embeddingParamsBillions: 1.051, // 128256 × 8192, untied
    source: 'meta-llama/Llama-3.1-70B config.json: 80 layers, 64 heads, 8 KV heads, hidden 8192, vocab 128256',
  },
  {
    name: 'Mixtral-8x7B',
    layers: 32,
    kvHeads: 8,
    headDim: 128,
    paramsBillions: 46.7,
    embeddingParamsBillions: 0.131, // 32000 × 4096
    // 8 experts × 32 layers × 3 × 4096 × 14336 = 45.1 B; active per token 1.6 + 45.1 × 2/8 ≈ 12.9 B.
    moe: { experts: 8, topK: 2, expertParamsBillions: 45.1 },
    source:
      'mistralai/Mixtral-8x7B-v0.1 config.json: 32 layers, 32 heads, 8 KV heads, hidden 4096, 8 experts, 2 per token, intermediate 14336',
  },
  {
    name: 'Qwen2.5-7B',
    layers: 28,
    kvHeads: 4,
    headDim: 128,
    paramsBillions: 7.62,
    embeddingParamsBillions: 0.545, // 152064 × 3584, untied
    source: 'Qwen/Qwen2.5-7B config.json: 28 layers, 28 heads, 4 KV heads, hidden 3584, vocab 152064',
  },
];

/** By name, ignoring case, an org prefix ("meta-llama/") and "-Instruct"/"-v0.1" suffixes. */
export function lookupModel(name: string): ModelFacts | undefined {
  const key = (s: string) =>
    s
      .toLowerCase()
      .replace(/^[^/]*\//, '')
      .replace(/[\s_]+/g, '-')
      .replace(/(?:-(?:instruct|chat|base|v0\.1))+$/, '');
  const k = key(name);
  return MODELS.find((m) => key(m.name) === k);
}
