package dev.citerag.examples.internal;

import dev.citerag.answer.ModelSupportVerifier;
import dev.citerag.answer.SupportVerifier;
import dev.citerag.anthropic.AnthropicChatModel;
import dev.citerag.chat.ChatModel;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.gemini.GeminiChatModel;
import dev.citerag.gemini.GeminiEmbedder;
import dev.citerag.ollama.OllamaChatModel;
import dev.citerag.ollama.OllamaEmbedder;
import dev.citerag.onnx.OnnxEmbedder;
import dev.citerag.openai.OpenAiChatModel;
import dev.citerag.openai.OpenAiEmbedder;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.verify.RuleSupportVerifier;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Builds the chat model and the embedder the command line asks for, reading endpoints and model
 * names from the environment map it is given ({@code GEMINI_API_KEY}, {@code GEMINI_BASE_URL},
 * {@code GEMINI_MODEL}, {@code OLLAMA_HOST}, {@code OLLAMA_MODEL}, {@code OLLAMA_EMBED_MODEL},
 * {@code OPENAI_BASE_URL}, {@code OPENAI_API_KEY}, {@code OPENAI_MODEL}, {@code
 * OPENAI_EMBED_MODEL}, {@code ANTHROPIC_API_KEY}, {@code ANTHROPIC_BASE_URL}, {@code
 * ANTHROPIC_MODEL}), so tests pass a map and never the real environment. No key is ever printed:
 * the adapters keep it out of their messages and {@code toString()}.
 */
public final class Providers {

  /** How long the automatic model choice waits for {@code GET /api/version} of Ollama. */
  static final Duration OLLAMA_PROBE_TIMEOUT = Duration.ofMillis(700);

  /** How long the probe waits for the reply once a server has accepted the connection. */
  static final Duration OLLAMA_REPLY_TIMEOUT = Duration.ofSeconds(3);

  private Providers() {}

  /**
   * The model that answers.
   *
   * @param kind {@code extractive}, {@code gemini}, {@code ollama}, {@code openai} or {@code
   *     anthropic}
   * @param chatModel null for {@code extractive}
   * @param why one line saying why this one was chosen
   */
  public record ModelChoice(String kind, @Nullable ChatModel chatModel, String why) {
    /** For the stderr line, e.g. {@code gemini:gemini-2.5-flash}. */
    public String label() {
      return chatModel == null ? kind : chatModel.name();
    }

    /**
     * The generator of a chosen chat model: Claude answers with its native citations (re-verified),
     * the others with the answer contract's JSON.
     *
     * @throws IllegalStateException for the extractive choice, which has no chat model
     */
    public AnswerGenerator generator() {
      ChatModel m = chatModel;
      if (m == null) {
        throw new IllegalStateException("the extractive choice has no chat model");
      }
      return m instanceof AnthropicChatModel claude
          ? claude.answerGenerator()
          : AnswerGenerator.of(m);
    }
  }

