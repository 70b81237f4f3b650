package dev.citerag.anthropic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.anthropic.internal.AnthropicTransport;
import dev.citerag.anthropic.internal.MessagesCodec;
import dev.citerag.anthropic.internal.NativeCitations;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.http.internal.CallLog;
import dev.citerag.pipeline.GeneratedAnswer;
import dev.citerag.pipeline.GenerationRequest;
import dev.citerag.pipeline.TypedAnswerGenerator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Claude's native citations as a {@link TypedAnswerGenerator}: sends each sent source as a
 * plain-text document with citations enabled and maps the reply with {@link NativeCitations}; the
 * pipeline then validates the answer as any other. The trace keeps the mapped answer's JSON as the
 * raw reply. Immutable and thread-safe.
 */
final class NativeCitationsGenerator implements TypedAnswerGenerator {
  private static final Logger log = LoggerFactory.getLogger(NativeCitationsGenerator.class);
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final AnthropicChatModel model;
  private final int maxOutputTokens;

  NativeCitationsGenerator(AnthropicChatModel model, int maxOutputTokens) {
    this.model = model;
    this.maxOutputTokens = maxOutputTokens;
  }

  @Override
  public GeneratedAnswer generateAnswer(GenerationRequest request) {
    byte[] body =
        MessagesCodec.encodeNative(
            model.model(),
            maxOutputTokens,
            model.nativeTemperature(),
            NativeCitations.SYSTEM_INSTRUCTION,
            NativeCitations.documents(request.context().sources()),
            NativeCitations.userText(request.question(), request.feedback()));
    long t0 = System.nanoTime();
    MessagesCodec.Decoded d = model.send(body, request.timeout());
    if (d.finishReason() == FinishReason.BLOCKED || d.finishReason() == FinishReason.LENGTH) {
      // not validated: the pipeline rejects it as blocked or truncated
      ChatResponse r = d.response(d.finishReason() == FinishReason.BLOCKED ? "" : d.text());
      CallLog.chat(log, AnthropicTransport.PROVIDER, AnthropicTransport.PATH, r, t0);
      return new GeneratedAnswer(r, null, List.of());
    }
    NativeCitations.Mapped mapped = NativeCitations.map(d, request.context().sources());
    String json;
    try {
      json = MAPPER.writeValueAsString(mapped.answer());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise a mapped answer", e);
    }
    ChatResponse r = d.response(json);
    CallLog.chat(log, AnthropicTransport.PROVIDER, AnthropicTransport.PATH, r, t0);
    return new GeneratedAnswer(r, mapped.answer(), mapped.issues());
  }

  @Override
  public String name() {
    return model.name();
  }

  @Override
  public String toString() {
    return "NativeCitationsGenerator{"
        + model.name()
        + ", maxOutputTokens="
        + maxOutputTokens
        + "}";
  }
}
