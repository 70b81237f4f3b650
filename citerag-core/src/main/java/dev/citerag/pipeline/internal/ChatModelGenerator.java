package dev.citerag.pipeline.internal;

import dev.citerag.answer.internal.AnswerSchema;
import dev.citerag.chat.ChatModel;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.context.internal.Prompts;
import dev.citerag.internal.Checks;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.GenerationRequest;

/** Adapts a {@link ChatModel} to {@link AnswerGenerator}: schema-constrained, temperature 0. */
public final class ChatModelGenerator implements AnswerGenerator {
  private final ChatModel model;
  private final int maxOutputTokens;

  public ChatModelGenerator(ChatModel model, int maxOutputTokens) {
    this.model = Checks.notNull(model, "chatModel");
    this.maxOutputTokens = Checks.inRange(maxOutputTokens, 1, 65_536, "maxOutputTokens");
  }

  @Override
  public ChatResponse generate(GenerationRequest request) {
    String user =
        Prompts.userTurn(
            request.context().userContent(), request.feedback(), request.invalidSourceIds());
    ChatRequest chat =
        new ChatRequest(
            request.context().systemInstruction(),
            user,
            AnswerSchema.responseSchema(),
            0.0,
            maxOutputTokens,
            request.timeout());
    return model.chat(chat);
  }

  @Override
  public String name() {
    return model.name();
  }

  @Override
  public String promptVersion() {
    return Prompts.VERSION;
  }

  public ChatModel model() {
    return model;
  }
}
