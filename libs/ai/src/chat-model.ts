import OpenAI from 'openai';
import { measuredCall } from './ai-metrics';
import type { AiOptions } from './env';

export class AiProviderError extends Error {
  override readonly name = 'AiProviderError';
}

/**
 * The error of a failed provider call, its message with the API key replaced: some OpenAI-compatible providers repeat
 * the key they were sent in a refusal ("Incorrect API key provided: ..."), and the message goes on into the job's
 * failure record, its dead letter and the logs, which many can read.
 */
export function providerFailure(what: string, error: unknown, apiKey: string | undefined): AiProviderError {
  const status = (error as { status?: number }).status;
  let message = (error as Error).message ?? String(error);
  if (apiKey) message = message.split(apiKey).join('[api key]');
  return new AiProviderError(`${what} failed${status ? ` with status ${status}` : ''}: ${message}`);
}

/**
 * A chat model behind an OpenAI-compatible API, asked for JSON answers. The client does not retry on
 * its own: failed jobs are retried by the queue, with a delay and a bound.
 */
export class ChatModel {
  private readonly client: OpenAI;

  constructor(private readonly options: AiOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      maxRetries: 0,
      timeout: options.timeoutMs,
    });
  }

  /** Sends the instructions and the input, returns the answer parsed as JSON. */
  async completeJson(system: string, user: string): Promise<unknown> {
    let content: string | null | undefined;
    try {
      const completion = await measuredCall('chat', this.options.model, () =>
        this.client.chat.completions.create({
          model: this.options.model,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
        }),
      );
      content = completion.choices[0]?.message?.content;
    } catch (error) {
      throw providerFailure('AI provider request', error, this.options.apiKey);
    }
    if (!content) throw new AiProviderError('AI provider returned no content');
    try {
      return JSON.parse(content);
    } catch {
      throw new AiProviderError('AI provider returned content that is not JSON');
    }
  }
}
