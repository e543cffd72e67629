// Whose comments are ours: the token's own account. A personal or app user token can ask (GET /user);
// the Actions GITHUB_TOKEN cannot, and always writes as github-actions[bot]. An input can name the
// account when neither applies (a GitHub App installation token writes as <app-slug>[bot]).

import { statusOf, type GitHubClient } from './client';

export const ACTIONS_BOT = 'github-actions[bot]';

export async function commentAuthors(client: GitHubClient, override: string | undefined): Promise<string[]> {
  if (override) return [override];
  try {
    const { data } = await client.rest.users.getAuthenticated();
    return [data.login];
  } catch (error) {
    const status = statusOf(error);
    if (status === 403 || status === 401 || status === 404) return [ACTIONS_BOT];
    throw error;
  }
}
