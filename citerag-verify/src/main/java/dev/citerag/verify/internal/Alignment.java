package dev.citerag.verify.internal;

/** Where each claim word was found in the quotes (indices by claim token). */
final class Alignment {

  /** How a claim word matched. */
  enum Match {
    /** Same word, stem, lemma or spelling variant. */
    WORD,
    /** An abbreviation and its expansion. */
    ABBREVIATION,
    /** A WordNet synonym, derivation or more general word. */
    LEXICON,
    /** An antonym of a negated word ("forbidden" for "not allowed"). */
    NEGATED_OPPOSITE
  }

  private final int[] quote;
  private final int[] token;
  private final Match[] how;
  private final java.util.BitSet context = new java.util.BitSet();
  private final java.util.BitSet referred = new java.util.BitSet();
  private final java.util.BitSet unit = new java.util.BitSet();

  private Alignment(int size) {
    quote = new int[size];
    token = new int[size];
    how = new Match[size];
    java.util.Arrays.fill(quote, -1);
    java.util.Arrays.fill(token, -1);
  }

  static Alignment empty(int size) {
    return new Alignment(size);
  }

  void set(int i, int q, int t, Match m) {
    quote[i] = q;
    token[i] = t;
    how[i] = m;
  }

  /** Whether claim token i is carried: matched in a quote, or a name read from the context. */
  boolean matched(int i) {
    return quote[i] >= 0 || context.get(i) || unit.get(i);
  }

  /**
   * Marks claim token i, a word naming a unit ("tonnes"), as carried by a quote's quantity of that
   * unit ("270,000 tonnes"), whose words are part of the quantity rather than words of the quote.
   */
  void setUnit(int i) {
    unit.set(i);
  }

  /** Whether claim token i is carried by its context only ({@link Referents}). */
  boolean fromContext(int i) {
    return context.get(i) && quote[i] < 0;
  }

  /**
   * Whether claim token i is a name of the cited chunk that stands for a referring word of the
   * quote ("he", "its") the claim no longer says ({@link Referents}).
   */
  boolean referred(int i) {
    return referred.get(i) && fromContext(i);
  }

  /** Marks claim token i as a name standing for a referring word of the quote. */
  void setReferred(int i) {
    referred.set(i);
  }

  /**
   * Where claim token i is matched, as the quote's index times 2^32 plus the token's, or -1.
   *
   * @param i the claim token
   * @return the position, or -1 when it is not matched in a quote
   */
  long position(int i) {
    return quote[i] < 0 ? -1 : ((long) quote[i] << 32) | token[i];
  }

  /** Whether claim token i is matched in a quote. */
  boolean matchedInQuotes(int i) {
    return quote[i] >= 0;
  }

  /**
   * Marks claim token i, a name or a word of the document's title, as carried by the quotes'
   * context ({@link Referents}).
   */
  void setFromContext(int i) {
    context.set(i);
  }

  @org.jspecify.annotations.Nullable
  Match how(int i) {
    return how[i];
  }

  /**
   * Where claim token i would sit in quote q if the claim kept the quote's order: the position of
   * the nearest earlier claim word matched in q, moved by their distance; -1 when none is.
   */
  int expected(int i, int q) {
    for (int k = i - 1; k >= 0; k--) {
      if (quote[k] == q) {
        return token[k] + (i - k);
      }
    }
    return -1;
  }

  /** Per claim token, the token matched in quote {@code q}, -1 elsewhere. */
  int[] in(int q) {
    int[] out = new int[quote.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = quote[i] == q ? token[i] : -1;
    }
    return out;
  }
}