  /**
   * The requested model, or the automatic choice: Gemini when {@code GEMINI_API_KEY} is set, else
   * the OpenAI-compatible adapter when {@code OPENAI_BASE_URL} or {@code OPENAI_API_KEY} is set,
   * else Ollama when a server answers at {@code OLLAMA_HOST} (default {@code
   * http://127.0.0.1:11434}), else the extractive generator.
   *
   * @throws IllegalArgumentException when a requested provider cannot be configured from the
   *     environment (e.g. no API key), with the adapter's message
   */
  public static ModelChoice chooseModel(Optional<String> requested, Map<String, String> env) {
    if (requested.isPresent()) {
      return switch (requested.get()) {
        case "extractive" -> new ModelChoice("extractive", null, "--model extractive");
        case "gemini" -> new ModelChoice("gemini", gemini(env), "--model gemini");
        case "ollama" -> new ModelChoice("ollama", ollama(env), "--model ollama");
        case "openai" -> new ModelChoice("openai", openai(env), "--model openai");
        case "anthropic" -> new ModelChoice("anthropic", anthropic(env), "--model anthropic");
        default ->
            throw new IllegalArgumentException(
                "option --model must be one of extractive|gemini|ollama|openai|anthropic, was \""
                    + requested.get()
                    + "\"");
      };
    }
    String key = env.get("GEMINI_API_KEY");
    if (key != null && !key.isBlank()) {
      return new ModelChoice("gemini", gemini(env), "GEMINI_API_KEY is set");
    }
    for (String name : new String[] {"OPENAI_BASE_URL", "OPENAI_API_KEY"}) {
      String v = env.get(name);
      if (v != null && !v.isBlank()) {
        return new ModelChoice("openai", openai(env), name + " is set");
      }
    }
    OllamaChatModel ollama;
    try {
      ollama = ollama(env);
    } catch (IllegalArgumentException e) {
      return new ModelChoice(
          "extractive",
          null,
          "no GEMINI_API_KEY, and OLLAMA_HOST is not usable: " + e.getMessage());
    }
    if (ollamaAnswers(ollama.baseUrl())) {
      return new ModelChoice("ollama", ollama, "an Ollama server answers at " + ollama.baseUrl());
    }
    return new ModelChoice(
        "extractive",
        null,
        "no GEMINI_API_KEY and no Ollama server at " + ollama.baseUrl() + "; --model to choose");
  }

