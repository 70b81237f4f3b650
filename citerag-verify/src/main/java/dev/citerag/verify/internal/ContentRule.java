package dev.citerag.verify.internal;

import dev.citerag.text.internal.EnglishStemmer;
import dev.citerag.verify.internal.Alignment.Match;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Rule family <b>content</b>: the claim's words must be the quotes' words, or words that mean the
 * same.
 *
 * <p>A claim word (not a function word, negation cue or part of a quantity) is matched by a quote
 * word with the same form, Porter2 stem, WordNet lemma or British/American spelling ({@link
 * Spelling}); by an abbreviation and its expansion ({@link Abbreviations}), or part by part for a
 * hyphenated word ("Mon-Thu"); or, for words that are not names, by a WordNet synonym from the
 * word's most frequent senses, a derivation ("acquisition" for "acquired"), or a more general word
 * ("vehicle" where the quote says "truck"; not under a negation); a word and the word after it that
 * WordNet holds as one phrase by the synonyms of the phrase's own senses ("go to" for "attend",
 * "occurred" for "took place"), either side; a word WordNet does not know matches a quote word one
 * typing slip away (two from eight letters; never letters added at an end); a name, also one
 * written in capitals ("ARPNET"), matches a quote name one letter inserted, dropped or two adjacent
 * letters swapped away ("ARPANET"), unless WordNet or the context knows it ({@link
 * #misspeltNames}). A unit word apart from its number ("tonnes ...: 270,000") is carried by a quote
 * quantity in that unit. A name matches a quote name derived from it or it from that name
 * ("Australia" and "Australian", "Buddhism" and "Buddhist"), and a kind WordNet writes capitalised
 * ("Asian") a narrower such kind of the quote ("Chinese"), each only a quote word no other claim
 * word took.
 *
 * <p>Beyond the frequent senses: a word sharing a rarer sense that the two words' frequent senses
 * confirm ("section" for "part", {@link WordNet#confirmedSynonyms}), and a synonym of the noun an
 * inflected verb's lemma also is ("damaged" for "harmed", through the noun "damage"), and a synonym
 * of the verb a noun is made from or of the noun made from a verb ("coronation" for "crowned").
 *
 * <p>The claim is judged whole: the matched share of its content items (words and quantities;
 * generic words, those of more than {@value #GENERIC_SENSES} WordNet senses such as "name" or
 * "take", weigh half, and are not counted when unmatched: they frame a claim rather than state it)
 * must reach {@code minContentShare}, and every clause of the claim with two content words or more
 * must have at least half of them matched (a true clause does not carry a false one). A name of the
 * claim that stands where the quote has another name (its neighbours matched on both sides with a
 * gap of about the claim's, or on the one side there is, the quote's name as far from it within
 * {@value #PLACE_SLACK} tokens) contradicts the quote ("signed in Vienna" for "signed in Paris"). A
 * claim needs content: at least one content word that is not a name, and two items in all; "4." and
 * "Northwind." are not supported.
 *
 * <p>Does not catch: a claim assembled from the quote's own words in another meaning (roles and
 * polarity are checked by their own rules; quantifiers and modality are not); a name the quote does
 * not hold at all is only a missing item, not a contradiction; synonyms of a rarer sense are not
 * used, so some honest paraphrases fail.
 */
final class ContentRule {
  private static final java.util.regex.Pattern SPACES = java.util.regex.Pattern.compile("\\s+");

  private ContentRule() {}

  /**
   * Aligns the claim's content words with the quotes' words.
   *
   * @param claim the claim
   * @param quotes its quotes
   * @param lexicon WordNet
   * @param abbreviations abbreviations in force
   * @param contradicting receives the claim words whose opposite the quotes say
   * @return the alignment
   */
  static Alignment align(
      Passage claim,
      List<Passage> quotes,
      WordNet lexicon,
      Abbreviations abbreviations,
      List<String> contradicting) {
    Alignment a = Alignment.empty(claim.words.length);
    for (int i = 0; i < claim.words.length; i++) {
      Passage.Word c = claim.words[i];
      if (c == null || !c.content() || a.matchedInQuotes(i)) {
        continue; // (a word matched with the one before it, as one phrase)
      }
      // a compound written closed on one side and open on the other ("Apple Talk", "AppleTalk"),
      // before the word alone: "Apple" of "Apple Talk" is not the quote's other "Apple"
      if (Compounds.match(a, i, claim, quotes)) {
        continue;
      }
      // 1. the same word, stem, lemma, spelling
      if (find(a, i, c, quotes, c.keys, Match.WORD)) {
        continue;
      }
      // 2. abbreviations both ways
      String exp = abbreviations.expansion(c.token);
      if (exp != null && findAll(a, i, quotes, exp)) {
        continue;
      }
      if (c.base.indexOf('-') > 0 && parts(a, i, c, quotes, abbreviations)) {
        continue;
      }
      if (c.name && !c.token.alphabetic()) {
        continue;
      }
      if (c.name && c.token.acronym()) {
        continue;
      }
      // a unit named apart from its number ("tonnes of tomatoes: 270,000")
      if (!c.name && unitOfQuotes(c, quotes, lexicon)) {
        a.setUnit(i);
        continue;
      }
      // 3. opposites: a contradiction, or a paraphrase through a negation
      if (!c.name && opposite(a, i, c, quotes, lexicon, contradicting)) {
        continue;
      }
      // 4. the lexicon: synonyms, derivations, more general words
      if (!c.name && Passage.isAlpha(c.base)) {
        if (find(a, i, c, quotes, lexiconKeys(c.base, lexicon), Match.LEXICON)) {
          continue;
        }
        if (general(a, i, c, quotes, lexicon)) {
          continue;
        }
        // a phrase WordNet holds as one lemma, by its synonyms ("go to" for "attend", "took
        // place" for "happened"); the phrase's second word is matched with it
        if (phrase(a, i, claim, quotes, lexicon)) {
          continue;
        }
      }
      // 5. a misspelling of a quote word, for words the lexicon does not know
      if (c.base.length() >= 5 && lexicon.unknown(c.base)) {
        misspelt(a, i, c, quotes);
      }
    }
    // 6. once every word has had its own match: a name and its people's name or adjective
    // ("Australia", "Australian"; "Buddhism", "Buddhist") are one referent, and a kind named
    // capitalised ("Asian") may be a broader one; only quote words no other claim word took
    for (int i = 0; i < claim.words.length; i++) {
      Passage.Word c = claim.words[i];
      if (c != null
          && c.content()
          && c.name
          && !a.matched(i)
          && c.token.alphabetic()
          && !c.token.acronym()
          && Passage.isAlpha(c.base)) {
        if (!derived(a, i, c, quotes, lexicon) && lexicon.entry(c.base).commonName()) {
          general(a, i, c, quotes, lexicon);
        }
      }
    }
    return a;
  }

  /**
   * Matches claim word i and the word after it, a phrase WordNet holds as one lemma, to a quote
   * word by a synonym of the phrase (its own senses only, not those of its words alone).
   */
  private static boolean phrase(
      Alignment a, int i, Passage claim, List<Passage> quotes, WordNet lexicon) {
    WordNet.Entry e = claim.phraseAt(i, lexicon);
    if (e.lemmas().isEmpty()) {
      return false;
    }
    Set<String> keys = new LinkedHashSet<>();
    for (String s : e.synonyms()) {
      if (!e.lemmas().contains(s)) {
        keys.add(s);
        if (Passage.isAlpha(s)) {
          keys.add(EnglishStemmer.stem(s));
        }
      }
    }
    if (!find(a, i, claim.words[i], quotes, keys, Match.LEXICON)) {
      return false;
    }
    Passage.Word next = claim.words[i + 1];
    if (next != null && next.content() && !a.matchedInQuotes(i + 1)) {
      long at = a.position(i);
      a.set(i + 1, (int) (at >>> 32), (int) at, Match.LEXICON);
    }
    return true;
  }

  /**
   * Keys of a word's synonyms and derivations (and its lemmas' derivations), each as written and
   * stemmed, in that order. They depend on the word and WordNet only, so they are computed once per
   * word and shared (bounded, like WordNet's own cache).
   */
  private static Set<String> lexiconKeys(String base, WordNet lexicon) {
    Set<String> cached = LEXICON_KEYS.get(base);
    if (cached != null) {
      return cached;
    }
    Set<String> related = new LinkedHashSet<>();
    WordNet.Entry e = lexicon.entry(base);
    related.addAll(e.synonyms());
    related.addAll(lexicon.confirmedSynonyms(base));
    related.addAll(e.derivations());
    for (String l : e.lemmas()) {
      if (!l.equals(base)) {
        WordNet.Entry le = lexicon.entry(l);
        related.addAll(le.derivations());
      }
    }
    Set<String> keys = new LinkedHashSet<>();
    for (String r : related) {
      keys.add(r);
      if (Passage.isAlpha(r)) {
        keys.add(EnglishStemmer.stem(r));
      }
    }
    Set<String> out = java.util.Collections.unmodifiableSet(keys);
    if (LEXICON_KEYS.size() > 100_000) {
      LEXICON_KEYS.clear();
    }
    LEXICON_KEYS.put(base, out);
    return out;
  }

  private static final java.util.concurrent.ConcurrentHashMap<String, Set<String>> LEXICON_KEYS =
      new java.util.concurrent.ConcurrentHashMap<>();

  /** Endings that make a place's name the name of its people or its adjective. */
  private static final String[] DEMONYM_ENDINGS = {"n", "an", "ian", "ns", "ans", "ians", "ese"};

  /**
   * Whether two lower-cased names are one place's name and its people's name or adjective
   * ("victoria" and "victorian", "victorians", "japan" and "japanese"), the shorter of four letters
   * or more. Irregular forms ("China" and "Chinese") are not paired.
   */
  static boolean demonyms(String x, String y) {
    boolean xShorter = x.length() <= y.length();
    String shorter = xShorter ? x : y;
    String longer = xShorter ? y : x;
    if (shorter.length() < 4 || !longer.startsWith(shorter)) {
      return false;
    }
    String ending = longer.substring(shorter.length());
    for (String e : DEMONYM_ENDINGS) {
      if (e.equals(ending)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Words of more senses than this in WordNet are generic ("name", "take", "use", "new"): a claim
   * may word them differently from its quotes, and each weighs half in the content share.
   */
  static final int GENERIC_SENSES = 5;

  /**
   * A claim whose other items its quotes carry at least this share of copies them; a name of it
   * that the quotes lack is then a changed name, not a name the quote refers to another way.
   */
  static final double NEAR_COPY = 0.9;

  /**
   * Typing slips allowed in a word the lexicon does not know: one, two from eight letters (a slip
   * in four letters of a long word, "Primeier" for "Premier"). The quote word must start with the
   * same letter, be a letter word of five letters or more, and not be a word the claim matches
   * elsewhere.
   */
  static int slips(int length) {
    return length < 8 ? 1 : 2;
  }

  private static void misspelt(Alignment a, int i, Passage.Word c, List<Passage> quotes) {
    if (!Passage.isAlpha(c.base)) {
      return; // never for numbers or identifiers
    }
    int limit = slips(c.base.length());
    for (int q = 0; q < quotes.size(); q++) {
      Passage p = quotes.get(q);
      for (int t = 0; t < p.words.length; t++) {
        Passage.Word w = p.words[t];
        if (w != null
            && w.content()
            && w.base.length() >= 5
            && Passage.isAlpha(w.base)
            && w.base.charAt(0) == c.base.charAt(0)
            && !affixed(c.base, w.base)
            && Math.abs(w.base.length() - c.base.length()) <= limit
            && editDistance(c.base, w.base, limit) <= limit) {
          a.set(i, q, t, Match.WORD);
          return;
        }
      }
    }
  }

  /**
   * Whether one word is the other with letters added at its end or start ("Amazonia", "Amazon"): a
   * derived word, not a typing slip.
   */
  private static boolean affixed(String x, String y) {
    return x.length() != y.length()
        && (x.startsWith(y) || y.startsWith(x) || x.endsWith(y) || y.endsWith(x));
  }

  /** Shortest name of the claim read as a misspelling of a quote name ({@link #misspeltNames}). */
  static final int MISSPELT_NAME_LETTERS = 5;

  /**
   * Matches a name of the claim that no quote holds to a quote name it misspells: one letter
   * inserted, dropped, two adjacent letters swapped or one inner letter moved ({@link
   * #letterMoved}), case aside ("ARPNET" for "ARPANET", "DATNET" for "Datanet"); a letter replaced
   * by another is not a slip here ("Hartwell" and "Hartwick", "Mark" and "Mask" are other names).
   * The claim name must have {@value #MISSPELT_NAME_LETTERS} letters or more, be no word WordNet
   * knows and no word of the context (then it is a name in its own right), and the quote name must
   * be a name no other claim word took and the only one of the quotes the claim name is that close
   * to.
   *
   * @param claim the claim
   * @param quotes its quotes
   * @param a the alignment, updated
   * @param lexicon WordNet
   * @param context the cited chunks' titles, headings and texts
   */
  static void misspeltNames(
      Passage claim, List<Passage> quotes, Alignment a, WordNet lexicon, List<String> context) {
    for (int i = 0; i < claim.words.length; i++) {
      Passage.Word c = claim.words[i];
      if (c == null
          || !c.name
          || !c.content()
          || a.matched(i)
          || c.base.length() < MISSPELT_NAME_LETTERS
          || !Passage.isAlpha(c.base)
          || c.base.indexOf('-') >= 0
          || !lexicon.unknown(c.base)) {
        continue;
      }
      int foundQ = -1;
      int foundT = -1;
      Set<String> close = new java.util.HashSet<>();
      for (int q = 0; q < quotes.size(); q++) {
        Passage p = quotes.get(q);
        int[] al = a.in(q);
        for (int t = 0; t < p.words.length; t++) {
          Passage.Word w = p.words[t];
          if (nameLeft(p, al, t) && Passage.isAlpha(w.base) && oneSlip(c.base, w.base)) {
            close.add(w.base);
            if (foundQ < 0) {
              foundQ = q;
              foundT = t;
            }
          }
        }
      }
      if (close.size() == 1 && !inContext(c.base, context)) {
        a.set(i, foundQ, foundT, Match.WORD);
      }
    }
  }

  /**
   * Whether two different lower-case words are one letter inserted or dropped, two adjacent letters
   * swapped, or one inner letter moved, apart.
   */
  static boolean oneSlip(String x, String y) {
    if (x.equals(y) || Math.abs(x.length() - y.length()) > 1) {
      return false;
    }
    int k = 0;
    while (k < x.length() && k < y.length() && x.charAt(k) == y.charAt(k)) {
      k++;
    }
    if (x.length() == y.length()) {
      return (k + 1 < x.length()
              && x.charAt(k) == y.charAt(k + 1)
              && x.charAt(k + 1) == y.charAt(k)
              && x.substring(k + 2).equals(y.substring(k + 2)))
          || letterMoved(x, y, k);
    }
    String longer = x.length() > y.length() ? x : y;
    String shorter = x.length() > y.length() ? y : x;
    return longer.substring(k + 1).equals(shorter.substring(k));
  }

  /** The farthest a letter moves inside a name in a slip ({@link #letterMoved}). */
  static final int MOVED_LETTER_SPAN = 3;

  /**
   * Whether two words of one length, the same up to index k, are one letter moved apart inside the
   * word, at most {@value #MOVED_LETTER_SPAN} places, first and last letters kept ("Ghandi" for
   * "Gandhi"): a letter typed early or late, not another name ("Marian" and "Marina" end
   * differently).
   */
  private static boolean letterMoved(String x, String y, int k) {
    int m = x.length() - 1;
    while (m > k && x.charAt(m) == y.charAt(m)) {
      m--;
    }
    if (k == 0 || m >= x.length() - 1 || m - k > MOVED_LETTER_SPAN || m - k < 2) {
      return false;
    }
    return (x.charAt(k) == y.charAt(m) && x.substring(k + 1, m + 1).equals(y.substring(k, m)))
        || (y.charAt(k) == x.charAt(m) && y.substring(k + 1, m + 1).equals(x.substring(k, m)));
  }

  /** Whether a context entry holds the word (lower-cased) as a word of its own. */
  private static boolean inContext(String word, List<String> context) {
    for (String entry : context) {
      String low = entry.toLowerCase(java.util.Locale.ROOT);
      int from = 0;
      int at;
      while ((at = low.indexOf(word, from)) >= 0) {
        int end = at + word.length();
        if ((at == 0 || !Character.isLetterOrDigit(low.charAt(at - 1)))
            && (end == low.length() || !Character.isLetterOrDigit(low.charAt(end)))) {
          return true;
        }
        from = at + 1;
      }
    }
    return false;
  }

  /** Optimal string alignment distance (adjacent transpositions count one), capped at limit + 1. */
  static int editDistance(String s, String t, int limit) {
    int n = s.length();
    int m = t.length();
    int[][] d = new int[n + 1][m + 1];
    for (int x = 0; x <= n; x++) {
      d[x][0] = x;
    }
    for (int y = 0; y <= m; y++) {
      d[0][y] = y;
    }
    for (int x = 1; x <= n; x++) {
      int rowMin = Integer.MAX_VALUE;
      for (int y = 1; y <= m; y++) {
        int cost = s.charAt(x - 1) == t.charAt(y - 1) ? 0 : 1;
        int v = Math.min(Math.min(d[x - 1][y] + 1, d[x][y - 1] + 1), d[x - 1][y - 1] + cost);
        if (x > 1
            && y > 1
            && s.charAt(x - 1) == t.charAt(y - 2)
            && s.charAt(x - 2) == t.charAt(y - 1)) {
          v = Math.min(v, d[x - 2][y - 2] + 1);
        }
        d[x][y] = v;
        rowMin = Math.min(rowMin, v);
      }
      if (rowMin > limit) {
        return limit + 1;
      }
    }
    return d[n][m];
  }

  /**
   * Names of the claim that stand where the quote has another name: the claim's words on either
   * side of the name are matched in the quote, and between them (or right next to the one side
   * there is) the quote holds a name the claim does not match ("signed in Vienna" for "signed in
   * Paris").
   *
   * @param claim the claim
   * @param quotes its quotes
   * @param a the alignment
   * @return the substituted names, as "claim name (quote: quote name)"
   */
  static List<String> substitutions(Passage claim, List<Passage> quotes, Alignment a) {
    List<String> out = new ArrayList<>();
    int i = 0;
    while (i < claim.words.length) {
      Passage.Word w = claim.words[i];
      if (w == null || !w.name) {
        i++;
        continue;
      }
      int end = i;
      // a name read from the quotes' context still must not stand where the quote has another
      boolean matched = a.matchedInQuotes(i);
      while (end + 1 < claim.words.length
          && claim.words[end + 1] != null
          && claim.words[end + 1].name) {
        end++;
        matched |= a.matchedInQuotes(end);
      }
      // a name the context gives (the document's subject, what the quote calls "it") does not
      // stand for a people's name or adjective of the quote ("the Rhine" and "German")
      boolean fromContext = false;
      for (int k = i; k <= end; k++) {
        fromContext |= a.fromContext(k);
      }
      if (!matched) {
        String found = substituted(claim, quotes, a, i, end, fromContext);
        if (found != null) {
          StringBuilder name = new StringBuilder();
          for (int k = i; k <= end; k++) {
            name.append(k > i ? " " : "").append(claim.tokens.get(k).raw());
          }
          out.add(name + " (quote: " + found + ")");
        }
      }
      i = end + 1;
    }
    return out;
  }

  /**
   * How many tokens a quote's name may sit off the place the claim's name has beside its matched
   * neighbour, or the gap between both neighbours may differ, for the one to stand in the other's
   * place.
   */
  static final int PLACE_SLACK = 2;

  private static @org.jspecify.annotations.Nullable String substituted(
      Passage claim, List<Passage> quotes, Alignment a, int start, int end, boolean fromContext) {
    int left = -1;
    for (int k = start - 1; k >= 0 && k >= start - 3; k--) {
      if (claim.words[k] != null && claim.words[k].content()) {
        left = a.matched(k) ? k : -1;
        break;
      }
    }
    int right = -1;
    for (int k = end + 1; k < claim.words.length && k <= end + 3; k++) {
      if (claim.words[k] != null && claim.words[k].content()) {
        right = a.matched(k) ? k : -1;
        break;
      }
    }
    for (int q = 0; q < quotes.size(); q++) {
      Passage p = quotes.get(q);
      int[] al = a.in(q);
      int l = left >= 0 ? al[left] : -1;
      int r = right >= 0 ? al[right] : -1;
      int from;
      int to;
      // the quote's name must stand where the claim's does: as far from the matched neighbour
      // (one token either way), or between both neighbours with a gap of about the claim's
      if (l >= 0 && r > l) {
        if (Math.abs((r - l) - (right - left)) > PLACE_SLACK) {
          continue;
        }
        from = l + 1;
        to = r - 1;
      } else if (l >= 0 && right < 0) {
        from = Math.max(l + 1, l + (start - left) - PLACE_SLACK);
        to = Math.min(p.words.length - 1, Math.min(l + 3, l + (end - left) + PLACE_SLACK));
      } else if (r >= 0 && left < 0) {
        from = Math.max(0, Math.max(r - 3, r - (right - start) - PLACE_SLACK));
        to = Math.min(r - 1, r - (right - end) + PLACE_SLACK);
      } else {
        continue;
      }
      for (int t = from; t <= to; t++) {
        Passage.Word qw = p.words[t];
        if (qw != null
            && qw.name
            && !matchedInQuote(al, t)
            && !(fromContext && qw.kind && !allKinds(claim, start, end))
            && sameClauseSide(claim, left, start, end, right, p, l, t, r)
            && !nameForm(claim, start, end, qw)) {
          return qw.token.raw();
        }
      }
    }
    return null;
  }

  /**
   * Whether quote name t stands on the same side of a clause mark or clause-opening word as the
   * claim's name (tokens start..end) does, with respect to each matched neighbour the two share
   * (and, where the claim's name has a neighbour on its left only, right next to it in both or in
   * neither): a name the claim writes right before its verb ("Kublai left") does not stand in the
   * place of a name that the quote parts from that verb by "and" or a comma ("the Imperial
   * Secretariat and left"), nor does a name before the colon of "question: answer" stand for one
   * the quote writes next to the answer.
   */
  private static boolean sameClauseSide(
      Passage claim, int left, int start, int end, int right, Passage p, int l, int t, int r) {
    if (left >= 0 && l >= 0 && l < t && parted(claim, left, start) != parted(p, l, t)) {
      return false;
    }
    // with one neighbour only, a name right after it is not in the place of a name the quote
    // introduces after it with other words ("households Northwind" and "households in the UK")
    if (left >= 0
        && l >= 0
        && l < t
        && (right < 0 || r < 0)
        && adjoins(claim, left, start) != adjoins(p, l, t)) {
      return false;
    }
    return right < 0 || r < 0 || r <= t || parted(claim, end, right) == parted(p, t, r);
  }

  /** Whether tokens a and b stand side by side, with no word between them. */
  private static boolean adjoins(Passage p, int a, int b) {
    for (int k = a + 1; k < b; k++) {
      if (p.tokens.get(k).word()) {
        return false;
      }
    }
    return true;
  }

  /** The shortest name that may be a shortened or lengthened form of another name. */
  static final int NAME_FORM_LETTERS = 4;

  /**
   * Whether a claim name (one word of tokens start..end, or a word and the one before it) is the
   * quote name with letters added or dropped at one end ("Amazon" and "Amazonas", "Apple" and
   * "AppleTalk", "Le Grande" and "LeGrande"): a form of the same name, which the content rule
   * weighs as missing, not another name standing in its place.
   */
  private static boolean nameForm(Passage claim, int start, int end, Passage.Word qw) {
    String q = Passage.withoutMarks(qw.token.lower());
    StringBuilder joined = new StringBuilder();
    int from = start > 0 && claim.tokens.get(start - 1).capitalised() ? start - 1 : start;
    for (int k = from; k <= end; k++) {
      joined.append(claim.tokens.get(k).lower());
    }
    for (String c : List.of(claim.tokens.get(start).lower(), joined.toString())) {
      String x = Passage.withoutMarks(c);
      if (Math.min(x.length(), q.length()) >= NAME_FORM_LETTERS
          && Passage.isAlpha(x)
          && Passage.isAlpha(q)
          && (x.equals(q) || affixed(x, q))) {
        return true;
      }
    }
    return false;
  }

  /** Whether a clause mark or a clause-opening word stands strictly between tokens a and b. */
  private static boolean parted(Passage p, int a, int b) {
    for (int k = a + 1; k < b; k++) {
      if (p.boundary(k)) {
        return true;
      }
    }
    return false;
  }

  /** Whether every word of the claim from start to end (inclusive) is a kind ("Swiss"). */
  private static boolean allKinds(Passage claim, int start, int end) {
    for (int k = start; k <= end; k++) {
      if (claim.words[k] == null || !claim.words[k].kind) {
        return false;
      }
    }
    return true;
  }

  /**
   * Words of the claim that stand where the quote has another word the lexicon does not relate to
   * them: the content words on both sides are matched in one quote, and between those two the quote
   * holds content words no claim word is matched to ("the settlement was abandoned during" for "the
   * settlement was expanded during"). A word changed in place is not carried by the quote, whatever
   * the share of the rest. A claim word where the quote has only function words, or only words the
   * claim says elsewhere, is an addition, not a change: the content share weighs it.
   *
   * @param claim the claim
   * @param quotes its quotes
   * @param a the alignment
   * @return the changed words, as "claim word (quote: quote word)"
   */
  static List<String> changedWords(Passage claim, List<Passage> quotes, Alignment a) {
    return changedWords(claim, quotes, a, null);
  }

  /**
   * {@link #changedWords(Passage, List, Alignment)}, where a noun of classification before "of"
   * ({@link #frames}: "what types of molecules", "most types of fish") is no changed word where the
   * quote's words in its place are a noun of classification too ("most forms of fish") or words the
   * claim says elsewhere, its answer ("what types of molecules: self and non-self" for "self and
   * non-self molecules"): it frames the slot the answer fills. Where the quote has other words
   * there ("coarse and fine particles" for "what types of particles: wet and dry"), it stays a
   * changed word.
   *
   * @param claim the claim
   * @param quotes its quotes
   * @param a the alignment
   * @param lexicon WordNet, or null to take every word as it is
   * @return the changed words, as "claim word (quote: quote word)"
   */
  static List<String> changedWords(
      Passage claim,
      List<Passage> quotes,
      Alignment a,
      @org.jspecify.annotations.Nullable WordNet lexicon) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < claim.words.length; i++) {
      Passage.Word w = claim.words[i];
      Token tok = claim.tokens.get(i);
      boolean candidate =
          w == null
              ? tok.word() && tok.capitalised() && !tok.sentenceStart() && !claim.consumed.get(i)
              : !a.matched(i)
                  && !Framing.weakening(w) // a hedge that only weakens changes no word
                  && (w.content() || (w.function && tok.capitalised() && !tok.sentenceStart()));
      if (!candidate) {
        continue;
      }
      boolean framing = lexicon != null && frames(claim, i, lexicon);
      boolean name = w == null || w.name || tok.capitalised();
      int left = neighbour(claim, i, -1, name);
      int right = neighbour(claim, i, 1, name);
      if (lexicon != null) {
        // past a noun of classification the quotes lack ("most types of freshwater fish" for
        // "most forms of saltwater fish"): it frames the slot, it is no neighbour that places it
        left = pastFraming(claim, left, -1, name, a, lexicon);
        right = pastFraming(claim, right, 1, name, a, lexicon);
      }
      if (left < 0 || right < 0 || !a.matched(left) || !a.matched(right)) {
        continue;
      }
      for (int q = 0; q < quotes.size(); q++) {
        int[] al = a.in(q);
        int l = al[left];
        int r = al[right];
        if (l < 0 || r <= l || r - l > 6) {
          continue;
        }
        Passage p = quotes.get(q);
        // the words between the two neighbours on each side, less those both sides have
        List<String> quoteSlot = new ArrayList<>();
        for (int t = l + 1; t < r; t++) {
          if (p.tokens.get(t).word()) {
            quoteSlot.add(p.tokens.get(t).lower());
          }
        }
        List<String> claimSlot = new ArrayList<>();
        for (int k = left + 1; k < right; k++) {
          if (claim.tokens.get(k).word()) {
            claimSlot.add(claim.tokens.get(k).lower());
          }
        }
        List<String> quoteOnly = new ArrayList<>(quoteSlot);
        claimSlot.forEach(quoteOnly::remove);
        if (!claimSlot.contains(tok.lower()) || quoteSlot.contains(tok.lower())) {
          continue;
        }
        // a word changed in place stands for words of content the claim does not say elsewhere:
        // where the quote has only function words ("need to lead" for "is the leader") or a word
        // the claim says elsewhere ("what kind of deposits: sediment deposits"), the claim word is
        // an addition, which the content share weighs
        if (framing && lexicon != null && slotFramedOrSaid(claim, p, al, l + 1, r, lexicon)) {
          break;
        }
        if (name && lengthensName(claim, i, a, p, l + 1, r)) {
          break;
        }
        if (!quoteOnly.isEmpty() && (name || holdsContent(p, al, l + 1, r, quoteOnly))) {
          out.add(tok.raw() + " (quote: " + String.join(" ", quoteOnly) + ")");
          break;
        }
        if (name) {
          out.add(tok.raw() + " (not in the quote)");
          break;
        }
      }
    }
    return out;
  }

  /**
   * Whether the quote words between from (inclusive) and to (exclusive) that the claim's slot does
   * not hold ({@code left}) include a content word that no claim word is matched to.
   */
  /**
   * Whether claim token i, capitalised, continues a name whose word right before it the quote says
   * ("Ogedei Khan" for "Ögedei offered ..."), while the quote words from {@code from} to {@code to}
   * (exclusive) in its place hold no capitalised word: the claim writes the name longer, it puts no
   * other name in the place of one. The added word is weighed as the content share weighs a name
   * (carried by the context or missing).
   */
  private static boolean lengthensName(
      Passage claim, int i, Alignment a, Passage p, int from, int to) {
    if (i == 0 || !claim.tokens.get(i).capitalised() || claim.tokens.get(i).sentenceStart()) {
      return false;
    }
    Token before = claim.tokens.get(i - 1);
    if (!before.word() || !before.capitalised() || !a.matched(i - 1)) {
      return false;
    }
    for (int t = from; t < to; t++) {
      Token x = p.tokens.get(t);
      if (x.word() && x.capitalised()) {
        return false;
      }
    }
    return true;
  }

  /**
   * The neighbour k, or the next one past it in the same direction while k is an unmatched frame.
   */
  private static int pastFraming(
      Passage claim, int k, int step, boolean name, Alignment a, WordNet lexicon) {
    while (k >= 0 && !a.matched(k) && frames(claim, k, lexicon)) {
      k = neighbour(claim, k, step, name);
    }
    return k;
  }

  /**
   * Whether every content word of quote p from {@code from} to {@code to} (exclusive) that no claim
   * word is matched to is a noun of classification before "of" or shares a match key with a word of
   * the claim.
   */
  private static boolean slotFramedOrSaid(
      Passage claim, Passage p, int[] al, int from, int to, WordNet lexicon) {
    for (int t = from; t < to; t++) {
      Passage.Word w = p.words[t];
      if (w == null || !w.content() || matchedInQuote(al, t) || frames(p, t, lexicon)) {
        continue;
      }
      boolean said = false;
      for (int k = 0; k < claim.words.length && !said; k++) {
        Passage.Word c = claim.words[k];
        if (c != null && c.content()) {
          for (String key : w.keys) {
            said |= c.keys.contains(key);
          }
        }
      }
      if (!said) {
        return false;
      }
    }
    return true;
  }

  private static boolean holdsContent(Passage p, int[] al, int from, int to, List<String> left) {
    for (int t = from; t < to; t++) {
      Passage.Word w = p.words[t];
      if (w != null
          && w.content()
          && left.contains(p.tokens.get(t).lower())
          && !matchedInQuote(al, t)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The nearest content word before (-1) or after (+1) claim token i within its clause (for a name,
   * within three tokens across clause marks), or -1.
   */
  private static int neighbour(Passage claim, int i, int step, boolean name) {
    for (int k = i + step; k >= 0 && k < claim.words.length; k += step) {
      if (name ? Math.abs(k - i) > 4 : claim.boundary(k)) {
        return -1;
      }
      if (claim.words[k] != null && claim.words[k].content()) {
        return k;
      }
    }
    return -1;
  }

  private static boolean matchedInQuote(int[] al, int t) {
    for (int x : al) {
      if (x == t) {
        return true;
      }
    }
    return false;
  }

  private static boolean find(
      Alignment a, int i, Passage.Word c, List<Passage> quotes, Set<String> keys, Match how) {
    // of several occurrences, the one nearest to where the claim's previous matched word points
    // (claims mostly keep their quote's order), then the one of the same polarity
    int bestQ = -1;
    int bestT = -1;
    long bestScore = Long.MAX_VALUE;
    for (int q = 0; q < quotes.size(); q++) {
      Passage p = quotes.get(q);
      int expected = a.expected(i, q);
      for (String k : keys) {
        List<Integer> hits = p.index.get(k);
        if (hits == null) {
          continue;
        }
        for (int t : hits) {
          Passage.Word w = p.words[t];
          if (c.name && how == Match.LEXICON) {
            continue;
          }
          long score =
              (expected >= 0 ? Math.abs(t - expected) : 0) * 2L
                  + (w.negative() == c.negative() ? 0 : 1)
                  + (long) q * 100_000L;
          if (score < bestScore) {
            bestScore = score;
            bestQ = q;
            bestT = t;
          }
        }
      }
    }
    if (bestQ < 0) {
      return false;
    }
    a.set(i, bestQ, bestT, how);
    return true;
  }

  private static final java.util.regex.Pattern HYPHEN = java.util.regex.Pattern.compile("-");

  /**
   * A hyphenated claim word whose parts each occur in one quote, as words or expanded abbreviations
   * ("Mon-Thu" for "Monday to Thursday", "cost-cutting" for "cutting costs").
   */
  private static boolean parts(
      Alignment a, int i, Passage.Word c, List<Passage> quotes, Abbreviations abbreviations) {
    String[] parts = HYPHEN.split(c.token.lower(), -1);
    for (int q = 0; q < quotes.size(); q++) {
      Passage p = quotes.get(q);
      int first = -1;
      boolean all = true;
      for (String part : parts) {
        if (part.isEmpty() || Vocabulary.FUNCTION_WORDS.contains(part)) {
          continue;
        }
        List<Integer> hits = p.index.get(part);
        if (hits == null && Passage.isAlpha(part)) {
          hits = p.index.get(EnglishStemmer.stem(part));
        }
        String exp = abbreviations.expansion(part);
        if (hits == null && exp != null) {
          hits = p.index.get(exp);
        }
        if (hits == null) {
          all = false;
          break;
        }
        first = first < 0 ? hits.get(0) : first;
      }
      if (all && first >= 0) {
        a.set(i, q, first, Match.WORD);
        return true;
      }
    }
    return false;
  }

  /** A claim abbreviation whose expansion's words all occur in one quote. */
  private static boolean findAll(Alignment a, int i, List<Passage> quotes, String expansion) {
    String[] parts = SPACES.split(expansion, -1);
    for (int q = 0; q < quotes.size(); q++) {
      Passage p = quotes.get(q);
      int first = -1;
      boolean all = true;
      for (String part : parts) {
        if (Vocabulary.FUNCTION_WORDS.contains(part)) {
          continue;
        }
        List<Integer> hits = p.index.get(part);
        if (hits == null && Passage.isAlpha(part)) {
          hits = p.index.get(EnglishStemmer.stem(part));
        }
        if (hits == null) {
          all = false;
          break;
        }
        first = first < 0 ? hits.get(0) : first;
      }
      if (all && first >= 0) {
        a.set(i, q, first, Match.ABBREVIATION);
        return true;
      }
    }
    return false;
  }

  /**
   * The claim word is a more general word (hypernym) of a quote word. Not under a negation: "no
   * Asian miners" does not follow from "no Chinese miners". Only a quote word no claim word took
   * ("the budget and the plan" does not say "the plan" of "the budget"). A capitalised kind
   * ("Asian") stands only for a capitalised kind of the quote ("Chinese"), not for a title or a
   * name ("Primer").
   */
  private static boolean general(
      Alignment a, int i, Passage.Word c, List<Passage> quotes, WordNet lexicon) {
    Set<String> lemmas = lexicon.entry(c.base).lemmas();
    if (lemmas.isEmpty() || c.negative()) {
      return false;
    }
    for (int q = 0; q < quotes.size(); q++) {
      Passage p = quotes.get(q);
      int[] al = a.in(q);
      for (int t = 0; t < p.words.length; t++) {
        Passage.Word w = p.words[t];
        if (w == null
            || !w.content()
            || !Passage.isAlpha(w.base)
            || matchedInQuote(al, t)
            || (c.name && (!w.name || !lexicon.entry(w.base).commonName()))) {
          continue;
        }
        Set<String> up = lexicon.broaderWords(w.base);
        for (String l : lemmas) {
          if (up.contains(l)) {
            a.set(i, q, t, Match.LEXICON);
            return true;
          }
        }
      }
    }
    return false;
  }

  /**
   * A claim name matched by a quote word derived from it or it from that word: WordNet's
   * derivations and pertainyms ("Australian" pertains to "Australia", "Buddhist" and "Buddhism"),
   * or a regular people's name ({@link #demonyms}). "Austria" and "Australia" are not related.
   */
  private static boolean derived(
      Alignment a, int i, Passage.Word c, List<Passage> quotes, WordNet lexicon) {
    WordNet.Entry e = lexicon.entry(c.base);
    // a name as WordNet writes it; a common word capitalised ("Guilt, I did it") is not one
    boolean proper = e.capitalised() || e.lemmas().isEmpty();
    Set<String> from = proper ? e.derivations() : Set.of();
    for (int q = 0; q < quotes.size(); q++) {
      Passage p = quotes.get(q);
      int[] al = a.in(q);
      for (int t = 0; t < p.words.length; t++) {
        Passage.Word w = p.words[t];
        if (w == null
            || !w.content()
            || !(w.name || w.token.capitalised())
            || !Passage.isAlpha(w.base)
            || w.base.equals(c.base)
            || matchedInQuote(al, t)) {
          continue;
        }
        if (demonyms(c.base, w.base)
            || from.contains(w.base)
            || (proper && lexicon.entry(w.base).derivations().contains(c.base))) {
          a.set(i, q, t, Match.LEXICON);
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether the claim word, or a WordNet synonym of it ("percentage" for "percent"), names a unit
   * that a quantity of the quotes is measured in.
   */
  private static boolean unitOfQuotes(Passage.Word c, List<Passage> quotes, WordNet lexicon) {
    if (!Passage.isAlpha(c.base) || !hasDimension(quotes)) {
      return false;
    }
    Set<String> dimensions = new LinkedHashSet<>();
    String own = Quantities.unitDimension(c.base);
    if (own != null) {
      dimensions.add(own);
    }
    for (String l : lexicon.entry(c.base).lemmas()) {
      String d = Quantities.unitDimension(l);
      if (d != null) {
        dimensions.add(d);
      }
    }
    if (dimensions.isEmpty()) {
      for (String syn : lexicon.entry(c.base).synonyms()) {
        String d = Quantities.unitDimension(syn);
        if (d != null) {
          dimensions.add(d);
        }
      }
    }
    for (Passage p : quotes) {
      for (Quantity x : p.quantities) {
        if (dimensions.contains(x.dimension())) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean hasDimension(List<Passage> quotes) {
    for (Passage p : quotes) {
      for (Quantity x : p.quantities) {
        if (!x.dimension().isEmpty()) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean opposite(
      Alignment a,
      int i,
      Passage.Word c,
      List<Passage> quotes,
      WordNet lexicon,
      List<String> contradicting) {
    Set<String> opposites = new LinkedHashSet<>();
    if (Passage.isAlpha(c.base)) {
      opposites.addAll(lexicon.entry(c.base).antonyms());
    }
    for (int q = 0; q < quotes.size(); q++) {
      Passage p = quotes.get(q);
      for (int t = 0; t < p.words.length; t++) {
        Passage.Word w = p.words[t];
        if (w == null || !w.content()) {
          continue;
        }
        boolean opposite =
            Vocabulary.opposite(c.token.lower(), w.token.lower())
                || Vocabulary.opposite(c.base, w.base)
                || opposites.contains(w.base)
                || containsAny(opposites, w.keys);
        if (!opposite) {
          continue;
        }
        if (c.negative() != w.negative()) {
          a.set(i, q, t, Match.NEGATED_OPPOSITE);
        } else {
          contradicting.add(c.token.raw() + " (quote: " + w.token.raw() + ")");
        }
        return true;
      }
    }
    return false;
  }

  private static boolean containsAny(Set<String> a, Set<String> b) {
    for (String x : b) {
      if (a.contains(x)) {
        return true;
      }
    }
    return false;
  }

  /** The outcome of the content rule for one claim. */
  record Coverage(List<String> missing, int items, int covered, boolean enough, String reason) {}

  /**
   * Judges how much of the claim the alignment covers.
   *
   * @param claim the claim
   * @param quotes its quotes
   * @param a its alignment
   * @param minShare least share of ordinary content words matched
   * @param quantityItems quantities of the claim (each an item)
   * @param quantitiesCovered of them, those matched
   * @return the coverage
   */
  static Coverage judge(
      Passage claim,
      List<Passage> quotes,
      Alignment a,
      double minShare,
      int quantityItems,
      int quantitiesCovered,
      WordNet lexicon) {
    List<String> missing = new ArrayList<>();
    double total = quantityItems;
    double covered = quantitiesCovered;
    int ordinary = 0;
    int items = quantityItems;
    int hits = quantitiesCovered;
    Set<String> seen = new LinkedHashSet<>();
    double others = quantityItems;
    double othersHit = quantitiesCovered;
    boolean quoteNameLeft = quoteNameLeft(quotes, a, lexicon);
    // a name written more often in the claim than in its quote, where the quote has a name the
    // claim does not say, stands in place of that name ("Baran's at the laboratory ... by Baran"
    // for "Davies at the laboratory ... by Baran")
    boolean nameMissing = quoteNameLeft && nameRepeated(claim, a);
    for (int i = 0; i < claim.words.length; i++) {
      Passage.Word w = claim.words[i];
      if (w == null || !w.content() || !seen.add(w.base)) {
        continue;
      }
      if (w.name && !a.matchedInQuotes(i)) {
        // a name the quotes lack is a changed name in a claim that copies the rest of them; one
        // read from the context (Referents) is, when a name of the quotes is left unmatched, unless
        // it stands for a referring word of the quote: the place it fills is that word's ("Li
        // Meng mentored Buyantu" for "He had been mentored by Li Meng, a Confucian academic")
        nameMissing |= !a.matched(i) || (quoteNameLeft && !a.referred(i));
      }
      if (a.fromContext(i)) {
        continue; // read from the context: neither carried nor missing
      }
      boolean generic =
          !w.name && Passage.isAlpha(w.base) && lexicon.entry(w.base).senses() > GENERIC_SENSES;
      if (!a.matched(i)
          && (generic
              || frames(claim, i, lexicon)
              || Framing.frames(claim, i, quotes, a, lexicon))) {
        continue; // a generic or framing word the quotes do not carry states nothing of its own
      }
      double weight = generic ? 0.5 : 1.0;
      items++;
      if (!w.name) {
        others++;
        othersHit += a.matched(i) ? 1 : 0;
      }
      // a name says something when WordNet has it as a kind ("Christian", "Victorian")
      ordinary +=
          !w.name || (Passage.isAlpha(w.base) && lexicon.entry(w.base).commonName()) ? 1 : 0;
      total += weight;
      if (a.matched(i)) {
        covered += weight;
        hits++;
      } else {
        missing.add(w.token.raw());
      }
    }
    // a claim of names and quantities only has content where its quotes pair them directly or
    // define the one by the other (Pairing)
    boolean hasContent =
        items >= 2
            && (ordinary >= 1
                || Pairing.direct(claim, quotes, a, quantityItems, quantitiesCovered)
                || Pairing.defines(claim, quotes));
    boolean share = covered >= minShare * total - 1e-9;
    // in a claim that copies the rest of its quote, a name the quote lacks is a changed name; a
    // claim copies its quote when it carries nearly all its other items and says most of the quote
    boolean nearCopy =
        others > 0 && othersHit >= NEAR_COPY * others && quoteCopied(quotes, a) >= QUOTE_COPIED;
    boolean clauses = clausesHold(claim, quotes, a, lexicon) && answerCarried(claim, a);
    String reason;
    if (!hasContent) {
      reason = "(no content: the claim states nothing of its own its quotes could carry)";
    } else if (nameMissing && nearCopy) {
      reason =
          "(a changed name: the claim copies its quote but for a name the quote does not hold)";
    } else if (!clauses) {
      reason = "(a clause of the claim is not carried by its quotes)";
    } else {
      reason = "(too little of the claim is in its quotes: " + hits + " of " + items + " items)";
    }
    return new Coverage(
        missing, items, hits, hasContent && share && clauses && !(nameMissing && nearCopy), reason);
  }

  /**
   * Whether claim word i frames the claim rather than states it: a noun of classification before
   * "of" ("the kind of timber", "what sort of vessel"), one WordNet files under "category" or as a
   * synonym of it. The noun after "of" states what the claim says.
   */
  static boolean frames(Passage claim, int i, WordNet lexicon) {
    Passage.Word w = claim.words[i];
    if (w == null || w.name || !Passage.isAlpha(w.base)) {
      return false;
    }
    if (i + 1 >= claim.tokens.size() || !claim.tokens.get(i + 1).lower().equals("of")) {
      return false;
    }
    WordNet.Entry e = lexicon.entry(w.base);
    return e.lemmas().contains(CATEGORY)
        || e.hypernyms().contains(CATEGORY)
        || e.synonyms().contains(CATEGORY);
  }

  private static final String CATEGORY = "category";

  /**
   * The least share of a quote's content words (names included) a claim must say to copy it: a
   * claim that restates a few words of a long quote does not copy it.
   */
  static final double QUOTE_COPIED = 0.5;

  /** The largest share of one quote's content words that claim words are matched to. */
  private static double quoteCopied(List<Passage> quotes, Alignment a) {
    double best = 0;
    for (int q = 0; q < quotes.size(); q++) {
      Passage p = quotes.get(q);
      int[] al = a.in(q);
      int words = 0;
      int said = 0;
      for (int t = 0; t < p.words.length; t++) {
        Passage.Word w = p.words[t];
        if (w != null && w.content()) {
          words++;
          said += matchedInQuote(al, t) ? 1 : 0;
        }
      }
      if (words > 0) {
        best = Math.max(best, (double) said / words);
      }
    }
    return best;
  }

  /**
   * Whether two names of the claim on one side of its first colon are matched to one word of a
   * quote. The answer after the colon of "question: answer" may name again what the question names
   * ("the speech of which consul: the consul Duke Kent-Brown"): beside words of its own the quote
   * holds, that restates the name, it does not stand in another's place.
   */
  private static boolean nameRepeated(Passage claim, Alignment a) {
    int colon = claim.tokens.size();
    for (int k = 0; k < claim.tokens.size() && colon == claim.tokens.size(); k++) {
      colon = claim.tokens.get(k).lower().equals(":") ? k : colon;
    }
    Set<Long> before = new java.util.HashSet<>();
    Set<Long> after = new java.util.HashSet<>();
    for (int i = 0; i < claim.words.length; i++) {
      Passage.Word w = claim.words[i];
      if (w == null || !w.name || !a.matchedInQuotes(i)) {
        continue;
      }
      if (!(i < colon ? before : after).add(a.position(i))) {
        return true;
      }
    }
    if (!java.util.Collections.disjoint(before, after)) {
      // the answer restates the question's name only beside an answer of its own: a quote word
      // the words before the colon do not take
      for (int i = colon + 1; i < claim.words.length; i++) {
        Passage.Word w = claim.words[i];
        if (w != null && w.content() && a.matchedInQuotes(i) && !before.contains(a.position(i))) {
          return false;
        }
      }
      return true;
    }
    return false;
  }

  /**
   * Whether a quote holds a name that no claim word is matched to. A capitalised span of time after
   * a number ("the 20th Century") is not a thing a claim name could stand for.
   */
  private static boolean quoteNameLeft(List<Passage> quotes, Alignment a, WordNet lexicon) {
    for (int q = 0; q < quotes.size(); q++) {
      Passage p = quotes.get(q);
      int[] al = a.in(q);
      for (int t = 0; t < p.words.length; t++) {
        if (nameLeft(p, al, t)
            && inCopiedPart(p, al, t)
            && !measureWord(p, t, lexicon)
            && !initialsOfSaidName(p, al, t)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether quote word t is an acronym of a name of the same quote whose words claim words took
   * ("MAC" in "The Malkin Athletic Center, known as the MAC"): the quote names it twice, and the
   * claim said it once.
   */
  private static boolean initialsOfSaidName(Passage p, int[] al, int t) {
    Token acronym = p.tokens.get(t);
    if (!acronym.acronym()) {
      return false;
    }
    int u = 0;
    while (u < p.words.length) {
      if (p.words[u] == null || !p.words[u].name || u == t) {
        u++;
        continue;
      }
      int end = u;
      boolean said = true;
      StringBuilder run = new StringBuilder();
      while (end < p.words.length && p.words[end] != null && p.words[end].name && end != t) {
        said &= matchedInQuote(al, end);
        run.append(run.length() == 0 ? "" : " ").append(p.tokens.get(end).raw());
        end++;
      }
      if (said && end - u >= 2 && Abbreviations.initialsMatch(acronym.raw(), run.toString())) {
        return true;
      }
      u = end;
    }
    return false;
  }

  /**
   * Whether word t of a passage is a span of time (WordNet files it under "time period") written
   * right after a quantity ("the 20th Century"): part of how the time is written, not a name of its
   * own, however it is capitalised.
   */
  private static boolean measureWord(Passage p, int t, WordNet lexicon) {
    Passage.Word w = p.words[t];
    return t > 0
        && p.consumed.get(t - 1)
        && Passage.isAlpha(w.base)
        && lexicon.entry(w.base).hypernyms().contains(TIME_PERIOD);
  }

  private static final String TIME_PERIOD = "time period";

  /**
   * Whether quote word t is a name that no claim word is matched to ({@code al}: the alignment).
   */
  private static boolean nameLeft(Passage p, int[] al, int t) {
    Passage.Word w = p.words[t];
    return w != null && w.name && w.content() && !matchedInQuote(al, t);
  }

  /**
   * Whether quote name t stands in the part of its quote the claim copies: the nearest content word
   * before or after its run of names is matched. A name whose neighbours the claim leaves out ("an
   * outbreak of typhoid at Buckland Valley in 1854" where the claim restates only the clause
   * before) is in a part the claim does not say, not in the place of a claim name.
   */
  private static boolean inCopiedPart(Passage p, int[] al, int t) {
    return copiedNeighbour(p, al, t, -1) || copiedNeighbour(p, al, t, 1);
  }

  /** Marks that end the clause a quote name's neighbour is looked for in (not a parenthesis). */
  private static final Set<String> CLAUSE_ENDS = Set.of(",", ";", ":", ".", "!", "?");

  private static boolean copiedNeighbour(Passage p, int[] al, int t, int step) {
    for (int u = t + step; u >= 0 && u < p.words.length; u += step) {
      String x = p.tokens.get(u).lower();
      if (CLAUSE_ENDS.contains(x)) {
        return false; // the neighbour is taken within the name's clause
      }
      Passage.Word w = p.words[u];
      if (w == null || !w.content() || (w.name && !matchedInQuote(al, u))) {
        continue; // a function word, or the same run of unmatched names
      }
      return matchedInQuote(al, u);
    }
    return false;
  }

  /**
   * Every clause with two content words or more has at least half of them matched. A generic or
   * framing word the quotes do not carry ("the size of", "what kind of") is not counted, as in the
   * content share; a word an earlier clause already said and the quotes carry is not counted either
   * ("..., and the library also lends laptops": "library" and "lends" add nothing to the second
   * clause). A clause with two content words or more (or one besides such repeated words) none of
   * which is matched fails, generic or not ("..., and late reports are forfeited").
   */
  private static boolean clausesHold(
      Passage claim, List<Passage> quotes, Alignment a, WordNet lexicon) {
    int words = 0;
    int hit = 0;
    int all = 0;
    boolean repeated = false;
    Set<String> earlier = new java.util.HashSet<>();
    List<String> here = new ArrayList<>();
    for (int i = 0; i <= claim.words.length; i++) {
      boolean end = i == claim.words.length || claim.boundary(i);
      if (end) {
        if ((words >= 2 && hit * 2 < words) || ((all >= 2 || repeated) && all >= 1 && hit == 0)) {
          return false;
        }
        earlier.addAll(here);
        here.clear();
        words = 0;
        hit = 0;
        all = 0;
        repeated = false;
        continue;
      }
      Passage.Word w = claim.words[i];
      if (w != null && w.content()) {
        boolean matched = a.matched(i);
        if (matched && earlier.contains(w.base)) {
          repeated = true;
          continue; // a word an earlier clause said and the quotes carry adds nothing here
        }
        all++;
        if (!matched
            && (framing(claim, i, lexicon) || Framing.frames(claim, i, quotes, a, lexicon))) {
          continue;
        }
        if (matched) {
          here.add(w.base);
        }
        words++;
        hit += matched ? 1 : 0;
      }
    }
    return true;
  }

  /**
   * Whether the answer a claim gives after its first colon ("what else did the town export:
   * timber", "what happened to the price: it fell") has one of its content words matched, when it
   * has any. The answer is what the claim asserts; the words before the colon restate the question.
   * Here a generic word the quotes lack counts too ("fell"): an answer of words the quotes do not
   * hold is not carried by the question's words around it, however many they are.
   */
  private static boolean answerCarried(Passage claim, Alignment a) {
    int colon = -1;
    for (int k = 0; k < claim.tokens.size() && colon < 0; k++) {
      colon = claim.tokens.get(k).lower().equals(":") ? k : -1;
    }
    if (colon < 0) {
      return true;
    }
    int all = 0;
    for (int i = colon + 1; i < claim.words.length; i++) {
      Passage.Word w = claim.words[i];
      if (w != null && w.content()) {
        if (a.matched(i)) {
          return true;
        }
        all++;
      }
    }
    return all == 0;
  }

  /** A generic word or a noun of classification: it frames a claim rather than states it. */
  private static boolean framing(Passage claim, int i, WordNet lexicon) {
    Passage.Word w = claim.words[i];
    return w != null
        && !w.name
        && Passage.isAlpha(w.base)
        && (lexicon.entry(w.base).senses() > GENERIC_SENSES || frames(claim, i, lexicon));
  }
}
