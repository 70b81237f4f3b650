package dev.citerag.answer.internal;

import dev.citerag.text.internal.LexicalAnalyzer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The constraints a question carries, which an answer's sources must mention for the answer to
 * answer that question: its names (capitalised words past the first), its numbers, dates and
 * identifiers (tokens with a digit), and its other content words (stop words, question words and a
 * short list of generic words left out). Deterministic and language-agnostic only as far as the
 * English stop-word list goes.
 */
public final class QuestionTerms {
  private QuestionTerms() {}

  /** What kind of constraint a term is. */
  public enum Kind {
    /** A capitalised word past the question's first word: a name. */
    ENTITY,
    /** A token with a digit: a number, date, version or identifier. */
    NUMBER,
    /** Another content word. */
    TERM
  }

  /**
   * One question term.
   *
   * @param word as written in the question, lower case
   * @param kind what kind of constraint
   * @param head for a word that opens a noun phrase and qualifies the content word after it ("the
   *     <b>payments</b> service", "a <b>monthly</b> limit", "the <b>remote</b> cache"), that word,
   *     lower case; else {@code null}
   */
  public record Term(String word, Kind kind, @Nullable String head) {
    /** {@return whether it is a name or a number: a source must mention it} */
    public boolean named() {
      return kind != Kind.TERM;
    }
  }

  /** Words after which a noun phrase starts. */
  static final Set<String> PHRASE_OPENERS =
      Set.of(
          "the", "a", "an", "of", "for", "in", "on", "at", "to", "per", "our", "my", "their", "its",
          "this", "that", "each", "every", "is", "are", "with", "by", "from", "your", "any",
          "about", "during", "between");

  private static final Pattern WORD =
      Pattern.compile("[\\p{L}\\p{N}_]+(?:[.,:/\\-'\u2019][\\p{L}\\p{N}_]+)*+");

  /**
   * Words that ask rather than constrain, or are too generic to constrain ("name", "type", "year",
   * "number"): a question holds them whatever it asks about.
   */
  static final Set<String> GENERIC =
      Set.of(
          "what",
          "which",
          "who",
          "whom",
          "whose",
          "when",
          "where",
          "why",
          "how",
          "name",
          "named",
          "called",
          "call",
          "type",
          "kind",
          "sort",
          "year",
          "years",
          "number",
          "amount",
          "term",
          "word",
          "example",
          "many",
          "much",
          "long",
          "often",
          "far",
          "old",
          "big",
          "large",
          "way",
          "thing",
          "things",
          "something",
          "someone",
          "anything",
          "happen",
          "happened",
          "happens",
          "occur",
          "occurred",
          "take",
          "took",
          "make",
          "made",
          "use",
          "used",
          "uses",
          "using",
          "get",
          "got",
          "give",
          "given",
          "gave",
          "mean",
          "means",
          "meant",
          "include",
          "includes",
          "included",
          "consider",
          "considered",
          "known",
          "know",
          "say",
          "said",
          "according",
          "refer",
          "refers",
          "referred",
          "describe",
          "described",
          "does",
          "did",
          "do",
          "done",
          "doing",
          "exist",
          "exists",
          "able",
          "one",
          "first",
          "also",
          "part",
          "percent",
          "percentage",
          "value",
          "happening",
          "go",
          "goes",
          "went",
          "come",
          "came",
          "become",
          "became",
          "exactly",
          "approximately",
          "roughly",
          "around",
          "usually",
          "typically",
          "generally",
          "types",
          "tell",
          "list",
          "s",
          "he",
          "she",
          "him",
          "his",
          "her",
          "hers",
          "prior",
          "besides");

  /**
   * The terms of {@code question} in order, each once.
   *
   * @param question the user's question
   * @return its names, numbers and content words
   */
  public static List<Term> of(String question) {
    Map<String, Term> out = new LinkedHashMap<>();
    Matcher m = WORD.matcher(question);
    List<String> tokens = new ArrayList<>();
    while (m.find()) {
      tokens.add(m.group().replace('\u2019', '\''));
    }
    for (int i = 0; i < tokens.size(); i++) {
      String raw = tokens.get(i);
      boolean wasFirst = i == 0;
      if (raw.endsWith("'s")) {
        raw = raw.substring(0, raw.length() - 2);
      }
      String lower = raw.toLowerCase(Locale.ROOT);
      if (lower.isEmpty()
          || LexicalAnalyzer.STOP_WORDS.contains(lower)
          || LexicalAnalyzer.NEGATION_WORDS.contains(lower)
          || lower.endsWith("n't")
          || GENERIC.contains(lower)) {
        continue;
      }
      Kind kind;
      if (lower.chars().anyMatch(Character::isDigit)) {
        kind = Kind.NUMBER;
      } else if (!wasFirst && Character.isUpperCase(raw.codePointAt(0))) {
        kind = Kind.ENTITY;
      } else if (lower.codePoints().filter(Character::isLetter).count() < 3) {
        continue;
      } else {
        kind = Kind.TERM;
      }
      String head = null;
      if (kind == Kind.TERM
          && i > 0
          && PHRASE_OPENERS.contains(tokens.get(i - 1).toLowerCase(Locale.ROOT))
          && i + 1 < tokens.size()
          && content(tokens.get(i + 1))
          && Character.isLowerCase(tokens.get(i + 1).codePointAt(0))
          && !lower.endsWith("ed")
          && !lower.endsWith("ing")) {
        head = tokens.get(i + 1).toLowerCase(Locale.ROOT);
      }
      Term old = out.get(lower);
      if (old == null || (head != null && old.head() == null)) {
        out.put(lower, new Term(lower, kind, head));
      }
    }
    return new ArrayList<>(out.values());
  }

  /** Whether a question token is a content word: not a stop, question or generic word. */
  private static boolean content(String raw) {
    String lower = raw.toLowerCase(Locale.ROOT);
    return lower.codePoints().filter(Character::isLetterOrDigit).count() >= 3
        && !LexicalAnalyzer.STOP_WORDS.contains(lower)
        && !LexicalAnalyzer.NEGATION_WORDS.contains(lower)
        && !GENERIC.contains(lower);
  }
}
