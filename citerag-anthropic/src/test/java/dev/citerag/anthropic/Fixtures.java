package dev.citerag.anthropic;

import dev.citerag.answer.internal.AnswerSchema;
import dev.citerag.chat.ChatRequest;
import dev.citerag.context.internal.Prompts;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.provider.internal.Retrier;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** Requests, keys and a sleeper that records instead of sleeping. */
final class Fixtures {
  private Fixtures() {}

  /** Shaped like a real key, so that a leak of any piece of it is recognisable. */
  static final String KEY = "sk-ant-api03-Q7x9Kp2WmZ4vT8cN3bLr6Hd0Fj5Ys1Uz";

  static final String WINDOW =
      "Production deploys are allowed Monday to Thursday between 09:00 and 16:00 UTC.";

  static final String USER_CONTENT =
      "{\"question\":\"When are production deploys allowed?\",\"sources\":["
          + "{\"id\":\"k7q2m\",\"title\":\"Deploys\",\"text\":\""
          + WINDOW
          + "\"}]}";

  static ChatRequest request() {
    return new ChatRequest(
        Prompts.SYSTEM_INSTRUCTION, USER_CONTENT, AnswerSchema.responseSchema(), 0.0, 1024, null);
  }

  /** No waiting between attempts: the waits are recorded instead. */
  static final class RecordingSleeper implements Retrier.Sleeper {
    final List<Duration> waits = new CopyOnWriteArrayList<>();

    @Override
    public void sleep(Duration d) {
      waits.add(d);
    }
  }

  /** A model on {@code baseUrl} with the test key, no real environment, a recording sleeper. */
  static AnthropicChatModel.Builder claude(String baseUrl, RecordingSleeper sleeper) {
    return AnthropicChatModel.builder()
        .environment(Map.of())
        .apiKey(KEY)
        .baseUrl(baseUrl)
        .retryPolicy(RetryPolicy.DEFAULT.withMaxAttempts(3))
        .retrySleeper(sleeper);
  }
}
