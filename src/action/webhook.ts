// The optional alert webhook (alert-webhook: a Slack-compatible incoming webhook URL, kept in a
// secret). One POST of {"text": …} per new alert; a webhook that fails is a warning, never a failed
// step. The URL is never logged: it is the credential.

export async function postWebhook(
  url: string,
  payload: unknown,
  timeoutMs = 10_000,
): Promise<{ ok: boolean; status?: number; error?: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    await response.arrayBuffer().catch(() => undefined);
    return { ok: response.ok, status: response.status };
  } catch (error) {
    return {
      ok: false,
      error: (error as Error)?.name === 'TimeoutError' ? `no answer in ${timeoutMs / 1000} s` : 'the request failed',
    };
  }
}

/** Checked once with the other inputs: an https URL (http only to a local address, for tests and proxies). */
export function webhookUrl(text: string): string | undefined {
  const value = text.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (
    url.protocol === 'https:' ||
    (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
  )
    return url.toString();
  return undefined;
}
