package dev.citerag.spring.boot;

import static dev.citerag.spring.boot.CiteragAutoConfiguration.whenSet;

import dev.citerag.anthropic.AnthropicChatModel;
import dev.citerag.chat.ChatModel;
import dev.citerag.gemini.GeminiChatModel;
import dev.citerag.ollama.OllamaChatModel;
import dev.citerag.openai.OpenAiChatModel;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.util.ClassUtils;

/**
 * Builds the judge's {@link ChatModel} from {@code citerag.judge.*}. Each provider is built in its
 * own nested class, loaded only when that provider is chosen, so a provider module the application
 * does not have is never touched.
 */
final class CiteragJudges {
  /** The provider modules' model classes, by provider name. */
  private static final Map<String, String> CLASSES =
      Map.of(
          "ollama", "dev.citerag.ollama.OllamaChatModel",
          "openai", "dev.citerag.openai.OpenAiChatModel",
          "gemini", "dev.citerag.gemini.GeminiChatModel",
          "anthropic", "dev.citerag.anthropic.AnthropicChatModel");

  private CiteragJudges() {}

  /**
   * The judge model of these properties.
   *
   * @param loader the application's class loader, where the provider's module is looked for
   * @throws IllegalStateException naming the property when the provider is unknown or its module is
   *     not on the class path
   */
  static ChatModel model(
      CiteragProperties.Judge j, CiteragProperties.Ollama ollama, @Nullable ClassLoader loader) {
    String type = CLASSES.get(j.provider());
    if (type == null) {
      throw new IllegalStateException(
          "citerag.judge.provider must be none, ollama, openai, gemini or anthropic, was \""
              + j.provider()
              + "\"");
    }
    if (!ClassUtils.isPresent(type, loader)) {
      throw new IllegalStateException(
          "citerag.judge.provider="
              + j.provider()
              + " needs the module citerag-"
              + j.provider()
              + " on the class path");
    }
    return switch (j.provider()) {
      case "ollama" -> Ollama.model(j, ollama.baseUrl());
      case "openai" -> OpenAi.model(j);
      case "gemini" -> Gemini.model(j);
      default -> Anthropic.model(j);
    };
  }

  private static final class Ollama {
    static ChatModel model(CiteragProperties.Judge j, @Nullable String ollamaUrl) {
      OllamaChatModel.Builder b = OllamaChatModel.builder();
      whenSet(j.baseUrl() != null ? j.baseUrl() : ollamaUrl, b::baseUrl);
      whenSet(j.model(), b::model);
      return b.build();
    }
  }

  private static final class OpenAi {
    static ChatModel model(CiteragProperties.Judge j) {
      OpenAiChatModel.Builder b = OpenAiChatModel.builder();
      whenSet(j.model(), b::model);
      whenSet(j.apiKey(), b::apiKey);
      whenSet(j.baseUrl(), b::baseUrl);
      return b.build();
    }
  }

  private static final class Gemini {
    static ChatModel model(CiteragProperties.Judge j) {
      GeminiChatModel.Builder b = GeminiChatModel.builder();
      whenSet(j.model(), b::model);
      whenSet(j.apiKey(), b::apiKey);
      whenSet(j.baseUrl(), b::baseUrl);
      return b.build();
    }
  }

  private static final class Anthropic {
    static ChatModel model(CiteragProperties.Judge j) {
      AnthropicChatModel.Builder b = AnthropicChatModel.builder();
      whenSet(j.model(), b::model);
      whenSet(j.apiKey(), b::apiKey);
      whenSet(j.baseUrl(), b::baseUrl);
      return b.build();
    }
  }
}