  /**
   * Whether {@code GET {baseUrl}/api/version} answers 200 within the probe timeout.
   *
   * <p>Every offline {@code ask} pays for this probe, so for {@code http} it is a bare socket: a
   * refused connection (no Ollama) costs about a millisecond. (It used {@code java.net.http}'s
   * client, whose start-up alone cost about a second on every command.)
   */
  static boolean ollamaAnswers(String baseUrl) {
    String root = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    URI uri;
    try {
      uri = URI.create(root + "/api/version");
    } catch (IllegalArgumentException e) {
      return false;
    }
    if (!"http".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
      return httpClientAnswers(uri);
    }
    String host = uri.getHost();
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    int port = uri.getPort() < 0 ? 80 : uri.getPort();
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), (int) OLLAMA_PROBE_TIMEOUT.toMillis());
      // Something listens: give it time to answer even on a busy machine (a refused or absent
      // server never gets here, so the offline path stays fast).
      s.setSoTimeout((int) OLLAMA_REPLY_TIMEOUT.toMillis());
      String hostHeader = uri.getHost() + ":" + port;
      s.getOutputStream()
          .write(
              ("GET "
                      + uri.getRawPath()
                      + " HTTP/1.1\r\nHost: "
                      + hostHeader
                      + "\r\nAccept: application/json\r\nConnection: close\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      s.getOutputStream().flush();
      byte[] head = s.getInputStream().readNBytes(12); // "HTTP/1.1 200"
      String status = new String(head, StandardCharsets.US_ASCII);
      return status.startsWith("HTTP/1.") && status.endsWith(" 200");
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** The probe over https (a remote Ollama behind a proxy): the JDK's client. */
  private static boolean httpClientAnswers(URI uri) {
    try {
      HttpClient client = HttpClient.newBuilder().connectTimeout(OLLAMA_PROBE_TIMEOUT).build();
      HttpRequest req = HttpRequest.newBuilder(uri).timeout(OLLAMA_PROBE_TIMEOUT).GET().build();
      HttpResponse<Void> r = client.send(req, HttpResponse.BodyHandlers.discarding());
      return r.statusCode() == 200;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (Exception e) {
      return false;
    }
  }

  /**
   * The support verifier {@code --judge} asks for: the deterministic rules first, then the judge
   * where they find too little ({@link SupportVerifier#rulesThenJudge}). {@code same} judges with
   * the answering model; {@code ollama:MODEL}, {@code openai:MODEL} and {@code gemini:MODEL} build
   * that provider's adapter from {@code env} with that model. A model whose name holds {@code
   * minicheck} is asked in its own Yes/No format, one call per claim; any other in the JSON-schema
   * format, one call per answer.
   *
   * @throws IllegalArgumentException when {@code same} is asked with no answering model, or the
   *     provider cannot be configured from the environment
   */
  public static SupportVerifier judge(
      String spec, @Nullable ChatModel answering, Map<String, String> env) {
    ChatModel judge;
    if (spec.equals("same")) {
      if (answering == null) {
        throw new IllegalArgumentException(
            "option --judge same needs a model that answers; the extractive generator is none"
                + " (choose one with --model, or name the judge: --judge ollama:bespoke-minicheck)");
      }
      judge = answering;
    } else {
      int colon = spec.indexOf(':');
      String provider = spec.substring(0, colon);
      String name = spec.substring(colon + 1);
      judge =
          switch (provider) {
            case "ollama" -> OllamaChatModel.builder().environment(env).model(name).build();
            case "openai" -> OpenAiChatModel.builder().environment(env).model(name).build();
            case "gemini" -> GeminiChatModel.builder().environment(env).model(name).build();
            default ->
                throw new IllegalArgumentException(
                    "option --judge must be same, ollama:MODEL, openai:MODEL or gemini:MODEL, was \""
                        + spec
                        + "\"");
          };
    }
    ModelSupportVerifier.Style style =
        judge.name().toLowerCase(Locale.ROOT).contains("minicheck")
            ? ModelSupportVerifier.Style.MINICHECK
            : ModelSupportVerifier.Style.JSON_SCHEMA;
    return SupportVerifier.rulesThenJudge(
        RuleSupportVerifier.builder().build(),
        ModelSupportVerifier.builder(judge).style(style).build());
  }

  /** Gemini with the key and base URL from {@code env}, the model from {@code GEMINI_MODEL}. */
  static GeminiChatModel gemini(Map<String, String> env) {
    GeminiChatModel.Builder b = GeminiChatModel.builder().environment(env);
    String model = env.get("GEMINI_MODEL");
    if (model != null && !model.isBlank()) {
      b.model(model.strip());
    }
    return b.build();
  }

  /** Ollama at {@code OLLAMA_HOST} with {@code OLLAMA_MODEL} (the adapter reads both). */
  static OllamaChatModel ollama(Map<String, String> env) {
    return OllamaChatModel.builder().environment(env).build();
  }

  private static @Nullable OnnxEmbedder onnx;

  /**
   * The in-process ONNX embedder (bge-small-en-v1.5, quantised), loaded once per process and shared
   * by every engine of the process (the web demo, tests); ONNX Runtime frees it at exit.
   */
  public static synchronized OnnxEmbedder onnx() {
    if (onnx == null) {
      onnx = OnnxEmbedder.builder().build();
    }
    return onnx;
  }

  /**
   * The OpenAI-compatible adapter at {@code OPENAI_BASE_URL} with {@code OPENAI_API_KEY} and {@code
   * OPENAI_MODEL} (the adapter reads all three).
   */
  static OpenAiChatModel openai(Map<String, String> env) {
    return OpenAiChatModel.builder().environment(env).build();
  }

  /**
   * Claude with {@code ANTHROPIC_API_KEY}, {@code ANTHROPIC_BASE_URL} and {@code ANTHROPIC_MODEL}
   * (the adapter reads all three); it answers with its native citations.
   */
  static AnthropicChatModel anthropic(Map<String, String> env) {
    return AnthropicChatModel.builder().environment(env).build();
  }

  /**
   * The embedder named by {@code --embedder}.
   *
   * @param kind {@code onnx}, {@code local}, {@code gemini}, {@code ollama} or {@code openai}
   */
  public static Embedder embedder(String kind, Map<String, String> env) {
    return switch (kind) {
      case "onnx" -> onnx();
      case "local" -> new LocalHashingEmbedder();
      case "gemini" -> GeminiEmbedder.builder().environment(env).build();
      case "ollama" -> OllamaEmbedder.builder().environment(env).build();
      case "openai" -> OpenAiEmbedder.builder().environment(env).build();
      default ->
          throw new IllegalArgumentException(
              "option --embedder must be one of onnx|local|gemini|ollama|openai, was \""
                  + kind
                  + "\"");
    };
  }
}
