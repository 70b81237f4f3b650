package dev.citerag.reliability;

import static dev.citerag.answer.IssueType.ABSTENTION_WITH_CITATIONS;
import static dev.citerag.answer.IssueType.ANSWER_WITHOUT_CITATIONS;
import static dev.citerag.answer.IssueType.CLAIM_WITHOUT_CITATION;
import static dev.citerag.answer.IssueType.EMPTY_ANSWER;
import static dev.citerag.answer.IssueType.INVALID_JSON;
import static dev.citerag.answer.IssueType.PHANTOM_SOURCE;
import static dev.citerag.answer.IssueType.QUOTE_NOT_FOUND;
import static dev.citerag.answer.IssueType.QUOTE_TOO_SHORT;
import static dev.citerag.answer.IssueType.SCHEMA_MISMATCH;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.answer.IssueType;
import dev.citerag.pipeline.RejectReason;
import dev.citerag.reliability.support.Stack;
import dev.citerag.store.Chunk;
import dev.citerag.testkit.fakes.SentSources;
import dev.citerag.text.internal.Whitespace;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * A generated corpus of invalid model replies. Each case computes its reply from what the model was
 * really shown in that call (the sources read back from the request body), so ids and quotes are
 * realistic: a near-miss id is one character off a real id, a glued quote joins two real fragments.
 * Generators check their own premise with {@link #validExcerpt} (an implementation of the quotation
 * rule independent of core's) and throw when it does not hold, so a case never silently degrades
 * into a valid reply.
 */
final class HostileReplies {
  private HostileReplies() {}

  enum Adapter {
    GEMINI,
    OLLAMA,
    OPENAI
  }

  /** How the reply text is wrapped by the provider. */
  enum Envelope {
    /** A normal reply with this text. */
    STOP,
    /**
     * Gemini {@code MAX_TOKENS} / Ollama {@code done_reason: length} / OpenAI {@code finish_reason:
     * length}.
     */
    LENGTH,
    /**
     * Gemini {@code finishReason: SAFETY} / OpenAI {@code finish_reason: content_filter}, with the
     * text present.
     */
    SAFETY,
    /** Gemini {@code promptFeedback.blockReason}, no candidate. */
    PROMPT_BLOCKED,
    /**
     * A valid answer in the reasoning channel (Gemini thought part, Ollama message.thinking,
     * OpenAI-compatible message.reasoning_content), this text visible.
     */
    VALID_THOUGHT,
    /**
     * The text split over several parts (Gemini, OpenAI content parts) or NDJSON lines (Ollama,
     * streamed despite stream:false).
     */
    SPLIT,
    /** Gemini: neither candidates nor promptFeedback; OpenAI: an empty choices list. */
    NO_CANDIDATES,
    /** HTTP 200 with an HTML body. */
    HTML,
    /** Ollama: a valid answer streamed, then an {@code {"error": ...}} line. */
    ERROR_AFTER_CONTENT,
    /**
     * Gemini / OpenAI: this text in the first candidate (choice), a valid answer in a second one.
     */
    VALID_SECOND_CANDIDATE,
    /** OpenAI: a {@code message.refusal} next to this text as content. */
    REFUSAL,
    /** OpenAI: {@code finish_reason: tool_calls}, no content, this text as the call's arguments. */
    TOOL_CALL
  }

  record Hostile(String text, Envelope envelope) {}

  /**
   * What the pipeline must do with the case.
   *
   * @param reason the rejection reason
   * @param critical at least one critical issue of one of these types (empty for provider-level
   *     rejections)
   */
  record Expect(RejectReason reason, Set<IssueType> critical) {}

  record Case(
      String id,
      String category,
      Set<Adapter> adapters,
      Function<Ctx, Hostile> reply,
      Expect expect) {}

  /** What a case may use: the question, the sources of this call, every chunk of the corpus. */
  record Ctx(String question, SentSources sent, List<Chunk> all) {

    SentSources.Source src(int i) {
      if (sent.size() < 2) {
        throw new IllegalStateException(
            "generator: needs at least 2 sent sources, got " + sent.describe());
      }
      return sent.all().get(i % sent.size());
    }

    Chunk chunkOf(SentSources.Source s) {
      return all.stream()
          .filter(c -> c.body().equals(s.text()))
          .findFirst()
          .orElseThrow(
              () ->
                  new IllegalStateException(
                      "generator: no chunk has the text of source " + s.id()));
    }

    /**
     * Chunks of the corpus that were not sent in this call, whose label is not a sent id either.
     */
    List<Chunk> unsent() {
      List<Chunk> out = new ArrayList<>();
      for (Chunk c : all) {
        if (!sent.texts().contains(c.text()) && !sent.ids().contains(Stack.labelOf(c))) {
          out.add(c);
        }
      }
      if (out.isEmpty()) {
        throw new IllegalStateException("generator: every chunk was sent");
      }
      return out;
    }

    /** An id shaped like a real one (5 characters of the label alphabet) that was not sent. */
    String phantomId(int salt) {
      String alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
      for (int i = 0; ; i++) {
        int h = (question + "|" + salt + "|" + i).hashCode();
        StringBuilder b = new StringBuilder();
        b.append(alphabet.charAt(Math.floorMod(h, 23)));
        for (int k = 1; k < 5; k++) {
          h = h * 31 + k * 7919;
          b.append(alphabet.charAt(Math.floorMod(h, alphabet.length())));
        }
        if (!sent.ids().contains(b.toString())) {
          return b.toString();
        }
      }
    }

    /**
     * The first {@code n} consecutive words of the source that all contain a letter, exactly as
     * written.
     */
    String quote(SentSources.Source s, int n) {
      return window(s.text(), n, 0);
    }

    /** A valid answer citing source 0. */
    String validAnswer() {
      SentSources.Source s = src(0);
      String q = quote(s, 7);
      return answered(q, claim(q, cite(s.id(), q))).toString();
    }
  }

  // ---- JSON helpers ----

  static final ObjectMapper MAPPER = new ObjectMapper();
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  static ObjectNode cite(String id, String quote) {
    ObjectNode c = F.objectNode();
    c.put("source_id", id);
    c.put("quote", quote);
    return c;
  }

  static ObjectNode claim(String text, ObjectNode... cites) {
    ObjectNode c = F.objectNode();
    c.put("text", text);
    ArrayNode a = c.putArray("citations");
    for (ObjectNode x : cites) {
      a.add(x);
    }
    return c;
  }

  static ObjectNode answered(String answer, ObjectNode... claims) {
    return reply("answered", answer, claims);
  }

  static ObjectNode reply(String status, String answer, ObjectNode... claims) {
    ObjectNode r = F.objectNode();
    r.put("status", status);
    r.put("answer", answer);
    ArrayNode a = r.putArray("claims");
    for (ObjectNode c : claims) {
      a.add(c);
    }
    return r;
  }

  /** A valid single-citation answer of source {@code i} as an object to be edited. */
  static ObjectNode validObject(Ctx x, int i) {
    SentSources.Source s = x.src(i);
    String q = x.quote(s, 6);
    return answered(q, claim(q, cite(s.id(), q)));
  }

  // ---- quotation oracle, independent of core ----

  static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }

  /**
   * Whether {@code quote}, whitespace-collapsed, is a word-aligned contiguous excerpt of {@code
   * source}.
   */
  static boolean validExcerpt(String source, String quote) {
    String p = Whitespace.collapse(source);
    String q = Whitespace.collapse(quote);
    if (q.isEmpty()) {
      return false;
    }
    for (int at = p.indexOf(q); at >= 0; at = p.indexOf(q, at + 1)) {
      int end = at + q.length();
      boolean start = at == 0 || !isWordChar(q.charAt(0)) || !isWordChar(p.charAt(at - 1));
      boolean stop =
          end == p.length() || !isWordChar(q.charAt(q.length() - 1)) || !isWordChar(p.charAt(end));
      if (start && stop) {
        return true;
      }
    }
    return false;
  }

  static boolean hasLetter(String token) {
    return token.chars().anyMatch(Character::isLetter);
  }

  static String[] tokens(String text) {
    String c = Whitespace.collapse(text);
    return c.isEmpty() ? new String[0] : c.split(" ");
  }

  /** The {@code skip}-th window of {@code n} consecutive tokens that all contain a letter. */
  /**
   * The part of a sent source that is its document's text: the chunker puts the title and heading
   * path first ("Title > Section", then a blank line), and the validator does not take a quote from
   * those lines. A first block of at most two lines that ends without sentence punctuation is taken
   * as that prefix.
   */
  static String body(String text) {
    int i = text.indexOf("\n\n");
    if (i < 0) {
      return text;
    }
    String head = text.substring(0, i).strip();
    boolean heading =
        !head.isEmpty()
            && head.lines().count() <= 2
            && !(head.endsWith(".")
                || head.endsWith("!")
                || head.endsWith("?")
                || head.endsWith("。"));
    return heading ? text.substring(i + 2) : text;
  }

  static String window(String text, int n, int skip) {
    String[] t = tokens(body(text));
    int seen = 0;
    for (int i = 0; i + n <= t.length; i++) {
      boolean ok = true;
      for (int k = i; k < i + n && ok; k++) {
        ok = hasLetter(t[k]);
      }
      if (ok && seen++ == skip) {
        return String.join(" ", java.util.Arrays.copyOfRange(t, i, i + n));
      }
    }
    throw new IllegalStateException(
        "generator: no window of " + n + " lettered words in \"" + abbreviate(text) + "\"");
  }

  /**
   * Applies {@code mutate} to successive windows of the sources until the result is not a valid
   * excerpt.
   */
  static String mutated(
      Ctx x, int sourceIndex, int n, Function<String, String> mutate, String what) {
    for (int si = 0; si < x.sent().size(); si++) {
      SentSources.Source s = x.src(sourceIndex + si);
      for (int skip = 0; skip < 40; skip++) {
        String w;
        try {
          w = window(s.text(), n, skip);
        } catch (IllegalStateException e) {
          break;
        }
        String m = mutate.apply(w);
        if (m != null && !m.equals(w) && !validExcerpt(s.text(), m)) {
          return s.id() + "\u0000" + m;
        }
      }
    }
    throw new IllegalStateException(
        "generator: cannot make a " + what + " quote from " + x.sent().describe());
  }

  /** A reply whose single citation is produced by {@link #mutated}. */
  static Hostile mutatedReply(Ctx x, int n, Function<String, String> mutate, String what) {
    String[] idQuote = mutated(x, 0, n, mutate, what).split("\u0000", 2);
    return stop(
        answered(
            "The sources say so.", claim("The sources say so.", cite(idQuote[0], idQuote[1]))));
  }

  /**
   * A punctuation character inside a window, replaced by {@code replace}; null when the window has
   * none.
   */
  static String swapPunctuation(String w, String from, String to) {
    for (int i = 0; i < w.length(); i++) {
      if (from.indexOf(w.charAt(i)) >= 0) {
        return w.substring(0, i) + to.charAt(from.indexOf(w.charAt(i))) + w.substring(i + 1);
      }
    }
    return null;
  }

  /**
   * A window of {@code n} whitespace tokens in which fewer than 4 contain a letter or digit, from
   * any sent source.
   */
  static String[] paddedShortQuote(Ctx x, int n) {
    String best = null;
    String bestId = null;
    int bestWords = Integer.MAX_VALUE;
    for (SentSources.Source s : x.sent().all()) {
      String[] t = tokens(body(s.text()));
      for (int i = 0; i + n <= t.length; i++) {
        int words = 0;
        for (int k = i; k < i + n; k++) {
          words += t[k].chars().anyMatch(Character::isLetterOrDigit) ? 1 : 0;
        }
        if (words >= 1 && words < bestWords) {
          bestWords = words;
          best = String.join(" ", java.util.Arrays.copyOfRange(t, i, i + n));
          bestId = s.id();
        }
      }
    }
    if (best == null || bestWords >= 4) {
      throw new IllegalStateException(
          "generator: no source has markup tokens to pad a short quote: " + x.sent().describe());
    }
    return new String[] {bestId, best};
  }

  static Hostile stop(JsonNode n) {
    return new Hostile(n.toString(), Envelope.STOP);
  }

  static Hostile stop(String text) {
    return new Hostile(text, Envelope.STOP);
  }

  static String abbreviate(String s) {
    return s.length() <= 80 ? s : s.substring(0, 77) + "...";
  }

  // ---- expectations ----

  static Expect citations(IssueType... types) {
    return new Expect(RejectReason.INVALID_CITATIONS, Set.of(types));
  }

  static Expect replyShape(IssueType... types) {
    return new Expect(RejectReason.INVALID_REPLY, Set.of(types));
  }

  static Expect provider(RejectReason reason) {
    return new Expect(reason, Set.of());
  }

  private static final Set<Adapter> ALL = EnumSet.allOf(Adapter.class);

  // ---- the corpus ----

  /** Every case; each is run for several questions and through both adapters. */
  static List<Case> all() {
    List<Case> c = new ArrayList<>();
    Expect phantom = citations(PHANTOM_SOURCE);
    Expect notFound = citations(QUOTE_NOT_FOUND);
    Expect tooShort = citations(QUOTE_TOO_SHORT);
    Expect json = replyShape(INVALID_JSON);
    Expect schema = replyShape(SCHEMA_MISMATCH);

    // phantom ids: ids that were not sent in this call
    add(
        c,
        "phantom-label-shaped",
        "phantom id",
        phantom,
        x -> {
          SentSources.Source s = x.src(0);
          String q = x.quote(s, 6);
          return stop(answered(q, claim(q, cite(x.phantomId(1), q))));
        });
    for (String id :
        List.of(
            "1",
            "0",
            "Source 1",
            "source_1",
            "[1]",
            "",
            "   ",
            "null",
            "undefined",
            "*",
            "k7q2m",
            "id",
            "sources[0]",
            "ABCDE")) {
      add(
          c,
          "phantom-literal-" + slug(id),
          "phantom id",
          phantom,
          x -> {
            String q = x.quote(x.src(0), 6);
            return stop(answered(q, claim(q, cite(id, q))));
          });
    }
    add(
        c,
        "phantom-very-long",
        "phantom id",
        phantom,
        x -> {
          String q = x.quote(x.src(0), 6);
          return stop(answered(q, claim(q, cite(x.src(0).id().repeat(20_000), q))));
        });
    add(
        c,
        "phantom-source-text-as-id",
        "phantom id",
        phantom,
        x -> {
          String q = x.quote(x.src(0), 6);
          return stop(answered(q, claim(q, cite(x.src(0).text(), q))));
        });
    add(
        c,
        "phantom-json-breakout-id",
        "phantom id",
        phantom,
        x -> {
          String q = x.quote(x.src(0), 6);
          return stop(answered(q, claim(q, cite(x.src(0).id() + "\",\"quote\":\"" + q, q))));
        });
    add(
        c,
        "phantom-homoglyph",
        "phantom id",
        phantom,
        x -> {
          SentSources.Source s = x.src(0);
          String id =
              s.id()
                  .replace('a', '\u0430')
                  .replace('e', '\u0435')
                  .replace('o', '\u043e')
                  .replace('p', '\u0440')
                  .replace('c', '\u0441')
                  .replace('x', '\u0445')
                  .replace('y', '\u0443');
          if (id.equals(s.id())) {
            id = "\u0430" + s.id().substring(1);
          }
          String q = x.quote(s, 6);
          return stop(answered(q, claim(q, cite(id, q))));
        });
    add(
        c,
        "phantom-uppercased",
        "phantom id",
        phantom,
        x -> {
          SentSources.Source s = x.src(0);
          String q = x.quote(s, 6);
          return stop(answered(q, claim(q, cite(s.id().toUpperCase(Locale.ROOT), q))));
        });
    add(
        c,
        "phantom-padded-with-spaces",
        "phantom id",
        phantom,
        x -> {
          SentSources.Source s = x.src(0);
          String q = x.quote(s, 6);
          return stop(answered(q, claim(q, cite(" " + s.id() + " ", q))));
        });
    add(
        c,
        "phantom-two-ids-in-one",
        "phantom id",
        phantom,
        x -> {
          String q = x.quote(x.src(0), 6);
          return stop(answered(q, claim(q, cite(x.src(0).id() + "," + x.src(1).id(), q))));
        });
    // ids of chunks that exist in the store but were not sent in this call, with real quotes of
    // them
    for (int k = 0; k < 3; k++) {
      int kk = k;
      add(
          c,
          "unsent-label-" + k,
          "unsent chunk",
          phantom,
          x -> {
            List<Chunk> unsent = x.unsent();
            Chunk ch = unsent.get((kk * 7) % unsent.size());
            String q = window(ch.text(), 6, 0);
            return stop(answered(q, claim(q, cite(Stack.labelOf(ch), q))));
          });
    }
    add(
        c,
        "unsent-chunk-id",
        "unsent chunk",
        phantom,
        x -> {
          Chunk ch = x.unsent().get(0);
          String q = window(ch.text(), 6, 0);
          return stop(answered(q, claim(q, cite(ch.id(), q))));
        });
    add(
        c,
        "unsent-doc-id",
        "unsent chunk",
        phantom,
        x -> {
          Chunk ch = x.unsent().get(x.unsent().size() - 1);
          String q = window(ch.text(), 6, 0);
          return stop(answered(q, claim(q, cite(ch.docId(), q))));
        });
    add(
        c,
        "sent-chunk-store-id",
        "unsent chunk",
        phantom,
        x -> {
          SentSources.Source s = x.src(0);
          String q = x.quote(s, 6);
          return stop(answered(q, claim(q, cite(x.chunkOf(s).id(), q))));
        });
    add(
        c,
        "sent-source-doc-id",
        "unsent chunk",
        phantom,
        x -> {
          SentSources.Source s = x.src(1);
          String q = x.quote(s, 6);
          return stop(answered(q, claim(q, cite(x.chunkOf(s).docId(), q))));
        });

    // near-miss ids: one character off a sent id, with a valid quote of that source
    addNearMiss(
        c,
        "near-miss-last-char",
        id -> id.substring(0, id.length() - 1) + other(id.charAt(id.length() - 1)));
    addNearMiss(c, "near-miss-first-char", id -> other(id.charAt(0)) + id.substring(1));
    addNearMiss(
        c,
        "near-miss-middle-char",
        id -> id.substring(0, 2) + other(id.charAt(2)) + id.substring(3));
    addNearMiss(c, "near-miss-dropped", id -> id.substring(0, id.length() - 1));
    addNearMiss(c, "near-miss-appended", id -> id + "a");
    addNearMiss(c, "near-miss-prepended", id -> "x" + id);
    addNearMiss(
        c,
        "near-miss-swapped",
        id ->
            id.charAt(1) == id.charAt(0)
                ? id.substring(0, 3) + id.charAt(4) + id.charAt(3)
                : "" + id.charAt(1) + id.charAt(0) + id.substring(2));
    addNearMiss(
        c, "near-miss-capital", id -> Character.toUpperCase(id.charAt(0)) + id.substring(1));

    // real id, quote from elsewhere
    add(
        c,
        "quote-of-other-sent-source",
        "wrong quote",
        notFound,
        x -> {
          for (int i = 1; i < x.sent().size(); i++) {
            for (int skip = 0; skip < 20; skip++) {
              String q = window(x.src(i).text(), 6, skip);
              if (!validExcerpt(x.src(0).text(), q)) {
                return stop(answered(q, claim(q, cite(x.src(0).id(), q))));
              }
            }
          }
          throw new IllegalStateException(
              "generator: every window of the other sources is in source 0");
        });
    add(
        c,
        "quote-of-unsent-chunk",
        "wrong quote",
        notFound,
        x -> {
          for (Chunk ch : x.unsent()) {
            String q = window(ch.text(), 6, 0);
            if (!validExcerpt(x.src(0).text(), q)) {
              return stop(answered(q, claim(q, cite(x.src(0).id(), q))));
            }
          }
          throw new IllegalStateException(
              "generator: no unsent chunk has a quote absent from source 0");
        });

    // quotes that are not contiguous excerpts
    add(c, "glued-same-source", "glued quote", notFound, x -> mutatedReplyGlued(x, false));
    add(c, "glued-two-sources", "glued quote", notFound, x -> mutatedReplyGlued(x, true));
    add(
        c,
        "glued-ellipsis",
        "glued quote",
        notFound,
        x ->
            mutatedReply(
                x,
                9,
                w -> {
                  String[] t = w.split(" ");
                  return t[0] + " " + t[1] + " " + t[2] + " ... " + t[6] + " " + t[7] + " " + t[8];
                },
                "ellipsis"));
    add(
        c,
        "reordered-swap",
        "reordered quote",
        notFound,
        x ->
            mutatedReply(
                x,
                6,
                w -> {
                  String[] t = w.split(" ");
                  String tmp = t[2];
                  t[2] = t[3];
                  t[3] = tmp;
                  return String.join(" ", t);
                },
                "reordered"));
    add(
        c,
        "reordered-reversed",
        "reordered quote",
        notFound,
        x ->
            mutatedReply(
                x,
                5,
                w -> {
                  List<String> t = new ArrayList<>(List.of(w.split(" ")));
                  java.util.Collections.reverse(t);
                  return String.join(" ", t);
                },
                "reversed"));
    add(
        c,
        "punctuation-changed",
        "punctuation",
        notFound,
        x ->
            mutatedReplyAnyWindow(
                x,
                8,
                w -> swapPunctuation(w, ".,:;-()%", ",;;:\u2013[]\u2030"),
                "punctuation-changed"));
    add(
        c,
        "punctuation-dropped",
        "punctuation",
        notFound,
        x ->
            mutatedReplyAnyWindow(
                x,
                8,
                w -> {
                  String m = swapPunctuation(w, ".,:;", "    ");
                  return m == null ? null : m.replace("  ", " ");
                },
                "punctuation-dropped"));
    add(
        c,
        "punctuation-added",
        "punctuation",
        notFound,
        x ->
            mutatedReply(
                x,
                6,
                w -> {
                  String[] t = w.split(" ");
                  t[2] = t[2] + ",";
                  return String.join(" ", t);
                },
                "comma-added"));
    add(
        c,
        "markdown-backticks-stripped",
        "punctuation",
        notFound,
        x ->
            mutatedReplyAnyWindow(
                x, 8, w -> w.indexOf('`') >= 0 ? w.replace("`", "") : null, "backticks-stripped"));
    add(
        c,
        "case-upper",
        "case",
        notFound,
        x -> mutatedReply(x, 6, w -> w.toUpperCase(Locale.ROOT), "upper-case"));
    add(
        c,
        "case-lower",
        "case",
        notFound,
        x ->
            mutatedReply(
                x,
                6,
                w -> {
                  String l = w.toLowerCase(Locale.ROOT);
                  return l.equals(w) ? null : l;
                },
                "lower-case"));
    add(
        c,
        "word-replaced",
        "paraphrase",
        notFound,
        x ->
            mutatedReply(
                x,
                6,
                w -> {
                  String[] t = w.split(" ");
                  t[3] = "definitely";
                  return String.join(" ", t);
                },
                "word-replaced"));
    add(
        c,
        "word-appended",
        "paraphrase",
        notFound,
        x -> mutatedReply(x, 6, w -> w + " banana", "word-appended"));
    add(
        c,
        "word-inserted",
        "paraphrase",
        notFound,
        x ->
            mutatedReply(
                x,
                6,
                w -> {
                  String[] t = w.split(" ");
                  t[2] = t[2] + " really";
                  return String.join(" ", t);
                },
                "word-inserted"));
    add(
        c,
        "paraphrase-sentence",
        "paraphrase",
        notFound,
        x -> {
          String q = "the documentation clearly states that this is always allowed";
          return stop(answered(q, claim(q, cite(x.src(0).id(), q))));
        });
    // a zero-width space or soft hyphen that only sits inside a word is a correct form since issue
    // 12
    // (CorrectVariantsTest); one that stands in for a letter or a space still changes the text
    add(
        c,
        "zero-width-space-for-a-letter",
        "invisible characters",
        notFound,
        x ->
            mutatedReply(
                x,
                6,
                w -> {
                  String[] t = w.split(" ");
                  for (int i = 1; i < t.length; i++) {
                    if (t[i].length() >= 3 && Character.isLetter(t[i].charAt(1))) {
                      t[i] = t[i].charAt(0) + "\u200B" + t[i].substring(2);
                      return String.join(" ", t);
                    }
                  }
                  return null;
                },
                "zero-width"));
    add(
        c,
        "soft-hyphen-for-a-space",
        "invisible characters",
        notFound,
        x -> mutatedReply(x, 6, w -> w.replaceFirst(" ", "\u00AD"), "soft-hyphen"));
    add(
        c,
        "cut-mid-word-start",
        "word boundary",
        notFound,
        x ->
            mutatedReply(
                x,
                6,
                w -> {
                  String[] t = w.split(" ");
                  return t[0].length() >= 3 && Character.isLetter(t[0].charAt(1))
                      ? w.substring(1)
                      : null;
                },
                "cut-start"));
    add(
        c,
        "cut-mid-word-end",
        "word boundary",
        notFound,
        x ->
            mutatedReply(
                x,
                6,
                w -> {
                  String[] t = w.split(" ");
                  String last = t[t.length - 1];
                  return last.length() >= 3 && Character.isLetter(last.charAt(last.length() - 2))
                      ? w.substring(0, w.length() - 1)
                      : null;
                },
                "cut-end"));
    add(
        c,
        "whole-source-plus-word",
        "paraphrase",
        notFound,
        x -> {
          String q = Whitespace.collapse(x.src(0).text()) + " indeed";
          return stop(answered("x", claim("x", cite(x.src(0).id(), q))));
        });
    add(
        c,
        "huge-quote",
        "huge",
        notFound,
        x -> {
          String q = (Whitespace.collapse(x.src(0).text()) + " ").repeat(60);
          return stop(answered("x", claim("x", cite(x.src(0).id(), q))));
        });

    // quotes of 1 to 3 words, empty quotes
    for (int n = 1; n <= 3; n++) {
      int nn = n;
      add(
          c,
          "short-" + n + "-words",
          "short quote",
          tooShort,
          x -> {
            SentSources.Source s = x.src(0);
            String q = x.quote(s, nn);
            return stop(answered(q, claim(q, cite(s.id(), q))));
          });
    }
    add(
        c,
        "short-padded-with-markup",
        "short quote",
        tooShort,
        x -> {
          String[] idq = paddedShortQuote(x, 4);
          return stop(answered("Listed.", claim("Listed.", cite(idq[0], idq[1]))));
        });
    add(
        c,
        "quote-empty",
        "short quote",
        tooShort,
        x -> stop(answered("x", claim("x", cite(x.src(0).id(), "")))));
    add(
        c,
        "quote-whitespace",
        "short quote",
        tooShort,
        x -> stop(answered("x", claim("x", cite(x.src(0).id(), " \n\t\u00A0 ")))));

    // abstention with citations, answers without citations
    add(
        c,
        "abstain-with-citation",
        "abstention",
        citations(ABSTENTION_WITH_CITATIONS),
        x -> {
          ObjectNode v = validObject(x, 0);
          v.put("status", "not_in_sources");
          v.put("answer", "");
          return stop(v);
        });
    add(
        c,
        "abstain-with-empty-claim",
        "abstention",
        citations(ABSTENTION_WITH_CITATIONS),
        x -> stop(reply("not_in_sources", "", claim("nothing"))));
    add(
        c,
        "abstain-with-phantom",
        "abstention",
        citations(ABSTENTION_WITH_CITATIONS),
        x -> stop(reply("not_in_sources", "", claim("n", cite(x.phantomId(3), "a b c d e")))));
    add(
        c,
        "answered-no-claims",
        "no citation",
        citations(ANSWER_WITHOUT_CITATIONS),
        x -> stop(answered("You roll back with deployctl.")));
    add(
        c,
        "answered-claim-no-citations",
        "no citation",
        citations(ANSWER_WITHOUT_CITATIONS),
        x ->
            stop(
                answered("You roll back with deployctl.", claim("You roll back with deployctl."))));
    add(
        c,
        "answered-one-claim-uncited",
        "no citation",
        citations(CLAIM_WITHOUT_CITATION),
        x -> {
          ObjectNode v = validObject(x, 0);
          ((ArrayNode) v.get("claims")).add(claim("And this claim is made up."));
          return stop(v);
        });
    add(
        c,
        "answered-empty-answer",
        "no citation",
        citations(EMPTY_ANSWER),
        x -> {
          ObjectNode v = validObject(x, 0);
          v.put("answer", "");
          return stop(v);
        });
    add(
        c,
        "answered-blank-answer",
        "no citation",
        citations(EMPTY_ANSWER),
        x -> {
          ObjectNode v = validObject(x, 1);
          v.put("answer", " \n ");
          return stop(v);
        });
    add(
        c,
        "one-bad-claim-among-good",
        "mixed",
        phantom,
        x -> {
          ObjectNode v = validObject(x, 0);
          ArrayNode claims = (ArrayNode) v.get("claims");
          SentSources.Source s1 = x.src(1);
          String q1 = x.quote(s1, 5);
          claims.add(claim(q1, cite(s1.id(), q1)));
          claims.add(claim("Made up.", cite(x.phantomId(4), q1)));
          return stop(v);
        });
    add(
        c,
        "one-bad-citation-among-good",
        "mixed",
        notFound,
        x -> {
          ObjectNode v = validObject(x, 0);
          ArrayNode cites = (ArrayNode) v.get("claims").get(0).get("citations");
          String glued =
              mutated(x, 1, 6, w -> w.toUpperCase(Locale.ROOT), "upper").split("\u0000", 2)[1];
          cites.add(cite(x.src(1).id(), glued));
          return stop(v);
        });

    // unknown status values
    for (String st :
        List.of(
            "yes",
            "ANSWERED",
            "Answered",
            "answered ",
            " answered",
            "partial",
            "",
            "not in sources",
            "unknown",
            "refused",
            "answered\u200B")) {
      add(
          c,
          "status-" + slug(st),
          "unknown status",
          schema,
          x -> {
            ObjectNode v = validObject(x, 0);
            v.put("status", st);
            return stop(v);
          });
    }
    add(c, "status-number", "wrong type", schema, x -> edit(x, v -> v.put("status", 1)));
    add(c, "status-boolean", "wrong type", schema, x -> edit(x, v -> v.put("status", true)));
    add(c, "status-null", "wrong type", schema, x -> edit(x, v -> v.putNull("status")));
    add(
        c,
        "status-array",
        "wrong type",
        schema,
        x -> edit(x, v -> v.putArray("status").add("answered")));

    // extra or missing fields
    add(c, "extra-top-field", "extra field", schema, x -> edit(x, v -> v.put("confidence", 0.97)));
    add(
        c,
        "extra-sources-field",
        "extra field",
        schema,
        x -> edit(x, v -> v.putArray("sources").add(x.src(0).id())));
    add(
        c,
        "extra-claim-field",
        "extra field",
        schema,
        x -> edit(x, v -> ((ObjectNode) v.get("claims").get(0)).put("source_id", x.src(0).id())));
    add(
        c,
        "extra-citation-field",
        "extra field",
        schema,
        x ->
            edit(
                x,
                v -> ((ObjectNode) v.get("claims").get(0).get("citations").get(0)).put("page", 3)));
    add(c, "missing-status", "missing field", schema, x -> edit(x, v -> v.remove("status")));
    add(c, "missing-answer", "missing field", schema, x -> edit(x, v -> v.remove("answer")));
    add(c, "missing-claims", "missing field", schema, x -> edit(x, v -> v.remove("claims")));
    add(
        c,
        "missing-quote",
        "missing field",
        schema,
        x ->
            edit(
                x,
                v ->
                    ((ObjectNode) v.get("claims").get(0).get("citations").get(0)).remove("quote")));
    add(
        c,
        "missing-source-id",
        "missing field",
        schema,
        x ->
            edit(
                x,
                v ->
                    ((ObjectNode) v.get("claims").get(0).get("citations").get(0))
                        .remove("source_id")));
    add(
        c,
        "missing-claim-text",
        "missing field",
        schema,
        x -> edit(x, v -> ((ObjectNode) v.get("claims").get(0)).remove("text")));
    add(
        c,
        "missing-claim-citations",
        "missing field",
        schema,
        x -> edit(x, v -> ((ObjectNode) v.get("claims").get(0)).remove("citations")));
    add(
        c,
        "camel-case-source-id",
        "missing field",
        schema,
        x ->
            edit(
                x,
                v -> {
                  ObjectNode ci = (ObjectNode) v.get("claims").get(0).get("citations").get(0);
                  ci.set("sourceId", ci.remove("source_id"));
                }));
    add(c, "empty-object", "missing field", schema, x -> stop("{}"));

    // wrong types
    add(c, "answer-number", "wrong type", schema, x -> edit(x, v -> v.put("answer", 42)));
    add(
        c,
        "answer-object",
        "wrong type",
        schema,
        x -> edit(x, v -> v.putObject("answer").put("text", "x")));
    add(c, "answer-null", "wrong type", schema, x -> edit(x, v -> v.putNull("answer")));
    add(
        c,
        "claims-object",
        "wrong type",
        schema,
        x -> edit(x, v -> v.set("claims", v.get("claims").get(0))));
    add(
        c,
        "claims-string",
        "wrong type",
        schema,
        x -> edit(x, v -> v.put("claims", "see sources")));
    add(c, "claims-null", "wrong type", schema, x -> edit(x, v -> v.putNull("claims")));
    add(
        c,
        "claim-is-string",
        "wrong type",
        schema,
        x -> edit(x, v -> v.putArray("claims").add("a claim")));
    add(
        c,
        "citations-string",
        "wrong type",
        schema,
        x -> edit(x, v -> ((ObjectNode) v.get("claims").get(0)).put("citations", x.src(0).id())));
    add(
        c,
        "citations-object",
        "wrong type",
        schema,
        x ->
            edit(
                x,
                v -> {
                  ObjectNode cl = (ObjectNode) v.get("claims").get(0);
                  cl.set("citations", cl.get("citations").get(0));
                }));
    add(
        c,
        "quote-number",
        "wrong type",
        schema,
        x ->
            edit(
                x,
                v ->
                    ((ObjectNode) v.get("claims").get(0).get("citations").get(0))
                        .put("quote", 1234)));
    add(
        c,
        "quote-array",
        "wrong type",
        schema,
        x ->
            edit(
                x,
                v -> {
                  ObjectNode ci = (ObjectNode) v.get("claims").get(0).get("citations").get(0);
                  String[] t = ci.get("quote").asText().split(" ");
                  ArrayNode a = ci.putArray("quote");
                  for (String w : t) {
                    a.add(w);
                  }
                }));
    add(
        c,
        "source-id-number",
        "wrong type",
        schema,
        x ->
            edit(
                x,
                v ->
                    ((ObjectNode) v.get("claims").get(0).get("citations").get(0))
                        .put("source_id", 1)));
    add(
        c,
        "source-id-null",
        "wrong type",
        schema,
        x ->
            edit(
                x,
                v ->
                    ((ObjectNode) v.get("claims").get(0).get("citations").get(0))
                        .putNull("source_id")));
    add(c, "top-level-array", "wrong type", json, x -> stop("[" + x.validAnswer() + "]"));
    add(
        c,
        "duplicate-status-key",
        "duplicate key",
        json,
        x -> {
          String v = x.validAnswer();
          return stop("{\"status\":\"not_in_sources\"," + v.substring(1));
        });
    add(
        c,
        "deep-nesting",
        "huge",
        new Expect(RejectReason.INVALID_REPLY, Set.of(INVALID_JSON, SCHEMA_MISMATCH)),
        x -> {
          String v = x.validAnswer();
          return stop(
              v.substring(0, v.length() - 1)
                  + ",\"x\":"
                  + "[".repeat(5000)
                  + "]".repeat(5000)
                  + "}");
        });

    // huge replies
    add(
        c,
        "huge-over-limit",
        "huge",
        json,
        x -> {
          ObjectNode v = validObject(x, 0);
          v.put("answer", "a".repeat(1_000_050));
          return stop(v);
        });
    add(
        c,
        "huge-many-phantom-claims",
        "huge",
        phantom,
        x -> {
          ObjectNode v = validObject(x, 0);
          ArrayNode claims = (ArrayNode) v.get("claims");
          String q = x.quote(x.src(1), 6);
          for (int i = 0; i < 4000; i++) {
            claims.add(claim("claim " + i, cite(x.phantomId(100 + i % 50), q)));
          }
          return stop(v);
        });
    add(
        c,
        "huge-whitespace-padding",
        "huge",
        json,
        x -> stop(" ".repeat(1_000_001) + x.validAnswer()));

    // truncated JSON
    for (int pct : new int[] {5, 25, 50, 75, 95}) {
      add(
          c,
          "truncated-" + pct + "pct",
          "truncated JSON",
          json,
          x -> {
            String v = x.validAnswer();
            return stop(v.substring(0, Math.max(1, v.length() * pct / 100)));
          });
    }
    add(
        c,
        "truncated-last-brace",
        "truncated JSON",
        json,
        x -> {
          String v = x.validAnswer();
          return stop(v.substring(0, v.length() - 1));
        });
    add(c, "truncated-open-brace", "truncated JSON", json, x -> stop("{"));
    add(
        c,
        "truncated-mid-escape",
        "truncated JSON",
        json,
        x -> stop("{\"status\":\"answered\",\"answer\":\"\\u00"));

    // not JSON
    add(
        c,
        "prose",
        "not JSON",
        json,
        x -> stop("Sure! According to the sources, the answer is in " + x.src(0).id() + "."));
    add(c, "empty", "not JSON", json, x -> stop(""));
    add(c, "whitespace", "not JSON", json, x -> stop(" \n\t "));
    for (String lit : List.of("null", "[]", "42", "true", "\"answered\"")) {
      add(c, "literal-" + slug(lit), "not JSON", json, x -> stop(lit));
    }
    add(
        c,
        "xml",
        "not JSON",
        json,
        x -> stop("<answer status=\"answered\"><cite id=\"" + x.src(0).id() + "\"/></answer>"));
    add(
        c,
        "yaml",
        "not JSON",
        json,
        x -> stop("status: answered\nanswer: yes\nclaims:\n  - text: yes\n"));
    add(
        c,
        "double-encoded",
        "not JSON",
        json,
        x -> stop(MAPPER.getNodeFactory().textNode(x.validAnswer()).toString()));
    // a leading byte order mark is ignored since issue 12 (CorrectVariantsTest serves such replies)
    add(c, "nul-prefix", "not JSON", json, x -> stop("\u0000" + x.validAnswer()));
    add(c, "leading-prose", "not JSON", json, x -> stop("Here is the JSON:\n" + x.validAnswer()));
    add(c, "trailing-prose", "not JSON", json, x -> stop(x.validAnswer() + "\nHope this helps!"));
    add(c, "two-objects", "not JSON", json, x -> stop(x.validAnswer() + x.validAnswer()));
    add(c, "json-lines", "not JSON", json, x -> stop(x.validAnswer() + "\n" + x.validAnswer()));
    add(
        c,
        "trailing-comma",
        "not JSON",
        json,
        x -> {
          String v = x.validAnswer();
          return stop(v.substring(0, v.length() - 1) + ",}");
        });
    add(
        c,
        "line-comment",
        "not JSON",
        json,
        x -> stop("{// the answer\n" + x.validAnswer().substring(1)));
    add(c, "single-quotes", "not JSON", json, x -> stop(x.validAnswer().replace('"', '\'')));
    add(
        c,
        "unquoted-keys",
        "not JSON",
        json,
        x -> stop(x.validAnswer().replace("\"status\"", "status")));
    add(
        c,
        "nan-literal",
        "not JSON",
        json,
        x -> {
          String v = x.validAnswer();
          return stop(v.substring(0, v.length() - 1) + ",\"score\":NaN}");
        });
    add(
        c,
        "raw-newline-in-string",
        "not JSON",
        json,
        x -> stop(x.validAnswer().replaceFirst("\"answer\":\"", "\"answer\":\"line\nbreak ")));
    add(
        c,
        "fence-json",
        "Markdown fence",
        json,
        x -> stop("```json\n" + x.validAnswer() + "\n```"));
    add(c, "fence-plain", "Markdown fence", json, x -> stop("```\n" + x.validAnswer() + "\n```"));
    add(
        c,
        "fence-tilde",
        "Markdown fence",
        json,
        x -> stop("~~~json\n" + x.validAnswer() + "\n~~~"));
    add(
        c,
        "fence-with-prose",
        "Markdown fence",
        json,
        x -> stop("Sure, here you go:\n\n```json\n" + x.validAnswer() + "\n```\n"));
    add(c, "fence-inline", "Markdown fence", json, x -> stop("`" + x.validAnswer() + "`"));

    // the provider's envelope around the text
    add(
        c,
        "length-with-valid-text",
        "envelope",
        EnumSet.allOf(Adapter.class),
        provider(RejectReason.TRUNCATED),
        x -> new Hostile(x.validAnswer(), Envelope.LENGTH));
    add(
        c,
        "length-with-empty-text",
        "envelope",
        EnumSet.allOf(Adapter.class),
        provider(RejectReason.TRUNCATED),
        x -> new Hostile("", Envelope.LENGTH));
    add(
        c,
        "safety-with-valid-text",
        "envelope",
        EnumSet.of(Adapter.GEMINI, Adapter.OPENAI),
        provider(RejectReason.BLOCKED),
        x -> new Hostile(x.validAnswer(), Envelope.SAFETY));
    add(
        c,
        "prompt-blocked",
        "envelope",
        EnumSet.of(Adapter.GEMINI),
        provider(RejectReason.BLOCKED),
        x -> new Hostile("", Envelope.PROMPT_BLOCKED));
    add(
        c,
        "valid-thought-phantom-visible",
        "envelope",
        ALL,
        phantom,
        x -> {
          String q = x.quote(x.src(0), 6);
          return new Hostile(
              answered(q, claim(q, cite(x.phantomId(5), q))).toString(), Envelope.VALID_THOUGHT);
        });
    add(
        c,
        "valid-thought-empty-visible",
        "envelope",
        ALL,
        json,
        x -> new Hostile("", Envelope.VALID_THOUGHT));
    add(
        c,
        "split-phantom",
        "envelope",
        ALL,
        phantom,
        x -> {
          String q = x.quote(x.src(1), 6);
          return new Hostile(
              answered(q, claim(q, cite(x.phantomId(6), q))).toString(), Envelope.SPLIT);
        });
    add(
        c,
        "no-candidates",
        "envelope",
        EnumSet.of(Adapter.GEMINI, Adapter.OPENAI),
        provider(RejectReason.PROVIDER_ERROR),
        x -> new Hostile("", Envelope.NO_CANDIDATES));
    add(
        c,
        "html-200",
        "envelope",
        ALL,
        provider(RejectReason.PROVIDER_ERROR),
        x -> new Hostile("<html><body>Bad gateway</body></html>", Envelope.HTML));
    add(
        c,
        "error-after-valid-content",
        "envelope",
        EnumSet.of(Adapter.OLLAMA),
        provider(RejectReason.PROVIDER_ERROR),
        x -> new Hostile(x.validAnswer(), Envelope.ERROR_AFTER_CONTENT));
    add(
        c,
        "phantom-first-candidate",
        "envelope",
        EnumSet.of(Adapter.GEMINI, Adapter.OPENAI),
        phantom,
        x -> {
          String q = x.quote(x.src(0), 6);
          return new Hostile(
              answered(q, claim(q, cite(x.phantomId(7), q))).toString(),
              Envelope.VALID_SECOND_CANDIDATE);
        });
    add(
        c,
        "refusal-with-valid-text",
        "envelope",
        EnumSet.of(Adapter.OPENAI),
        provider(RejectReason.BLOCKED),
        x -> new Hostile(x.validAnswer(), Envelope.REFUSAL));
    add(
        c,
        "tool-call-with-valid-arguments",
        "envelope",
        EnumSet.of(Adapter.OPENAI),
        json,
        x -> new Hostile(x.validAnswer(), Envelope.TOOL_CALL));
    return c;
  }

  private static Hostile mutatedReplyGlued(Ctx x, boolean twoSources) {
    if (!twoSources) {
      return mutatedReply(
          x,
          10,
          w -> {
            String[] t = w.split(" ");
            return t[0] + " " + t[1] + " " + t[2] + " " + t[7] + " " + t[8] + " " + t[9];
          },
          "glued");
    }
    String a = window(x.src(0).text(), 3, 0);
    String b = window(x.src(1).text(), 3, 0);
    String q = a + " " + b;
    if (validExcerpt(x.src(0).text(), q) || validExcerpt(x.src(1).text(), q)) {
      throw new IllegalStateException("generator: the glued quote is valid");
    }
    return stop(answered(q, claim(q, cite(x.src(0).id(), q), cite(x.src(1).id(), q))));
  }

  private static Hostile mutatedReplyAnyWindow(
      Ctx x, int n, Function<String, String> mutate, String what) {
    return mutatedReply(
        x,
        n,
        w -> {
          String m = mutate.apply(w);
          return m == null ? null : m.strip();
        },
        what);
  }

  private static Hostile edit(Ctx x, java.util.function.Consumer<ObjectNode> change) {
    ObjectNode v = validObject(x, 0);
    change.accept(v);
    return stop(v);
  }

  private static void addNearMiss(List<Case> c, String name, Function<String, String> change) {
    add(
        c,
        name,
        "near-miss id",
        citations(PHANTOM_SOURCE),
        x -> {
          for (int i = 0; i < x.sent().size(); i++) {
            SentSources.Source s = x.src(i);
            String id = change.apply(s.id());
            if (!x.sent().ids().contains(id)) {
              String q = x.quote(s, 6);
              return stop(answered(q, claim(q, cite(id, q))));
            }
          }
          throw new IllegalStateException("generator: every near miss of every id was sent");
        });
  }

  private static char other(char c) {
    return c == 'k' ? 'm' : 'k';
  }

  private static void add(
      List<Case> c, String id, String category, Expect e, Function<Ctx, Hostile> gen) {
    add(c, id, category, ALL, e, gen);
  }

  private static void add(
      List<Case> c,
      String id,
      String category,
      Set<Adapter> adapters,
      Expect e,
      Function<Ctx, Hostile> gen) {
    if (c.stream().anyMatch(x -> x.id().equals(id))) {
      throw new IllegalStateException("duplicate case id " + id);
    }
    c.add(new Case(id, category, adapters, gen, e));
  }

  private static String slug(String s) {
    StringBuilder b = new StringBuilder();
    for (char ch : s.toCharArray()) {
      b.append(Character.isLetterOrDigit(ch) && ch < 128 ? Character.toLowerCase(ch) : '_');
    }
    return b.length() == 0
        ? "empty"
        : b.toString() + "-" + Integer.toHexString(s.hashCode() & 0xfff);
  }
}
