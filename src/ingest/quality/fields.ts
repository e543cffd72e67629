// Field names the quality readers look for, shared by detection and reading.

/**
 * Id fields of a generation record, most stable first. An OpenAI Batch output line carries the
 * client's custom_id next to a server-made "id" (batch_req_…) and response.request_id, and only
 * custom_id is the same in two runs; a plain "id" comes last for the same reason.
 */
export const ID_FIELDS = ['custom_id', 'prompt_id', 'request_id', 'id'] as const;

/** Output text fields, tried on the record, then on "response" (vLLM run_batch before the status/body envelope), then "response.body". */
export const TEXT_FIELDS = ['output', 'text', 'generated_text', 'completion'] as const;

/** Precomputed output hashes: output_sha256 must be 64 hex digits; output_hash is any non-empty string. */
export const HASH_FIELDS = ['output_sha256', 'output_hash'] as const;

/** Where a temperature or seed may sit, besides the record itself. */
export const SAMPLING_CONTAINERS = [
  'sampling_params',
  'params',
  'parameters',
  'gen_kwargs',
  'generation_kwargs',
  'request',
  'body',
] as const;

/** lm-eval result keys that are not metrics. */
export const LM_EVAL_NON_METRICS = new Set(['alias', 'name', 'sample_len', 'samples', 'sample_count']);

/** Ids that a server makes per call ("chatcmpl-…", "batch_req_…"): they never match between runs. */
export const SERVER_MADE_ID = /^(?:chatcmpl|cmpl|batch_req|vllm|req|resp|msg)[-_]/;

export const FIELD_LIST =
  'output, text, generated_text, completion, choices[0].text or choices[0].message.content (also under "response" or "response.body"), or output_sha256 / output_hash';
