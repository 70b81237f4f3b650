package dev.citerag.ollama.internal;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.citerag.ProviderException;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.internal.Checks;
import dev.citerag.internal.SchemaTree;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Does one {@code POST /api/chat} per {@link ChatRequest}. Thread-safe. */
public final class OllamaChatClient {
  private static final Logger log = LoggerFactory.getLogger(OllamaChatClient.class);
  private static final String PATH = "api/chat";
  private static final ObjectReader REPLY_READER =
      OllamaTransport.MAPPER.readerFor(ChatWire.Reply.class);

  /**
   * Chat-only settings.
   *
   * @param temperature overrides the request's temperature when set
   * @param seed sampling seed, when set
   * @param numCtx context window in tokens, when set
   * @param think {@code think} as sent: {@link Boolean} or a level {@link String}
   */
  public record ChatOptions(
      @Nullable Double temperature,
      @Nullable Integer seed,
      @Nullable Integer numCtx,
      Object think) {
    public ChatOptions {
      Checks.notNull(think, "think");
      if (!(think instanceof Boolean) && !(think instanceof String)) {
        throw new IllegalArgumentException("think must be a Boolean or a String");
      }
    }
  }

  private final OllamaTransport transport;
  private final ChatOptions options;

  public OllamaChatClient(OllamaTransport transport, ChatOptions options) {
    this.transport = transport;
    this.options = options;
  }

  public ChatResponse chat(ChatRequest request) {
    TransportConfig config = transport.config();
    double temperature =
        options.temperature() != null ? options.temperature() : request.temperature();
    ChatWire.Request body =
        new ChatWire.Request(
            config.model(),
            List.of(
                new ChatWire.Message("system", request.systemInstruction()),
                new ChatWire.Message("user", request.userContent())),
            false,
            SchemaTree.of(request.responseSchema()),
            new ChatWire.Options(
                temperature, options.seed(), options.numCtx(), request.maxOutputTokens()),
            options.think(),
            config.keepAlive());
    return transport.post(PATH, body, true, request.timeout(), this::parse);
  }

  /**
   * Reads a reply. Normally one JSON object; a server that streams anyway sends NDJSON, whose
   * content fragments are joined and whose last {@code done} line carries the metrics. Any {@code
   * error} object, including one appended after a 200 stream, fails the call.
   */
  ChatResponse parse(String body) {
    OllamaErrors errors = transport.errors();
    StringBuilder text = new StringBuilder();
    String model = null;
    ChatWire.Reply last = null;
    boolean done = false;
    int objects = 0;
    try (MappingIterator<ChatWire.Reply> it = REPLY_READER.readValues(body)) {
      while (it.hasNextValue()) {
        ChatWire.Reply r = it.nextValue();
        objects++;
        if (r.error() != null && !r.error().isNull()) {
          throw errors.inBody(PATH, OllamaErrors.errorText(r.error()));
        }
        if (r.message() != null && r.message().content() != null) {
          text.append(r.message().content());
        }
        if (r.model() != null) {
          model = OllamaErrors.providerId(r.model());
        }
        if (Boolean.TRUE.equals(r.done())) {
          done = true;
        }
        last = r;
      }
    } catch (ProviderException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw errors.protocol(PATH, "not Ollama chat JSON (" + e.getMessage() + ")", e);
    }
    if (last == null) {
      throw errors.protocol(PATH, "empty body", null);
    }
    if (objects > 1 && !done) {
      throw errors.protocol(PATH, "the streamed reply ended without a done line", null);
    }
    String doneReason = last.doneReason() == null ? "" : OllamaErrors.providerId(last.doneReason());
    FinishReason finish =
        switch (doneReason) {
          case "stop" -> FinishReason.STOP;
          case "length" -> FinishReason.LENGTH;
          default -> FinishReason.OTHER;
        };
    int in = count(last.promptEvalCount());
    int out = count(last.evalCount());
    if (log.isDebugEnabled()) {
      log.debug(
          "citerag.ollama: chat {} done_reason={} prompt_eval_count={} eval_count={}"
              + " total={} ms load={} ms prompt_eval={} ms eval={} ms{}",
          model,
          doneReason,
          in,
          out,
          millis(last.totalDuration()),
          millis(last.loadDuration()),
          millis(last.promptEvalDuration()),
          millis(last.evalDuration()),
          objects > 1 ? " (streamed in " + objects + " lines)" : "");
    }
    return new ChatResponse(
        text.toString(),
        finish,
        doneReason,
        TokenUsage.of(in, out, 0),
        model != null ? model : transport.config().model(),
        null);
  }

  private static int count(@Nullable Integer n) {
    return n == null || n < 0 ? 0 : n;
  }

  private static String millis(@Nullable Long nanos) {
    return nanos == null ? "?" : Long.toString(TimeUnit.NANOSECONDS.toMillis(nanos));
  }
}
