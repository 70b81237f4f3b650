package dev.citerag.testkit.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.ProviderException;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.fakes.ScriptedOutcome;
import dev.citerag.testkit.fakes.SentSources;
import dev.citerag.testkit.fakes.internal.ReplyScript;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What the provider protocols of the wire fakes share: applying the reply script to the sources of
 * a user turn, the scripted transport faults, and small request checks.
 */
final class WireSupport {
  private WireSupport() {}

  /** The sources found in the user turn and what the script answers to them. */
  record Scripted(SentSources sent, ScriptedOutcome outcome) {}

  /**
   * Parses the sources of {@code lastUser} and resolves the script's next reply against them.
   *
   * @throws ScriptFailure carrying the sources, when the script has no reply or cannot apply it
   */
  static Scripted resolve(ReplyScript script, String lastUser) {
    SentSources sent = SentSources.parse(lastUser);
    try {
      Reply reply = script.next(sent.question().orElse(null), lastUser);
      return new Scripted(sent, reply.resolve(sent));
    } catch (RuntimeException e) {
      throw new ScriptFailure(e.getMessage(), sent);
    }
  }

  /**
   * Resolves the script's next reply against sources the protocol read itself (e.g. document
   * blocks); {@code content} is what question rules match when there is no question.
   *
   * @throws ScriptFailure carrying the sources, when the script has no reply or cannot apply it
   */
  static Scripted resolve(ReplyScript script, SentSources sent, String content) {
    try {
      Reply reply = script.next(sent.question().orElse(null), content);
      return new Scripted(sent, reply.resolve(sent));
    } catch (RuntimeException e) {
      throw new ScriptFailure(e.getMessage(), sent);
    }
  }

  /**
   * The reply of a scripted failure that no provider writes an error body for: a dropped connection
   * (kind CONNECTION), or a proxy's HTML page with status 200 (kind PROTOCOL); null for the others.
   */
  static FakeHttp.@Nullable Reply transportFault(ProviderException e) {
    return switch (e.kind()) {
      case CONNECTION -> FakeHttp.Reply.disconnect(SentSources.empty());
      case PROTOCOL ->
          new FakeHttp.Reply(
              200,
              "text/html; charset=utf-8",
              "<html><body><h1>502 Bad Gateway</h1></body></html>",
              SentSources.empty(),
              null,
              false);
      default -> null;
    };
  }

  /** A scripted failure's message without the {@code provider: } prefix the exception adds. */
  static String stripProvider(ProviderException e) {
    String m = e.getMessage() == null ? "" : e.getMessage();
    String p = e.provider() + ": ";
    return m.startsWith(p) ? m.substring(p.length()) : m;
  }

  /** The first field of {@code obj} not in {@code known}, or null. */
  static @Nullable String unknownField(JsonNode obj, Set<String> known) {
    for (Map.Entry<String, JsonNode> e : obj.properties()) {
      if (!known.contains(e.getKey())) {
        return e.getKey();
      }
    }
    return null;
  }
}
