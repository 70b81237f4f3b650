package dev.citerag.verify.internal;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Rule family <b>referents</b>: a name of the claim that its quotes leave to their context.
 *
 * <p>A name here is a word the rules take as a name, or a capitalised first word of the claim that
 * the context writes capitalised too ("Northwind employs..." where the chunk names "Northwind
 * Logistics").
 *
 * <p>A quote often does not repeat its subject: "It is the UK's largest pay-TV broadcaster" in an
 * article about Sky, "the state bird" in an article about Victoria. A careful reader takes the
 * subject from the document title, the headings or the sentences before. So a claim word that is a
 * <em>name</em> (never a common word, a number, a date, a negation or a role: those must be in the
 * quotes) and that no quote holds is carried by the context when either
 *
 * <ul>
 *   <li>a title or heading of a cited chunk (a context entry of one line, at most {@value
 *       #HEADING_WORDS} words) holds it as a word: the document's subject; or
 *   <li>the cited chunk's text holds it as a word, and the quotes hold a referring word (a
 *       third-person pronoun or "this"/"these") more often than the claim does: the claim names
 *       what the quote calls "it" and no longer says "it". Each such referring word gives one name
 *       (of one or more words, "Northwind Logistics"): a second name of the chunk is not the
 *       quote's to give.
 * </ul>
 *
 * A name of a title or heading may also be written as the acronym of its words ("IPCC" for an
 * article titled "Intergovernmental Panel on Climate Change"), and names are found in the context
 * with or without their diacritics ("Mongke" for "Möngke").
 *
 * <p>A common word of a title or heading (the document's subject, "civil disobedience" in an
 * article so titled) is carried the same way, unless a negation bears on it. A common word is also
 * carried for a referring word that opens a quote ("This section is nearly 86 km long") when the
 * sentence of the chunk right before the quote holds it ("the section that turns north: 86 km"):
 * that sentence is where "this" or "it" points. Only referring words no name took give such words,
 * one each.
 *
 * <p>A name read this way still fails when it stands where the quote has another name ({@link
 * ContentRule#substitutions}: "signed in Vienna" against "signed in Paris" stays a contradiction),
 * and, in a claim that copies the rest of its quote, when a name of the quote is left unmatched (a
 * changed name; not for a name read for a referring word, which fills that word's place); roles are
 * read from the quotes only. Such a name counts neither as matched nor as missing in the content
 * share: the quotes must carry the rest of the claim on their own.
 *
 * <p>Does not catch: which of several names of the chunk a pronoun refers to (any name of the chunk
 * is taken); a definite description ("the company", "the broadcaster") is not a referring word
 * here.
 */
final class Referents {

  /** A context entry of one line and at most this many words is a title or a heading. */
  static final int HEADING_WORDS = 12;

  /** Words that refer to something named elsewhere. */
  private static final Set<String> REFERRING =
      Set.of(
          "it", "its", "itself", "they", "their", "theirs", "them", "he", "his", "him", "she",
          "her", "hers", "this", "these");

  private Referents() {}

  /**
   * Marks the claim's names that the quotes leave to their context as carried.
   *
   * @param claim the claim
   * @param quotes its quotes
   * @param context the cited chunks' titles, headings and texts
   * @param a the alignment, updated
   * @param lowered context entries already lower-cased (by entry), shared by the claims of one
   *     answer so that a chunk cited by several claims is lower-cased once; filled here
   */
  static void carry(
      Passage claim,
      List<Passage> quotes,
      List<String> context,
      Alignment a,
      Map<String, String> lowered) {
    if (context.isEmpty()) {
      return;
    }
    // each entry lower-cased once per answer, only when a name needs it
    String[] lower = new String[context.size()];
    int referring = -1; // unknown until a name needs it
    int lastFromChunk = -2; // the last claim word read from a chunk's text
    List<Integer> common = new java.util.ArrayList<>(); // common words the quotes lack
    for (int i = 0; i < claim.words.length; i++) {
      Passage.Word w = claim.words[i];
      if (w == null || !w.content() || a.matched(i) || !Passage.isAlpha(w.base)) {
        continue;
      }
      // a common word of the document's title or a heading: what the document is about ("civil
      // disobedience" in an article so titled), which its sentences need not repeat
      if (!w.name && !w.negated && fromHeading(context, lower, lowered, w)) {
        a.setFromContext(i);
        continue;
      }
      // a name; or a capitalised sentence opener that the context writes capitalised too
      if (!w.name
          && !(w.token.sentenceStart()
              && w.token.capitalised()
              && capitalisedIn(context, w.token.raw()))) {
        if (!w.negated) {
          common.add(i);
        }
        continue;
      }
      String name = Passage.withoutMarks(w.token.lower());
      boolean carried = false;
      for (int c = 0; c < lower.length && !carried; c++) {
        carried =
            heading(context.get(c))
                && (holdsWord(lower(context, lower, c, lowered), name)
                    || (w.token.acronym()
                        && Abbreviations.initialsMatch(w.token.raw(), context.get(c))));
      }
      if (!carried) {
        if (referring < 0) {
          referring = referringWordsLeft(claim, quotes);
        }
        // each referring word the claim no longer says stands for one name (a name of several
        // words, "Northwind Logistics", is one); a second name is not the quote's to give
        boolean sameName = lastFromChunk == i - 1;
        for (int c = 0; (referring > 0 || sameName) && c < lower.length && !carried; c++) {
          carried = !heading(context.get(c)) && holdsWord(lower(context, lower, c, lowered), name);
        }
        if (carried) {
          if (!sameName) {
            referring--;
          }
          lastFromChunk = i;
          a.setReferred(i);
        }
      }
      if (carried) {
        a.setFromContext(i);
      }
    }
    // a common word, for a referring word no name took, that the sentence before the quote holds
    for (int i : common) {
      if (referring < 0) {
        referring = referringWordsLeft(claim, quotes);
      }
      boolean got = false;
      for (int c = 0; referring > 0 && c < lower.length && !got; c++) {
        if (!heading(context.get(c))) {
          String before = sentenceBefore(lower(context, lower, c, lowered), quotes);
          got = before != null && holds(before, claim.words[i].token.lower());
        }
      }
      if (got) {
        referring--;
        a.setReferred(i);
        a.setFromContext(i);
      }
    }
  }

  /**
   * The sentence of a chunk's lower-cased text right before the first quote that opens with a
   * referring word, or null when no quote does or the chunk does not hold it.
   */
  static @org.jspecify.annotations.Nullable String sentenceBefore(
      String chunk, List<Passage> quotes) {
    for (Passage q : quotes) {
      if (q.tokens.isEmpty() || !REFERRING.contains(q.tokens.get(0).lower())) {
        continue;
      }
      int at = chunk.indexOf(q.text.toLowerCase(Locale.ROOT));
      if (at <= 0) {
        continue;
      }
      int end = at;
      while (end > 0 && Character.isWhitespace(chunk.charAt(end - 1))) {
        end--;
      }
      int start = end - 1;
      while (start > 0
          && !(chunk.charAt(start - 1) == '.'
              && start < end - 1
              && Character.isWhitespace(chunk.charAt(start)))) {
        start--;
      }
      return chunk.substring(start, end);
    }
    return null;
  }

  private static String lower(
      List<String> context, String[] lower, int c, Map<String, String> lowered) {
    String l = lower[c];
    if (l == null) {
      l = lowered.computeIfAbsent(context.get(c), x -> withoutMarks(x.toLowerCase(Locale.ROOT)));
      lower[c] = l;
    }
    return l;
  }

  /**
   * The text with the diacritics of its letters removed ("möngke" gives "mongke"), so that a name
   * the claim writes without them is found; letters of other scripts stay as they are.
   */
  private static String withoutMarks(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) >= 0x80) {
        return Passage.stripMarks(text);
      }
    }
    return text;
  }

  private static boolean heading(String entry) {
    if (entry.indexOf('\n') >= 0) {
      return false;
    }
    int words = 0;
    boolean inWord = false;
    for (int k = 0; k < entry.length(); k++) {
      boolean letter = Character.isLetterOrDigit(entry.charAt(k));
      if (letter && !inWord) {
        words++;
      }
      inWord = letter;
    }
    return words > 0 && words <= HEADING_WORDS;
  }

  /** Whether a title or heading of the context holds the common word {@code w}. */
  private static boolean fromHeading(
      List<String> context, String[] lower, Map<String, String> lowered, Passage.Word w) {
    for (int c = 0; c < lower.length; c++) {
      if (heading(context.get(c)) && holds(lower(context, lower, c, lowered), w.token.lower())) {
        return true;
      }
    }
    return false;
  }

  /** How many more referring words the quotes hold than the claim does. */
  private static int referringWordsLeft(Passage claim, List<Passage> quotes) {
    int left = 0;
    for (String r : REFERRING) {
      int inQuotes = 0;
      for (Passage q : quotes) {
        inQuotes += count(q, r);
      }
      left += Math.max(0, inQuotes - count(claim, r));
    }
    return left;
  }

  private static int count(Passage p, String word) {
    int n = 0;
    for (Token t : p.tokens) {
      if (t.word() && t.lower().equals(word)) {
        n++;
      }
    }
    return n;
  }

  /**
   * Whether a context entry holds the word as written (capitalised), as a whole word, inside a
   * sentence: a capital that only opens sentences ("Gradually") does not make a name.
   */
  private static boolean capitalisedIn(List<String> context, String word) {
    for (String c : context) {
      for (int at = c.indexOf(word); at >= 0; at = c.indexOf(word, at + 1)) {
        int end = at + word.length();
        boolean whole =
            (at == 0 || !Character.isLetterOrDigit(c.charAt(at - 1)))
                && (end == c.length() || !Character.isLetterOrDigit(c.charAt(end)));
        if (whole && !opensSentence(c, at)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether the text at {@code at} opens a sentence: nothing but marks since the last stop. */
  private static boolean opensSentence(String text, int at) {
    for (int i = at - 1; i >= 0; i--) {
      char ch = text.charAt(i);
      if (Character.isLetterOrDigit(ch)) {
        return false;
      }
      if (ch == '.' || ch == '!' || ch == '?' || ch == '\n') {
        return true;
      }
    }
    return true;
  }

  /**
   * Whether a lower-cased text holds the lower-cased word as a whole word, or a name it is the
   * demonym of ("victorian" in a text about "Victoria", see {@link ContentRule#demonyms}).
   */
  static boolean holdsWord(String lower, String word) {
    if (holds(lower, word)) {
      return true;
    }
    for (int cut = 1; cut <= 4 && word.length() - cut >= 4; cut++) {
      String stem = word.substring(0, word.length() - cut);
      if (ContentRule.demonyms(word, stem) && holds(lower, stem)) {
        return true;
      }
    }
    return false;
  }

  private static boolean holds(String lower, String word) {
    int from = 0;
    while (true) {
      int at = lower.indexOf(word, from);
      if (at < 0) {
        return false;
      }
      int end = at + word.length();
      boolean before = at == 0 || !Character.isLetterOrDigit(lower.charAt(at - 1));
      boolean after = end == lower.length() || !Character.isLetterOrDigit(lower.charAt(end));
      if (before && after) {
        return true;
      }
      from = at + 1;
    }
  }
}
