// Which responses of a perf_analyzer request carry generated text. For OpenAI endpoints GenAI-Perf
// drops the responses without content before timing a request (llm_profile_data_parser.py,
// _preprocess_response / _is_empty_response, perf_analyzer main 2025): the role-only first chunk, a
// finish chunk with an empty delta, "data: [DONE]", usage-only chunks, reasoning-only chunks and SSE
// comments. Its TTFT is the first response with content, its request latency the last one; we follow
// that so the numbers match the tool's. Responses received merged ("data: …\n\ndata: …") count once,
// with content when any part has it.
//
// A file may hold millions of chunks, so content is recognised textually rather than by parsing each
// one: a non-empty string under "content" (chat delta or message), "text" (completions) or
// "text_output" (Triton generate). A splintered fragment without such a key counts as empty, which is
// what GenAI-Perf's merge of splinters into the previous response amounts to.

const CONTENT = /"(?:content|text|text_output)"\s*:\s*"(?!")/;

/** Whether an OpenAI-style response (the "response" string perf_analyzer stores) has any content. */
export function openAiResponseHasContent(response: unknown): boolean {
  if (typeof response !== 'string') return false;
  for (const event of response.trim().split('\n\n')) {
    if (eventHasContent(event.trim())) return true;
  }
  return false;
}

function eventHasContent(event: string): boolean {
  if (event === '' || event.startsWith(':') || /^(event|id|retry):/.test(event)) return false;
  const data = event.startsWith('data:') ? event.slice(5).trim() : event;
  if (data === '' || data === '[DONE]') return false;
  return CONTENT.test(data);
}
