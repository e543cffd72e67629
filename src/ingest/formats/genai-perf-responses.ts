// Which responses of a perf_analyzer request carry generated text. For OpenAI endpoints GenAI-Perf
// drops the responses without content before timing a request (llm_profile_data_parser.py,
// _preprocess_response / _is_empty_response, perf_analyzer main 2025): the role-only first chunk, a
// finish chunk with an empty delta, "data: [DONE]", usage-only chunks and SSE comments. Its TTFT is
// the first response with content, its request latency the last one. We follow that so our numbers
// match the tool's; responses perf_analyzer received merged ("data: …\n\ndata: …") count once, with
// content when any part has it. Splintered SSE events are not re-joined (GenAI-Perf does); a
// fragment without "data:" counts as content, which at worst keeps a response GenAI-Perf would merge.

import { asObject, own } from './document';

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
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return true;
  }
  return textOf(parsed) !== '';
}

/** The generated text of one parsed chunk, by the object types GenAI-Perf distinguishes. */
function textOf(chunk: unknown): string {
  const object = asObject(chunk);
  if (!object) return '';
  if (typeof own(object, 'text_output') === 'string') return own(object, 'text_output') as string;
  const choices = own(object, 'choices');
  const choice = Array.isArray(choices) ? asObject(choices[0]) : undefined;
  if (!choice) return '';
  const candidates = [own(choice, 'text'), own(asObject(own(choice, 'delta')), 'content'), own(asObject(own(choice, 'message')), 'content')];
  for (const c of candidates) if (typeof c === 'string' && c !== '') return c;
  return '';
}
