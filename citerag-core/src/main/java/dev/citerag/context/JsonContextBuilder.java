package dev.citerag.context;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.answer.SentSource;
import dev.citerag.context.internal.Prompts;
import dev.citerag.internal.Checks;
import dev.citerag.store.Chunk;
import dev.citerag.store.SearchHit;
import dev.citerag.text.internal.Hashing;
import dev.citerag.text.internal.TokenEstimator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The standard context builder. It drops duplicate chunks (same id or same text), keeps the
 * retrieval order (best first), adds sources while the estimated prompt stays within the token
 * budget ({@link TokenEstimator}: about 4 characters per token), and labels each source with a
 * short id derived from the chunk id by hashing — 5 lower-case letters and digits, starting with a
 * letter, never {@code 1, 2, 3} or {@code Source 1} — so that ids carry no order a model could
 * guess from and a made-up id is almost never valid. The user turn is one JSON object, {@code
 * {"question": ..., "sources": [{"id", "title", "section", "text"}]}}, serialised by Jackson so
 * that any quote or brace inside a chunk stays inside its JSON string. A source's {@code text} is
 * the chunk's {@linkplain Chunk#body() document text}: the title and heading lines the chunker puts
 * before it are sent once, as {@code title} and {@code section}, so a model never quotes them (a
 * quote of them is not the document's text and fails validation).
 *
 * <pre>{@code
 * ContextBuilder cb = new JsonContextBuilder(3000);
 * BuiltContext ctx = cb.build(question, hits);
 * }</pre>
 */
public final class JsonContextBuilder implements ContextBuilder {

  /** Default prompt budget in estimated tokens. */
  public static final int DEFAULT_TOKEN_BUDGET = 3000;

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
  private static final int SYSTEM_TOKENS = TokenEstimator.estimate(Prompts.SYSTEM_INSTRUCTION);

  private final int tokenBudget;

  /** With the {@link #DEFAULT_TOKEN_BUDGET}. */
  public JsonContextBuilder() {
    this(DEFAULT_TOKEN_BUDGET);
  }

  /**
   * A builder that fits the context into a token budget.
   *
   * @param tokenBudget estimated tokens for the system instruction, question and sources; in
   *     256..2,000,000
   * @throws IllegalArgumentException when {@code tokenBudget} is out of range
   */
  public JsonContextBuilder(int tokenBudget) {
    this.tokenBudget = Checks.inRange(tokenBudget, 256, 2_000_000, "tokenBudget");
  }

  /** {@return the budget in estimated tokens (about 4 characters each)} */
  public int tokenBudget() {
    return tokenBudget;
  }

  @Override
  public BuiltContext build(String question, List<SearchHit> hits) {
    Checks.notBlank(question, "question");
    Checks.noNullElements(hits, "hits");
    ObjectNode root = MAPPER.createObjectNode();
    root.put("question", question);
    ArrayNode sources = root.putArray("sources");
    int used = SYSTEM_TOKENS + TokenEstimator.estimate(root.toString());
    List<SentSource> sent = new ArrayList<>();
    Set<String> seenIds = new HashSet<>();
    Set<String> seenText = new HashSet<>();
    Set<String> labels = new HashSet<>();
    for (SearchHit h : hits) {
      Chunk c = h.chunk();
      if (!seenIds.add(c.id()) || !seenText.add(c.contentHash())) {
        continue;
      }
      String label = label(c.id(), labels);
      ObjectNode s = MAPPER.createObjectNode();
      s.put("id", label);
      if (c.title() != null) {
        s.put("title", c.title());
      }
      if (!c.headingPath().isEmpty()) {
        s.put("section", c.section());
      }
      s.put("text", c.body());
      int cost = TokenEstimator.estimate(s.toString()) + 1;
      if (used + cost > tokenBudget) {
        labels.remove(label);
        continue;
      }
      used += cost;
      sources.add(s);
      sent.add(new SentSource(label, h));
    }
    String user;
    try {
      user = MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render sources as JSON", e);
    }
    int tokens = SYSTEM_TOKENS + TokenEstimator.estimate(user);
    return new BuiltContext(sent, Prompts.SYSTEM_INSTRUCTION, user, tokens);
  }

  /** A 5-character label from the chunk id's hash; longer on the rare collision within a call. */
  static String label(String chunkId, Set<String> taken) {
    byte[] h = Hashing.sha256("source-label", chunkId);
    for (int len = 5; len <= 12; len++) {
      StringBuilder b = new StringBuilder(len);
      b.append(ALPHABET.charAt((h[0] & 0xff) % 23)); // a letter first
      for (int i = 1; i < len; i++) {
        b.append(ALPHABET.charAt((h[i] & 0xff) % ALPHABET.length()));
      }
      String s = b.toString();
      if (taken.add(s)) {
        return s;
      }
    }
    throw new IllegalStateException("duplicate chunk id in one context: " + chunkId);
  }
}
